import Foundation

// UIKit adds these to Foundation's IndexPath; swift-corelibs-foundation does not have them.
extension IndexPath {
    /// An index path for a table row (UIKit: `IndexPath(row:section:)`).
    ///
    /// Built by appending to a one-index path, which Foundation stores inline:
    /// `IndexPath(indexes: [section, row])` would allocate (and free) an array
    /// for every path, and a layout pass makes a few per visible row
    /// (measured in Docs/performance-journal.md, "What robustness cost the layout pass").
    public init(row: Int, section: Int) {
        self.init(index: section)
        append(row)
    }

    /// An index path for a collection item (UIKit: `IndexPath(item:section:)`).
    public init(item: Int, section: Int) { self.init(row: item, section: section) }

    /// The section of a two-element index path.
    public var section: Int { self[0] }

    /// The row of a two-element index path.
    public var row: Int { self[1] }

    /// The item of a two-element index path (the same index as `row`).
    public var item: Int { self[1] }
}
