enum Trace { @MainActor static func run() {} }
