import Foundation
import ReuseTable

// The rows the scenes show: deterministic heights from the row number alone, two reuse
// identifiers (text rows and taller photo rows) so the pool has two stacks, and estimates that
// differ from the heights so measuring moves things. No randomness: every run records the same page.

/// A row's deterministic number in 0..<2^32, from its index alone.
func watchHash(_ row: Int) -> Int {
    var x = UInt64(truncatingIfNeeded: row) &+ 0x9E37_79B9_7F4A_7C15
    x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
    x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: (x ^ (x >> 31)) >> 32)
}

/// A list of `count` rows in one section: text rows 44–92 points tall, every sixth row a 132-point photo.
@MainActor
final class WatchRows: TableViewDataSource, TableViewDelegate {
    static let text = "text"
    static let photo = "photo"

    var count: Int
    /// Rows inserted after the load: `count` new rows at `row`, numbered from `firstID`.
    var insertion: (row: Int, count: Int, firstID: Int)?

    init(count: Int) { self.count = count }

    /// Inserts `count` rows at `row` in the data (the table is told separately).
    func insert(_ count: Int, at row: Int) {
        insertion = (row, count, 10_000_000)
        self.count += count
    }

    /// The number a row's content follows from: rows keep theirs when rows are inserted above them.
    func id(ofRow row: Int) -> Int {
        guard let insertion, row >= insertion.row else { return row }
        return row < insertion.row + insertion.count ? insertion.firstID + row - insertion.row : row - insertion.count
    }

    static func identifier(forID id: Int) -> String { id % 6 == 3 ? photo : text }

    static func height(forID id: Int) -> CGFloat {
        identifier(forID: id) == photo ? 132 : CGFloat(44 + watchHash(id) % 7 * 8)
    }

    func install(in table: TableView) {
        table.register(TableViewCell.self, forCellReuseIdentifier: Self.text)
        table.register(TableViewCell.self, forCellReuseIdentifier: Self.photo)
        table.dataSource = self
        table.delegate = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: Self.identifier(forID: id(ofRow: indexPath.row)), for: indexPath)
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { Self.height(forID: id(ofRow: indexPath.row)) }
}

/// A text cell whose height follows its width: `characters` wrap at 8 points a character.
final class WatchTextCell: TableViewCell {
    var characters = 0

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let perLine = max(1, Int((size.width - 32) / 8))
        let lines = max(1, (characters + perLine - 1) / perLine)
        return CGSize(width: size.width, height: CGFloat(20 + 18 * lines))
    }
}

/// Self-sizing text rows (`automaticDimension`): a row's height depends on the table's width.
@MainActor
final class WatchTextRows: TableViewDataSource {
    static let identifier = "text"
    let count: Int

    init(count: Int) { self.count = count }

    func install(in table: TableView) {
        table.register(WatchTextCell.self, forCellReuseIdentifier: Self.identifier)
        table.dataSource = self
        table.rowHeight = TableView.automaticDimension
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.identifier, for: indexPath)
        (cell as? WatchTextCell)?.characters = 24 + watchHash(indexPath.row) % 120
        return cell
    }
}

/// Chat messages: exact heights, a message's height from its number (older messages have lower numbers).
@MainActor
final class WatchChat: TableViewDataSource, TableViewDelegate {
    static let identifier = "message"
    /// The number of the first message shown (older messages are prepended by lowering it).
    var first: Int
    var count: Int

    init(first: Int, count: Int) {
        self.first = first
        self.count = count
    }

    func install(in table: TableView) {
        table.register(TableViewCell.self, forCellReuseIdentifier: Self.identifier)
        table.dataSource = self
        table.delegate = self
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: Self.identifier, for: indexPath)
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        CGFloat(36 + watchHash(first + indexPath.row) % 4 * 18)
    }
}

/// Waterfall tiles: two columns, heights 60–200 from the item number.
@MainActor
final class WatchTiles: CollectionViewDataSource, WaterfallLayoutDelegate {
    static let identifier = "tile"
    let count: Int

    init(count: Int) { self.count = count }

    func install(in collection: CollectionView, layout: WaterfallLayout) {
        collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: Self.identifier)
        collection.dataSource = self
        layout.delegate = self
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: Self.identifier, for: indexPath)
    }

    func collectionView(
        _ collectionView: CollectionView, layout: WaterfallLayout, heightForItemAt indexPath: IndexPath, itemWidth: CGFloat
    ) -> CGFloat {
        CGFloat(60 + watchHash(indexPath.item) % 8 * 20)
    }
}
