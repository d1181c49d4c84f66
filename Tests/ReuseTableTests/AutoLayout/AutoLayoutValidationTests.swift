import Foundation
import Testing
@testable import ReuseTable

/// Every bad-input message of Auto Layout (see Docs/auto-layout.md), through the testable validation functions the traps use.
@MainActor
@Suite struct AutoLayoutValidationTests {
    @Test func noCommonAncestor() {
        let a = Label(), b = View()
        b.tag = 7
        let constraint = a.leadingAnchor.constraint(equalTo: b.leadingAnchor)
        #expect(constraint.commonAncestor() == nil)
        #expect(
            LayoutConstraint.noCommonAncestorMessage(constraint)
                == "Unable to activate constraint with anchors Label.leading and View#7.leading because they have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal."
        )
        let parent = View()
        parent.addSubview(a)
        parent.addSubview(b)
        #expect(constraint.commonAncestor() === parent)
    }

    @Test func nonFiniteConstantAndMultiplier() {
        let a = View(), b = View()
        #expect(
            LayoutConstraint.validationMessage(
                item: a, attribute: .width, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: .infinity)
                == "A constraint's constant must be finite; View.width was given inf.")
        #expect(
            LayoutConstraint.validationMessage(item: a, attribute: .width, toItem: b, attribute: .height, multiplier: .nan, constant: 0)
                == "A constraint's multiplier must be finite; View.width was given nan.")
        let c = a.widthAnchor.constraint(equalToConstant: 5)
        #expect(LayoutConstraint.constantMessage(.nan, for: c) == "A constraint's constant must be finite; <View.width == 5> was given nan.")
        #expect(LayoutConstraint.constantMessage(3, for: c) == nil)
    }

    @Test func zeroMultiplierOrConstantOnALocation() {
        let a = View(), b = View()
        let expected =
            "A multiplier of 0 or a nil second item together with a location for the first attribute (View.leading) creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
        #expect(
            LayoutConstraint.validationMessage(item: a, attribute: .leading, toItem: b, attribute: .leading, multiplier: 0, constant: 0) == expected)
        #expect(
            LayoutConstraint.validationMessage(item: a, attribute: .leading, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 4)
                == expected)
        #expect(LayoutConstraint.validationMessage(item: a, attribute: .width, toItem: b, attribute: .width, multiplier: 0, constant: 4) == nil)
        #expect(LayoutConstraint.validationMessage(item: a, attribute: .top, toItem: b, attribute: .bottom, multiplier: 1, constant: 4) == nil)
    }

    @Test func invalidPairings() {
        let a = View(), b = View()
        #expect(
            LayoutConstraint.validationMessage(item: a, attribute: .leading, toItem: b, attribute: .width, multiplier: 1, constant: 0)
                == "Invalid pairing of layout attributes View.leading and View.width: a location cannot be related to a dimension.")
        #expect(
            LayoutConstraint.validationMessage(item: a, attribute: .top, toItem: b, attribute: .left, multiplier: 1, constant: 0)
                == "Invalid pairing of layout attributes View.top and View.left: locations on different axes cannot be related.")
        #expect(
            LayoutConstraint.validationMessage(
                item: a, attribute: .notAnAttribute, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 0)
                == "Invalid constraint on View.notAnAttribute: the first attribute cannot be notAnAttribute.")
        #expect(LayoutConstraint.validationMessage(item: a, attribute: .width, toItem: b, attribute: .height, multiplier: 2, constant: 0) == nil)
    }

    @Test func requiredToOptionalWhileActive() {
        #expect(
            LayoutConstraint.priorityChangeMessage(from: .required, to: 750, isActive: true)
                == "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority 750 and the existing priority was 1000."
        )
        #expect(
            LayoutConstraint.priorityChangeMessage(from: 250, to: .required, isActive: true)
                == "Mutating a priority from not required to required on an installed constraint (or vice-versa) is not supported. You passed priority 1000 and the existing priority was 250."
        )
        #expect(LayoutConstraint.priorityChangeMessage(from: .required, to: 750, isActive: false) == nil)
        #expect(LayoutConstraint.priorityChangeMessage(from: 250, to: 750, isActive: true) == nil)
    }

    @Test func conflictReport() {
        let a = View()
        let c1 = a.widthAnchor.constraint(equalToConstant: 10)
        let c2 = a.widthAnchor.constraint(equalToConstant: 20)
        #expect(
            LayoutConstraint.conflictMessage(conflicting: [c1, c2], broken: c2) == """
                Unable to simultaneously satisfy constraints.
                Probably at least one of the constraints in the following list is one you don't want.
                    <View.width == 10>
                    <View.width == 20>
                Will attempt to recover by breaking constraint
                    <View.width == 20>
                """)
    }
}
