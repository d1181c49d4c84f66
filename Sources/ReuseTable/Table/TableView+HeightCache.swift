import Foundation

// FDTemplateLayoutCell's features, owned by the table (no swizzling): template
// cells per identifier, heights cached by index path or by model key, per width.
// The steps are the collection view's, written once in `Engine/ReuseEngineView+TemplateCells.swift`.

extension TableView {
    /// The height a cell of `identifier` needs once `configuration` has filled it,
    /// cached by index path (per table width). The cache follows every mutation.
    /// - Complexity: O(1) on a hit; one `sizeThatFits` on a miss.
    public func heightForCell(
        withIdentifier identifier: String, cacheBy indexPath: IndexPath,
        configuration: (TableViewCell) -> Void
    ) -> CGFloat {
        usesSelfSizing = true
        return templateHeight(identifier, cacheBy: indexPath, configuration: configuration)
    }

    /// Like `heightForCell(withIdentifier:cacheBy:configuration:)`, cached by a model key
    /// (stable across inserts and moves; invalidate it when the model changes).
    /// - Complexity: O(1) on a hit; one `sizeThatFits` on a miss.
    public func heightForCell(
        withIdentifier identifier: String, cacheByKey key: AnyHashable,
        configuration: (TableViewCell) -> Void
    ) -> CGFloat {
        usesSelfSizing = true
        return templateHeight(identifier, cacheByKey: key, configuration: configuration)
    }

    /// The height a configured template cell of `identifier` needs, without caching.
    /// - Complexity: one template measurement (`sizeThatFits`, or an Auto Layout fit when the cell has constraints).
    public func heightForCell(withIdentifier identifier: String, configuration: (TableViewCell) -> Void) -> CGFloat {
        usesSelfSizing = true
        return templateHeight(identifier, configuration: configuration)
    }

    /// Where the height debug log's lines go (the table's and both caches'); prints to standard output by default.
    public var heightDebugLogHandler: (String) -> Void {
        get { heightLogSink }
        set { heightLogSink = newValue }
    }
}
