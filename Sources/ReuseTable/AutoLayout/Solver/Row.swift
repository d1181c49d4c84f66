/// One row of the tableau, `basic = constant + Σ coefficient · symbol`
/// (before it has a basic symbol: `0 = constant + Σ …`).
///
/// Cells are kept sorted by symbol, so adding a multiple of another row is a
/// linear merge and a lookup is a binary search. Layout systems have short
/// rows, where this beats a hash table by a wide margin.
///
/// The signature has bit `id mod 128` set for every symbol with a cell: a clear
/// bit proves a symbol absent without reading the cells, so a walk over every
/// row for one symbol (`suggestValue`, a substitution, a ratio test) reads only
/// the rows' array for the rows that lack it, most rows of a layout. Bits of
/// removed cells may stay set (it is a superset); a merge recomputes it exactly.
struct Row {
    struct Cell {
        var symbol: Symbol
        var coefficient: Double
    }

    private(set) var cells: [Cell]
    var constant: Double
    /// Bits 0–63 and 64–127 of the signature: bit `id mod 128` of every symbol with a cell, and
    /// perhaps of some without (see the type's comment).
    private(set) var signatureLow: UInt64 = 0
    private(set) var signatureHigh: UInt64 = 0

    /// One symbol's bit in a row's signature.
    struct SignatureBit {
        let isHigh: Bool
        let mask: UInt64
    }

    init(constant: Double = 0) {
        cells = []
        self.constant = constant
    }

    /// The signature bit of the symbol whose `raw` is `key` (`raw` is `id << 2 | kind`).
    @inline(__always)
    static func bit(forRaw key: Int) -> SignatureBit {
        SignatureBit(isHigh: key & (64 << 2) != 0, mask: 1 &<< UInt64(truncatingIfNeeded: (key &>> 2) & 63))
    }

    /// False when the symbol of `bit` certainly has no cell (its signature bit is clear).
    @inline(__always)
    func mayContain(_ bit: SignatureBit) -> Bool { (bit.isHigh ? signatureHigh : signatureLow) & bit.mask != 0 }

    /// False when the symbol whose `raw` is `key` certainly has no cell.
    @inline(__always)
    func mayContain(raw key: Int) -> Bool { mayContain(Row.bit(forRaw: key)) }

    /// True when every cell's symbol has its bit set: the signature's invariant (checked by tests).
    var signatureCoversCells: Bool { cells.allSatisfy { mayContain(raw: $0.symbol.raw) } }

    @inline(__always)
    private mutating func mark(raw key: Int) {
        let bit = Row.bit(forRaw: key)
        if bit.isHigh { signatureHigh |= bit.mask } else { signatureLow |= bit.mask }
    }

    var isConstant: Bool { cells.isEmpty }

    /// The position of `symbol`, or where it would be inserted (as `-1 - position`).
    ///
    /// The hot loop of the solver (every pivot asks every row), so it reads the
    /// buffer without bounds checks and uses wrapping arithmetic: indices stay in `0...count`.
    @inline(__always)
    private func search(_ symbol: Symbol) -> Int {
        cells.withUnsafeBufferPointer { buffer in
            let key = symbol.raw
            var low = 0
            var high = buffer.count
            while low < high {
                let mid = (low &+ high) &>> 1
                let s = buffer[mid].symbol.raw
                if s < key { low = mid &+ 1 } else if s > key { high = mid } else { return mid }
            }
            return -1 &- low
        }
    }

    /// The coefficient of the symbol whose `raw` is `key` (0 when absent), read in place:
    /// one binary search over the cells' buffer, for loops that visit every row.
    /// - Complexity: O(log n).
    @inline(__always)
    func coefficient(forRaw key: Int) -> Double {
        guard mayContain(raw: key) else { return 0 }
        return cells.withUnsafeBufferPointer { buffer in
            var low = 0
            var high = buffer.count
            while low < high {
                let mid = (low &+ high) &>> 1
                let s = buffer[mid].symbol.raw
                if s < key { low = mid &+ 1 } else if s > key { high = mid } else { return buffer[mid].coefficient }
            }
            return 0
        }
    }

