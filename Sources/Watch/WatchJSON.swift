import Foundation

/// A small JSON writer for the page's data: compact arrays, numbers in their shortest form, and `<`
/// escaped so the text can sit inside a `<script>` element.
struct JSONWriter {
    private(set) var text = ""

    init() { text.reserveCapacity(1 << 20) }

    mutating func raw(_ s: String) { text += s }

    mutating func number(_ value: Double) {
        guard value.isFinite else { return text += "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            text += String(Int(value))
        } else {
            text += "\(value)"
        }
    }

    mutating func number(_ value: Int) { text += String(value) }

    mutating func string(_ value: String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "<": text += "\\u003c"
            case "&": text += "\\u0026"
            default:
                if scalar.value < 0x20 {
                    text += String(format: "\\u%04x", scalar.value)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// `[a,b,c]` with `body` writing each element.
    mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        text += "["
        var first = true
        for element in elements {
            if !first { text += "," }
            first = false
            body(&self, element)
        }
        text += "]"
    }

    /// `a,b,c`: numbers inside an array the caller opened.
    mutating func elements(_ values: [Int]) {
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            number(value)
        }
    }

    mutating func numbers(_ values: [Double]) { array(values) { $0.number($1) } }
    mutating func numbers(_ values: [Int]) { array(values) { $0.number($1) } }

    /// `"key":` inside an object the caller opened.
    mutating func key(_ name: String, first: Bool = false) {
        if !first { text += "," }
        string(name)
        text += ":"
    }
}
