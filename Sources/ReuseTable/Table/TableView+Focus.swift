import Foundation

// Focus from the table's side (UIKit's names). The mechanism — the focused row, how it follows
// updates, one focus update in UIKit's order, the moves by the keys — is shared with the
// collection view: `Selection/FocusState.swift` and `Selection/FocusHost.swift`. Docs/focus.md.

extension TableView: FocusHost {
    /// Whether rows can take focus (UIKit's name). Default false, as on iOS; a terminal app turns it
    /// on (`ListScreen` does). Turning it off takes focus away from the focused row.
    public var allowsFocus: Bool {
        get { engine.focus.allowsFocus }
        set {
            if !newValue, engine.focus.focused != nil { setFocus(nil) }
            engine.focus.allowsFocus = newValue
        }
    }

    /// Whether focus arriving on a row selects it (UIKit's name; the delegate's
    /// `selectionFollowsFocusForRowAt` decides per row). Default false.
    public var selectionFollowsFocus: Bool {
        get { engine.focus.selectionFollowsFocus }
        set { engine.focus.selectionFollowsFocus = newValue }
    }

    /// Whether focus coming back to the table returns to the row it left (UIKit's name): a move with
    /// nothing focused starts there instead of at the first row. Default false.
    public var remembersLastFocusedIndexPath: Bool {
        get { engine.focus.remembersLastFocused }
        set { engine.focus.remembersLastFocused = newValue }
    }

    /// The focused row, or nil. UIKit has no such property — its focus engine owns focus, and an app
    /// reads it from `didUpdateFocusIn` — but a terminal app is its own focus engine: its keys must
    /// know which row they act on (Enter performs that row's primary action). Ours.
    public var indexPathForFocusedRow: IndexPath? { engine.focus.focused }

    /// Moves focus to `indexPath` (nil: focus leaves the table) as the focus engine would: asked
    /// through `canFocusRowAt` and `shouldUpdateFocusIn`, told through `didUpdateFocusIn(_:with:)`,
    /// scrolling as little as possible to show the row whole, clear of a pinned header or footer,
    /// selecting it when selection follows focus.
    /// Returns whether focus moved (false while `allowsFocus` is off). Ours, as
    /// `indexPathForFocusedRow`. An index path naming no row stops with a message naming it and the counts.
    /// - Complexity: O(log n) plus the scroll and what the delegate does.
    @discardableResult
    public func focusRow(at indexPath: IndexPath?) -> Bool {
        do { return try focusFromPublicCall(indexPath, call: "focusRow(at:)") } catch { ReuseTableError.trap(error) }
    }

    /// Moves focus as a key would (↓ ↑ PgDn PgUp Home End, a section), to a row that can take focus,
    /// keeping it visible; with nothing focused, focus enters the table (the remembered row when
    /// `remembersLastFocusedIndexPath`, else the first row, or the last when moving up). Returns
    /// whether focus moved. Ours: UIKit's focus engine moves focus itself.
    /// - Complexity: O(rows passed over · log n).
    @discardableResult
    public func moveFocus(_ move: FocusMove) -> Bool { moveFocus(by: move) }

    // MARK: FocusHost

    func focusCallback(_ callback: FocusCallback, _ context: FocusUpdateContext) -> Bool {
        guard let delegate else { return callback != .selectionFollowsFocus || selectionFollowsFocus }
        let row = context.nextFocusedIndexPath ?? IndexPath(row: 0, section: 0)
        switch callback {
        case .canFocus: return calling("tableView(_:canFocusRowAt:)") { delegate.tableView(self, canFocusRowAt: row) }
        case .selectionFollowsFocus:
            return calling("tableView(_:selectionFollowsFocusForRowAt:)") { delegate.tableView(self, selectionFollowsFocusForRowAt: row) }
        case .shouldUpdate: return calling("tableView(_:shouldUpdateFocusIn:)") { delegate.tableView(self, shouldUpdateFocusIn: context) }
        case .didUpdate:
            calling("tableView(_:didUpdateFocusIn:with:)") {
                delegate.tableView(self, didUpdateFocusIn: context, with: FocusAnimationCoordinator())
            }
            return true
        }
    }

    func focusFrame(at indexPath: IndexPath) -> CGRect? { rectForRowUnchecked(indexPath) }

    /// Of the table's headers and footers, only the pinned header can cover a row (`.plain`).
    var supplementaryFramesInViewport: [CGRect] {
        guard style == .plain, let (_, frame) = pinnedHeader(in: viewport) else { return [] }
        return [frame]
    }

    func scrollToShowFocused(_ indexPath: IndexPath) {
        closeSwipedRow()
        scroll(to: indexPath, at: .none)
    }
}
