import Foundation
import ReuseTable

// The `solver` suite: kiwi's benchmarks/enaml_like_benchmark.cpp with its exact
// 111 constraints (a form of three labels and three fields, built by enaml),
// plus a chain of N constrained views for scaling.
//
// Two suggest loops over one solver: `enamlSuggestRepeat` is kiwi's own loop
// (each of its six sizes measured on its own, the same size suggested every
// round, so after the first round the delta is 0; the figure is the median of
// the six medians, comparable with kiwi's six "suggest value" lines), and
// `enamlSuggest` cycles through the six sizes, so every round moves the
// solution. `Demo bench --peer kiwi=NS` (and `kiwi-cycled=NS`) compares each
// with kiwi's C++ build of the same loop; Docs/performance.md has the commands.

extension Suites {
    /// A three-label feed cell measured at 40 points: by frame layout (`fitFrame`), by
    /// Auto Layout keeping one engine (`fitAutoLayout`), and by Auto Layout with
    /// article 002's churn, activating and deactivating the constraints per cell
    /// (`fitAutoLayoutChurn`). Ratios are against frame layout.
    static func selfSizing() -> BenchSuite {
        func strategy(_ name: String, churn: Bool?) -> BenchStrategy {
            BenchStrategy(name: name) { _ in
                MainActor.assumeIsolated {
                    let cell = ThreeLabelCell()
                    return BenchCase(step: { i in
                        MainActor.assumeIsolated {
                            cell.fill(i)
                            switch churn {
                            case nil: _ = cell.frameHeight()
                            case false?: _ = cell.autoLayoutHeight()
                            case true?: _ = cell.churnHeight()
                            }
                        }
                    })
                }
            }
        }
        return BenchSuite(
            name: "selfSizing", scales: [3],
            operations: [
                BenchOperation(name: "fitFrame", baseline: "frame", strategies: [strategy("frame", churn: nil)]),
                BenchOperation(name: "fitAutoLayout", baseline: nil, strategies: [strategy("ReuseTable", churn: false)]),
                BenchOperation(name: "fitAutoLayoutChurn", baseline: nil, strategies: [strategy("ReuseTable", churn: true)]),
            ])
    }

