import Foundation
import Testing

/// `Examples/ExampleList`, the product's example: built with the package, run here off a terminal as
/// CI runs it, and shown verbatim in the README.
@Suite struct ExampleListTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `ExampleList` executable next to this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ExampleList")
    }

    @Test func offATerminalItPrintsThreeFramesAndExitsZero() throws {
        let path = Self.executable.path
        try #require(FileManager.default.isExecutableFile(atPath: path), "ExampleList not built at \(path)")
        let process = Process()
        process.executableURL = Self.executable
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let frames = String(decoding: data, as: UTF8.self).components(separatedBy: "\n\n").filter { !$0.isEmpty }
        try #require(frames.count == 3, "three frames separated by a blank line:\n\(String(decoding: data, as: UTF8.self))")
        for frame in frames {
            let lines = frame.components(separatedBy: "\n").filter { !$0.isEmpty }
            #expect(lines.count == 8, "8 lines of the 60 × 8 screen")
            #expect(lines.last?.contains("of 1000000 · ↑ ↓ PgUp PgDn Home End · q quits") == true)
        }
        // The first screen starts at the first shipment, a page down shows the page after it
        // (one line of context), and End ends at the millionth, whose note wraps to a second line.
        #expect(frames[0].hasPrefix(" #1  Osaka  2920 kg"))
        #expect(frames[0].contains("row 1 of 1000000"))
        #expect(frames[1].hasPrefix(" #7  Lisbon"))
        #expect(frames[2].contains(" #1000000  Osaka  1 kg  fragile: keep upright, do not"))
        #expect(frames[2].contains("\n stack, call before delivery"))
    }

    @Test func theReadmeShowsTheExampleVerbatim() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: Self.root.appendingPathComponent("Examples/ExampleList/main.swift"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Drawing a table in a terminal\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(block == example, "README.md's block under \"Drawing a table in a terminal\" must be Examples/ExampleList/main.swift")
        #expect(example.components(separatedBy: "\n").count < 80, "the example stays under 80 lines")
    }
}
