import Foundation
import Testing
@testable import ReuseTable
import TestSupport

@MainActor
@Suite struct AutoLayoutTests {
    /// A label that constraints place.
    private func label(_ text: String, in parent: View) -> Label {
        let label = Label(text: text)
        label.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(label)
        return label
    }

    private func lines(_ text: String, _ columns: Int) -> CGFloat {
        CGFloat(Label.wrap(text, columns: columns).count)
    }

    @Test func verticalChainOfLabelsAtAFencedWidthHasTheExactHeight() {
        let content = View()
        let texts = [
            "the quick brown fox jumps over the lazy dog", "hello",
            "a much longer paragraph that wraps onto several lines of the label at this width",
        ]
        var previous: LayoutYAxisAnchor = content.topAnchor
        var labels: [Label] = []
        for (index, text) in texts.enumerated() {
            let l = label(text, in: content)
            LayoutConstraint.activate([
                l.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 8),
                l.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -8),
                l.topAnchor.constraint(equalTo: previous, constant: index == 0 ? 8 : 4),
            ])
            previous = l.bottomAnchor
            labels.append(l)
        }
        content.bottomAnchor.constraint(equalTo: previous, constant: 8).isActive = true
        for width in [40, 26, 100, 17] as [CGFloat] {
            let columns = Int(width) - 16
            let expected = 8 + lines(texts[0], columns) + 4 + lines(texts[1], columns) + 4 + lines(texts[2], columns) + 8
            #expect(content.templateFittingHeight(width: width) == expected, "width \(width)")
        }
        // Through the public API too, and frames after layout.
        #expect(
            content.systemLayoutSizeFitting(
                CGSize(width: 40, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel
            ).height
                == 8 + lines(texts[0], 24) + 4 + 1 + 4 + lines(texts[2], 24) + 8)
        // Laid out at its fitted size, each label gets its own height (a taller frame would
        // stretch the labels: their hugging is not required).
        content.frame = CGRect(x: 0, y: 0, width: 40, height: content.templateFittingHeight(width: 40)!)
        content.layoutIfNeeded()
        #expect(labels[0].frame == CGRect(x: 8, y: 8, width: 24, height: lines(texts[0], 24)))
        #expect(labels[1].frame.minY == 8 + lines(texts[0], 24) + 4)
        #expect(labels[2].lines == Label.wrap(texts[2], columns: 24))
    }

    @Test func templateFittingIsNilWithoutConstraintsAndKeepsItsEngine() {
        let content = View()
        content.addSubview(Label(text: "frames only"))
        #expect(content.templateFittingHeight(width: 100) == nil)
        let l = label("one", in: content)
        LayoutConstraint.activate([
            l.topAnchor.constraint(equalTo: content.topAnchor, constant: 2),
            l.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -3),
            l.leadingAnchor.constraint(equalTo: content.leadingAnchor),
        ])
        #expect(content.templateFittingHeight(width: 100) == 6)
        let engine = content.layoutEngine
        l.text = "one\ntwo\nthree"  // new content: an intrinsic-size edit, not a rebuild
        #expect(content.templateFittingHeight(width: 100) == 8)
        #expect(content.layoutEngine === engine)
    }

    /// Article 002's trick: the content label hangs below the title at high priority and
    /// below the top at low priority; deactivating the high one when the title is empty closes the gap.
    @Test func thePriorityTrickCollapsesTheGap() {
        let content = View()
        let title = label("Title", in: content)
        let body = label("Body", in: content)
        let belowTitle = body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 8)
        belowTitle.priority = 999
        let belowTop = body.topAnchor.constraint(equalTo: content.topAnchor, constant: 10)
        belowTop.priority = .defaultLow
        LayoutConstraint.activate([
            title.topAnchor.constraint(equalTo: content.topAnchor, constant: 10),
            title.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            body.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            belowTitle, belowTop,
            content.bottomAnchor.constraint(equalTo: body.bottomAnchor, constant: 10),
        ])
        #expect(content.templateFittingHeight(width: 50) == CGFloat(10 + 1 + 8 + 1 + 10))
        title.text = ""
        belowTitle.isActive = false
        #expect(content.templateFittingHeight(width: 50) == CGFloat(10 + 1 + 10))
        title.text = "Back"
        belowTitle.isActive = true
        #expect(content.templateFittingHeight(width: 50) == 30)
    }

    @Test func huggingAndCompressionDecideWhichLabelShrinksOrGrows() {
        let content = View()
        let left = label("aaaaaaaaaa", in: content)  // 10 wide
        let right = label("bbbbbbbbbb", in: content)  // 10 wide
        left.numberOfLines = 1
        right.numberOfLines = 1
        LayoutConstraint.activate([
            left.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            right.leadingAnchor.constraint(equalTo: left.trailingAnchor, constant: 2),
            right.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            left.topAnchor.constraint(equalTo: content.topAnchor),
            right.topAnchor.constraint(equalTo: content.topAnchor),
        ])
        content.frame = CGRect(x: 0, y: 0, width: 16, height: 1)
        left.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        content.layoutIfNeeded()
        #expect(left.frame.width == 4 && right.frame.width == 10)
        left.setContentCompressionResistancePriority(.defaultHigh, for: .horizontal)
        right.setContentCompressionResistancePriority(.defaultHigh - 1, for: .horizontal)
        content.layoutIfNeeded()
        #expect(left.frame.width == 10 && right.frame.width == 4)
        // Too much room: the lower hugging priority grows.
        content.frame.size.width = 30
        right.setContentHuggingPriority(.defaultLow + 1, for: .horizontal)
        content.layoutIfNeeded()
        #expect(left.frame.width == 18 && right.frame.width == 10 && right.frame.minX == 20)
        #expect(left.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(right.contentCompressionResistancePriority(for: .vertical) == .defaultHigh)
    }

    @Test func preferredMaxLayoutWidthAndIntrinsicSize() {
        let l = Label(text: "the quick brown fox")
        #expect(l.intrinsicContentSize == CGSize(width: 19, height: 1))
        l.preferredMaxLayoutWidth = 10
        #expect(l.intrinsicContentSize == CGSize(width: 9, height: 2))
        #expect(l.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == CGSize(width: 9, height: 2))
        #expect(View().intrinsicContentSize == CGSize(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric))
    }

    @Test func aMultiLineLabelWrapsAtTheWidthItsConstraintsGiveIt() {
        let content = View()
        let l = label("one two three four five six", in: content)
        LayoutConstraint.activate([
            l.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 1),
            l.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -1),
            l.topAnchor.constraint(equalTo: content.topAnchor),
            l.bottomAnchor.constraint(equalTo: content.bottomAnchor),
        ])
        #expect(content.templateFittingHeight(width: 12) == lines(l.text, 10))
        #expect(content.layoutEngine.lastPassCount <= 3)
        #expect(content.templateFittingHeight(width: 100) == 1)
        l.text = "short"
        #expect(
            content.systemLayoutSizeFitting(
                CGSize(width: 100, height: 0), withHorizontalFittingPriority: .required,
                verticalFittingPriority: .fittingSizeLevel) == CGSize(width: 100, height: 1))
    }

    @Test func layoutIfNeededPlacesViewsInTheirSuperviewsCoordinates() {
        let root = View(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        let box = View(frame: CGRect(x: 10, y: 5, width: 60, height: 40))  // frame-based: pinned
        root.addSubview(box)
        let inner = View()
        inner.translatesAutoresizingMaskIntoConstraints = false
        box.addSubview(inner)
        LayoutConstraint.activate([
            inner.centerXAnchor.constraint(equalTo: box.centerXAnchor),
            inner.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            inner.widthAnchor.constraint(equalTo: box.widthAnchor, multiplier: 0.5),
            inner.heightAnchor.constraint(equalToConstant: 10),
        ])
        #expect(root.constraints.count == 1 && box.constraints.count == 2 && inner.constraints.count == 1)
        root.layoutIfNeeded()
        #expect(box.frame == CGRect(x: 10, y: 5, width: 60, height: 40))
        #expect(inner.frame == CGRect(x: 15, y: 15, width: 30, height: 10))
        box.frame.origin.y = 0
        root.layoutIfNeeded()
        #expect(inner.frame == CGRect(x: 15, y: 20, width: 30, height: 10))
        inner.constraints[0].isActive = false
        #expect(inner.constraints.isEmpty)
    }

    /// A frame set in `layoutSubviews()` — a cell sizing its contentView — moves the views that
    /// constraints hang from it in the same `layoutIfNeeded()`, on the first pass and on every resize.
    @Test func constrainedViewsFollowAFrameSetInLayoutSubviews() {
        final class Holder: View {
            let box = View()  // frame-based: placed by `layoutSubviews`
            override func layoutSubviews() {
                box.frame = CGRect(x: 0, y: 0, width: bounds.width - 10, height: bounds.height - 1)
            }
        }
        let holder = Holder(frame: CGRect(x: 0, y: 0, width: 50, height: 30))
        holder.addSubview(holder.box)
        let fill = label("pinned", in: holder.box)
        LayoutConstraint.activate([
            fill.leadingAnchor.constraint(equalTo: holder.box.leadingAnchor),
            fill.trailingAnchor.constraint(equalTo: holder.box.trailingAnchor),
            fill.topAnchor.constraint(equalTo: holder.box.topAnchor),
            fill.bottomAnchor.constraint(equalTo: holder.box.bottomAnchor),
        ])
        holder.layoutIfNeeded()
        #expect(fill.frame == CGRect(x: 0, y: 0, width: 40, height: 29))
        holder.frame.size = CGSize(width: 80, height: 60)
        holder.layoutIfNeeded()
        #expect(fill.frame == CGRect(x: 0, y: 0, width: 70, height: 59))
        holder.frame.size.height = 20
        holder.layoutIfNeeded()
        #expect(fill.frame == CGRect(x: 0, y: 0, width: 70, height: 19))
    }

    @Test func conflictingRequiredConstraintsGiveOneDiagnosticAndRecover() {
        let content = View()
        let box = View()
        box.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(box)
        let narrow = box.widthAnchor.constraint(equalToConstant: 10)
        let wide = box.widthAnchor.constraint(equalToConstant: 20)
        wide.identifier = "wide"
        LayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            box.topAnchor.constraint(equalTo: content.topAnchor),
            content.bottomAnchor.constraint(equalTo: box.bottomAnchor),
            box.heightAnchor.constraint(equalToConstant: 3),
            narrow,
        ])
        var messages: [String] = []
        #expect(content.templateFittingHeight(width: 50, diagnostics: { messages.append($0) }) == 3)
        wide.isActive = true
        content.frame = CGRect(x: 0, y: 0, width: 50, height: 3)
        content.layoutEngine.layout(diagnostics: { messages.append($0) })
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("Unable to simultaneously satisfy constraints.") == true)
        #expect(messages.first?.contains("Will attempt to recover by breaking constraint\n    <View.width == 20 'wide'>") == true)
        #expect(messages.first?.contains("<View.width == 10>") == true)
        #expect(box.frame == CGRect(x: 0, y: 0, width: 10, height: 3))
        content.layoutEngine.layout(diagnostics: { messages.append($0) })
        #expect(messages.count == 1)  // broken once, not reported on every layout
        narrow.isActive = false
        wide.constant = 21  // a changed constraint is tried again
        content.layoutEngine.layout(diagnostics: { messages.append($0) })
        #expect(box.frame.width == 21 && messages.count == 1)
    }

    /// A label pinned 2 points inside a view by required constraints, reaching at least
    /// `minimumWidth` past its leading edge and `minimumHeight` below its top (both required).
    ///
    /// A fitting size too small breaks the last of these to be added, the trailing or bottom pin:
    /// then nothing holds the view's edge to the label.
    private func pinnedLabel(minimumWidth: CGFloat = 0, minimumHeight: CGFloat = 0) -> View {
        let content = View()
        let l = label("the quick brown fox jumps over the lazy dog", in: content)
        LayoutConstraint.activate([
            l.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 2),
            l.trailingAnchor.constraint(greaterThanOrEqualTo: content.leadingAnchor, constant: 2 + minimumWidth),
            content.trailingAnchor.constraint(equalTo: l.trailingAnchor, constant: 2),
            l.topAnchor.constraint(equalTo: content.topAnchor, constant: 2),
            l.bottomAnchor.constraint(greaterThanOrEqualTo: content.topAnchor, constant: 2 + minimumHeight),
            content.bottomAnchor.constraint(equalTo: l.bottomAnchor, constant: 2),
        ])
        return content
    }

    /// The fits every test below makes after the impossible one: compressed, at a fenced width, and
    /// the template cells' entry point.
    private func ordinaryFits(_ content: View) -> [CGSize] {
        [
            content.systemLayoutSizeFitting(View.layoutFittingCompressedSize),
            content.systemLayoutSizeFitting(
                CGSize(width: 30, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel),
            CGSize(width: 40, height: content.templateFittingHeight(width: 40)!),
            content.systemLayoutSizeFitting(View.layoutFittingExpandedSize),
        ]
    }

    /// What `body` returns, and the conflict reports it made through `LayoutConstraint.diagnosticHandler`.
    private func reporting<Result>(_ body: () -> Result) -> (Result, reports: [String]) {
        var messages: [String] = []
        let saved = LayoutConstraint.diagnosticHandler
        LayoutConstraint.diagnosticHandler = { messages.append($0) }
        defer { LayoutConstraint.diagnosticHandler = saved }
        return (body(), messages)
    }

    @Test func afterAnImpossibleWidthLaterFitsAreAsIfItNeverHappened() {
        let expected = ordinaryFits(pinnedLabel(minimumWidth: 20))
        #expect(expected[0] == CGSize(width: 47, height: 5))  // one line: 43 columns
        #expect(expected[1].height == 4 + lines("the quick brown fox jumps over the lazy dog", 26))
        let content = pinnedLabel(minimumWidth: 20)
        let (impossible, reports) = reporting {
            content.systemLayoutSizeFitting(
                CGSize(width: 10, height: 0), withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        }
        #expect(reports.count == 1 && reports[0].hasPrefix("Unable to simultaneously satisfy constraints."))
        #expect(impossible.width.isFinite && impossible.height.isFinite)
        let later = reporting { ordinaryFits(content) }
        #expect(later.0 == expected)
        #expect(later.reports.isEmpty)
        // Once more, from an engine that has fitted before.
        #expect(reporting { content.templateFittingHeight(width: 3) }.reports.count == 1)
        #expect(reporting { ordinaryFits(content) } == (expected, []))
    }

    @Test func afterAnImpossibleHeightLaterFitsAreAsIfItNeverHappened() {
        let expected = ordinaryFits(pinnedLabel(minimumHeight: 3))
        #expect(expected[0] == CGSize(width: 47, height: 7))  // one line, 3 points tall at least
        let content = pinnedLabel(minimumHeight: 3)
        let (_, reports) = reporting {
            content.systemLayoutSizeFitting(
                CGSize(width: 30, height: 1), withHorizontalFittingPriority: .required, verticalFittingPriority: .required)
        }
        #expect(reports.count == 1)
        #expect(reporting { ordinaryFits(content) } == (expected, []))
    }

    @Test func aRequiredCompressionResistanceBrokenByANarrowFitComesBack() {
        func make() -> (View, Label) {
            let content = pinnedLabel()
            let l = content.subviews[0] as! Label
            l.text = "ab"
            l.numberOfLines = 1  // its intrinsic size does not follow the width
            l.setContentCompressionResistancePriority(.required, for: .horizontal)
            return (content, l)
        }
        let (fresh, freshLabel) = make()
        freshLabel.text = "the quick brown fox"
        let expected = ordinaryFits(fresh)
        #expect(expected[0] == CGSize(width: 23, height: 5))
        let (content, l) = make()
        #expect(content.templateFittingHeight(width: 10) == 5)
        l.text = "the quick brown fox"  // 19 columns that must not be compressed: they cannot fit in 10
        #expect(reporting { content.templateFittingHeight(width: 10) }.0!.isFinite)
        #expect(reporting { ordinaryFits(content) } == (expected, []))
    }

    @Test func aFrameBasedViewsPinBrokenByAFitComesBack() {
        func make(boxWidth: CGFloat) -> (View, View) {
            let content = View()
            let box = View(frame: CGRect(x: 0, y: 0, width: boxWidth, height: 3))  // held at its frame
            content.addSubview(box)
            LayoutConstraint.activate([
                content.trailingAnchor.constraint(equalTo: box.trailingAnchor),
                content.bottomAnchor.constraint(equalTo: box.bottomAnchor),
            ])
            return (content, box)
        }
        // The box alone sets the size, so only the unfenced fits are possible.
        func fits(_ content: View) -> [CGSize] {
            [View.layoutFittingCompressedSize, View.layoutFittingExpandedSize].map { content.systemLayoutSizeFitting($0) }
        }
        let (content, box) = make(boxWidth: 10)
        #expect(content.templateFittingHeight(width: 10) == 3)
        box.frame.size.width = 20  // its width pin cannot hold in a 10-point fit
        #expect(reporting { content.templateFittingHeight(width: 10) }.reports.count == 1)
        #expect(reporting { fits(content) } == (fits(make(boxWidth: 20).0), []))
        #expect(fits(content) == [CGSize(width: 20, height: 3), CGSize(width: 20, height: 3)])
    }

    @Test func afterImpossibleBoundsLaterLayoutsAreAsIfTheyNeverHappened() {
        func layOut(_ content: View, _ size: CGSize) -> CGRect {
            content.frame = CGRect(origin: .zero, size: size)
            content.layoutIfNeeded()
            return content.subviews[0].frame
        }
        let fresh = pinnedLabel(minimumWidth: 20, minimumHeight: 3)
        let expected = layOut(fresh, CGSize(width: 40, height: 12))
        #expect(expected == CGRect(x: 2, y: 2, width: 36, height: 8))
        let content = pinnedLabel(minimumWidth: 20, minimumHeight: 3)
        #expect(!reporting { layOut(content, CGSize(width: 5, height: 1)) }.reports.isEmpty)
        #expect(reporting { layOut(content, CGSize(width: 40, height: 12)) } == (expected, []))
        #expect(ordinaryFits(content) == ordinaryFits(pinnedLabel(minimumWidth: 20, minimumHeight: 3)))
    }

    @Test func aThousandRandomConstantEditsEachEqualAFromScratchSolve() {
        var rng = SplitMix64(seed: 13)
        let content = View()
        var labels: [Label] = []
        var constraints: [LayoutConstraint] = []
        var previous = content.topAnchor
        for index in 0..<4 {
            let l = label(String(repeating: "word ", count: index * 3 + 1), in: content)
            let top = l.topAnchor.constraint(equalTo: previous, constant: 4)
            let lead = l.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 8)
            let trail = l.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -8)
            let minHeight = l.heightAnchor.constraint(greaterThanOrEqualToConstant: 1)
            minHeight.priority = 500
            constraints += [top, lead, trail, minHeight]
            previous = l.bottomAnchor
            labels.append(l)
        }
        constraints.append(content.bottomAnchor.constraint(equalTo: previous, constant: 4))
        LayoutConstraint.activate(constraints)
        _ = content.templateFittingHeight(width: 60)
        let engine = content.layoutEngine
        let solverConstraints = engine.solver.constraintTags.count
        let edits = 1000
        for _ in 0..<edits {
            let constraint = constraints.randomElement(using: &rng)!
            constraint.constant = CGFloat(Int.random(in: -20...20, using: &rng)) / 2
            let width = CGFloat(Int.random(in: 30...80, using: &rng))
            let incremental = content.templateFittingHeight(width: width)!
            let fresh = LayoutEngine(root: content)
            let scratch = fresh.fit(CGSize(width: width, height: 0), horizontal: .required, vertical: .fittingSizeLevel, diagnostics: nil)
            #expect(incremental == scratch.height)
            for l in labels {
                let a = engine.items[ObjectIdentifier(l)]!, b = fresh.items[ObjectIdentifier(l)]!
                #expect(a.top.value == b.top.value && a.height.value == b.height.value && a.width.value == b.width.value)
            }
        }
        #expect(content.layoutEngine === engine)
        #expect(engine.solver.constraintTags.count == solverConstraints)
    }

    /// New texts move the labels' intrinsic-size edits, changed priorities rebuild their constraints, and a
    /// frame-based view's moves replace single pins: after each change the kept engine equals a fresh one.
    @Test func randomTextsPrioritiesAndPinMovesEachEqualAFromScratchSolve() {
        var rng = SplitMix64(seed: 29)
        let content = View()
        let texts = ["a", "bb", "ccc dd", "the quick brown fox", "", "jumps over the lazy dog again and again"]
        var labels: [Label] = []
        var constraints: [LayoutConstraint] = []
        var previous = content.topAnchor
        for index in 0..<3 {
            let l = label(texts[index], in: content)
            constraints += [
                l.topAnchor.constraint(equalTo: previous, constant: 1),
                l.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 2),
                l.trailingAnchor.constraint(lessThanOrEqualTo: content.trailingAnchor, constant: -1),
            ]
            previous = l.bottomAnchor
            labels.append(l)
        }
        let box = View(frame: CGRect(x: 1, y: 1, width: 3, height: 2))  // frame-based: held by pins
        content.addSubview(box)
        let underBox = labels[0].widthAnchor.constraint(greaterThanOrEqualTo: box.widthAnchor)
        underBox.priority = 600
        constraints += [underBox, content.bottomAnchor.constraint(equalTo: previous, constant: 1)]
        LayoutConstraint.activate(constraints)
        let hugging: [LayoutPriority] = [.defaultLow, .defaultHigh, .required, 999]
        let compression: [LayoutPriority] = [.defaultLow, .defaultHigh, 999]
        var reports: [String] = []
        for step in 0..<300 {
            let l = labels.randomElement(using: &rng)!
            let axis: LayoutConstraint.Axis = Bool.random(using: &rng) ? .horizontal : .vertical
            switch Int.random(in: 0..<5, using: &rng) {
            case 0, 1: l.text = texts.randomElement(using: &rng)!
            case 2: l.setContentHuggingPriority(hugging.randomElement(using: &rng)!, for: axis)
            case 3: l.setContentCompressionResistancePriority(compression.randomElement(using: &rng)!, for: axis)
            default:
                box.frame.size.width = CGFloat(Int.random(in: 1...30, using: &rng))
                box.frame.origin.y = CGFloat(Int.random(in: 0...3, using: &rng))
            }
            let width = CGFloat(Int.random(in: 15...70, using: &rng))
            let incremental = content.templateFittingHeight(width: width, diagnostics: { reports.append($0) })!
            let fresh = LayoutEngine(root: content)
            let scratch = fresh.fit(
                CGSize(width: width, height: 0), horizontal: .required, vertical: .fittingSizeLevel, diagnostics: { reports.append($0) })
            #expect(incremental == scratch.height, "step \(step)")
            for view in labels + [box] {
                let a = content.layoutEngine.items[ObjectIdentifier(view)]!, b = fresh.items[ObjectIdentifier(view)]!
                #expect(
                    a.left.value == b.left.value && a.top.value == b.top.value && a.width.value == b.width.value
                        && a.height.value == b.height.value, "step \(step)")
            }
        }
        #expect(reports.isEmpty, "no priority here is required against another required constraint: \(reports.prefix(2))")
        let edited = labels.filter { content.layoutEngine.items[ObjectIdentifier($0)]!.intrinsicEdits.contains { $0 != nil } }
        #expect(!edited.isEmpty, "texts moved edit variables, not constants")
    }

    @Test func churnDeactivateAndActivatePerMeasurementStillWorks() {
        let content = View()
        let l = label("", in: content)
        for text in ["a", "b c d e f g h", "", "x"] {
            l.text = text
            let constraints = [
                l.topAnchor.constraint(equalTo: content.topAnchor, constant: 1),
                l.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -1),
                l.leadingAnchor.constraint(equalTo: content.leadingAnchor),
                l.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            ]
            LayoutConstraint.activate(constraints)
            #expect(content.templateFittingHeight(width: 4) == 2 + lines(text, 4))
            LayoutConstraint.deactivate(constraints)
        }
        #expect(content.templateFittingHeight(width: 4) == nil)
    }

    @Test func viewsThatComeAndGoDoNotGrowTheEngine() {
        let content = View()
        var counts: [Int] = []
        for round in 0..<5 {
            let l = label(String(repeating: "x ", count: round + 1), in: content)
            let constraints = [
                l.topAnchor.constraint(equalTo: content.topAnchor),
                l.bottomAnchor.constraint(equalTo: content.bottomAnchor),
                l.leadingAnchor.constraint(equalTo: content.leadingAnchor),
                l.widthAnchor.constraint(equalToConstant: 2),
            ]
            LayoutConstraint.activate(constraints)
            #expect(content.templateFittingHeight(width: 10) == CGFloat(round + 1))
            LayoutConstraint.deactivate(constraints)
            l.removeFromSuperview()
            content.addSubview(View())  // keeps the subtree non-empty; no constraints
            _ = content.layoutEngine.fit(CGSize(width: 10, height: 0), horizontal: .required, vertical: .fittingSizeLevel, diagnostics: nil)
            counts.append(content.layoutEngine.solver.variables.count)
        }
        #expect(Set(counts).count == 1, "\(counts)")
    }

    @Test func priorityToStrengthMapping() {
        #expect(LayoutPriority.required.strength == Strength.required)
        #expect(LayoutPriority(999).strength < Strength.required)
        #expect(LayoutPriority(750).strength > 100 * LayoutPriority(500).strength)
        #expect(LayoutPriority.defaultHigh > .defaultLow && LayoutPriority.fittingSizeLevel.rawValue == 50)
        let p: LayoutPriority = 249.5
        #expect(p < .defaultLow)
    }

    /// The entry point the table's template-cell path calls: a cell's contentView fitted at the
    /// content width; the contentView itself is not pinned by its own autoresizing translation.
    @Test func aTableViewCellsContentViewFitsThroughTheTemplateEntryPoint() {
        let cell = TableViewCell(reuseIdentifier: "post")
        #expect(cell.contentView.templateFittingHeight(width: 30) == nil)  // no constraints: sizeThatFits path
        let title = label("Hello template layout cell", in: cell.contentView)
        LayoutConstraint.activate([
            title.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 1),
            title.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -1),
            title.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 1),
            title.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -1),
        ])
        cell.contentView.frame = CGRect(x: 0, y: 0, width: 300, height: 9)  // a stale frame does not matter
        #expect(cell.contentView.templateFittingHeight(width: 12) == 2 + lines(title.text, 10))
        #expect(cell.contentView.templateFittingHeight(width: 100) == 3)
        cell.contentView.frame = CGRect(x: 0, y: 0, width: 12, height: 2 + lines(title.text, 10))
        cell.contentView.layoutIfNeeded()
        #expect(title.frame == CGRect(x: 1, y: 1, width: 10, height: lines(title.text, 10)))
    }

    /// The items and the host of a constraint are weak: they read nil once the views are gone.
    @Test func aConstraintDoesNotKeepItsViews() {
        var host: View? = View()
        var item: View? = View()
        item!.translatesAutoresizingMaskIntoConstraints = false
        host!.addSubview(item!)
        let constraint = item!.leadingAnchor.constraint(equalTo: host!.leadingAnchor)
        constraint.isActive = true
        #expect(constraint.firstItem === item && constraint.secondItem === host && constraint.isActive)
        weak let weakItem = item
        weak let weakHost = host
        item = nil
        host = nil
        #expect(weakItem == nil && weakHost == nil)
        #expect(constraint.firstItem == nil && constraint.secondItem == nil && !constraint.isActive)
    }
}
