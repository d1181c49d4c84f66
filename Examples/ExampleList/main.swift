// A 1,000,000-row list of your own data in a terminal: `swift run ExampleList`.
// ↑ ↓ PgUp PgDn Home End scroll, q quits. Off a terminal (a pipe, CI) it prints three frames and exits.
import Foundation
import ReuseTable
import ReuseTableTerminal

/// The app's own data: a shipment, made up from its number.
struct Shipment {
    let number: Int
    var city: String { ["Lisbon", "Osaka", "Quito", "Tromsø", "Nairobi", "Zürich", "東京"][number % 7] }
    var kilograms: Int { number * 7_919 % 5_000 + 1 }
    var note: String { number % 10 == 0 ? "fragile: keep upright, do not stack, call before delivery" : "" }
}

/// A row: one label, laid out by the cell. The renderer draws the label; no drawing code.
final class ShipmentCell: TableViewCell {
    let label = Label()

    required init(reuseIdentifier: String?) {
        super.init(reuseIdentifier: reuseIdentifier)
        contentView.addSubview(label)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: 1, y: 0, width: contentView.bounds.width - 2, height: contentView.bounds.height)
    }

    /// As tall as the text wraps, one column of air on each side.
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        label.sizeThatFits(CGSize(width: size.width - 2, height: 0))
    }
}

@MainActor final class Shipments: TableViewDataSource {
    let count = 1_000_000

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "shipment", for: indexPath) as! ShipmentCell
        let shipment = Shipment(number: indexPath.row + 1)
        cell.label.text = "#\(shipment.number)  \(shipment.city)  \(shipment.kilograms) kg  \(shipment.note)"
        return cell
    }
}

let shipments = Shipments()
let table = TableView(frame: .zero)
table.register(ShipmentCell.self, forCellReuseIdentifier: "shipment")
table.dataSource = shipments
let screen = ListScreen(table: table)  // terminal defaults: rows of one line, no separators
table.rowHeight = TableView.automaticDimension  // rows as tall as their text wraps…
table.estimatedRowHeight = 1  // …measured as they appear, and while you read
screen.status = { screen in
    let top = screen.tableView?.indexPathsForVisibleRows?.first.map { $0.row + 1 } ?? 0
    return "row \(top) of \(shipments.count) · ↑ ↓ PgUp PgDn Home End · q quits"
}
do {
    try EventLoop().run(screen)
} catch {
    // Not a terminal: the first screen, a page down and the end, 60 × 8.
    screen.resize(width: 60, height: 8)
    for key in [nil, Key.pageDown, Key.end] {
        if let key { _ = screen.handle(key) }
        print(screen.render().lines.joined(separator: "\n") + "\n")
    }
}
