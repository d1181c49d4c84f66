import Foundation

// FDTemplateLayoutCell's features, owned by the table (no swizzling): template
// cells per identifier, heights cached by index path or by model key, per width.

extension TableView {
    /// The height a cell of `identifier` needs once `configuration` has filled it,
    /// cached by index path (per table width). The cache follows every mutation.
    /// - Complexity: O(1) on a hit; one `sizeThatFits` on a miss.
    public func heightForCell(withIdentifier identifier: String, cacheBy indexPath: IndexPath,
                              configuration: (TableViewCell) -> Void) -> CGFloat {
        usesSelfSizing = true
        let width = bounds.width
        if let cached = indexPathHeightCache.height(at: indexPath, width: width) { return cached }
        let height = measureTemplateCell(identifier, describing: "row \(indexPath.tableDescription)", configuration)
        indexPathHeightCache.setHeight(height, at: indexPath, width: width)
        return height
    }

    /// Like `heightForCell(withIdentifier:cacheBy:configuration:)`, cached by a model key
    /// (stable across inserts and moves; invalidate it when the model changes).
    /// - Complexity: O(1) on a hit; one `sizeThatFits` on a miss.
    public func heightForCell(withIdentifier identifier: String, cacheByKey key: AnyHashable,
                              configuration: (TableViewCell) -> Void) -> CGFloat {
        usesSelfSizing = true
        let width = bounds.width
        if let cached = keyedHeightCache.height(forKey: key, width: width) { return cached }
        let height = measureTemplateCell(identifier, describing: "key \(key)", configuration)
        keyedHeightCache.setHeight(height, forKey: key, width: width)
        return height
    }

    /// The height a configured template cell of `identifier` needs, without caching.
    /// - Complexity: one template measurement (`sizeThatFits`, or an Auto Layout fit when the cell has constraints).
    public func heightForCell(withIdentifier identifier: String, configuration: (TableViewCell) -> Void) -> CGFloat {
        usesSelfSizing = true
        return measureTemplateCell(identifier, describing: "template \"\(identifier)\"", configuration)
    }

    func measureTemplateCell(_ identifier: String, describing what: String, _ configuration: (TableViewCell) -> Void) -> CGFloat {
        let cell = templateCell(withIdentifier: identifier)
        cell.prepareForReuse()
        configuration(cell)
        let height = fittingHeight(of: cell, tableWidth: bounds.width, describing: what)
        heightLog("computed \(height) for \(what) at width \(bounds.width)")
        return height
    }

    /// One off-screen cell per identifier, made from the registered class and never added to the view tree.
    func templateCell(withIdentifier identifier: String) -> TableViewCell {
        if let cell = templateCells[identifier] { return cell }
        do {
            try validateTemplateIdentifier(identifier)
        } catch {
            TableViewError.trap(error)
        }
        let cell = registeredClasses[identifier]!.init(reuseIdentifier: identifier)
        cell.isTemplateLayoutCell = true
        templateCells[identifier] = cell
        heightLog("created template cell for \"\(identifier)\"")
        return cell
    }

    /// Throws a message naming the identifier when no class is registered for it.
    func validateTemplateIdentifier(_ identifier: String) throws(TableViewError) {
        guard registeredClasses[identifier] == nil else { return }
        throw TableViewError(
            "cannot make a template cell for identifier \"\(identifier)\": register a class for it with "
                + "register(_:forCellReuseIdentifier:) first (registered: \(registeredIdentifierList)).")
    }

    /// Where the height debug log's lines go (the table's and both caches'); prints to standard output by default.
    public var heightDebugLogHandler: (String) -> Void {
        get { indexPathHeightCache.log.sink }
        set {
            indexPathHeightCache.log.sink = newValue
            keyedHeightCache.log.sink = newValue
        }
    }

    func heightLog(_ message: @autoclosure () -> String) {
        guard isHeightDebugLogEnabled else { return }
        heightDebugLogHandler("[TableView height] \(message())")
    }
}
