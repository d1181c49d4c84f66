import Foundation
import TestSupport
import Testing

@testable import ReuseTable

/// The list content configuration's styles and state resolution, its view's layout, and the
/// background configuration's.
@MainActor
@Suite struct ListContentConfigurationTests {
    @Test func stylesDifferAsUIKitsDo() {
        #expect(ListContentConfiguration.cell().textProperties.font == .preferredFont(forTextStyle: .body))
        #expect(ListContentConfiguration.cell().secondaryTextProperties.color == .secondaryLabel)
        #expect(ListContentConfiguration.subtitleCell().secondaryTextProperties.font == .preferredFont(forTextStyle: .footnote))
        #expect(ListContentConfiguration.valueCell().prefersSideBySideTextAndSecondaryText)
        #expect(!ListContentConfiguration.cell().prefersSideBySideTextAndSecondaryText)
        #expect(ListContentConfiguration.header().textProperties.font.isEmphasized)
        #expect(ListContentConfiguration.footer().textProperties.color == .secondaryLabel)
        #expect(ListContentConfiguration.sidebarHeader().textProperties.font.isEmphasized)
        // UIKit's text defaults: no line limit, truncating at the tail, natural alignment.
        let text = ListContentConfiguration.cell().textProperties
        #expect(text.numberOfLines == 0 && text.lineBreakMode == .byTruncatingTail && text.alignment == .natural)
        #expect(ListContentConfiguration.cell().directionalLayoutMargins == DirectionalEdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
    }

    @Test func updatedForAStateChangesOnlyWhatTheAppDidNotSet() {
        var selected = CellConfigurationState()
        selected.isSelected = true
        var disabled = CellConfigurationState()
        disabled.isDisabled = true
        // A sidebar cell shows its selection in its text; a plain cell does not.
        #expect(ListContentConfiguration.sidebarCell().updated(for: selected).textProperties.color == .tintColor)
        #expect(ListContentConfiguration.cell().updated(for: selected).textProperties.color == .label)
        #expect(ListContentConfiguration.cell().updated(for: disabled).secondaryTextProperties.color == .systemGray)
        // Back to the normal state, the style's colors come back.
        let back = ListContentConfiguration.sidebarCell().updated(for: selected).updated(for: CellConfigurationState())
        #expect(back == ListContentConfiguration.sidebarCell())
        // A color the app set is kept in every state.
        var custom = ListContentConfiguration.sidebarCell()
        custom.textProperties.color = .systemRed
        #expect(custom.updated(for: selected).textProperties.color == .systemRed)
        #expect(custom.updated(for: disabled).textProperties.color == .systemRed)
        // A view's state works as a cell's does.
        var viewState = ViewConfigurationState()
        viewState.isHighlighted = true
        #expect(ListContentConfiguration.sidebarCell().updated(for: viewState).textProperties.color == .tintColor)
    }

    @Test func backgroundsFillSelectedListCellsUnlessTheAppChoseAFill() {
        var selected = CellConfigurationState()
        selected.isSelected = true
        var highlighted = CellConfigurationState()
        highlighted.isHighlighted = true
        #expect(BackgroundConfiguration.listPlainCell().backgroundColor == .systemBackground)
        #expect(BackgroundConfiguration.listPlainCell().updated(for: selected).backgroundColor == .systemGray4)
        #expect(BackgroundConfiguration.listGroupedCell().updated(for: highlighted).backgroundColor == .systemGray4)
        #expect(BackgroundConfiguration.listGroupedCell().updated(for: selected).updated(for: CellConfigurationState()) == .listGroupedCell())
        #expect(BackgroundConfiguration.listSidebarCell().updated(for: selected).backgroundColor == .tintColor)
        #expect(BackgroundConfiguration.clear().updated(for: selected).backgroundColor == .clear)
        var custom = BackgroundConfiguration.listPlainCell()
        custom.backgroundColor = .systemBlue
        #expect(custom.updated(for: selected).backgroundColor == .systemBlue)
        // Equality compares the custom view by identity.
        var withView = BackgroundConfiguration.clear()
        withView.customView = View()
        var other = withView
        #expect(withView == other)
        other.customView = View()
        #expect(withView != other)
    }

