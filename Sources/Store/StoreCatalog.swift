import Foundation

/// The store's data: apps made up from their number, deterministic, so a session and its tests
/// see the same screen every time.
public struct StoreApp: Hashable, Sendable {
    /// The app's number, from 1.
    public let number: Int

    /// A name from two word lists.
    public var name: String {
        let first = ["Sky", "Pocket", "Tiny", "Swift", "Quiet", "Bright", "Paper", "Night", "River", "Echo", "Pixel"]
        let second = ["Notes", "Maps", "Tracker", "Garden", "Chess", "Radio", "Ledger", "Atlas", "Lens", "Timer"]
        return first[number % first.count] + " " + second[(number / first.count) % second.count]
    }

    /// A one-line pitch, longer for some apps so rows and tiles wrap to different heights.
    public var pitch: String {
        let pitches = [
            "Fast and small.",
            "Keeps your day in order, offline, with no account and no ads.",
            "Made for the terminal.",
            "Plans, lists and reminders that follow you from one screen to the next, with a widget for everything.",
            "A classic, done well.",
        ]
        return pitches[number % pitches.count]
    }

    /// A rating out of five, one decimal.
    public var rating: String { String(format: "%.1f★", 3.0 + Double(number * 37 % 20) / 10) }
}

/// The sections of the store screen, top to bottom.
public enum StoreSection: Int, CaseIterable, Sendable {
    /// A paging carousel of featured apps (←/→ move it).
    case featured
    /// A three-column grid of top apps.
    case top
    /// A second carousel that glides (continuous).
    case editors
    /// A long self-sizing list.
    case new

    /// The section header's title.
    public var title: String {
        switch self {
        case .featured: "Featured"
        case .top: "Top apps"
        case .editors: "Editors' choice"
        case .new: "New & updated"
        }
    }

    /// Items in the section.
    public var count: Int {
        switch self {
        case .featured: 12
        case .top: 24
        case .editors: 40
        case .new: 100_000
        }
    }

    /// The app shown at `item`.
    public func app(at item: Int) -> StoreApp { StoreApp(number: rawValue * 1_000_000 + item + 1) }
}
