import Foundation

/// The filter's two inner loops over mapped bytes: counting newlines eight bytes at a time, and
/// finding a byte string 32 candidate positions at a time.
///
/// Counting uses the exact "which bytes of this word are zero" test on `word ^ repeated(byte)`:
/// `~(((x & 0x7F…) + 0x7F…) | x | 0x7F…)` has the high bit of exactly the zero bytes set
/// (no carry crosses a byte, unlike the shorter `(x − 0x01…) & ~x & 0x80…`). Finding compares two
/// `SIMD32` loads with the needle's two rarest bytes.
public enum ByteScan {
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

    /// True when a lane of `mask` is set; `any(_:)` of the standard library is not inlined here, and a
    /// call per 32 bytes costs more than the compares.
    @inline(__always) static func any(_ mask: SIMDMask<SIMD32<Int8>>) -> Bool {
        let words = unsafeBitCast(mask, to: SIMD4<UInt64>.self)
        return words[0] | words[1] | words[2] | words[3] != 0
    }

    /// The sum of the 32 lanes (each at most 255).
    @inline(__always) static func sum(_ lanes: SIMD32<UInt8>) -> Int {
        let words = unsafeBitCast(lanes, to: SIMD4<UInt64>.self)
        var total = 0
        for word in 0..<4 {
            // Bytes into 16-bit pairs, then one multiply adds the four pairs in the top 16 bits.
            let pairs = (words[word] & 0x00FF_00FF_00FF_00FF) &+ ((words[word] >> 8) & 0x00FF_00FF_00FF_00FF)
            total += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
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
        /// Offset in `bytes` of its rarest byte, which `memchr` looks for first.
        let rarest: Int
        /// Offsets of the two rarest bytes, in order (equal for a one-byte needle): the vector scan tests both.
        let first: Int
        let second: Int

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            let ranked = bytes.indices.sorted { (commonness(bytes[$0]), $0) < (commonness(bytes[$1]), $1) }
            let a = ranked.first ?? 0
            let b = ranked.dropFirst().first ?? a
            rarest = a
            first = min(a, b)
            second = max(a, b)
        }
    }

    /// The first offset in `start..<end` where `needle` lies entirely before `end`.
    ///
    /// It starts with `memchr` for the needle's rarest byte, the fastest scan there is while that byte
    /// is really rare (a search for an id); when it keeps stopping at bytes that do not begin a match
    /// (fewer than 256 bytes between stops on average), it switches to testing both rare bytes 32
    /// positions at a time.
    /// - Complexity: O(n); each position holding both test bytes at the right distance costs a `memcmp`.
    static func find(_ needle: Needle, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        let count = needle.bytes.count
        guard count > 0 else { return start }
        let last = end - count  // the last offset a match may start at
        guard last >= start else { return nil }
        return needle.bytes.withUnsafeBufferPointer { pattern -> Int? in
            let pattern = pattern.baseAddress!
            if count == 1 {
                guard let hit = Platform.find(pattern[0], from: base + start, count: end - start) else { return nil }
                return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            }
            var i = start
            var stops = 0
            let rare = needle.rarest
            while i <= last {
                guard let hit = Platform.find(pattern[rare], from: base + i + rare, count: last - i + 1) else { return nil }
                let candidate = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base - rare
                if Platform.matches(base + candidate, pattern, count: count) { return candidate }
                i = candidate + 1
                stops += 1
                if stops >= 32 && i - start < stops * 256 { break }  // the byte is common here
            }
            return findByPairs(needle, pattern, in: base, from: i, last: last)
        }
    }

