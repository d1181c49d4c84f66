import SeededRandom

/// One post of the demo feed. Everything in it is derived from `id` alone.
public struct Post: Equatable, Sendable {
    /// Generated posts: `day × postsPerDay + position`; posts inserted with `i`: `FeedGenerator.firstInsertedID` and up.
    public let id: UInt64
    let author: String
    /// "HH:MM".
    let time: String
    let body: String

    /// True for posts the user inserted with `i`.
    var isInserted: Bool { id >= FeedGenerator.firstInsertedID }
}

/// The deterministic content of a million-row feed, with no per-row storage.
///
/// A post's author, time, body length and words come from a hash of its id
/// (`SplitMix64.hash`), so any row's content is O(body length) to produce, the same
/// on every run and every machine — which makes golden tests and the tour's
/// numbers reproducible.
public enum FeedGenerator {
    /// Posts per day; a day is one section with a sticky header.
    public static let postsPerDay = 1_000
    /// Days in the default feed: 1,000 × 1,000 = 1,000,000 rows.
    public static let defaultDays = 1_000
    /// Ids of inserted posts start here, far above any generated id.
    public static let firstInsertedID: UInt64 = 1 << 40

    /// The post with this id.
    /// - Complexity: O(words in its body).
    public static func post(id: UInt64) -> Post {
        var state = SplitMix64.hash(id)
        func next() -> UInt64 {
            state = SplitMix64.hash(state)
            return state
        }
        let author = authors[Int(next() % UInt64(authors.count))]
        let minute: Int
        if id < firstInsertedID {
            // Posts of a day are in time order: spread 1,000 posts over 24 hours.
            minute = Int(id % UInt64(postsPerDay)) * 1_440 / postsPerDay
        } else {
            minute = Int(next() % 1_440)
        }
        // Mostly short posts, some long ones: the shape of a real feed's heights.
        let roll = next() % 100
        let wordCount: Int
        switch roll {
        case 0..<55: wordCount = 4 + Int(next() % 12)  // one or two lines
        case 55..<90: wordCount = 16 + Int(next() % 30)  // a paragraph
        default: wordCount = 46 + Int(next() % 70)  // a long post
        }
        var body = id >= firstInsertedID ? "(inserted) " : ""
        for index in 0..<wordCount {
            if index > 0 { body += " " }
            body += words[Int(next() % UInt64(words.count))]
        }
        body += "."
        let time = id >= firstInsertedID ? "now" : "\(minute / 60 < 10 ? "0" : "")\(minute / 60):\(minute % 60 < 10 ? "0" : "")\(minute % 60)"
        return Post(id: id, author: author, time: time, body: body)
    }

    /// The id of the generated post at `position` of `day`.
    static func generatedID(day: Int, position: Int) -> UInt64 {
        UInt64(day) * UInt64(postsPerDay) + UInt64(position)
    }

    /// A day header such as "Monday 3 March 2025"; day 0 is Monday 3 March 2025.
    public static func dayTitle(_ day: Int) -> String {
        let (year, month, dayOfMonth) = civilDate(daysSinceEpoch: epochDayOfDayZero + day)
        let weekday = weekdays[((day % 7) + 7) % 7]
        return "\(weekday) \(dayOfMonth) \(months[month - 1]) \(year)"
    }

    /// Days from 1970-01-01 to 2025-03-03 (a Monday).
    static let epochDayOfDayZero = 20_150

    /// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day count since 1970-01-01.
    static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]
    static let authors = [
        "ada", "grace", "linus", "margaret", "dennis", "barbara", "ken", "frances", "edsger", "radia",
        "guido", "bjarne", "anders", "chris", "john", "hedy", "alan", "katherine", "donald", "sophie",
        "tim", "annie", "niklaus", "jean",
    ]
    static let words = [
        "table", "cell", "row", "height", "scroll", "reuse", "pool", "offset", "content", "view",
        "estimate", "measure", "layout", "section", "header", "sticky", "tree", "records", "binary", "search",
        "wrap", "label", "width", "rotate", "insert", "delete", "anchor", "jump", "cache", "hit",
        "miss", "template", "template", "fast", "slow", "million", "rows", "screen", "terminal", "grid",
        "the", "a", "of", "and", "to", "in", "on", "with", "every", "only",
        "visible", "off-screen", "again", "never", "once", "today", "coffee", "shipped", "bug", "fixed",
        "swift", "linux", "demo", "lesson", "why", "how", "because", "while", "idle", "precache",
        "sumtree", "run", "B+tree", "log", "n", "microseconds", "prefix", "sum", "array", "shift",
    ]
}
