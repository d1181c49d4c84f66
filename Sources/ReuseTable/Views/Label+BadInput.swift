import Foundation

// A label's metrics follow the table's rule for bad numbers: a NaN, infinite,
// zero or negative `characterWidth` or `lineHeight` is reported once, naming the
// property and the value, and replaced by the default, so that measuring never
// divides by it or turns a size into NaN.
extension Label {
    /// `value` when it is a usable metric (finite and more than 0); otherwise reported and 1.
    func checkedMetric(_ value: CGFloat, _ name: String) -> CGFloat {
        if value.isFinite, value > 0 { return value }
        let fallback: CGFloat = 1
        report(
            "invalid \(name) of \(LayoutConstraint.name(of: self)): \(value). It must be finite and more than 0; using \(fallback).")
        return fallback
    }

    /// Reports the way the enclosing table or collection view reports its own bad input
    /// (its `diagnosticHandler`); a label outside one reports through `Label.diagnosticHandler`.
    /// - Complexity: O(depth of the view tree).
    func report(_ message: String) {
        var ancestor = superview
        while let view = ancestor {
            if let scrollView = view as? ScrollView {
                scrollView.diagnosticHandler(message)
                return
            }
            ancestor = view.superview
        }
        Label.diagnosticHandler(message)
    }
}
