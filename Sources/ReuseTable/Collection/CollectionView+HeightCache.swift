import Foundation

// FDTemplateLayoutCell's features for items, owned by the collection view (no
// swizzling): a template cell per identifier, measured at the layout's item
// width, heights cached by index path (following every update) or by model key.
// The seed's framework could not dequeue inside sizeForItemAt; a template cell
// made from the registered class, never added to the view tree, has no such problem.

extension CollectionView {
    /// The height a cell of `identifier` needs at the layout's `itemWidth` once
    /// `configuration` has filled it, cached by index path (per item width).
    /// Call it from a layout delegate's `heightForItemAt`.
    /// - Complexity: O(1) on a hit; one `sizeThatFits` on a miss.
    public func heightForCell(withReuseIdentifier identifier: String, cacheBy indexPath: IndexPath,
                              configuration: (CollectionViewCell) -> Void) -> CGFloat {
        let width = collectionViewLayout.itemWidth
        if let cached = indexPathHeightCache.height(at: indexPath, width: width) { return cached }
        let height = measureTemplateCell(identifier, width: width, describing: "item \(indexPath.collectionDescription)", configuration)
        indexPathHeightCache.setHeight(height, at: indexPath, width: width)
        return height
    }

    /// Like `heightForCell(withReuseIdentifier:cacheBy:configuration:)`, cached by a model key
    /// (stable across inserts and moves; invalidate it when the model changes).
    /// - Complexity: O(1) on a hit; one `sizeThatFits` on a miss.
    public func heightForCell(withReuseIdentifier identifier: String, cacheByKey key: AnyHashable,
                              configuration: (CollectionViewCell) -> Void) -> CGFloat {
        let width = collectionViewLayout.itemWidth
        if let cached = keyedHeightCache.height(forKey: key, width: width) { return cached }
        let height = measureTemplateCell(identifier, width: width, describing: "key \(key)", configuration)
        keyedHeightCache.setHeight(height, forKey: key, width: width)
        return height
    }

    /// The height a configured template cell of `identifier` needs at the layout's item width, without caching.
    /// - Complexity: one template measurement (`sizeThatFits`, or an Auto Layout fit when the cell has constraints).
    public func heightForCell(withReuseIdentifier identifier: String, configuration: (CollectionViewCell) -> Void) -> CGFloat {
        measureTemplateCell(identifier, width: collectionViewLayout.itemWidth,
                            describing: "template \"\(identifier)\"", configuration)
    }

    func measureTemplateCell(_ identifier: String, width: CGFloat, describing what: String,
                             _ configuration: (CollectionViewCell) -> Void) -> CGFloat {
        let cell = templateCell(withReuseIdentifier: identifier)
        cell.prepareForReuse()
        cell.frame.size.width = width
        configuration(cell)
        counters.selfSizingMeasurements += 1
        let (fitted, path) = templateCellHeight(cell, contentView: cell.contentView, enforceFrameLayout: cell.enforceFrameLayout, width: width)
        heightLog("measured \(what) by \(path) at width \(width)")
        let height = sanitizedHeight(fitted, for: "fitting height of \(what)")
        heightLog("computed \(height) for \(what) at width \(width)")
        return height
    }

    /// One off-screen cell per identifier, made from the registered class and never added to the view tree.
    func templateCell(withReuseIdentifier identifier: String) -> CollectionViewCell {
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
                + "register(_:forCellWithReuseIdentifier:) first (registered: \(registeredList)).")
    }

    func heightLog(_ message: @autoclosure () -> String) {
        guard isHeightDebugLogEnabled else { return }
        print("[CollectionView height] \(message())")
    }
}
