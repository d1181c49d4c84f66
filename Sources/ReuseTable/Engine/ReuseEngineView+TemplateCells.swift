import Foundation

// FDTemplateLayoutCell's features, written once for both views (no swizzling):
// one template cell per identifier, made from the registered class and never
// added to the view tree, configured and fitted at the view's template width;
// its height cached by index path (the cache follows every update) or by model
// key, per width. The table's header and footer views use the same template
// store and measuring steps (`TableViewHeaderFooterView.swift`).

extension ReuseEngineView {
    /// `heightForCell(…, cacheBy:configuration:)` of both views.
    /// - Complexity: O(1) on a hit; one fitting on a miss.
    func templateHeight(_ identifier: String, cacheBy indexPath: IndexPath, configuration: (Cell) -> Void) -> CGFloat {
        let width = templateWidth
        if let cached = indexPathHeightCache.height(at: indexPath, width: width) { return cached }
        let what = "\(Self.vocabulary.row) \(Self.vocabulary.describe(indexPath))"
        let height = measureTemplateCell(identifier, width: width, describing: what, configuration)
        indexPathHeightCache.setHeight(height, at: indexPath, width: width)
        return height
    }

    /// `heightForCell(…, cacheByKey:configuration:)` of both views.
    /// - Complexity: O(1) on a hit; one fitting on a miss.
    func templateHeight(_ identifier: String, cacheByKey key: AnyHashable, configuration: (Cell) -> Void) -> CGFloat {
        let width = templateWidth
        return cachedHeight(forKey: key, width: width) {
            measureTemplateCell(identifier, width: width, describing: "key \(key)", configuration)
        }
    }

    /// `heightForCell(…, configuration:)` of both views: measured every time.
    func templateHeight(_ identifier: String, configuration: (Cell) -> Void) -> CGFloat {
        measureTemplateCell(identifier, width: templateWidth, describing: "template \"\(identifier)\"", configuration)
    }

    /// The keyed cache's height for `key` at `width`, or `measure()`'s, stored.
    /// - Complexity: O(1) on a hit, plus `measure` on a miss.
    func cachedHeight(forKey key: AnyHashable, width: CGFloat, orMeasure measure: () -> CGFloat) -> CGFloat {
        if let cached = keyedHeightCache.height(forKey: key, width: width) { return cached }
        let height = measure()
        keyedHeightCache.setHeight(height, forKey: key, width: width)
        return height
    }

    /// The template cell of `identifier`, configured and fitted at `width`.
    func measureTemplateCell(_ identifier: String, width: CGFloat, describing what: String, _ configuration: (Cell) -> Void) -> CGFloat {
        measureTemplate(templateCell(withIdentifier: identifier), width: width, describing: what, configuration) {
            fittingHeight(ofTemplate: $0, width: width, describing: what)
        }
    }

    /// The steps every template goes through: made ready for reuse, given the
    /// width it is measured at (so `configuration` sees it), configured, fitted.
    func measureTemplate<Template: PooledView>(
        _ template: Template, width: CGFloat, describing what: String,
        _ configuration: (Template) -> Void, fit: (Template) -> CGFloat
    ) -> CGFloat {
        template.prepareForReuse()
        template.frame.size.width = width
        configuration(template)
        let height = fit(template)
        heightLog("computed \(height) for \(what) at width \(width)")
        return height
    }

    /// FDTemplateLayoutCell's fitting of a cell of either view, counted and logged
    /// (`templateCellHeight(_:contentView:enforceFrameLayout:width:)`); each view
    /// finishes the raw height its own way (`fittingHeight(ofTemplate:width:describing:)`).
    func measuredHeight(of cell: Cell, contentWidth: CGFloat, describing what: @autoclosure () -> String) -> CGFloat {
        engine.counters.selfSizingMeasurements += 1
        let (fitted, path) = templateCellHeight(
            cell, contentView: cell.contentView, enforceFrameLayout: cell.enforceFrameLayout,
            width: contentWidth)
        heightLog("measured \(what()) by \(path) at content width \(contentWidth): \(fitted)")
        return fitted
    }

