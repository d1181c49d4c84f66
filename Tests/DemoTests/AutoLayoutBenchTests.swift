import Testing
@testable import Demo
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

    @Test func theSuitesUseTheDocumentedOperationNames() {
        #expect(Suites.solver().operations.map(\.name) == ["enamlBuild", "enamlSuggest"])
        #expect(Suites.selfSizing().operations.map(\.name) == ["fitFrame", "fitAutoLayout", "fitAutoLayoutChurn"])
        #expect(Suites.chain(quick: true).operations.map(\.name) == ["chain"])
    }
}
