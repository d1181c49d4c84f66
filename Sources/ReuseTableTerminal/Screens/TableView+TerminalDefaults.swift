import ReuseTable

extension TableView {
    /// Sets what suits a table drawn in a terminal, where a point is a column wide and a line tall:
    ///
    /// - `rowHeight` 1: a row is one line (UIKit's 44 points would be 44 lines);
    /// - `separatorStyle` `.none`: no separator unless asked for;
    /// - `screenScale` 1: a separator, when asked for (`.singleLine`), is one whole line — at UIKit's
    ///   scale of 2 it would be half a line, and rows would come out 1.5 or 2.5 lines tall.
    ///
    /// `ListScreen(table:)` calls it; set your own values after it (`rowHeight =
    /// TableView.automaticDimension` for self-sizing rows). A `TableView` you create keeps UIKit's
    /// defaults until you call it.
    public func applyTerminalDefaults() {
        rowHeight = 1
        separatorStyle = .none
        screenScale = 1
    }
}
