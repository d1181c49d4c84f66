import SeededRandom
import Testing

/// The generator every seeded test and the bench draw from: the published SplitMix64 sequence, so a seed
/// names the same numbers in every target and on every machine.
@Suite struct SplitMix64Tests {
    /// The reference sequence for seed 1234567 (Vigna's splitmix64.c) and for seed 0.
    @Test func theSequenceIsSplitMix64s() {
        var generator = SplitMix64(seed: 1_234_567)
        #expect(
            (0..<5).map { _ in generator.next() } == [
                6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
            ])
        var zero = SplitMix64(seed: 0)
        #expect((0..<3).map { _ in zero.next() } == [16_294_208_416_658_607_535, 7_960_286_522_194_355_700, 487_617_019_471_545_679])
    }

    /// `hash(_:)` is the output for one state: the first number of a generator seeded with it.
    @Test func hashIsTheFirstOutputOfThatSeed() {
        for seed: UInt64 in [0, 1, 42, 1 << 40, .max] {
            var generator = SplitMix64(seed: seed)
            #expect(SplitMix64.hash(seed) == generator.next(), "seed \(seed)")
        }
    }

    /// `below(_:)` and `scaled(_:below:)` stay in `0 ..< bound`, reach both ends, and repeat from a seed.
    @Test func belowStaysInRangeAndRepeats() {
        var a = SplitMix64(seed: 7), b = SplitMix64(seed: 7)
        for bound in [1, 2, 3, 10, 1_000, Int.max] {
            let draws = (0..<2_000).map { _ in a.below(bound) }
            #expect(draws.allSatisfy { (0..<bound).contains($0) }, "bound \(bound)")
            #expect(draws == (0..<2_000).map { _ in b.below(bound) }, "bound \(bound)")
            if bound <= 10 { #expect(Set(draws).count == bound, "every value of 0..<\(bound) comes up") }
        }
        #expect(SplitMix64.scaled(0, below: 10) == 0 && SplitMix64.scaled(.max, below: 10) == 9)
    }
}
