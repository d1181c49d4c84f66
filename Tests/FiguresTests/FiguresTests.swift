import Figures
import Testing

/// Counts as the status lines and the bench's report print them.
@Suite struct FiguresTests {
    @Test func groupedPutsACommaEveryThreeDigits() {
        #expect(0.grouped == "0")
        #expect(999.grouped == "999")
        #expect(1_000.grouped == "1,000")
        #expect(1_000_000.grouped == "1,000,000")
        #expect((-1_234_567).grouped == "-1,234,567")
        #expect(UInt64(18_446_744_073_709_551_615).grouped == "18,446,744,073,709,551,615")
        #expect(Int.min.grouped == "-9,223,372,036,854,775,808")
    }

    @Test func compactShortensLargeCountsForAStatusLine() {
        #expect(1_234.compact == "1,234")
        #expect(99_999.compact == "99,999")
        #expect(250_000.compact == "250k")
        #expect(999_999.compact == "999k")
        #expect(1_599_994.compact == "1.6M")
        #expect(1_000_000.compact == "1.0M")
        #expect((-250_000).compact == "-250k")
    }
}
