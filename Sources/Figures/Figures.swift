import Foundation

// How the demo's screens and the bench's report print a count: with thousands separators, or short
// enough for a status line. The pager, the feed, the bench and the demo share them.

extension BinaryInteger {
    /// 1000000 → "1,000,000".
    public var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}

extension Int {
    /// 1234 → "1,234", 1599994 → "1.6M", 250000 → "250k": a short figure for a status line.
    public var compact: String {
        switch magnitude {
        case 0..<100_000: return grouped
        case 100_000..<1_000_000: return "\(self / 1_000)k"
        default: return String(format: "%.1fM", Double(self) / 1e6)
        }
    }
}
