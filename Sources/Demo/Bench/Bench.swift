import Foundation

/// Placeholder: the benchmark harness lands with issue #8.
enum Bench {
    @MainActor static func run(_ arguments: [String]) -> Int32 { print("bench: not yet"); return 0 }
}
