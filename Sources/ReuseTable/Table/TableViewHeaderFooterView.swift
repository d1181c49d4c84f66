import Foundation

/// A reusable section header or footer (UIKit: `UITableViewHeaderFooterView`).
///
/// Subclasses add subviews to `contentView` and override `sizeThatFits(_:)` to self-size.
@MainActor
open class TableViewHeaderFooterView: View {
    /// The identifier the view was registered and dequeued with.
    public let reuseIdentifier: String?
    /// The view subclasses put their content in.
    public let contentView = View()
    /// True for the off-screen view used only to measure heights.
    public internal(set) var isTemplateLayoutView = false

    /// Creates a view with its `contentView`; the table calls this when the pool has no spare view for
    /// `reuseIdentifier` (UIKit: `init(reuseIdentifier:)`).
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// Called when the view is taken from the pool, before it is configured.
    open func prepareForReuse() {}

    /// Gives `contentView` the whole bounds; subclasses call `super` first.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = CGRect(origin: .zero, size: bounds.size)
    }

    /// The default fits nothing (height 0).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: 0) }
}

extension TableView {
    /// Registers the class `dequeueReusableHeaderFooterView(withIdentifier:)` instantiates.
    public func register(_ viewClass: TableViewHeaderFooterView.Type, forHeaderFooterViewReuseIdentifier identifier: String) {
        registeredHeaderFooterClasses[identifier] = viewClass
    }

    /// A pooled or new header/footer view, or nil when nothing is registered for `identifier`.
    /// Header and footer views return to this pool when they scroll off screen.
    public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView? {
        if let view = headerFooterPool.dequeue(identifier) {
            view.prepareForReuse()
            return view
        }
        guard let viewClass = registeredHeaderFooterClasses[identifier] else { return nil }
        headerFooterPool.noteCreated(identifier)
        return viewClass.init(reuseIdentifier: identifier)
    }

    /// The height a header or footer of `identifier` needs once `configuration`
    /// has filled it — the configuration closure *is* called (FDTemplateLayoutCell's
    /// version never called it). Measured at the table's width with a template view,
    /// through the same steps as template cells (`measureTemplate`).
    /// - Complexity: one template measurement.
    public func heightForHeaderFooterView(
        withIdentifier identifier: String,
        configuration: (TableViewHeaderFooterView) -> Void
    ) -> CGFloat {
        usesSelfSizing = true
        let view = template(
            identifier, in: &templateHeaderFooterViews, registered: registeredHeaderFooterClasses,
            noun: "header/footer view", call: "heightForHeaderFooterView(withIdentifier:…)", validate: validateTemplateHeaderFooterIdentifier)
        let width = bounds.width
        return measureTemplate(view, width: width, describing: "header/footer \"\(identifier)\"", configuration) {
            sanitizedHeight(
                supplementaryFittingHeight(of: $0, width: width),
                for: "fitting height of header/footer template \"\(identifier)\"")
        }
    }

    /// Like `heightForHeaderFooterView(withIdentifier:configuration:)`, cached in `keyedHeightCache` by `key`.
    /// - Complexity: O(1) on a hit; one template measurement on a miss.
    public func heightForHeaderFooterView(
        withIdentifier identifier: String, cacheByKey key: AnyHashable,
        configuration: (TableViewHeaderFooterView) -> Void
    ) -> CGFloat {
        usesSelfSizing = true
        // Header keys live in their own key space, so they never collide with cell keys.
        return cachedHeight(forKey: AnyHashable(HeaderFooterCacheKey(key: key)), width: bounds.width) {
            heightForHeaderFooterView(withIdentifier: identifier, configuration: configuration)
        }
    }

    /// Throws a message naming the identifier when no header/footer class is registered for it.
    func validateTemplateHeaderFooterIdentifier(_ identifier: String) throws(ReuseTableError) {
        guard registeredHeaderFooterClasses[identifier] == nil else { return }
        throw missingTemplateClass(
            noun: "header/footer view", identifier: identifier,
            registration: "register(_:forHeaderFooterViewReuseIdentifier:)", registered: "")
    }

    /// Returns a header or footer view leaving the screen to its pool.
    func recycleSupplementary(_ view: View) {
        view.removeFromSuperview()
        if let reusable = view as? TableViewHeaderFooterView, let identifier = reusable.reuseIdentifier,
            !reusable.isTemplateLayoutView
        {
            headerFooterPool.enqueue(reusable, identifier: identifier)
        }
    }
}

/// Wraps a header/footer cache key so it cannot equal a cell's key in `keyedHeightCache`.
struct HeaderFooterCacheKey: Hashable {
    var key: AnyHashable
}
