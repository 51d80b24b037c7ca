import Foundation

/// A JSON document as the gesture-script reader sees it: objects keep their
/// key order (so errors and re-serialised output follow the file), numbers
/// keep the exact double their literal denotes.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as the exact double its literal denotes.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members in the file's order.
    case object([JSONMember])

    /// A short name of the value's kind for error messages ("a number", ...).
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The key.
    public let key: String
    /// The value.
    public let value: JSONValue
    /// A member `key: value`.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// What is wrong with a gesture script, and where: a JSON path such as
/// `$.steps[2].duration` for a value that does not fit the format, or a line
/// and column for text that is not JSON at all.
public struct ScriptError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The JSON path of the offending value (`$` is the whole document).
    public let path: String
    /// What rule it breaks.
    public let message: String

    /// An error at `path` breaking the rule `message`.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    /// `$.steps[2].duration: must be > 0`.
    public var description: String { "\(path): \(message)" }
}

// MARK: - Parsing

extension JSONValue {
    /// Parses a whole JSON text (RFC 8259; no comments, no trailing commas,
    /// no duplicate keys). A syntax error is reported at path `$` with the
    /// line and column where reading stopped.
    public init(parsing text: String) throws(ScriptError) {
        var parser = JSONParser(Array(text.utf8))
        self = try parser.document()
    }

    /// Compact JSON text. Numbers use Swift's shortest round-trip spelling;
    /// NaN and infinities (which JSON lacks) become `null`. `<` is escaped
    /// so the text can sit inside an HTML `<script>` element.
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(x): out += JSONValue.number(x)
        case let .string(s): JSONValue.quote(s, into: &out)
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.quote(member.key, into: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// A double as JSON: its shortest round-trip spelling, `null` when not finite.
    public static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// Appends `s` as a JSON string literal.
    public static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// A small recursive-descent JSON reader over UTF-8 bytes.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws(ScriptError) -> JSONValue {
        skipSpace()
        let value = try parseValue()
        skipSpace()
        if index < bytes.count { throw fail("unexpected text after the JSON value") }
        return value
    }

