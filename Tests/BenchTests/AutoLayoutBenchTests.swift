import Testing
@testable import Bench
@testable import ReuseTable

/// The solver and self-sizing bench subjects compute what they claim (wiring and answers, never timings).
@MainActor
@Suite struct AutoLayoutBenchTests {
    @Test func theThreeLabelCellGivesTheSameHeightByFramesByAKeptEngineAndByChurn() {
        let cell = ThreeLabelCell()
        for i in 0..<64 {
            cell.fill(i)
            let frame = cell.frameHeight()
            #expect(cell.autoLayoutHeight() == frame, "cell \(i)")
            #expect(cell.churnHeight() == frame, "cell \(i)")
        }
    }

    @Test func theEnamlLikeFormHasKiwisConstraintsAndSolves() throws {
        let form = EnamlLike()
        #expect(form.solver.constraintTags.count == 111 + 2)  // kiwi's 111, plus the two edit constraints
        try form.solver.suggestValue(form.width, 400)
        try form.solver.suggestValue(form.height, 600)
        form.solver.updateVariables()
        #expect(form.width.value == 400 && form.height.value == 600)
    }

    /// kiwi's loop: six measurements, one per size in kiwi's order, each repeating its size, so the
    /// solver ends at the last size; the figure is the median of the six medians.
    @Test func enamlSuggestRepeatMeasuresEachOfKiwisSizesInOrder() {
        let form = EnamlLike()
        let (summary, medians) = Suites.enamlSuggestRepeat(form, options: .instant)
        #expect(medians.count == 6)
        #expect(summary.median == Harness.summarize(medians).median)
        #expect(summary.p10 <= summary.median && summary.median <= summary.p90)
        #expect(form.width.value == 800 && form.height.value == 400, "the last of kiwi's sizes")
        #expect(Suites.enamlSizes.map(\.width) == [400, 600, 800, 1200, 400, 800])
        #expect(Suites.enamlSizes.map(\.height) == [600, 400, 1200, 800, 800, 400])
        // The suite's case measures itself this way instead of timing one step.
        let operation = Suites.solver().operations.first { $0.name == "enamlSuggestRepeat" }
        let benchCase = operation?.strategies.first?.setUp(111)
        #expect(benchCase?.measure?(.instant).samples == 6, "one instant sample per size")
    }

    @Test func theSuitesUseTheDocumentedOperationNames() {
        #expect(Suites.solver().operations.map(\.name) == ["enamlBuild", "enamlSuggest", "enamlSuggestRepeat"])
        #expect(Suites.selfSizing().operations.map(\.name) == ["fitFrame", "fitAutoLayout", "fitAutoLayoutChurn"])
        #expect(Suites.chain(quick: true).operations.map(\.name) == ["chain"])
    }
}
