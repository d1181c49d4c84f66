import ReuseTable

/// Idle work the event loop runs while no key is pending: measuring the rows still estimated.
///
/// The library's height precacher (`HeightPrecacher`) measures in time-sliced steps;
/// the demo only needs "do one slice, tell me whether work remains".
@MainActor
protocol IdleHeightPrecaching: AnyObject {
    /// Measures rows for about `budgetNanoseconds`; returns true while unmeasured rows remain.
    func step(budgetNanoseconds: UInt64) -> Bool
}

extension FeedApp {
    /// The library's `HeightPrecacher` for `table`: it holds the table weakly and
    /// stops by itself when the table reloads or is freed.
    static func makePrecacher(for table: TableView) -> IdleHeightPrecaching? {
        HeightPrecacher(tableView: table)
    }
}

extension HeightPrecacher: IdleHeightPrecaching {
    /// One time slice of `budgetNanoseconds`.
    func step(budgetNanoseconds: UInt64) -> Bool {
        budget = .nanoseconds(Int64(clamping: budgetNanoseconds))
        return step()
    }
}