    /// A vertical chain of N labels in one view (each top = previous bottom + 1), fitted after one
    /// label's text changes: the incremental cost of an edit as the engine grows (fitted exponent).
    static func chain(quick: Bool) -> BenchSuite {
        BenchSuite(
            name: "chain", scales: quick ? [10, 100, 1_000] : [10, 100, 1_000, 10_000],
            operations: [
                BenchOperation(
                    name: "chain", baseline: nil,
                    strategies: [
                        BenchStrategy(name: "ReuseTable") { rows in
                            MainActor.assumeIsolated {
                                let content = View()
                                var labels: [Label] = []
                                var constraints: [LayoutConstraint] = []
                                var previous = content.topAnchor
                                for index in 0..<rows {
                                    let label = Label(text: "row \(index)")
                                    label.translatesAutoresizingMaskIntoConstraints = false
                                    content.addSubview(label)
                                    constraints.append(label.topAnchor.constraint(equalTo: previous, constant: 1))
                                    constraints.append(label.leadingAnchor.constraint(equalTo: content.leadingAnchor))
                                    previous = label.bottomAnchor
                                    labels.append(label)
                                }
                                constraints.append(content.bottomAnchor.constraint(equalTo: previous))
                                LayoutConstraint.activate(constraints)
                                let target = CGSize(width: 40, height: 0)
                                _ = content.systemLayoutSizeFitting(
                                    target, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
                                return BenchCase(step: { i in
                                    MainActor.assumeIsolated {
                                        labels[(i &* 7919) % labels.count].text = i % 2 == 0 ? "one" : "one\ntwo"
                                        _ = content.systemLayoutSizeFitting(
                                            target, withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
                                    }
                                })
                            }
                        }
                    ])
            ])
    }

    /// kiwi's six sizes, in the order its benchmark runs them.
    static let enamlSizes: [(width: Double, height: Double)] = [(400, 600), (600, 400), (800, 1200), (1200, 800), (400, 800), (800, 400)]

    /// kiwi's loop on `form`: each size measured on its own with the same size every round, in kiwi's order.
    ///
    /// Returns the median of the six medians (the figure kiwi's six lines compare with),
    /// p10 and p90 of those six medians, and the six medians themselves.
    static func enamlSuggestRepeat(_ form: EnamlLike, options: MeasureOptions) -> (summary: Summary, medians: [Double]) {
        var medians: [Double] = [], samples = 0, batch = 0
        for size in enamlSizes {
            let summary = Harness.measure(
                options,
                step: { _ in
                    try! form.solver.suggestValue(form.width, size.width)
                    try! form.solver.suggestValue(form.height, size.height)
                    form.solver.updateVariables()
                })
            medians.append(summary.median)
            samples += summary.samples
            batch = max(batch, summary.batch)
        }
        var summary = Harness.summarize(medians, batch: batch)
        summary.samples = samples
        return (summary, medians)
    }

    /// enamlBuild (one solver built from nothing), enamlSuggest (two suggestValue + updateVariables,
    /// sizes cycled), enamlSuggestRepeat (kiwi's loop: one size repeated, for each of six sizes).
    static func solver() -> BenchSuite {
        BenchSuite(
            name: "solver", scales: [111],
            operations: [
                BenchOperation(
                    name: "enamlBuild", baseline: nil,
                    strategies: [
                        BenchStrategy(name: "ReuseTable") { _ in
                            BenchCase(step: { _ in _ = EnamlLike() })
                        }
                    ]),
                BenchOperation(
                    name: "enamlSuggest", baseline: nil,
                    strategies: [
                        BenchStrategy(name: "ReuseTable") { _ in
                            let form = EnamlLike()
                            let sizes = enamlSizes
                            return BenchCase(step: { i in
                                let size = sizes[i % sizes.count]
                                try! form.solver.suggestValue(form.width, size.width)
                                try! form.solver.suggestValue(form.height, size.height)
                                form.solver.updateVariables()
                            })
                        }
                    ]),
                BenchOperation(
                    name: "enamlSuggestRepeat", baseline: nil,
                    strategies: [
                        BenchStrategy(name: "ReuseTable") { _ in
                            let form = EnamlLike()
                            var benchCase = BenchCase(step: { _ in })
                            benchCase.measure = { options in enamlSuggestRepeat(form, options: options).summary }
                            return benchCase
                        }
                    ]),
            ])
    }
}

/// kiwi's enaml-like form: two strong edit variables and 111 constraints.
final class EnamlLike {
    let solver = Solver()
    let width = Variable("width")
    let height = Variable("height")

    init() {
        try! solver.addEditVariable(width, strength: Strength.strong)
        try! solver.addEditVariable(height, strength: Strength.strong)
        for constraint in EnamlLike.constraints(width: width, height: height) { try! solver.addConstraint(constraint) }
    }

    /// A row of kiwi's list: the terms (a variable's name and its coefficient), the constant, the
    /// relation and the strength.
    typealias Row = (terms: [(String, Double)], constant: Double, op: RelationalOperator, strength: Double)

    /// The two composite strengths kiwi's form uses besides the standard ones.
    static let mmedium = Strength.create(0, 1, 0, 1.25)
    static let smedium = Strength.create(0, 100, 0)

    /// The form's variables besides `width` and `height`, in the order kiwi creates them.
    static let variableNames = [
        "left", "top", "contents_top", "contents_bottom", "contents_left", "contents_right", "midline", "ctleft", "ctheight",
        "cttop", "ctwidth", "lb1left", "lb1height", "lb1top", "lb1width", "lb2left", "lb2height", "lb2top", "lb2width",
        "lb3left", "lb3height", "lb3top", "lb3width", "fl1left", "fl1height", "fl1top", "fl1width", "fl2left", "fl2height",
        "fl2top", "fl2width", "fl3left", "fl3height", "fl3top", "fl3width",
    ]

    /// The form's constraints over `width`, `height` and the variables named in `rows`.
    static func constraints(width: Variable, height: Variable) -> [Constraint] {
        var variables = ["width": width, "height": height]
        for name in variableNames { variables[name] = Variable(name) }
        return rows.map { row in
            let terms = row.terms.map { name, coefficient in Term(variables[name]!, coefficient) }
            return Constraint(LinearExpression(terms, constant: row.constant), row.op, strength: row.strength)
        }
    }

    /// kiwi's constraint list, in kiwi's order, as data so it reads like kiwi's.
    static let rows: [Row] = [
        ([("left", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("height", 1)], 0.0, .equal, Strength.medium),
        ([("top", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("width", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("height", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("top", -1), ("contents_top", 1)], -10.0, .equal, Strength.required),
        ([("lb3height", 1)], -16.0, .equal, Strength.strong),
        ([("lb3height", 1)], -16.0, .greaterThanOrEqual, Strength.strong),
        ([("ctleft", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("cttop", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("ctwidth", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("ctheight", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl3left", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("ctheight", 1)], -24.0, .greaterThanOrEqual, smedium),
        ([("ctwidth", 1)], -16777200.0, .lessThanOrEqual, smedium),
        ([("ctheight", 1)], -24.0, .lessThanOrEqual, smedium),
        ([("fl3top", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl3width", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl3height", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb1width", 1)], -67.0, .equal, Strength.weak),
        ([("lb2width", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb2height", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl2height", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb3left", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl2width", 1)], -125.0, .greaterThanOrEqual, Strength.strong),
        ([("fl2height", 1)], -21.0, .equal, Strength.strong),
        ([("fl2height", 1)], -21.0, .greaterThanOrEqual, Strength.strong),
        ([("lb3top", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb3width", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl1left", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl1width", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb1width", 1)], -67.0, .greaterThanOrEqual, Strength.strong),
        ([("fl2left", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb2width", 1)], -66.0, .equal, Strength.weak),
        ([("lb2width", 1)], -66.0, .greaterThanOrEqual, Strength.strong),
        ([("lb2height", 1)], -16.0, .equal, Strength.strong),
        ([("fl1height", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl1top", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb2top", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb2top", -1), ("lb3top", 1), ("lb2height", -1)], -10.0, .equal, mmedium),
        ([("lb3top", -1), ("lb3height", -1), ("fl3top", 1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("lb3top", -1), ("lb3height", -1), ("fl3top", 1)], -10.0, .equal, mmedium),
        ([("contents_bottom", 1), ("fl3height", -1), ("fl3top", -1)], 0.0, .equal, mmedium),
        ([("fl1top", 1), ("contents_top", -1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl1top", 1), ("contents_top", -1)], 0.0, .equal, mmedium),
        ([("contents_bottom", 1), ("fl3height", -1), ("fl3top", -1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("left", -1), ("width", -1), ("contents_right", 1)], 10.0, .equal, Strength.required),
        ([("top", -1), ("height", -1), ("contents_bottom", 1)], 10.0, .equal, Strength.required),
        ([("left", -1), ("contents_left", 1)], -10.0, .equal, Strength.required),
        ([("lb3left", 1), ("contents_left", -1)], 0.0, .equal, mmedium),
        ([("fl1left", 1), ("midline", -1)], 0.0, .equal, Strength.strong),
        ([("fl2left", 1), ("midline", -1)], 0.0, .equal, Strength.strong),
        ([("ctleft", 1), ("midline", -1)], 0.0, .equal, Strength.strong),
        ([("fl1top", 1), ("fl1height", 0.5), ("lb1top", -1), ("lb1height", -0.5)], 0.0, .equal, Strength.strong),
        ([("lb1left", 1), ("contents_left", -1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb1left", 1), ("contents_left", -1)], 0.0, .equal, mmedium),
        ([("lb1left", -1), ("fl1left", 1), ("lb1width", -1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("lb1left", -1), ("fl1left", 1), ("lb1width", -1)], -10.0, .equal, mmedium),
        ([("fl1left", -1), ("contents_right", 1), ("fl1width", -1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("width", 1)], 0.0, .equal, Strength.medium),
        ([("fl1top", -1), ("fl2top", 1), ("fl1height", -1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("fl1top", -1), ("fl2top", 1), ("fl1height", -1)], -10.0, .equal, mmedium),
        ([("cttop", 1), ("fl2top", -1), ("fl2height", -1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("ctheight", -1), ("cttop", -1), ("fl3top", 1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("contents_bottom", 1), ("fl3height", -1), ("fl3top", -1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("cttop", 1), ("fl2top", -1), ("fl2height", -1)], -10.0, .equal, mmedium),
        ([("fl1left", -1), ("contents_right", 1), ("fl1width", -1)], 0.0, .equal, mmedium),
        ([("lb2top", -1), ("lb2height", -0.5), ("fl2top", 1), ("fl2height", 0.5)], 0.0, .equal, Strength.strong),
        ([("contents_left", -1), ("lb2left", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("contents_left", -1), ("lb2left", 1)], 0.0, .equal, mmedium),
        ([("fl2left", 1), ("lb2width", -1), ("lb2left", -1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("ctheight", -1), ("cttop", -1), ("fl3top", 1)], -10.0, .equal, mmedium),
        ([("contents_bottom", 1), ("fl3height", -1), ("fl3top", -1)], 0.0, .equal, mmedium),
        ([("lb1top", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb1width", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb1height", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl2left", 1), ("lb2width", -1), ("lb2left", -1)], -10.0, .equal, mmedium),
        ([("fl2left", -1), ("fl2width", -1), ("contents_right", 1)], 0.0, .equal, mmedium),
        ([("fl2left", -1), ("fl2width", -1), ("contents_right", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb3left", 1), ("contents_left", -1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb1left", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("ctheight", 0.5), ("cttop", 1), ("lb3top", -1), ("lb3height", -0.5)], 0.0, .equal, Strength.strong),
        ([("ctleft", 1), ("lb3left", -1), ("lb3width", -1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("ctwidth", -1), ("ctleft", -1), ("contents_right", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("ctleft", 1), ("lb3left", -1), ("lb3width", -1)], -10.0, .equal, mmedium),
        ([("fl3left", 1), ("contents_left", -1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl3left", 1), ("contents_left", -1)], 0.0, .equal, mmedium),
        ([("ctwidth", -1), ("ctleft", -1), ("contents_right", 1)], 0.0, .equal, mmedium),
        ([("fl3left", -1), ("contents_right", 1), ("fl3width", -1)], 0.0, .equal, mmedium),
        ([("contents_top", -1), ("lb1top", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("contents_top", -1), ("lb1top", 1)], 0.0, .equal, mmedium),
        ([("fl3left", -1), ("contents_right", 1), ("fl3width", -1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb2top", 1), ("lb1top", -1), ("lb1height", -1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("lb2top", -1), ("lb3top", 1), ("lb2height", -1)], -10.0, .greaterThanOrEqual, Strength.required),
        ([("lb2top", 1), ("lb1top", -1), ("lb1height", -1)], -10.0, .equal, mmedium),
        ([("fl1height", 1)], -21.0, .equal, Strength.strong),
        ([("fl1height", 1)], -21.0, .greaterThanOrEqual, Strength.strong),
        ([("lb2left", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb2height", 1)], -16.0, .greaterThanOrEqual, Strength.strong),
        ([("fl2top", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("fl2width", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("lb1height", 1)], -16.0, .greaterThanOrEqual, Strength.strong),
        ([("lb1height", 1)], -16.0, .equal, Strength.strong),
        ([("fl3width", 1)], -125.0, .greaterThanOrEqual, Strength.strong),
        ([("fl3height", 1)], -21.0, .equal, Strength.strong),
        ([("fl3height", 1)], -21.0, .greaterThanOrEqual, Strength.strong),
        ([("lb3height", 1)], 0.0, .greaterThanOrEqual, Strength.required),
        ([("ctwidth", 1)], -119.0, .greaterThanOrEqual, smedium),
        ([("lb3width", 1)], -24.0, .equal, Strength.weak),
        ([("lb3width", 1)], -24.0, .greaterThanOrEqual, Strength.strong),
        ([("fl1width", 1)], -125.0, .greaterThanOrEqual, Strength.strong),
    ]
}

/// A contentView with a title, a multi-line body and a footer in a vertical chain.
@MainActor
final class ThreeLabelCell {
    let content: View
    let title = Label(), body = Label(), footer = Label()
    var constraints: [LayoutConstraint] = []
    static let words = ["swift", "table", "view", "cell", "height", "layout", "solver", "row", "reuse", "a", "constraint", "fit"]
    static let texts: [String] = {
        var rng = UInt64(42)
        func next() -> Int { rng = rng &* 6364136223846793005 &+ 1442695040888963407; return Int(rng >> 33) }
        return (0..<64).map { _ in (0..<(3 + next() % 30)).map { _ in words[next() % words.count] }.joined(separator: " ") }
    }()

    /// The labels go into `content` (a table cell's contentView in the `feed` suite).
    init(content: View = View()) {
        self.content = content
        for label in [title, body, footer] {
            label.translatesAutoresizingMaskIntoConstraints = false
            content.addSubview(label)
        }
        title.numberOfLines = 1
        footer.numberOfLines = 1
        constraints = makeConstraints()
    }

    func makeConstraints() -> [LayoutConstraint] {
        var result: [LayoutConstraint] = []
        var previous = content.topAnchor
        for label in [title, body, footer] {
            result.append(label.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 2))
            result.append(label.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -2))
            result.append(label.topAnchor.constraint(equalTo: previous, constant: 1))
            previous = label.bottomAnchor
        }
        result.append(content.bottomAnchor.constraint(equalTo: previous, constant: 1))
        return result
    }

    func fill(_ i: Int) {
        let texts = ThreeLabelCell.texts
        title.text = String(texts[i % 64].prefix(30))
        body.text = texts[(i * 7 + 3) % 64]
        footer.text = "\(i % 1000) likes"
    }

    func frameHeight() -> CGFloat {
        let width = CGSize(width: 36, height: 0)
        return 4 + title.sizeThatFits(width).height + body.sizeThatFits(width).height + footer.sizeThatFits(width).height
    }

    func autoLayoutHeight() -> CGFloat {
        if !constraints[0].isActive { LayoutConstraint.activate(constraints) }
        return content.systemLayoutSizeFitting(
            CGSize(width: 40, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
    }

    func churnHeight() -> CGFloat {
        let fresh = makeConstraints()
        LayoutConstraint.activate(fresh)
        let height = content.systemLayoutSizeFitting(
            CGSize(width: 40, height: 0), withHorizontalFittingPriority: .required,
            verticalFittingPriority: .fittingSizeLevel
        ).height
        LayoutConstraint.deactivate(fresh)
        return height
    }
}