    /// The coefficient of `symbol` (0 when absent).
    /// - Complexity: O(log n).
    func coefficient(for symbol: Symbol) -> Double {
        guard mayContain(raw: symbol.raw) else { return 0 }
        let index = search(symbol)
        return index >= 0 ? cells[index].coefficient : 0
    }

    /// True when `symbol` has a cell.
    func contains(_ symbol: Symbol) -> Bool { mayContain(raw: symbol.raw) && search(symbol) >= 0 }

    /// Adds `coefficient · symbol`, dropping the cell when the sum is near zero.
    /// - Complexity: O(n) worst case (an insertion), O(log n) to update.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double = 1) {
        let index = search(symbol)
        if index >= 0 {
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: -1 - index)
            mark(raw: symbol.raw)
        }
    }

    /// Adds `coefficient · other` (cells and constant): a sorted merge.
    /// - Complexity: O(n + m).
    mutating func insert(_ other: Row, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        let theirs = other.cells
        if theirs.isEmpty { return }
        if theirs.count == 1 {
            insert(theirs[0].symbol, theirs[0].coefficient * coefficient)
            return
        }
        let mine = cells
        var merged: [Cell] = []
        merged.reserveCapacity(mine.count + theirs.count)
        var low: UInt64 = 0, high: UInt64 = 0
        func keep(_ cell: Cell) {
            merged.append(cell)
            let bit = Row.bit(forRaw: cell.symbol.raw)
            if bit.isHigh { high |= bit.mask } else { low |= bit.mask }
        }
        var i = 0
        var j = 0
        while i < mine.count, j < theirs.count {
            let a = mine[i].symbol.raw
            let b = theirs[j].symbol.raw
            if a < b {
                keep(mine[i]); i += 1
            } else if a > b {
                let value = theirs[j].coefficient * coefficient
                if !nearZero(value) { keep(Cell(symbol: theirs[j].symbol, coefficient: value)) }
                j += 1
            } else {
                let value = mine[i].coefficient + theirs[j].coefficient * coefficient
                if !nearZero(value) { keep(Cell(symbol: mine[i].symbol, coefficient: value)) }
                i += 1; j += 1
            }
        }
        while i < mine.count { keep(mine[i]); i += 1 }
        while j < theirs.count {
            let value = theirs[j].coefficient * coefficient
            if !nearZero(value) { keep(Cell(symbol: theirs[j].symbol, coefficient: value)) }
            j += 1
        }
        cells = merged
        signatureLow = low
        signatureHigh = high
    }

    /// Removes the cell of `symbol`, if any.
    mutating func remove(_ symbol: Symbol) {
        guard mayContain(raw: symbol.raw) else { return }
        let index = search(symbol)
        if index >= 0 { cells.remove(at: index) }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Turns `0 = constant + a·symbol + …` into `symbol = -(constant + …)/a`; `symbol` must have a cell.
    /// - Complexity: O(n).
    mutating func solve(for symbol: Symbol) {
        let index = search(symbol)
        let scale = -1 / cells[index].coefficient
        cells.remove(at: index)
        constant *= scale
        for i in cells.indices { cells[i].coefficient *= scale }
    }

    /// Turns `lhs = …` into `rhs = …` (a pivot within one row); `rhs` must have a cell.
    mutating func solve(for lhs: Symbol, replacing rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the right-hand side of `row`, if this row mentions it.
    /// - Returns: true when the row changed.
    /// - Complexity: O(log n) when absent, O(n + m) otherwise.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, with row: Row) -> Bool {
        guard mayContain(raw: symbol.raw) else { return false }
        let index = search(symbol)
        guard index >= 0 else { return false }
        let coefficient = cells[index].coefficient
        cells.remove(at: index)
        insert(row, coefficient)
        return true
    }
}

/// The tolerance below which a coefficient counts as zero (kiwi's `nearZero`).
@inline(__always)
func nearZero(_ value: Double) -> Bool {
    value < 0 ? -value < 1e-8 : value < 1e-8
}
