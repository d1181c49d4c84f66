import Foundation

// UIKit adds these to Foundation's IndexPath; swift-corelibs-foundation does not have them.
extension IndexPath {
    /// An index path for a table row (UIKit: `IndexPath(row:section:)`).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

    /// An index path for a collection item (UIKit: `IndexPath(item:section:)`).
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The section of a two-element index path.
    public var section: Int { self[0] }

    /// The row of a two-element index path.
    public var row: Int { self[1] }

    /// The item of a two-element index path (the same index as `row`).
    public var item: Int { self[1] }
}
