import Foundation

/// The bad inputs UIKit raises exceptions for, as testable message functions:
/// each returns nil when the input is fine and the exact message otherwise.
/// The public API traps with these messages (`preconditionFailure`).
extension LayoutConstraint {
    /// The message for an illegal `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`, or nil.
    static func validationMessage(
        item: View, attribute first: Attribute, toItem: View?, attribute second: Attribute,
        multiplier: CGFloat, constant: CGFloat
    ) -> String? {
        let firstName = "\(name(of: item)).\(first)"
        if first == .notAnAttribute {
            return "Invalid constraint on \(firstName): the first attribute cannot be notAnAttribute."
        }
        if !constant.isFinite {
            return "A constraint's constant must be finite; \(firstName) was given \(constant)."
        }
        if !multiplier.isFinite {
            return "A constraint's multiplier must be finite; \(firstName) was given \(multiplier)."
        }
        if first.isLocation && (toItem == nil || second == .notAnAttribute || multiplier == 0) {
            return
                "A multiplier of 0 or a nil second item together with a location for the first attribute (\(firstName)) creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
        }
        if let toItem, second != .notAnAttribute {
            let secondName = "\(name(of: toItem)).\(second)"
            if first.isLocation != second.isLocation {
                return "Invalid pairing of layout attributes \(firstName) and \(secondName): a location cannot be related to a dimension."
            }
            if first.isLocation && first.axis != second.axis {
                return "Invalid pairing of layout attributes \(firstName) and \(secondName): locations on different axes cannot be related."
            }
        }
        if toItem != nil && second == .notAnAttribute {
            return "Invalid constraint on \(firstName): a second item needs an attribute."
        }
        return nil
    }

    /// The message for setting a non-finite `constant`, or nil.
    static func constantMessage(_ constant: CGFloat, for constraint: LayoutConstraint) -> String? {
        constant.isFinite ? nil : "A constraint's constant must be finite; \(constraint.describe()) was given \(constant)."
    }

    /// The message for moving an active constraint's priority across required ⇄ optional, or nil.
    static func priorityChangeMessage(from old: LayoutPriority, to new: LayoutPriority, isActive: Bool) -> String? {
        guard isActive, old.isRequired != new.isRequired else { return nil }
        return
            "Mutating a priority from \(old.isRequired ? "required to not" : "not required to required") on an installed constraint (or vice-versa) is not supported. You passed priority \(formatNumber(Double(new.rawValue))) and the existing priority was \(formatNumber(Double(old.rawValue)))."
    }

    /// The message for activating a constraint whose items share no ancestor.
    static func noCommonAncestorMessage(_ constraint: LayoutConstraint) -> String {
        let first = constraint._firstItem.map { "\(name(of: $0)).\(constraint.firstAttribute)" } ?? "nil"
        let second = constraint._secondItem.map { "\(name(of: $0)).\(constraint.secondAttribute)" } ?? "nil"
        return
            "Unable to activate constraint with anchors \(first) and \(second) because they have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal."
    }

    /// The one report for required constraints that cannot all hold, naming the one broken.
    static func conflictMessage(conflicting: [LayoutConstraint], broken: LayoutConstraint) -> String {
        var lines = ["Unable to simultaneously satisfy constraints."]
        lines.append("Probably at least one of the constraints in the following list is one you don't want.")
        for constraint in conflicting { lines.append("    \(constraint.describe())") }
        lines.append("Will attempt to recover by breaking constraint")
        lines.append("    \(broken.describe())")
        return lines.joined(separator: "\n")
    }
}
