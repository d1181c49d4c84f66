import Foundation

// Focus from the collection view's side (UIKit's names). The mechanism is shared with the table:
// `Selection/FocusState.swift` and `Selection/FocusHost.swift`. Docs/focus.md.

extension CollectionView: FocusHost {
    /// Whether items can take focus (UIKit's name). Default false, as on iOS; a terminal app turns
    /// it on. Turning it off takes focus away from the focused item.
    public var allowsFocus: Bool {
        get { engine.focus.allowsFocus }
        set {
            if !newValue, engine.focus.focused != nil { setFocus(nil) }
            engine.focus.allowsFocus = newValue
        }
    }

    /// Whether focus arriving on an item selects it (UIKit's name; the delegate's
    /// `selectionFollowsFocusForItemAt` decides per item). Default false.
    public var selectionFollowsFocus: Bool {
        get { engine.focus.selectionFollowsFocus }
        set { engine.focus.selectionFollowsFocus = newValue }
    }

    /// Whether focus coming back to the view returns to the item it left (UIKit's name). Default false.
    public var remembersLastFocusedIndexPath: Bool {
        get { engine.focus.remembersLastFocused }
        set { engine.focus.remembersLastFocused = newValue }
    }

    /// The focused item, or nil. Ours: UIKit has none (its focus engine owns focus), but a terminal
    /// app is its own focus engine and its keys must know which item they act on.
    public var indexPathForFocusedItem: IndexPath? { engine.focus.focused }

    /// Moves focus to `indexPath` (nil: focus leaves the view) as the focus engine would: asked
    /// through `canFocusItemAt` and `shouldUpdateFocusIn`, told through `didUpdateFocusIn(_:with:)`,
    /// scrolling as little as possible to show the item whole, clear of a pinned header or footer,
    /// selecting it when selection follows focus.
    /// Returns whether focus moved. Ours. An index path naming no item stops with a message naming it.
    @discardableResult
    public func focusItem(at indexPath: IndexPath?) -> Bool {
        do { return try focusFromPublicCall(indexPath, call: "focusItem(at:)") } catch { ReuseTableError.trap(error) }
    }

    /// Moves focus as a key would, in the order of the items (a page by the items' frames), keeping
    /// it visible; with nothing focused, focus enters the view. Returns whether focus moved. Ours.
    @discardableResult
    public func moveFocus(_ move: FocusMove) -> Bool { moveFocus(by: move) }

    // MARK: FocusHost

    func focusCallback(_ callback: FocusCallback, _ context: FocusUpdateContext) -> Bool {
        guard let delegate else { return callback != .selectionFollowsFocus || selectionFollowsFocus }
        let item = context.nextFocusedIndexPath ?? IndexPath(item: 0, section: 0)
        switch callback {
        case .canFocus: return calling("collectionView(_:canFocusItemAt:)") { delegate.collectionView(self, canFocusItemAt: item) }
        case .selectionFollowsFocus:
            return calling("collectionView(_:selectionFollowsFocusForItemAt:)") {
                delegate.collectionView(self, selectionFollowsFocusForItemAt: item)
            }
        case .shouldUpdate:
            return calling("collectionView(_:shouldUpdateFocusIn:)") { delegate.collectionView(self, shouldUpdateFocusIn: context) }
        case .didUpdate:
            calling("collectionView(_:didUpdateFocusIn:with:)") {
                delegate.collectionView(self, didUpdateFocusIn: context, with: FocusAnimationCoordinator())
            }
            return true
        }
    }

    func focusFrame(at indexPath: IndexPath) -> CGRect? { layoutAttributesForItem(at: indexPath)?.frame }

    func scrollToShowFocused(_ indexPath: IndexPath) { scroll(toItem: indexPath, at: .none) }

    var supplementaryFramesInViewport: [CGRect] {
        prepareLayoutForQuery()
        return collectionViewLayout.layoutAttributesForElements(in: CGRect(origin: contentOffset, size: bounds.size))
            .filter { $0.representedElementCategory == .supplementaryView }.map(\.frame)
    }
}
