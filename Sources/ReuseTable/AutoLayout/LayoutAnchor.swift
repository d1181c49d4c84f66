import Foundation

/// A horizontal position of a view (leading, trailing, left, right, centerX) for building constraints
/// (UIKit: `NSLayoutXAxisAnchor`). Anchors of different kinds cannot be related: the types forbid it.
///
///     label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8).isActive = true
@MainActor
public struct LayoutXAxisAnchor {
    unowned let view: View
    let attribute: LayoutConstraint.Attribute

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutXAxisAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .equal, anchor.view, anchor.attribute, 1, constant)
    }
    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutXAxisAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .greaterThanOrEqual, anchor.view, anchor.attribute, 1, constant)
    }
    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutXAxisAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .lessThanOrEqual, anchor.view, anchor.attribute, 1, constant)
    }
}

/// A vertical position of a view (top, bottom, centerY) for building constraints (UIKit: `NSLayoutYAxisAnchor`).
@MainActor
public struct LayoutYAxisAnchor {
    unowned let view: View
    let attribute: LayoutConstraint.Attribute

    /// `self == anchor + constant`.
    public func constraint(equalTo anchor: LayoutYAxisAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .equal, anchor.view, anchor.attribute, 1, constant)
    }
    /// `self >= anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutYAxisAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .greaterThanOrEqual, anchor.view, anchor.attribute, 1, constant)
    }
    /// `self <= anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutYAxisAnchor, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .lessThanOrEqual, anchor.view, anchor.attribute, 1, constant)
    }
}

/// A width or height of a view for building constraints (UIKit: `NSLayoutDimension`).
@MainActor
public struct LayoutDimension {
    unowned let view: View
    let attribute: LayoutConstraint.Attribute

    /// `self == constant`.
    public func constraint(equalToConstant constant: CGFloat) -> LayoutConstraint {
        makeConstraint(view, attribute, .equal, nil, .notAnAttribute, 0, constant)
    }
    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        makeConstraint(view, attribute, .greaterThanOrEqual, nil, .notAnAttribute, 0, constant)
    }
    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: CGFloat) -> LayoutConstraint {
        makeConstraint(view, attribute, .lessThanOrEqual, nil, .notAnAttribute, 0, constant)
    }
    /// `self == multiplier · anchor + constant`.
    public func constraint(equalTo anchor: LayoutDimension, multiplier: CGFloat = 1, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .equal, anchor.view, anchor.attribute, multiplier, constant)
    }
    /// `self >= multiplier · anchor + constant`.
    public func constraint(greaterThanOrEqualTo anchor: LayoutDimension, multiplier: CGFloat = 1, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .greaterThanOrEqual, anchor.view, anchor.attribute, multiplier, constant)
    }
    /// `self <= multiplier · anchor + constant`.
    public func constraint(lessThanOrEqualTo anchor: LayoutDimension, multiplier: CGFloat = 1, constant: CGFloat = 0) -> LayoutConstraint {
        makeConstraint(view, attribute, .lessThanOrEqual, anchor.view, anchor.attribute, multiplier, constant)
    }
}

@MainActor
private func makeConstraint(
    _ first: View, _ firstAttribute: LayoutConstraint.Attribute, _ relation: LayoutConstraint.Relation,
    _ second: View?, _ secondAttribute: LayoutConstraint.Attribute,
    _ multiplier: CGFloat, _ constant: CGFloat
) -> LayoutConstraint {
    LayoutConstraint(
        item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
        attribute: secondAttribute, multiplier: multiplier, constant: constant)
}
