import Foundation

// The one binary search the library uses: on a collection partitioned so that
// `belongsInSecondPartition` is false for a prefix and true for the rest, find
// where the rest starts. Lower bounds, "first visible", "first section ending
// below y" are all this question.

extension RandomAccessCollection {
    /// The index of the first element for which `belongsInSecondPartition` is true
    /// (`endIndex` when there is none). The collection must already be partitioned
    /// by the predicate: false for a prefix, true for the rest.
    /// - Complexity: O(log n) evaluations of the predicate.
    @inlinable
    func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let mid = index(low, offsetBy: half)
            if try belongsInSecondPartition(self[mid]) {
                count = half
            } else {
                low = index(after: mid)
                count -= half + 1
            }
        }
        return low
    }
}

extension RandomAccessCollection where Element: Comparable {
    /// The number of elements less than `value` in a sorted collection (its lower bound).
    /// - Complexity: O(log n).
    @inlinable
    func lowerBound(of value: Element) -> Int {
        distance(from: startIndex, to: partitioningIndex { $0 >= value })
    }
}
