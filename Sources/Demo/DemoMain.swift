import Foundation
import ReuseTable

/// `swift run Demo [tour|trace|xray|bench|--help]`.
@main
struct DemoMain {
    @MainActor
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let command = arguments.first ?? "interactive"
        if !arguments.isEmpty { arguments.removeFirst() }
        switch command {
        case "bench": exit(Bench.run(arguments))
        case "tour": Tour.run()
        case "--help", "-h", "help": print(helpText)
        default:
            print("Unknown command '\(command)'.\n\n\(helpText)")
            exit(2)
        }
    }

    static let helpText = """
        Usage: swift run Demo [command]

          (no command)  interactive table on a terminal; the scripted tour otherwise
          tour          scripted tour over a 1,000,000-row table, printing counters
          bench         benchmarks (use -c release): --quick --json --markdown FILE --svg FILE
          --help        this text
        """
}
