// One seeded generator for everything that must repeat: the bench's inputs, the demo's chat, and
// every random test (through TestSupport), so a seed names the same sequence everywhere.

/// SplitMix64: a tiny, fast, seedable generator, so every run sees the same numbers.
///
/// Its methods are `@inlinable`: the bench draws from it inside timed loops, across a module boundary.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    @inlinable public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable public mutating func next() -> UInt64 {
        defer { state &+= Self.golden }
        return Self.hash(state)
    }

    /// A value in `0 ..< bound`, from the next 64 bits scaled without a division.
    /// - Precondition: `bound > 0`.
    @inlinable public mutating func below(_ bound: Int) -> Int {
        Self.scaled(next(), below: bound)
    }

    /// A value in `0 ..< bound` made from `random` without a division (Lemire's multiply-high; the bias is
    /// negligible for the bounds used here).
    @inlinable public static func scaled(_ random: UInt64, below bound: Int) -> Int {
        Int(truncatingIfNeeded: random.multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// The generator's output for one state: a cheap, well-mixed 64-bit hash of `value` (its finaliser after
    /// one step), so data derived from an id alone (a feed's posts) needs no generator to carry.
    @inlinable public static func hash(_ value: UInt64) -> UInt64 {
        var z = value &+ golden
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The step between states: 2⁶⁴ divided by the golden ratio.
    @inlinable static var golden: UInt64 { 0x9E37_79B9_7F4A_7C15 }
}
