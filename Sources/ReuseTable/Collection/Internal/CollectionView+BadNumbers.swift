import Foundation

// Bad numbers from outside — frames, a layout's content size, the
// layouts' settings — have one behaviour: reported once through
// `diagnosticHandler`, naming what and where, and replaced by a safe value, so
// nothing in layout attributes, offsets or `contentSize` is ever NaN or infinite.
// Each passes the one sanitizer, `GeometryNumber` (Support/GeometryNumber.swift);
// a margin or spacing is capped as a height is, so sums of many stay finite.
// (Offsets are checked by `ScrollView.contentOffset`, the same for the table.)

extension CollectionView {
    /// The rect with a non-finite origin coordinate replaced by 0, a non-finite or negative size by 0 and
    /// one larger than `TableView.maximumSlotHeight` by that maximum (each reported).
    func sanitizedFrame(_ rect: CGRect, what: String) -> CGRect {
        func fix(_ value: CGFloat, _ name: String, as kind: GeometryNumber.Kind) -> CGFloat {
            GeometryNumber.sanitize(
                value, as: kind, for: "CollectionView \(what).\(name)", wording: .statement(verb: "was set to"), report: diagnosticHandler)
        }
        // `CGRect` standardizes negative sizes in `width`; read the raw size.
        return CGRect(
            x: fix(rect.origin.x, "origin.x", as: .coordinate), y: fix(rect.origin.y, "origin.y", as: .coordinate),
            width: fix(rect.size.width, "size.width", as: .length), height: fix(rect.size.height, "size.height", as: .length))
    }

    /// A layout's content size, with a non-finite or negative extent reported and replaced by 0.
    func sanitizedContentSize(_ size: CGSize) -> CGSize {
        // Asked every pass: the layout's name is built only for a report, and the verbs are literals.
        func fix(_ value: CGFloat, _ verb: String) -> CGFloat {
            GeometryNumber.sanitize(
                value, as: .size, for: "\(type(of: collectionViewLayout)).collectionViewContentSize", wording: .statement(verb: verb),
                report: diagnosticHandler)
        }
        return CGSize(width: fix(size.width, "returned width"), height: fix(size.height, "returned height"))
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

    /// A spacing, inset or height setting, through the one sanitizer (`GeometryNumber`): non-finite or
    /// negative is reported and replaced by 0, larger than `TableView.maximumSlotHeight` by that maximum.
    func checkedSetting(_ value: CGFloat, _ name: String, verb: String = "was set to") -> CGFloat {
        GeometryNumber.sanitize(value, as: .length, for: name, wording: .statement(verb: verb), report: diagnose)
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
