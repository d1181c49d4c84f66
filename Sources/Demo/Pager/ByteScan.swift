import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The filter's two inner loops over mapped bytes: counting newlines eight bytes at a time, and
/// finding a byte string 32 candidate positions at a time.
///
/// Counting uses the exact "which bytes of this word are zero" test on `word ^ repeated(byte)`:
/// `~(((x & 0x7F…) + 0x7F…) | x | 0x7F…)` has the high bit of exactly the zero bytes set
/// (no carry crosses a byte, unlike the shorter `(x − 0x01…) & ~x & 0x80…`). Finding compares two
/// `SIMD32` loads with the needle's two rarest bytes.
enum ByteScan {
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// High bit set in each byte of `word` equal to the byte `repeated` is a copy of.
    @inline(__always) private static func equalBytes(_ word: UInt64, _ repeated: UInt64) -> UInt64 {
        let x = word ^ repeated
        return ~(((x & low7) &+ low7) | x | low7)
    }

    /// The number of "\n" bytes in `base[range]`.
    /// - Complexity: O(n), about a word per few instructions; no branch per newline.
    static func countNewlines(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
        let raw = UnsafeRawPointer(base)
        let newline = ones &* 0x0A
        var i = range.lowerBound
        let end = range.upperBound
        var total = 0
        while i + 32 <= end {
            // Per-byte counters (a newline adds 1 to its lane), at most 252 a lane, then a sum.
            var lanes: UInt64 = 0
            var words = 0
            while i + 32 <= end && words < 252 {
                lanes &+= equalBytes(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self), newline) >> 7
                lanes &+= equalBytes(raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self), newline) >> 7
                lanes &+= equalBytes(raw.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self), newline) >> 7
                lanes &+= equalBytes(raw.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self), newline) >> 7
                i += 32
                words += 4
            }
            // Eight lanes of at most 252: pairs into four 16-bit lanes, then one multiply sums those.
            let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
            total += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while i < end {
            if base[i] == 0x0A { total += 1 }
            i += 1
        }
        return total
    }

    /// How common a byte is in text and logs, 0 (rare) to 255 (a space): the scan looks for the needle's two
    /// rarest bytes, so it stops at few places that cannot match. A rough guess from letter frequencies.
    static func commonness(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: " "): return 255
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            let order = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
            return 250 - 2 * (order.firstIndex(of: byte) ?? 25)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte <= UInt8(ascii: "2") ? 196 : 190
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 150
        case 0x0A, UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "/"): return 180
        case UInt8(ascii: "_"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), 0x09: return 150
        case UInt8(ascii: "="), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ";"): return 140
        case 0x21...0x7E: return 110
        case 0x80...0xFF: return 90
        default: return 20
        }
    }

    /// A byte string prepared for `find`: its two rarest bytes and where they sit in it.
    struct Needle {
        let bytes: [UInt8]
        /// Offsets in `bytes` of the two bytes the scan tests first (equal for a one-byte needle).
        let first: Int
        let second: Int

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            let ranked = bytes.indices.sorted { (commonness(bytes[$0]), $0) < (commonness(bytes[$1]), $1) }
            let a = ranked.first ?? 0
            let b = ranked.dropFirst().first ?? a
            first = min(a, b)
            second = max(a, b)
        }
    }

    /// The first offset in `start..<end` where `needle` lies entirely before `end`.
    /// - Complexity: O(n); each position holding both test bytes at the right distance costs a `memcmp`.
    static func find(_ needle: Needle, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let count = needle.bytes.count
        guard count > 0 else { return start }
        let last = end - count  // the last offset a match may start at
        guard last >= start else { return nil }
        return needle.bytes.withUnsafeBufferPointer { pattern -> Int? in
            let pattern = pattern.baseAddress!
            if count == 1 {
                guard let hit = memchr(base + start, Int32(pattern[0]), end - start) else { return nil }
                return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            }
            let raw = UnsafeRawPointer(base)
            let a = SIMD32<UInt8>(repeating: pattern[needle.first])
            let b = SIMD32<UInt8>(repeating: pattern[needle.second])
            var i = start
            // Candidates i…i+31: byte `first` of the needle at i+first and byte `second` at i+second,
            // 32 at a time (two loads, two compares, an and, one test).
            while i + 32 <= last + 1 {
                let hits =
                    (raw.loadUnaligned(fromByteOffset: i + needle.first, as: SIMD32<UInt8>.self) .== a)
                    .& (raw.loadUnaligned(fromByteOffset: i + needle.second, as: SIMD32<UInt8>.self) .== b)
                if any(hits) {
                    for k in 0..<32 where hits[k] {
                        if memcmp(base + i + k, pattern, count) == 0 { return i + k }
                    }
                }
                i += 32
            }
            while i <= last {
                if memcmp(base + i, pattern, count) == 0 { return i }
                i += 1
            }
            return nil
        }
    }
}
