import Testing
@testable import ReuseTable
import TestSupport

/// A stand-in for a cell: the pool only stores references.
private final class Token {
    let id: Int
    init(_ id: Int) { self.id = id }
}

/// `ReusePool`: one stack of idle cells per reuse identifier, checked against a dictionary of arrays.
@MainActor
@Suite struct ReusePoolTests {
    /// The identities the pool holds per identifier, bottom of each stack first.
    private func ids(_ pool: ReusePool<Token>) -> [String: [Int]] {
        pool.idle.mapValues { $0.map(\.id) }.filter { !$0.value.isEmpty }
    }

    @Test func anEmptyPoolMisses() {
        let pool = ReusePool<Token>()
        #expect(pool.dequeue("cell") == nil)
        #expect(pool.count == 0 && pool.created.isEmpty)
        #expect(ids(pool).isEmpty)
    }

    /// The most recently returned cell comes back first (a stack), and only for its own identifier.
    @Test func dequeueIsLastInFirstOutPerIdentifier() {
        let pool = ReusePool<Token>()
        let a1 = Token(1), a2 = Token(2), b1 = Token(3)
        pool.enqueue(a1, identifier: "a")
        pool.enqueue(b1, identifier: "b")
        pool.enqueue(a2, identifier: "a")
        #expect(pool.count == 3)
        #expect(ids(pool) == ["a": [1, 2], "b": [3]])
        #expect(pool.dequeue("c") == nil, "an identifier never seen misses")
        #expect(pool.dequeue("a") === a2)
        #expect(pool.dequeue("b") === b1)
        #expect(pool.dequeue("b") == nil)
        #expect(pool.dequeue("a") === a1)
        #expect(pool.dequeue("a") == nil)
        #expect(pool.count == 0)
    }

    /// Switching between identifiers must not confuse the remembered last stack.
    @Test func alternatingIdentifiersKeepTheirOwnStacks() {
        let pool = ReusePool<Token>()
        for i in 0..<6 { pool.enqueue(Token(i), identifier: i % 2 == 0 ? "even" : "odd") }
        #expect(pool.dequeue("odd")?.id == 5)
        #expect(pool.dequeue("even")?.id == 4)
        #expect(pool.dequeue("odd")?.id == 3)
        #expect(pool.dequeue("odd")?.id == 1)
        #expect(pool.dequeue("even")?.id == 2)
        #expect(ids(pool) == ["even": [0]])
    }

    @Test func createdCountsPerIdentifier() {
        let pool = ReusePool<Token>()
        pool.noteCreated("a")
        pool.noteCreated("b")
        pool.noteCreated("a")
        #expect(pool.created == ["a": 2, "b": 1])
        #expect(pool.created.values.reduce(0, +) == 3)
        #expect(pool.count == 0, "noting a creation does not put a cell in the pool")
    }

    /// Switched off, the pool keeps nothing and gives nothing; switched on again, it works.
    @Test func aDisabledPoolDropsEveryCell() {
        let pool = ReusePool<Token>()
        let kept = Token(0)
        pool.enqueue(kept, identifier: "a")
        pool.isEnabled = false
        pool.enqueue(Token(1), identifier: "a")
        #expect(pool.dequeue("a") == nil, "off: always a miss, even with a cell inside")
        #expect(pool.count == 1, "off: enqueue dropped the cell")
        pool.isEnabled = true
        #expect(pool.dequeue("a") === kept)
        #expect(pool.dequeue("a") == nil)
    }

    @Test func removeAllEmptiesEveryStackAndKeepsCounters() {
        let pool = ReusePool<Token>()
        for i in 0..<5 { pool.enqueue(Token(i), identifier: "id\(i % 3)") }
        pool.noteCreated("id0")
        pool.removeAll()
        #expect(pool.count == 0 && ids(pool).isEmpty)
        for i in 0..<3 { #expect(pool.dequeue("id\(i)") == nil) }
        #expect(pool.created == ["id0": 1])
        pool.enqueue(Token(9), identifier: "id1")
        #expect(pool.dequeue("id1")?.id == 9, "the pool works after being emptied")
    }

    /// Random enqueues, dequeues, switches and clears over a few identifiers, against `[String: [Int]]`.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func matchesADictionaryOfArrays(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        let identifiers = ["a", "b", "c", "d"]
        let pool = ReusePool<Token>()
        var model: [String: [Int]] = [:]
        var created: [String: Int] = [:]
        var enabled = true
        var next = 0
        for step in 0..<2_000 {
            let identifier = identifiers[random(identifiers.count)]
            switch random(20) {
            case 0..<9:
                pool.enqueue(Token(next), identifier: identifier)
                if enabled { model[identifier, default: []].append(next) }
                next += 1
            case 9..<17:
                let got = pool.dequeue(identifier)?.id
                let expected = enabled ? model[identifier]?.popLast() : nil
                try #require(got == expected, "step \(step)")
            case 17:
                pool.noteCreated(identifier)
                created[identifier, default: 0] += 1
            case 18:
                enabled.toggle()
                pool.isEnabled = enabled
            default:
                pool.removeAll()
                model = [:]
            }
            try #require(ids(pool) == model.filter { !$0.value.isEmpty }, "step \(step)")
            try #require(pool.count == model.values.reduce(0) { $0 + $1.count })
            try #require(pool.created == created)
        }
    }
}
