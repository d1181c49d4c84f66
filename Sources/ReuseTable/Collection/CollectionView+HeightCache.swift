import Foundation

// FDTemplateLayoutCell's features for items, owned by the collection view (no
// swizzling): a template cell per identifier, measured at the layout's item
// width, heights cached by index path (following every update) or by model key.
// The waterfall article's framework could not dequeue inside sizeForItemAt; a template cell
// made from the registered class, never added to the view tree, has no such problem.
// The steps are the table's, written once in `Engine/ReuseEngineView+TemplateCells.swift`.

extension CollectionView {
    /// The height a cell of `identifier` needs at the layout's `itemWidth` once
    /// `configuration` has filled it, cached by index path (per item width).
    /// Call it from a layout delegate's `heightForItemAt`.
    /// - Complexity: O(1) on a hit; one `sizeThatFits` on a miss.
    public func heightForCell(
        withReuseIdentifier identifier: String, cacheBy indexPath: IndexPath,
        configuration: (CollectionViewCell) -> Void
    ) -> CGFloat {
        templateHeight(identifier, cacheBy: indexPath, configuration: configuration)
    }

    /// Like `heightForCell(withReuseIdentifier:cacheBy:configuration:)`, cached by a model key
    /// (stable across inserts and moves; invalidate it when the model changes).
    /// - Complexity: O(1) on a hit; one `sizeThatFits` on a miss.
    public func heightForCell(
        withReuseIdentifier identifier: String, cacheByKey key: AnyHashable,
        configuration: (CollectionViewCell) -> Void
    ) -> CGFloat {
        templateHeight(identifier, cacheByKey: key, configuration: configuration)
    }

    /// The height a configured template cell of `identifier` needs at the layout's item width, without caching.
    /// - Complexity: one template measurement (`sizeThatFits`, or an Auto Layout fit when the cell has constraints).
    public func heightForCell(withReuseIdentifier identifier: String, configuration: (CollectionViewCell) -> Void) -> CGFloat {
        templateHeight(identifier, configuration: configuration)
    }

    /// Where the height debug log's lines go (the collection view's and both caches'),
    /// as `TableView.heightDebugLogHandler`; prints to standard output by default.
    public var heightDebugLogHandler: (String) -> Void {
        get { heightLogSink }
        set { heightLogSink = newValue }
    }
}
