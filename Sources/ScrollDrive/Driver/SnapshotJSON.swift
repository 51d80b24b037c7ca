import Foundation

/// A surface's saved form as JSON bytes: the same state always gives the
/// same bytes (keys sorted), and reading names the field of a number JSON
/// cannot hold. Every surface's `Snapshot` conforms.
public protocol SurfaceSnapshot: Codable {}

extension SurfaceSnapshot {
    /// The snapshot's JSON form with its keys sorted: the same state gives
    /// the same bytes on every run and machine (a `JSONEncoder` of your own
    /// writes the same object, in its own key order unless `.sortedKeys`).
    /// Throws only what `JSONEncoder` throws; a snapshot's numbers are finite.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads a snapshot's JSON form, as `JSONDecoder` does, and checks it
    /// whole in the core. Where the text holds a number that is not a finite
    /// double (`NaN`, `Infinity`, or one too large such as `1e400`), the
    /// `DecodingError.dataCorrupted` it throws has that field's coding path
    /// and says so, instead of Foundation's "not valid JSON".
    public init(jsonData data: Data) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            var scan = NonFiniteNumberScan(data)
            if let bad = scan.first() {
                let field = bad.path.map { $0.stringValue }.joined(separator: ".")
                throw DecodingError.dataCorrupted(.init(
                    codingPath: bad.path, debugDescription: "\(field) must be a finite number, not \(bad.token)"))
            }
            throw DecodingError.dataCorrupted(context)
        }
    }
}

/// Finds the first number in a JSON text that is not a finite double (a
/// bare `NaN` or `Infinity`, or a literal that overflows such as `1e400`)
/// and the path of keys and indices that leads to it. Anything else that is
/// not JSON ends the scan with no finding (Foundation reports it).
struct NonFiniteNumberScan {
    private let bytes: [UInt8]
    private var i = 0
    private var path: [any CodingKey] = []

    init(_ data: Data) { bytes = Array(data) }

    struct Finding { let path: [any CodingKey]; let token: String }

    mutating func first() -> Finding? {
        i = 0
        path = []
        return value()
    }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    /// One value at `i`; nil when it and everything in it are fine (or the text is not JSON here).
    private mutating func value() -> Finding? {
        skipSpace()
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            while true {
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                guard bytes[i] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                path.append(FieldKey(key))
                if let found = value() { return found }
                path.removeLast()
            }
        case UInt8(ascii: "["):
            i += 1
            var index = 0
            while true {
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "]") { i += 1; return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1; index += 1; continue }
                path.append(IndexKey(index))
                let start = i
                if let found = value() { return found }
                path.removeLast()
                if i == start { return nil }
            }
        case UInt8(ascii: "\""):
            _ = string()
            return nil
        default:
            // A number or a word: up to the next delimiter.
            let start = i
            while i < bytes.count, !",]} \t\n\r:".utf8.contains(bytes[i]) { i += 1 }
            let token = String(decoding: bytes[start..<i], as: UTF8.self)
            if let number = Double(token), number.isFinite { return nil }
            // Only what reads as a number (NaN, Infinity, 1e400): other words are Foundation's to report.
            let numeric = token.first.map { "-+0123456789".contains($0) } ?? false
            guard numeric || ["nan", "infinity", "inf"].contains(token.lowercased()) else { return nil }
            return Finding(path: path, token: token)
        }
    }

    /// A string at `i` (its opening quote), decoded enough to be a key.
    private mutating func string() -> String? {
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            if b == UInt8(ascii: "\\"), i < bytes.count {
                out.append(bytes[i])
                i += 1
            } else {
                out.append(b)
            }
        }
        return nil
    }
}

/// An array element's place in a coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
    var stringValue: String { "\(intValue ?? 0)" }
}