    /// The line and column (1-based, in characters) of the current position.
    func location() -> (line: Int, column: Int) {
        var line = 1, column = 1
        for b in bytes[..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    func fail(_ message: String) -> ScriptError {
        let (line, column) = location()
        return ScriptError(path: "$", "not valid JSON at line \(line), column \(column): \(message)")
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(ScriptError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of text, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character, expected a value")
        }
    }

    mutating func literal(_ word: String) throws(ScriptError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw fail("unexpected character, expected a value")
        }
        index += w.count
    }

    mutating func nest() throws(ScriptError) {
        depth += 1
        if depth > 200 { throw fail("nested too deeply") }
    }

    mutating func parseObject() throws(ScriptError) -> JSONValue {
        try nest()
        index += 1
        var members: [JSONMember] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let keyStart = index
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                index = keyStart
                throw fail("duplicate key \"\(key)\"")
            }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            index += 1
            skipSpace()
            members.append(JSONMember(key, try parseValue()))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of text, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    mutating func parseArray() throws(ScriptError) -> JSONValue {
        try nest()
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try parseValue())
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of text, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']'")
        }
        depth -= 1
        return .array(items)
    }

    mutating func parseString() throws(ScriptError) -> String {
        index += 1
        // Most strings have no escape: their bytes as they are (the same
        // decoding as below, run by run).
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            return text
        }
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
        }
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; break }
            if b < 0x20 { throw fail("control character in a string") }
            if b != UInt8(ascii: "\\") { run.append(b); index += 1; continue }
            flush()
            index += 1
            guard index < bytes.count else { throw fail("unterminated string") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                          bytes[index + 1] == UInt8(ascii: "u")
                    else { throw fail("unpaired surrogate in \\u escape") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("invalid \\u escape") }
                scalars.append(scalar)
            default:
                index -= 1
                throw fail("invalid escape in a string")
            }
        }
        flush()
        return String(scalars)
    }

    mutating func hex4() throws(ScriptError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw fail("expected four hex digits after \\u") }
        index += 4
        return v
    }

    mutating func parseNumber() throws(ScriptError) -> Double {
        let start = index
        func digits() -> Int {
            let s = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - s
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        guard digits() > 0 else { throw fail("expected digits in a number") }
        if bytes[intStart] == UInt8(ascii: "0"), index - intStart > 1 {
            index = intStart
            throw fail("a number may not start with 0")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw fail("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("number out of range")
        }
        return value
    }
}

// MARK: - Reading with paths

/// A JSON value together with its path, with typed accessors whose errors
/// name that path: `$.steps[2].duration: must be > 0`.
public struct JSONNode: Sendable {
    /// The value.
    public let value: JSONValue
    /// Its JSON path (`$.steps[2].duration`).
    public let path: String

    /// A node of `value` at `path` (the whole document by default).
    public init(_ value: JSONValue, path: String = "$") {
        self.value = value
        self.path = path
    }

    /// An error at this node.
    public func error(_ message: String) -> ScriptError { ScriptError(path: path, message) }

    /// The path of `key` inside this node: `.key`, or `["key"]` when the key
    /// is not a plain identifier.
    public func path(of key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { c in
            // ASCII without CharacterSet (its look-up is slow; every key of a script passes here).
            if c.isASCII {
                return ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
            }
            return CharacterSet.alphanumerics.contains(c)
        }
        if plain { return "\(path).\(key)" }
        var quoted = ""
        JSONValue.quote(key, into: &quoted)
        return "\(path)[\(quoted)]"
    }

    // MARK: Shapes

    /// The members of this object, or an error when it is not one.
    public func object() throws(ScriptError) -> JSONObject {
        guard case let .object(members) = value else { throw error("must be an object, not \(value.kindName)") }
        return JSONObject(members: members, node: self)
    }

    /// The items of this array, each with its path.
    public func array() throws(ScriptError) -> [JSONNode] {
        guard case let .array(items) = value else { throw error("must be an array, not \(value.kindName)") }
        return items.enumerated().map { JSONNode($1, path: "\(path)[\($0)]") }
    }

    /// A number (always finite: the parser rejects overflow).
    public func number() throws(ScriptError) -> Double {
        guard case let .number(x) = value else { throw error("must be a number, not \(value.kindName)") }
        return x
    }

    /// A number > 0.
    public func positiveNumber() throws(ScriptError) -> Double {
        let x = try number()
        guard x > 0 else { throw error("must be > 0") }
        return x
    }

    /// A number >= 0.
    public func nonNegativeNumber() throws(ScriptError) -> Double {
        let x = try number()
        guard x >= 0 else { throw error("must be >= 0") }
        return x
    }

    /// The value as a boolean; an error naming the path for anything else.
    public func bool() throws(ScriptError) -> Bool {
        guard case let .bool(b) = value else { throw error("must be true or false, not \(value.kindName)") }
        return b
    }

    /// The value as a string; an error naming the path for anything else.
    public func string() throws(ScriptError) -> String {
        guard case let .string(s) = value else { throw error("must be a string, not \(value.kindName)") }
        return s
    }

    /// A point written `[x, y]` (points).
    public func point() throws(ScriptError) -> CGPoint {
        let items = try array()
        guard items.count == 2 else { throw error("must be a point [x, y] (two numbers), not \(items.count) values") }
        return CGPoint(x: try items[0].number(), y: try items[1].number())
    }
}

/// The members of a JSON object, looked up by key with paths in errors.
public struct JSONObject: Sendable {
    /// The members, in the file's order.
    public let members: [JSONMember]
    /// The object itself.
    public let node: JSONNode

    /// The member `key`, or nil when absent.
    public subscript(_ key: String) -> JSONNode? {
        members.first { $0.key == key }.map { JSONNode($0.value, path: node.path(of: key)) }
    }

    /// The member `key`; an error naming its path when absent.
    public func required(_ key: String) throws(ScriptError) -> JSONNode {
        guard let member = self[key] else { throw ScriptError(path: node.path(of: key), "is required") }
        return member
    }

    /// Rejects keys outside `allowed` (typos would otherwise be ignored silently).
    public func allowOnly(_ allowed: [String]) throws(ScriptError) {
        for member in members where !allowed.contains(member.key) {
            throw ScriptError(path: node.path(of: member.key),
                              "unknown key (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }
}
