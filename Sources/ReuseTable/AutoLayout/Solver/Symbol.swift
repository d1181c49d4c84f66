/// A column of the simplex tableau: a dense integer id with its kind in the low two bits.
///
/// Plain integers keep rows small and comparisons cheap; `Solver` indexes
/// arrays by `id`, never hashes a class.
struct Symbol: Hashable, Comparable {
    /// `id << 2 | kind`.
    let raw: Int

    enum Kind: Int {
        /// A user variable: unrestricted in sign.
        case external = 0
        /// The slack of an inequality: `>= 0`.
        case slack = 1
        /// An error variable of a non-required constraint: `>= 0`, weighted in the objective.
        case error = 2
        /// The marker of a required equality: always 0, never enters the basis.
        case dummy = 3
    }

    init(id: Int, kind: Kind) { raw = id << 2 | kind.rawValue }

    /// The placeholder for "no symbol".
    static let invalid = Symbol(rawValue: -1)
    private init(rawValue: Int) { raw = rawValue }

    var id: Int { raw >> 2 }
    var kind: Kind { Kind(rawValue: raw & 3)! }
    var isValid: Bool { raw >= 0 }
    var isExternal: Bool { raw & 3 == 0 }
    var isDummy: Bool { raw & 3 == 3 }
    /// Slack and error symbols: the ones that must stay non-negative, and may be pivoted on.
    var isRestricted: Bool { let kind = raw & 3; return kind == 1 || kind == 2 }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}