    /// One off-screen cell per identifier, made from the registered class and never added to the view tree.
    func templateCell(withIdentifier identifier: String) -> Cell {
        template(
            identifier, in: &engine.templateCells, registered: engine.registeredClasses, noun: "cell", call: "heightForCell(withIdentifier:…)",
            validate: validateTemplateIdentifier)
    }

    /// The template of `identifier` in `templates` (cells, or header and footer views), made on first use.
    func template<Template: PooledView>(
        _ identifier: String, in templates: inout [String: Template],
        registered: [String: Template.Type], noun: String, call: String,
        validate: (String) throws(ReuseTableError) -> Void
    ) -> Template {
        if let template = templates[identifier] { return template }
        do {
            try validate(identifier)
        } catch {
            ReuseTableError.trap(error, in: call)
        }
        let template = registered[identifier]!.init(reuseIdentifier: identifier)
        template.isTemplate = true
        templates[identifier] = template
        heightLog("created template \(noun) for \"\(identifier)\"")
        return template
    }

    /// Throws a message naming the identifier when no cell class is registered for it.
    func validateTemplateIdentifier(_ identifier: String) throws(ReuseTableError) {
        guard engine.registeredClasses[identifier] == nil else { return }
        throw missingTemplateClass(
            noun: "cell", identifier: identifier, registration: Self.vocabulary.cellRegistration,
            registered: " (registered: \(registeredIdentifierList))")
    }

    /// "cannot make a template … for identifier …": what to register, and what is registered.
    func missingTemplateClass(noun: String, identifier: String, registration: String, registered: String) -> ReuseTableError {
        ReuseTableError(
            "cannot make a template \(noun) for identifier \"\(identifier)\": register a class for it with "
                + "\(registration) first\(registered).")
    }

    /// The registered cell identifiers, quoted, for messages ("none" when empty).
    var registeredIdentifierList: String {
        let known = engine.registeredClasses.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
        return known.isEmpty ? "none" : known
    }

    // MARK: The height debug log

    /// Where the height debug log's lines go: the view's and both caches'.
    var heightLogSink: (String) -> Void {
        get { indexPathHeightCache.log.sink }
        set {
            indexPathHeightCache.log.sink = newValue
            keyedHeightCache.log.sink = newValue
        }
    }

    /// One line of the height debug log, `[TableView height] …` or `[CollectionView height] …`; built only when the log is on.
    func heightLog(_ message: @autoclosure () -> String) {
        guard isHeightDebugLogEnabled else { return }
        heightLogSink("[\(hostName) height] \(message())")
    }

    /// Sends both height caches' refusals to this view's `diagnosticHandler`, whichever it is when
    /// one happens (an app sets its handler after making the view). Each view calls it once, at init.
    /// The closure holds the view's `weakHandle`, not the view: a weak reference to the view
    /// would slow every retain and release of it (Docs/performance-journal.md).
    func routeHeightCacheDiagnostics() {
        let report: (String) -> Void = { [weak handle = weakHandle] message in
            MainActor.assumeIsolated { (handle?.view as? ScrollView)?.diagnosticHandler(message) }
        }
        indexPathHeightCache.diagnosticHandler = report
        keyedHeightCache.diagnosticHandler = report
    }

    /// Keeps both height caches' logs switched with `isHeightDebugLogEnabled`.
    func heightDebugLogSwitched() {
        indexPathHeightCache.log.isEnabled = isHeightDebugLogEnabled
        keyedHeightCache.log.isEnabled = isHeightDebugLogEnabled
    }

    /// FDTemplateLayoutCell's measuring path, shared by the table's and the collection
    /// view's template and self-sizing cells: a `contentView` with constraints (unless
    /// `enforceFrameLayout`) is fitted by Auto Layout with a required width fence and
    /// compressed height; otherwise the cell's `sizeThatFits`. Returns the height and
    /// the path's name (for the debug log); the callers apply their own fallbacks.
    func templateCellHeight(_ cell: View, contentView: View, enforceFrameLayout: Bool, width: CGFloat) -> (height: CGFloat, path: String) {
        if !enforceFrameLayout, let constrained = contentView.templateFittingHeight(width: width, diagnostics: diagnosticHandler) {
            return (constrained, "Auto Layout")
        }
        return (cell.sizeThatFits(CGSize(width: width, height: 0)).height, "sizeThatFits")
    }
}
