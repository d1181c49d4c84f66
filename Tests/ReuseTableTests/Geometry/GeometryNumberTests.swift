import Foundation
import Testing
@testable @_spi(Internals) import ReuseTable

/// The one sanitizer: which numbers are usable as what, what replaces the rest, and how each is reported.
@MainActor
@Suite struct GeometryNumberTests {
    final class Box: @unchecked Sendable { var messages: [String] = [] }

    @Test func aLengthMustBeFiniteNotNegativeAndAtMostTheMaximum() {
        let maximum = GeometryNumber.maximum
        for usable: CGFloat in [0, 0.5, 44, maximum] {
            #expect(GeometryNumber.problem(with: usable, as: .length) == nil, "\(usable)")
        }
        for unusable: CGFloat in [.nan, .infinity, -.infinity, -1, -.greatestFiniteMagnitude, -.leastNonzeroMagnitude] {
            #expect(GeometryNumber.problem(with: unusable, as: .length) == .unusable, "\(unusable)")
        }
        for huge: CGFloat in [maximum.nextUp, 1e13, .greatestFiniteMagnitude] {
            #expect(GeometryNumber.problem(with: huge, as: .length) == .tooLarge, "\(huge)")
        }
    }

    @Test func aSizeIsNotCappedAndACoordinateMayBeNegative() {
        #expect(GeometryNumber.problem(with: .greatestFiniteMagnitude, as: .size) == nil)
        #expect(GeometryNumber.problem(with: -1, as: .size) == .unusable)
        #expect(GeometryNumber.problem(with: -.greatestFiniteMagnitude, as: .coordinate) == nil)
        #expect(GeometryNumber.problem(with: .nan, as: .coordinate) == .unusable)
        #expect(GeometryNumber.problem(with: -.infinity, as: .coordinate) == .unusable)
    }

    /// 10^8 slots, each as tall as the maximum with a margin as large, still sum to a finite number.
    @Test func manyMaximumSlotsSumToAFiniteTotal() {
        #expect(TableView.maximumSlotHeight == GeometryNumber.maximum)
        let total = 1e8 * (GeometryNumber.maximum + GeometryNumber.maximum)
        #expect(total.isFinite && total < 1e21)
    }

    @Test func aReplacedNumberIsReportedOnceInEachWording() {
        let box = Box()
        func sanitize(_ value: CGFloat, _ what: String, _ wording: GeometryNumber.Wording, fallback: CGFloat = 0) -> CGFloat {
            GeometryNumber.sanitize(value, as: .length, for: what, wording: wording, fallback: fallback) { box.messages.append($0) }
        }
        #expect(sanitize(.nan, "height of row (section 0, row 1)", .height) == 0)
        #expect(sanitize(1e300, "height of row (section 0, row 5)", .height) == GeometryNumber.maximum)
        #expect(sanitize(-3, "rowHeight", .setting(allowsAutomatic: true), fallback: 44) == 44)
        #expect(sanitize(.infinity, "estimatedRowHeight", .setting(allowsAutomatic: false)) == 0)
        #expect(sanitize(.nan, "FlowLayout.minimumLineSpacing", .statement(verb: "was set to")) == 0)
        #expect(sanitize(.greatestFiniteMagnitude, "WaterfallLayoutDelegate.marginOfCell(in:layout:)", .statement(verb: "returned")) == 1e12)
        #expect(sanitize(30, "height of row (section 0, row 0)", .height) == 30)
        #expect(
            box.messages == [
                "invalid height of row (section 0, row 1): nan. Heights must be finite and 0 or more; using 0.",
                "invalid height of row (section 0, row 5): 1e+300 is larger than the maximum 1000000000000.0; using 1000000000000.0.",
                "invalid rowHeight: -3.0. It must be finite and 0 or more, or automaticDimension; using 44.0.",
                "invalid estimatedRowHeight: inf. It must be finite and 0 or more; using 0.0.",
                "FlowLayout.minimumLineSpacing was set to nan; it must be finite and 0 or more. Using 0.",
                "WaterfallLayoutDelegate.marginOfCell(in:layout:) returned 1.7976931348623157e+308; it must be at most 1000000000000.0. "
                    + "Using 1000000000000.0.",
            ])
    }

    @Test func aUsableNumberIsNeitherChangedNorDescribed() {
        var described = 0
        func what() -> String {
            described += 1
            return "row"
        }
        for value: CGFloat in [0, 12.25, GeometryNumber.maximum] {
            #expect(GeometryNumber.sanitize(value, as: .length, for: what(), report: { _ in Issue.record("reported \(value)") }) == value)
        }
        #expect(described == 0)
    }

    @Test func aHeightCacheRefusesWhatTheViewCouldNotUse() {
        let call = "IndexPathHeightCache.setHeight(_:at:width:)"
        #expect(GeometryNumber.refusal(ofHeight: 44, width: 320, call: call, entry: "[0, 0]") == nil)
        #expect(GeometryNumber.refusal(ofHeight: 0, width: 0, call: call, entry: "[0, 0]") == nil)
        #expect(
            GeometryNumber.refusal(ofHeight: .greatestFiniteMagnitude, width: 320, call: call, entry: "[0, 3]")
                == "\(call) was given 1.7976931348623157e+308 for [0, 3] at width 320.0; it must be at most 1000000000000.0. "
                + "The cache keeps what it had.")
        #expect(
            GeometryNumber.refusal(ofHeight: 44, width: .infinity, call: call, entry: "[0, 3]")
                == "\(call) was given the width inf for [0, 3]; it must be finite. The cache keeps what it had.")
    }
}
