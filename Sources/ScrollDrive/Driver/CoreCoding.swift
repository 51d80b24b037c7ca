import CScrollDrive
import Foundation

// The one shape of a surface's saved form: a versioned JSON object
// {"version": 1, "surface": NAME, "configuration": {...}, "state": {...}}
// whose keys are the C fields' names, checked whole by the core's
// sd_X_validate when read. Each surface lists its fields; the coding is here.

/// A coding key spelled as a C field.
struct FieldKey: CodingKey {
    let stringValue: String
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// The whole-number and number fields of a C struct, by their C names.
/// An optional word is one whose C value `absent` means "none" (such as
/// `SD_SHEET_NO_DETENT`): it is written as `null`, and `null` or a missing
/// key reads back as `absent`, so no C sentinel appears in the JSON.
struct CFields<Root> {
    let words: [(String, WritableKeyPath<Root, UInt32>)]
    let optionalWords: [(String, WritableKeyPath<Root, UInt32>, UInt32)]
    let numbers: [(String, WritableKeyPath<Root, Double>)]

    init(words: [(String, WritableKeyPath<Root, UInt32>)],
         optionalWords: [(String, WritableKeyPath<Root, UInt32>, UInt32)] = [],
         numbers: [(String, WritableKeyPath<Root, Double>)]) {
        self.words = words
        self.optionalWords = optionalWords
        self.numbers = numbers
    }

    func encode(_ value: Root, to c: inout KeyedEncodingContainer<FieldKey>) throws {
        for (name, path) in words { try c.encode(value[keyPath: path], forKey: FieldKey(name)) }
        for (name, path, absent) in optionalWords {
            let word = value[keyPath: path]
            if word == absent { try c.encodeNil(forKey: FieldKey(name)) } else { try c.encode(word, forKey: FieldKey(name)) }
        }
        for (name, path) in numbers { try c.encode(value[keyPath: path], forKey: FieldKey(name)) }
    }

    /// Every field is required, but an optional word.
    func decode(into value: inout Root, from c: KeyedDecodingContainer<FieldKey>) throws {
        for (name, path) in words { value[keyPath: path] = try c.decode(UInt32.self, forKey: FieldKey(name)) }
        for (name, path, absent) in optionalWords {
            value[keyPath: path] = try c.decodeIfPresent(UInt32.self, forKey: FieldKey(name)) ?? absent
        }
        for (name, path) in numbers { value[keyPath: path] = try c.decode(Double.self, forKey: FieldKey(name)) }
    }
}

/// The envelope's keys.
enum SnapshotKeys: String, CodingKey { case version, surface, configuration, state }

/// The version of every surface's saved form.
let snapshotVersion = 1

/// Writes the envelope of `surface`; the caller writes its configuration and state into it.
func encodeSnapshotEnvelope(surface: String, to encoder: any Encoder) throws -> KeyedEncodingContainer<SnapshotKeys> {
    var c = encoder.container(keyedBy: SnapshotKeys.self)
    try c.encode(snapshotVersion, forKey: .version)
    try c.encode(surface, forKey: .surface)
    return c
}

/// Reads and checks the envelope: version 1, this `surface`.
func decodeSnapshotEnvelope(surface: String, from decoder: any Decoder) throws -> KeyedDecodingContainer<SnapshotKeys> {
    let c = try decoder.container(keyedBy: SnapshotKeys.self)
    let version = try c.decode(Int.self, forKey: .version)
    guard version == snapshotVersion else {
        throw DecodingError.dataCorruptedError(forKey: .version, in: c,
                                               debugDescription: "unsupported version \(version) (expected 1)")
    }
    let found = try c.decode(String.self, forKey: .surface)
    guard found == surface else {
        throw DecodingError.dataCorruptedError(forKey: .surface, in: c, debugDescription: "is \(found), not \(surface)")
    }
    return c
}

/// The core's report of a restored value it refuses, as a decoding error at
/// the field's coding path ("state.detent" -> state / detent; a configuration
/// field under "configuration"; a field of the surface itself under "state").
func restoreError(_ report: sd_error, decoder: any Decoder, validator: String) -> DecodingError {
    let field = report.field.map { String(cString: $0) } ?? "state"
    let rule = report.rule.map { String(cString: $0) } ?? "is not valid"
    let isState = report.status == SD_ERR_STATE
    let name = field.hasPrefix("state.") ? String(field.dropFirst("state.".count)) : field
    let path: [any CodingKey] = (isState ? [SnapshotKeys.state] : [SnapshotKeys.configuration])
        + name.split(separator: ".").map { FieldKey(String($0)) }
    return DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + path,
                                             debugDescription: "\(field) \(rule) (\(validator))"))
}

/// A configuration the core refuses while decoding, as a decoding error at
/// the field's coding path, naming the field and the rule.
func configurationError(field: String, rule: String, decoder: any Decoder) -> DecodingError {
    DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [FieldKey(field)],
                                      debugDescription: "\(field) \(rule)"))
}
