import Foundation

/// Growth exponents: if time ≈ c·nᵏ, then log t = log c + k·log n, and k is the
/// slope of the least-squares line through (log n, log t).
enum Fit {
    /// The fitted exponent `k`, or nil with fewer than two distinct scales.
    static func exponent(_ points: [(rows: Int, nanoseconds: Double)]) -> Double? {
        let usable = points.filter { $0.rows > 0 && $0.nanoseconds > 0 }
        guard Set(usable.map(\.rows)).count >= 2 else { return nil }
        let xs = usable.map { log(Double($0.rows)) }
        let ys = usable.map { log($0.nanoseconds) }
        let n = Double(xs.count)
        let meanX = xs.reduce(0, +) / n
        let meanY = ys.reduce(0, +) / n
        var covariance = 0.0, variance = 0.0
        for (x, y) in zip(xs, ys) {
            covariance += (x - meanX) * (y - meanY)
            variance += (x - meanX) * (x - meanX)
        }
        return covariance / variance
    }

    /// Extrapolates the time at `rows` from measured points: the fitted power law
    /// through the largest point (exponent 1 when only one point exists).
    static func predict(_ points: [(rows: Int, nanoseconds: Double)], at rows: Int) -> Double? {
        guard let last = points.max(by: { $0.rows < $1.rows }) else { return nil }
        let k = max(0, exponent(points) ?? 1)
        return last.nanoseconds * pow(Double(rows) / Double(last.rows), k)
    }
}
