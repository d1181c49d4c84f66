import Testing
@testable import ReuseTableTerminal

// Mouse reports decoded from recorded byte streams: every SGR form, the X10 form, reads split at
// every byte, garbage and over-long numbers — never a crash, never a key lost after garbage.

@Suite struct MouseDecoderTests {
    private func keys(_ string: String) -> [Key] {
        KeyDecoder.decode(Array(string.utf8))
    }

    private func mouse(
        _ kind: MouseEvent.Kind, _ button: MouseEvent.Button, _ column: Int, _ line: Int,
        shift: Bool = false, meta: Bool = false, control: Bool = false
    ) -> Key {
        .mouse(MouseEvent(kind: kind, button: button, column: column, line: line, shift: shift, meta: meta, control: control))
    }

    @Test func sgrPressesAndReleasesOfEachButton() {
        #expect(keys("\u{1B}[<0;10;5M") == [mouse(.press, .left, 9, 4)])
        #expect(keys("\u{1B}[<1;1;1M") == [mouse(.press, .middle, 0, 0)])
        #expect(keys("\u{1B}[<2;300;200M") == [mouse(.press, .right, 299, 199)])
        #expect(keys("\u{1B}[<0;10;5m") == [mouse(.release, .left, 9, 4)])
        #expect(keys("\u{1B}[<1;10;5m") == [mouse(.release, .middle, 9, 4)])
        #expect(keys("\u{1B}[<2;10;5m") == [mouse(.release, .right, 9, 4)])
        #expect(keys("\u{1B}[<3;10;5m") == [mouse(.release, .none, 9, 4)])
        #expect(keys("\u{1B}[<3;10;5M") == [.unknown])  // a press of no button means nothing
    }

    @Test func sgrModifiersAndMotion() {
        #expect(keys("\u{1B}[<4;2;3M") == [mouse(.press, .left, 1, 2, shift: true)])
        #expect(keys("\u{1B}[<8;2;3M") == [mouse(.press, .left, 1, 2, meta: true)])
        #expect(keys("\u{1B}[<16;2;3M") == [mouse(.press, .left, 1, 2, control: true)])
        #expect(keys("\u{1B}[<30;2;3m") == [mouse(.release, .right, 1, 2, shift: true, meta: true, control: true)])
        #expect(keys("\u{1B}[<32;7;8M") == [mouse(.drag, .left, 6, 7)])
        #expect(keys("\u{1B}[<34;7;8M") == [mouse(.drag, .right, 6, 7)])
        #expect(keys("\u{1B}[<48;7;8M") == [mouse(.drag, .left, 6, 7, control: true)])
        #expect(keys("\u{1B}[<35;7;8M") == [mouse(.move, .none, 6, 7)])
    }

    @Test func sgrWheelWithAndWithoutModifiers() {
        #expect(keys("\u{1B}[<64;10;5M") == [.wheelUp])
        #expect(keys("\u{1B}[<65;10;5M") == [.wheelDown])
        #expect(keys("\u{1B}[<68;10;5M\u{1B}[<81;1;1M") == [.wheelUp, .wheelDown])  // Shift, Ctrl
        #expect(keys("\u{1B}[<66;10;5M\u{1B}[<67;10;5M") == [.unknown, .unknown])  // horizontal wheel
        #expect(keys("\u{1B}[<64;10;5m") == [.unknown])  // a wheel has no release
        #expect(keys("\u{1B}[<128;10;5M") == [.unknown])  // buttons 8–11
    }

    @Test func x10ReportsOfPressesReleasesAndDrags() {
        #expect(KeyDecoder.decode([0x1B, 0x5B, 0x4D, 32, 42, 37]) == [mouse(.press, .left, 9, 4)])
        #expect(KeyDecoder.decode([0x1B, 0x5B, 0x4D, 35, 42, 37]) == [mouse(.release, .none, 9, 4)])
        #expect(KeyDecoder.decode([0x1B, 0x5B, 0x4D, 64, 43, 37, 0x71]) == [mouse(.drag, .left, 10, 4), .char("q")])
        #expect(KeyDecoder.decode([0x1B, 0x5B, 0x4D, 96, 40, 40]) == [.wheelUp])
    }

    /// A recorded session — a click, a drag on the indicator, the wheel, keys between — fed in two
    /// reads split at every byte, and byte by byte: always the same keys.
    @Test func readsSplitAnywhereDecodeTheSameKeys() {
        let stream = Array(
            ("j\u{1B}[<0;80;3M\u{1B}[<32;80;4M\u{1B}[<32;80;12M\u{1B}[<0;80;12m漢\u{1B}[<65;5;5M\u{1B}[A"
                + "\u{1B}[<2;1;1M\u{1B}[<2;1;1m\u{1B}[6~q").utf8)
        let expected = KeyDecoder.decode(stream)
        #expect(expected.count == 12)
        for cut in 0...stream.count {
            var decoder = KeyDecoder()
            let keys = decoder.decode(Array(stream[..<cut])) + decoder.decode(Array(stream[cut...])) + decoder.flush()
            #expect(keys == expected, "split at \(cut)")
        }
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in stream { keys += decoder.decode([byte]) }
        #expect(keys == expected)
        #expect(!decoder.hasPending)
    }

    @Test func anUnfinishedSequenceWaitsAndFlushGivesItUp() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[<0;10".utf8)) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.unknown])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
    }

    @Test func garbageNeverSwallowsTheKeyAfterIt() {
        let garbage = [
            "\u{1B}[<99999999999999999999999;1;1M",  // does not fit an Int
            "\u{1B}[<0;99999999999;1M", "\u{1B}[<0;1M", "\u{1B}[<0;1;1;1M", "\u{1B}[<;;M", "\u{1B}[<0;0;0M",
            "\u{1B}[<0;1;1X", "\u{1B}[<0;1;1~",
        ]
        for bytes in garbage {
            #expect(keys(bytes + "q") == [.unknown, .char("q")], "\(Array(bytes.utf8))")
        }
        // A byte that cannot be in a report ends it there: the rest reads as text, nothing is swallowed.
        #expect(keys("\u{1B}[<-1;1;1Mq") == [.unknown] + "1;1;1Mq".map { .char($0) })
        #expect(keys("\u{1B}[<a;b;cMq") == [.unknown] + ";b;cMq".map { .char($0) })
        // A control byte cuts a report short: the report is dropped, the control key kept.
        #expect(keys("\u{1B}[<0;1;1\u{03}") == [.unknown, .ctrl("c")])
        #expect(keys("\u{1B}[<0;1\u{1B}[A") == [.unknown, .up])
    }

    @Test func anEndlessParameterRunIsNotKeptForever() {
        var decoder = KeyDecoder()
        let run = [UInt8](repeating: UInt8(ascii: "9"), count: 10_000)
        #expect(decoder.decode(Array("\u{1B}[<".utf8) + run) == [.unknown])
        #expect(!decoder.hasPending)
        #expect(decoder.decode(Array("q".utf8)) == [.char("q")])
    }

    @Test func randomBytesNeverCrashAndKeepTheKeysAfterThem() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<500 {
            let length = Int(generator.next() % 40)
            var bytes: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]
            for _ in 0..<length { bytes.append(Array("0123456789;<Mm[\u{1B}".utf8)[Int(generator.next() % 16)]) }
            var decoder = KeyDecoder()
            let keys = decoder.decode(bytes) + decoder.decode(Array("\u{1B}[Bq".utf8)) + decoder.flush()
            #expect(Array(keys.suffix(2)) == [.down, .char("q")], "\(bytes)")
        }
    }
}

/// A small seeded generator for the fuzz test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
