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

@MainActor final class Shipments: TableViewDataSource {
    let count = 1_000_000

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    /// A plain cell showing a list configuration: it lays out and self-sizes its text (one column of air on
    /// each side, wrapped); the renderer draws it. No cell subclass, no drawing code.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "shipment", for: indexPath)
        let shipment = Shipment(number: indexPath.row + 1)
        var content = cell.defaultContentConfiguration()
        content.text = "#\(shipment.number)  \(shipment.city)  \(shipment.kilograms) kg  \(shipment.note)"
        cell.contentConfiguration = content
        return cell
    }
}

let shipments = Shipments()
let table = TableView(frame: .zero)
table.register(TableViewCell.self, forCellReuseIdentifier: "shipment")
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
