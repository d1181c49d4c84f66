import Foundation

/// A reusable section header or footer (UIKit: `UITableViewHeaderFooterView`).
///
/// Subclasses add subviews to `contentView` and override `sizeThatFits(_:)` to self-size; or set a
/// `contentConfiguration` (`TableViewHeaderFooterView+Configuration.swift`).
@MainActor
open class TableViewHeaderFooterView: View {
    /// The identifier the view was registered and dequeued with.
    public let reuseIdentifier: String?
    /// The view subclasses put their content in.
    public let contentView = View()
    /// True for the off-screen view used only to measure heights.
    public internal(set) var isTemplateLayoutView = false

    /// The content and background configurations, the update handler and whether an update waits.
    let configurationSlots = ConfigurationSlots<ConfigurationUpdateHandler>()

    /// The state the view's configurations are resolved for (UIKit: `configurationState`): a header
    /// is never selected or highlighted, and ReuseTable sets no focus or disabled state, so every flag
    /// is false unless a subclass overrides this to add custom states (call super).
    open var configurationState: ViewConfigurationState { ViewConfigurationState() }

    /// Updates the view's configurations for `state`; the table calls it (through
    /// `setNeedsUpdateConfiguration()`) after the automatic updates and before
    /// `configurationUpdateHandler`. The default does nothing.
    open func updateConfiguration(using state: ViewConfigurationState) {}

    /// Creates a view with its `contentView`; the table calls this when the pool has no spare view for
    /// `reuseIdentifier` (UIKit: `init(reuseIdentifier:)`).
    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    /// Called when the view is taken from the pool, before it is configured.
    open func prepareForReuse() {}

    /// Runs a pending configuration update, then gives `contentView` the whole bounds; subclasses call `super` first.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateConfigurationIfNeeded()
        contentView.frame = CGRect(origin: .zero, size: bounds.size)
        configurationSlots.layOut(contentIn: contentView.bounds, backgroundIn: bounds.size)
    }

    /// The content configuration's view's height at `size.width` (after a pending update) when
    /// there is one; otherwise the default fits nothing (height 0).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        updateConfigurationIfNeeded()
        return CGSize(width: size.width, height: configurationSlots.fittingHeight(width: size.width) ?? 0)
    }
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
            view.setNeedsUpdateConfiguration()  // updated when it is next laid out, with what the delegate sets now
            view.setNeedsLayout()
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
