import Foundation

// The one gate between numbers from outside — a delegate's height, a cell's fitting
// height, a layout's margin, a host's setting, a height an app stores in a cache — and
// the geometry. Every such number passes `GeometryNumber.sanitize(_:as:for:…)`, or is
// classified by `problem(with:as:)` where a caller words its own message (insets and
// bounds, several numbers in one message) or refuses instead of replacing (the height
// caches, `refusal(ofHeight:width:call:entry:)`). So one rule decides what is usable and
// the diagnostics all read alike. The rule: NaN, infinite or negative (where a length is
// meant) is replaced by a fallback; a finite number above `maximum` by `maximum`. Either
// is reported once, naming where the number came from.

/// What a number from outside may be before it becomes geometry, and what replaces it when it may not.
enum GeometryNumber {
    /// The largest height, margin, spacing or inset one slot may have (`TableView.maximumSlotHeight`).
    ///
    /// Why 10^12: positions are sums, and a sum of finite numbers can still overflow to
    /// infinity (two `greatestFiniteMagnitude` margins already do). 10^8 rows each this
    /// tall plus this much margin sum to 2 × 10^20, far below `Double`'s 1.8 × 10^308, and
    /// sums of whole or half points stay exact up to 2^53 ≈ 9 × 10^15.
    static let maximum: CGFloat = 1e12

    /// What a number is about to become, and so which values are usable.
    enum Kind {
        /// One slot's extent: a row, item, header or footer height, a margin, spacing or inset.
        /// Finite, 0 or more, at most `maximum`.
        case length
        /// A total extent: a view's size or a layout's content size. Finite and 0 or more;
        /// not capped, since it already is a sum.
        case size
        /// A position: finite, any sign.
        case coordinate
    }

    /// What is wrong with a number.
    enum Problem: Equatable {
        /// NaN, infinite, or negative where a length or size is meant: replaced by a fallback.
        case unusable
        /// Finite but above `maximum`: replaced by `maximum`.
        case tooLarge
    }

    /// What is wrong with `value` as a `kind`, or nil when it is usable as it is.
    /// - Complexity: O(1).
    static func problem(with value: CGFloat, as kind: Kind) -> Problem? {
        guard value.isFinite, kind == .coordinate || value >= 0 else { return .unusable }
        return kind == .length && value > maximum ? .tooLarge : nil
    }

    /// What the rule asks of a `kind` that `value` broke, as messages say it: "finite and 0 or more", "at most …".
    static func requirement(_ problem: Problem, for kind: Kind) -> String {
        switch (problem, kind) {
        case (.tooLarge, _): "at most \(maximum)"
        case (.unusable, .coordinate): "finite"
        case (.unusable, _): "finite and 0 or more"
        }
    }

    /// How a diagnostic is worded; each matches messages the views already gave.
    enum Wording {
        /// "invalid height of row (section 0, row 1): nan. Heights must be finite and 0 or more; using 0."
        case height
        /// "invalid rowMargin: nan. It must be finite and 0 or more; using 0.0." — a table's setting;
        /// `allowsAutomatic` adds ", or automaticDimension".
        case setting(allowsAutomatic: Bool)
        /// "FlowLayout.minimumLineSpacing was set to nan; it must be finite and 0 or more. Using 0." —
        /// `verb` joins the name and the value ("was set to", "returned").
        case statement(verb: String)
    }

    /// `value` if it is usable as a `kind`; otherwise its replacement — `fallback` for an
    /// unusable one, `maximum` for one too large — reported once through `report`, naming
    /// `what` (where the number came from).
    /// - Complexity: O(1); `what` is built only for a report.
    static func sanitize(
        _ value: CGFloat, as kind: Kind, for what: @autoclosure () -> String, wording: Wording = .height,
        fallback: CGFloat = 0, report: (String) -> Void
    ) -> CGFloat {
        guard let problem = problem(with: value, as: kind) else { return value }
        let replacement = problem == .tooLarge ? maximum : fallback
        report(message(problem, kind: kind, value: value, replacement: replacement, what: what(), wording: wording))
        return replacement
    }

    /// The diagnostic for `value` (named `what`) replaced by `replacement`.
    static func message(_ problem: Problem, kind: Kind, value: CGFloat, replacement: CGFloat, what: String, wording: Wording) -> String {
        let requirement = requirement(problem, for: kind)
        switch wording {
        case .height where problem == .tooLarge, .setting where problem == .tooLarge:
            return "invalid \(what): \(value) is larger than the maximum \(maximum); using \(maximum)."
        case .height:
            return "invalid \(what): \(value). Heights must be \(requirement); using \(plain(replacement))."
        case .setting(let allowsAutomatic):
            return "invalid \(what): \(value). It must be \(requirement)\(allowsAutomatic ? ", or automaticDimension" : ""); using \(replacement)."
        case .statement(let verb):
            return "\(what) \(verb) \(value); it must be \(requirement). Using \(plain(replacement))."
        }
    }

    /// 0 as "0" ("using 0."), any other value as Swift prints it.
    private static func plain(_ value: CGFloat) -> String {
        value == 0 ? "0" : "\(value)"
    }

    /// Why a height cache refuses to store `height` at `width`, or nil when it may: a width must be
    /// finite, a height usable as a `.length`. Caches refuse rather than replace, so that what they
    /// hold is always a height the view measured or was given; the message names `call` and `entry`.
    static func refusal(ofHeight height: CGFloat, width: CGFloat, call: String, entry: @autoclosure () -> String) -> String? {
        guard width.isFinite else {
            return "\(call) was given the width \(width) for \(entry()); it must be finite. The cache keeps what it had."
        }
        guard let problem = problem(with: height, as: .length) else { return nil }
        return "\(call) was given \(height) for \(entry()) at width \(width); it must be \(requirement(problem, for: .length)). "
            + "The cache keeps what it had."
    }
}
