import Foundation

// Bad numbers from outside — frames, a layout's content size, the
// layouts' settings — have one behaviour: reported once through
// `diagnosticHandler`, naming what and where, and replaced by a safe value, so
// nothing in layout attributes, offsets or `contentSize` is ever NaN or infinite.
// (Offsets are checked by `ScrollView.contentOffset`, the same for the table.)

extension CollectionView {
    /// The rect with a non-finite origin coordinate replaced by 0 and a non-finite or negative size replaced by 0 (reported).
    func sanitizedFrame(_ rect: CGRect, what: String) -> CGRect {
        var result = rect
        func fix(_ value: CGFloat, _ name: String, allowsNegative: Bool) -> CGFloat {
            guard !value.isFinite || (!allowsNegative && value < 0) else { return value }
            diagnosticHandler(
                "CollectionView \(what).\(name) was set to \(value); it must be finite\(allowsNegative ? "" : " and 0 or more"). Using 0.")
            return 0
        }
        // `CGRect` standardizes negative sizes in `width`; read the raw size.
        result.origin.x = fix(rect.origin.x, "origin.x", allowsNegative: true)
        result.origin.y = fix(rect.origin.y, "origin.y", allowsNegative: true)
        result.size.width = fix(rect.size.width, "size.width", allowsNegative: false)
        result.size.height = fix(rect.size.height, "size.height", allowsNegative: false)
        return result
    }

    /// A layout's content size, with a non-finite or negative extent reported and replaced by 0.
    func sanitizedContentSize(_ size: CGSize) -> CGSize {
        var result = size
        let layoutName = "\(type(of: collectionViewLayout)).collectionViewContentSize"
        if !size.width.isFinite || size.width < 0 {
            diagnosticHandler("\(layoutName) returned width \(size.width); it must be finite and 0 or more. Using 0.")
            result.width = 0
        }
        if !size.height.isFinite || size.height < 0 {
            diagnosticHandler("\(layoutName) returned height \(size.height); it must be finite and 0 or more. Using 0.")
            result.height = 0
        }
        return result
    }

    /// Delivers the diagnostics a layout collected before it had a collection view.
    func flushLayoutDiagnostics() {
        let pending = collectionViewLayout.pendingDiagnostics
        collectionViewLayout.pendingDiagnostics = []
        for message in pending { diagnosticHandler(message) }
    }
}

extension CollectionViewLayout {
    /// Reports a bad setting through the collection view's `diagnosticHandler`, or
    /// keeps it until the layout is given to one.
    func diagnose(_ message: String) {
        if let collectionView { collectionView.diagnosticHandler(message) } else { pendingDiagnostics.append(message) }
    }

    /// A spacing or height setting: non-finite or negative is reported and replaced by 0.
    func checkedSetting(_ value: CGFloat, _ name: String, verb: String = "was set to") -> CGFloat {
        guard !value.isFinite || value < 0 else { return value }
        diagnose("\(name) \(verb) \(value); it must be finite and 0 or more. Using 0.")
        return 0
    }

    /// A column count: less than 1 is reported and replaced by 1; more than `ColumnLayout.maximumColumns`
    /// (a delegate answering `Int.max` would have every section allocate that many columns) by the maximum.
    func checkedColumns(_ value: Int, _ name: String, verb: String = "was set to") -> Int {
        if value > ColumnLayout.maximumColumns {
            diagnose("\(name) \(verb) \(value); a layout has at most \(ColumnLayout.maximumColumns) columns. Using \(ColumnLayout.maximumColumns).")
            return ColumnLayout.maximumColumns
        }
        guard value < 1 else { return value }
        diagnose("\(name) \(verb) \(value); a layout needs at least 1 column. Using 1.")
        return 1
    }
}
