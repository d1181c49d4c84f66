import Foundation

/// Placeholder: the tour lands with issue #2.
enum Tour {
    @MainActor static func run() { print("tour") }
}
