import SeededRandom

/// The one seeded generator (`Sources/SeededRandom`), so every random test reproduces from its seed and
/// names the same sequence as the bench and the demo. `import TestSupport` is all a test needs.
public typealias SplitMix64 = SeededRandom.SplitMix64