    @Test func customStatesAreKeptByKey() {
        let archived = ConfigurationStateCustomKey("com.example.isArchived")
        var state = CellConfigurationState()
        #expect(state[archived] == nil)
        state[archived] = true
        #expect(state[archived] == AnyHashable(true))
        #expect(state != CellConfigurationState())
        #expect(state.viewState[archived] == AnyHashable(true))
    }

    // MARK: The content view

    func view(_ text: String?, _ secondary: String? = nil, _ change: (inout ListContentConfiguration) -> Void = { _ in }) -> ListContentView {
        var configuration = ListContentConfiguration.cell()
        configuration.text = text
        configuration.secondaryText = secondary
        change(&configuration)
        return ListContentView(configuration: configuration)
    }

    @Test func stackedTextsWrapInsideTheMargins() {
        let content = view("Ada Lovelace", "Notes on the Analytical Engine")
        #expect(content.sizeThatFits(CGSize(width: 14, height: 0)) == CGSize(width: 14, height: 4))  // 1 + 3 lines at 12 columns
        content.frame = CGRect(x: 0, y: 0, width: 14, height: 6)
        content.layoutIfNeeded()
        #expect(content.textLabel.frame == CGRect(x: 1, y: 1, width: 12, height: 1))  // centered: one line above
        #expect(content.secondaryTextLabel.frame == CGRect(x: 1, y: 2, width: 12, height: 3))
        #expect(content.secondaryTextLabel.lines == ["Notes on the", "Analytical", "Engine"])
    }

    @Test func sideBySideWhenBothFitOtherwiseStacked() {
        let value = view("Wi-Fi", "Home") { $0.prefersSideBySideTextAndSecondaryText = true }
        #expect(value.layout(width: 20).isSideBySide)
        #expect(value.sizeThatFits(CGSize(width: 20, height: 0)).height == 1)
        value.frame = CGRect(x: 0, y: 0, width: 20, height: 1)
        value.layoutIfNeeded()
        #expect(value.textLabel.frame == CGRect(x: 1, y: 0, width: 13, height: 1))
        #expect(value.secondaryTextLabel.frame == CGRect(x: 15, y: 0, width: 4, height: 1))  // at the trailing margin
        // 5 + 1 + 4 columns need 10 inside the margins: at 11 wide there are 9, so they stack.
        #expect(!value.layout(width: 11).isSideBySide)
        #expect(value.sizeThatFits(CGSize(width: 11, height: 0)).height == 2)
        // Unconstrained: the one-line width of both, side by side.
        #expect(value.sizeThatFits(.zero) == CGSize(width: 12, height: 1))
    }

    @Test func propertiesReachTheLabels() {
        let content = view("north wind and the sun", "quiet") {
            $0.textProperties.numberOfLines = 1
            $0.textProperties.transform = .uppercase
            $0.textProperties.alignment = .center
            $0.directionalLayoutMargins = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2)
            $0.textToSecondaryTextVerticalPadding = 1
        }
        content.frame = CGRect(x: 0, y: 0, width: 14, height: 5)
        content.layoutIfNeeded()
        #expect(content.textLabel.lines == ["NORTH WIN…"])
        #expect(content.textLabel.textAlignment == .center)
        #expect(content.textLabel.font == .preferredFont(forTextStyle: .body))
        #expect(content.secondaryTextLabel.textColor == .secondaryLabel)
        // 1 (margin) + 1 (text) + 1 (padding) + 1 (secondary) + 1 (margin).
        #expect(content.sizeThatFits(CGSize(width: 14, height: 0)).height == 5)
        #expect(content.secondaryTextLabel.frame.minY == 3)
    }

    @Test func noTextMeasuresItsMarginsOnly() {
        #expect(view(nil).sizeThatFits(CGSize(width: 10, height: 0)).height == 0)
        #expect(
            view("")
                .sizeThatFits(CGSize(width: 10, height: 0)).height == 0)
        #expect(view(nil) { $0.directionalLayoutMargins.top = 2 }.sizeThatFits(CGSize(width: 10, height: 0)).height == 2)
    }

    @Test func aCellShowsItsConfigurationInItsContentViewAndKeepsTheViewForTheSameType() {
        let cell = TableViewCell(reuseIdentifier: nil)
        var content = cell.defaultContentConfiguration()
        content.text = "one"
        cell.contentConfiguration = content
        let shown = cell.contentView.subviews.compactMap { $0 as? ListContentView }
        #expect(shown.count == 1)
        content.text = "two"
        cell.contentConfiguration = content
        #expect(cell.contentView.subviews.compactMap { $0 as? ListContentView }.first === shown.first)
        #expect(shown.first?.textLabel.text == "two")
        cell.frame = CGRect(x: 0, y: 0, width: 10, height: 3)
        cell.layoutIfNeeded()
        #expect(shown.first?.frame == cell.contentView.bounds)
        #expect(cell.sizeThatFits(CGSize(width: 10, height: 0)).height == 1)
        cell.contentConfiguration = nil
        #expect(cell.contentView.subviews.allSatisfy { !($0 is ListContentView) })
        #expect(TableViewCell(style: .subtitle, reuseIdentifier: nil).defaultContentConfiguration() == .subtitleCell())
        #expect(TableViewCell(style: .value1, reuseIdentifier: nil).defaultContentConfiguration() == .valueCell())
    }
}

