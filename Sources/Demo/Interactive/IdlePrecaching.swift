import ReuseTable

/// Idle work the event loop runs while no key is pending: measuring the rows still estimated.
///
/// The library's height precacher (issue 5) measures in time-sliced steps;
/// the demo only needs "do one slice, tell me whether work remains".
@MainActor
protocol IdleHeightPrecaching: AnyObject {
    /// Measures rows for about `budgetNanoseconds`; returns true while unmeasured rows remain.
    func step(budgetNanoseconds: UInt64) -> Bool
}

extension FeedApp {
    /// The precacher for `table`, or nil while the library has none.
    ///
    /// HOOK(precacher): when `HeightPrecacher` lands, replace the body with
    /// `HeightPrecacherAdapter(HeightPrecacher(tableView: table))` — an adapter
    /// that forwards `step(budgetNanoseconds:)` to `step(budget:)`.
    static func makePrecacher(for table: TableView) -> IdleHeightPrecaching? {
        nil
    }
}
