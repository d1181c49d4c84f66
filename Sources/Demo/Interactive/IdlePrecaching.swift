import ReuseTable

/// Idle work the event loop runs while no key is pending: measuring the rows still estimated.
///
/// The library's height precacher (`HeightPrecacher`) measures in time-sliced steps;
/// the demo only needs "do one slice, tell me whether work remains".
@MainActor
protocol IdleHeightPrecaching: AnyObject {
    /// Measures rows for about `budget`; returns true while unmeasured rows remain.
    func step(budget: Duration) -> Bool
}

extension FeedApp {
    /// The library's `HeightPrecacher` for `table`: it holds the table weakly and
    /// stops by itself when the table reloads or is freed. None without estimates (exact heights):
    /// every height is known.
    static func makePrecacher(for table: TableView) -> IdleHeightPrecaching? {
        table.estimatedRowHeight > 0 ? HeightPrecacher(tableView: table) : nil
    }
}

extension HeightPrecacher: IdleHeightPrecaching {
    /// One time slice of `budget`.
    func step(budget: Duration) -> Bool {
        self.budget = budget
        return step()
    }
}

extension Duration {
    /// The duration in whole nanoseconds (0 when negative).
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}
