import Foundation

// What both views do the same way around `reloadData()`: loading on first use,
// and the data source's counts validated (each view reads them with its own
// method names, `fetchCounts()`, through `UpdateVocabulary.readCounts`).

extension ReusingView {
    /// Loads data on first use, as UIKit does on its first layout.
    func loadIfNeeded() {
        if !hasLoadedData { reloadData() }
    }

    /// The data source's section and row counts, validated (a negative count names the method); traps with the message otherwise.
    /// - Complexity: O(sections).
    func validatedCounts() -> [Int] {
        do {
            return try fetchCounts()
        } catch {
            TableViewError.trap(error)
        }
    }
}
