import Foundation

// Bad numbers have one behaviour: a NaN, infinite, negative or huge height,
// estimate, margin, scale or size is reported once through `diagnosticHandler` —
// naming what was wrong and where — and replaced by a safe value, so nothing NaN
// or infinite ever reaches the geometry, the offset or `contentSize`. Every such
// number passes the one sanitizer, `GeometryNumber` (Support/GeometryNumber.swift).
// Bad *indices* are different: they are programming errors, and trap with a
// message, as UIKit raises.

extension TableView {
    /// The largest height a single row, header or footer may have (10^12); so is the largest margin.
    /// Larger values are reported and clamped, so that even 10^8 of them sum to a finite total.
    public static let maximumSlotHeight: CGFloat = GeometryNumber.maximum

    /// A setting that must be finite and 0 or more (or `automaticDimension` where allowed):
    /// otherwise reported and replaced by `fallback`, or by `maximumSlotHeight` when it is larger.
    func checkedSetting(_ value: CGFloat, _ name: String, fallback: CGFloat, allowsAutomatic: Bool) -> CGFloat {
        if allowsAutomatic, value == TableView.automaticDimension { return value }
        return GeometryNumber.sanitize(
            value, as: .length, for: name, wording: .setting(allowsAutomatic: allowsAutomatic), fallback: fallback, report: report)
    }

    /// An estimate: finite and 0 or more (0 = no estimate); `automaticDimension` means 44, as UIKit's automatic estimate.
    func checkedEstimate(_ value: CGFloat, _ name: String) -> CGFloat {
        if value == TableView.automaticDimension { return 44 }
        return checkedSetting(value, name, fallback: 0, allowsAutomatic: false)
    }

    /// A section header or footer height setting: as `checkedSetting`, `automaticDimension` allowed and the fallback.
    func checkedSectionHeight(_ value: CGFloat, _ name: String) -> CGFloat {
        checkedSetting(value, name, fallback: TableView.automaticDimension, allowsAutomatic: true)
    }

    /// `screenScale`: finite and positive, else reported and 2.
    func checkedScale(_ value: CGFloat) -> CGFloat {
        if value.isFinite, value > 0 { return value }
        report("invalid screenScale: \(value). It must be finite and positive; using 2.")
        return 2
    }

    func report(_ message: String) { diagnosticHandler(message) }
}
