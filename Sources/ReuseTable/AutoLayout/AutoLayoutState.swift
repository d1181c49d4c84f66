import Foundation

/// Everything Auto Layout keeps for one view, created on first use so frame-only
/// views pay one nil pointer (UIKit keeps the same state inside `UIView`).
@MainActor
final class AutoLayoutState {
    unowned(unsafe) let view: View

    /// The active constraints installed on this view (it is their items' nearest common ancestor).
    var installed: [LayoutConstraint] = []
    /// UIKit's default: true, the frame is fixed while constraints place the siblings.
    var translatesAutoresizingMaskIntoConstraints = true
    var hugging: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultLow, .defaultLow)
    var compressionResistance: (horizontal: LayoutPriority, vertical: LayoutPriority) = (.defaultHigh, .defaultHigh)
    /// `Label.preferredMaxLayoutWidth` (0: automatic).
    var preferredMaxLayoutWidth: CGFloat = 0
    /// True once a constraint was installed on this view or below it (sticky): `layoutIfNeeded` then solves.
    var hasConstraintsBelow = false
    /// The engine of this view when it is the root of a layout or a fitting.
    var engine: LayoutEngine?

    init(view: View) {
        self.view = view
    }

    func install(_ constraint: LayoutConstraint) {
        installed.append(constraint)
        constraint.installedOn = view
        AutoLayoutState.structureDidChange(below: view)
        var current: View? = view
        while let ancestor = current, !ancestor.autoLayoutState.hasConstraintsBelow {
            ancestor.autoLayoutState.hasConstraintsBelow = true
            current = ancestor.superview
        }
    }

    func uninstall(_ constraint: LayoutConstraint) {
        if let index = installed.firstIndex(where: { $0 === constraint }) { installed.remove(at: index) }
        constraint.installedOn = nil
        AutoLayoutState.structureDidChange(below: view)
    }

    /// Tells the engines of `view` and of its ancestors that the subtree changed (a constraint
    /// activated or deactivated there, a subview added, removed or reordered): their next sync
    /// walks the subtree again instead of visiting the items and constraints of the last walk.
    /// - Complexity: O(depth of `view`).
    static func structureDidChange(below view: View) {
        view.autoLayoutStructureDidChange()
    }
}