    /// `find`'s vector scan from `start`; `last` is the last offset a match may start at.
    private static func findByPairs(
        _ needle: Needle, _ pattern: UnsafePointer<UInt8>, in base: UnsafePointer<UInt8>, from start: Int, last: Int
    ) -> Int? {
        let count = needle.bytes.count
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
            if ByteScan.any(hits) {
                for k in 0..<32 where hits[k] {
                    if Platform.matches(base + i + k, pattern, count: count) { return i + k }
                }
            }
            i += 32
        }
        while i <= last {
            if Platform.matches(base + i, pattern, count: count) { return i }
            i += 1
        }
        return nil
    }

    /// The filter's scan: appends to `lines` the number of each line of `base[start..<end]` holding
    /// `needle` (line numbers go on from `firstLine`, the number of the line starting at `start`),
    /// and returns the newlines in the range.
    ///
    /// One pass: each 32-byte step counts its newlines and tests the needle's two rare bytes at once,
    /// so the bytes are read once for both. A match's line number is the count so far plus the
    /// newlines before it in its step; the scan then goes on after the line's newline.
    /// - Complexity: O(n).
    static func matchingLines(
        _ needle: Needle, in base: UnsafePointer<UInt8>, from start: Int, to end: Int, firstLine: Int,
        into lines: inout [Int]
    ) -> Int {
        let count = needle.bytes.count
        guard count > 0, !needle.bytes.contains(0x0A) else {
            // Every line matches (an empty needle, as `grep -F ''`), or none does (a needle holding a newline).
            let newlines = countNewlines(base, start..<end)
            if count == 0 { lines += firstLine..<(firstLine + newlines + (end > start && base[end - 1] != 0x0A ? 1 : 0)) }
            return newlines
        }
        return needle.bytes.withUnsafeBufferPointer { pattern -> Int in
            let pattern = pattern.baseAddress!
            let raw = UnsafeRawPointer(base)
            let newline = SIMD32<UInt8>(repeating: 0x0A)
            let a = SIMD32<UInt8>(repeating: pattern[needle.first])
            let b = SIMD32<UInt8>(repeating: pattern[needle.second])
            let last = end - count  // the last offset a match may start at
            var i = start
            var line = firstLine  // the number of the line holding byte i (newlines before i, plus firstLine)
            var counts = SIMD32<UInt8>(repeating: 0)  // newlines per lane not yet added to `line`
            var steps = 0
            scan: while i + 32 + needle.second <= end {
                let bytes = raw.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
                let hits =
                    (raw.loadUnaligned(fromByteOffset: i + needle.first, as: SIMD32<UInt8>.self) .== a)
                    .& (raw.loadUnaligned(fromByteOffset: i + needle.second, as: SIMD32<UInt8>.self) .== b)
                if ByteScan.any(hits) {
                    var match = -1
                    for k in 0..<32 where hits[k] && i + k <= last && Platform.matches(base + i + k, pattern, count: count) {
                        match = i + k
                        break
                    }
                    if match >= 0 {
                        // Its line: the newlines so far, plus those before it in this step.
                        line += ByteScan.sum(counts) + countNewlines(base, i..<match)
                        counts = SIMD32<UInt8>(repeating: 0)
                        steps = 0
                        lines.append(line)
                        guard let found = Platform.find(0x0A, from: base + match, count: end - match) else { return line - firstLine }
                        line += 1
                        i = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
                        continue scan
                    }
                }
                // A mask lane is all ones (255) where the byte is a newline: subtracting it adds one.
                counts &-= unsafeBitCast(bytes .== newline, to: SIMD32<UInt8>.self)
                i += 32
                steps += 1
                if steps == 255 {
                    line += ByteScan.sum(counts)
                    counts = SIMD32<UInt8>(repeating: 0)
                    steps = 0
                }
            }
            line += ByteScan.sum(counts)
            // The last bytes, one at a time.
            while i < end {
                if i <= last && Platform.matches(base + i, pattern, count: count) {
                    lines.append(line)
                    guard let found = Platform.find(0x0A, from: base + i, count: end - i) else { return line - firstLine }
                    line += 1
                    i = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
                    continue
                }
                if base[i] == 0x0A { line += 1 }
                i += 1
            }
            return line - firstLine
        }
    }
}