/// `Label.lineBreakMode`: the last line a limit leaves, shortened as UIKit's modes do.
@MainActor
@Suite struct LabelLineBreakTests {
    func lines(_ text: String, _ mode: LineBreakMode, lines: Int, columns: Int?) -> [String] {
        Label.wrap(text, columns: columns, numberOfLines: lines, lineBreakMode: mode)
    }

    @Test func eachModeEndsTheLastLineItsWay() {
        let text = "the quick brown fox jumps over"
        #expect(lines(text, .byWordWrapping, lines: 2, columns: 10) == ["the quick", "brown fox"])
        #expect(lines(text, .byTruncatingTail, lines: 2, columns: 10) == ["the quick", "brown fox…"])
        #expect(lines(text, .byTruncatingHead, lines: 2, columns: 10) == ["the quick", "…umps over"])
        #expect(lines(text, .byTruncatingMiddle, lines: 2, columns: 10) == ["the quick", "brown…over"])
        #expect(lines(text, .byClipping, lines: 2, columns: 10) == ["the quick", "brown fox "])
        #expect(lines(text, .byCharWrapping, lines: 2, columns: 10) == ["the quick ", "brown fox "])
        #expect(lines(text, .byTruncatingTail, lines: 1, columns: 1) == ["…"])
        // Text that fits is the same in every mode.
        for mode in [LineBreakMode.byWordWrapping, .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle, .byClipping, .byCharWrapping] {
            #expect(lines("short", mode, lines: 1, columns: 10) == ["short"])
            #expect(lines("", mode, lines: 1, columns: 10) == [])
        }
    }

    @Test func truncationKeepsWideCharactersWholeAndEveryLineFits() {
        var rng = SplitMix64(seed: 7)
        let words = ["漢字", "a", "bb", "ccc", "éé", "🙂", "longerword"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...12, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            let columns = Int.random(in: 1...14, using: &rng), limit = Int.random(in: 1...3, using: &rng)
            for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle, .byClipping, .byCharWrapping] {
                let result = lines(text, mode, lines: limit, columns: columns)
                #expect(result.count <= limit)
                // A wide character alone on a 1-column line overflows, as in plain wrapping.
                #expect(result.allSatisfy { displayWidth($0) <= max(columns, 2) }, "\(mode) \(text) at \(columns): \(result)")
            }
        }
    }

    @Test func aLabelMeasuresWithItsMode() {
        let label = Label(text: "one two three four")
        label.numberOfLines = 1
        label.lineBreakMode = .byTruncatingTail
        #expect(label.sizeThatFits(CGSize(width: 9, height: 0)) == CGSize(width: 8, height: 1))
        label.frame.size.width = 9
        #expect(label.lines == ["one two…"])
        label.lineBreakMode = .byTruncatingHead
        #expect(label.lines == ["…ree four"])
    }
}
