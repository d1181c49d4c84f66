import Testing
@testable import Demo

@Suite struct DemoSmokeTests {
    @Test func helpListsCommands() {
        #expect(DemoMain.helpText.contains("tour"))
    }
}
