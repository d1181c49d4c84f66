import Foundation

// The measuring core: a monotonic clock, a sink the optimizer cannot see
// through, and a sampler that batches fast operations so the clock's own cost
// (~20 ns) is noise, then reports the median and the 10th/90th percentiles.

/// Where benchmark results go so the optimizer cannot delete the work that made them.
nonisolated(unsafe) var benchSink: UInt64 = 0

/// Consumes a value; `@inline(never)` plus a global write keeps the caller's work alive.
@inline(never) func blackHole(_ value: Int) { benchSink &+= UInt64(truncatingIfNeeded: value) }
@inline(never) func blackHole(_ value: Int?) { benchSink &+= UInt64(truncatingIfNeeded: value ?? -1) }
@inline(never) func blackHole(_ value: Double) { benchSink &+= value.bitPattern }
@inline(never) func blackHole(_ value: Double?) { benchSink &+= (value ?? -1).bitPattern }

/// How long and how often one case is measured.
struct MeasureOptions: Sendable {
    /// Time spent running the case before any sample is kept (caches, page faults, branch predictors).
    var warmUpSeconds: Double
    /// Samples keep coming until this much time has passed…
    var budgetSeconds: Double
    /// …and at least this many were taken.
    var minSamples: Int
    var maxSamples: Int
    /// Fast operations are batched until one sample lasts at least this long.
    var targetSampleNanoseconds: Double

    static let full = MeasureOptions(warmUpSeconds: 0.05, budgetSeconds: 1.0, minSamples: 7, maxSamples: 20_000, targetSampleNanoseconds: 50_000)
    static let quick = MeasureOptions(warmUpSeconds: 0.01, budgetSeconds: 0.2, minSamples: 3, maxSamples: 5_000, targetSampleNanoseconds: 30_000)
    /// For tests: one tiny sample.
    static let instant = MeasureOptions(warmUpSeconds: 0, budgetSeconds: 0, minSamples: 1, maxSamples: 1, targetSampleNanoseconds: 0)
}

/// Median and spread of per-operation times, in nanoseconds.
struct Summary: Equatable, Sendable {
    var median: Double
    var p10: Double
    var p90: Double
    var samples: Int
    /// Operations timed together in one sample.
    var batch: Int
}

enum Harness {
    /// Monotonic nanoseconds (never jumps with wall-clock changes; see `Platform.monotonicNanoseconds()`).
    @inline(__always) static func now() -> UInt64 {
        Platform.monotonicNanoseconds()
    }

    /// The `p`-th percentile (0…1) of sorted values, linearly interpolated between ranks.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty, "percentile of nothing")
        let rank = p * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = rank - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// Median, p10 and p90 of unsorted values.
    static func summarize(_ values: [Double], batch: Int = 1) -> Summary {
        let sorted = values.sorted()
        return Summary(
            median: percentile(sorted, 0.5), p10: percentile(sorted, 0.1),
            p90: percentile(sorted, 0.9), samples: sorted.count, batch: batch)
    }

    /// Times `step`.
    ///
    /// `step(i)` performs operation number `i` (use `i` to pick a pre-generated
    /// random input). A sample times `batch` consecutive steps and divides; the
    /// batch doubles until one sample lasts `targetSampleNanoseconds`. `between`
    /// runs untimed after every sample (e.g. to undo the rows a sample inserted);
    /// `maxBatch` bounds how far one sample may drift the subject (rows inserted).
    static func measure(_ options: MeasureOptions, maxBatch: Int = 1 << 24, step: (Int) -> Void, between: (() -> Void)? = nil) -> Summary {
        var i = 0
        func sample(_ batch: Int) -> Double {
            let start = now()
            for _ in 0..<batch { step(i); i &+= 1 }
            let elapsed = Double(now() - start)
            between?()
            return elapsed
        }
        // Calibrate the batch size (this also starts the warm-up).
        var batch = 1
        while true {
            let elapsed = sample(batch)
            if elapsed >= options.targetSampleNanoseconds || batch >= maxBatch { break }
            let factor = elapsed > 0 ? options.targetSampleNanoseconds / elapsed : 16
            batch = min(maxBatch, max(batch * 2, Int((Double(batch) * factor * 1.2).rounded(.up))))
        }
        let warmUpEnd = now() + UInt64(options.warmUpSeconds * 1e9)
        while now() < warmUpEnd { _ = sample(batch) }

        var values: [Double] = []
        values.reserveCapacity(min(options.maxSamples, 1024))
        let end = now() + UInt64(options.budgetSeconds * 1e9)
        while values.count < options.minSamples || (values.count < options.maxSamples && now() < end) {
            values.append(sample(batch) / Double(batch))
        }
        return summarize(values, batch: batch)
    }

    // MARK: Allocation

    /// Bytes currently allocated through malloc: glibc's `mallinfo2()` in-use heap plus mmapped
    /// chunks on Linux, every malloc zone's bytes in use on Darwin (`Platform.allocatedBytes()`).
    /// Swift allocates through malloc, so this sees every Swift object; nil when malloc cannot tell.
    static func allocatedBytes() -> Int? {
        Platform.allocatedBytes()
    }

    /// Runs `body` and returns its result with the bytes it left allocated.
    static func allocation<T>(of body: () -> T) -> (value: T, bytes: Int?) {
        let before = allocatedBytes()
        let value = body()
        let after = allocatedBytes()
        guard let before, let after else { return (value, nil) }
        return (value, after - before)
    }
}
