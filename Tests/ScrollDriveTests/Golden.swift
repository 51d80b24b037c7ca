import Foundation
import XCTest

/// One row of a golden table in Tests/Golden (the same files the cmocka
/// tests read): a label, the line it is on, and its numbers.
struct GoldenRow {
    let label: String
    let line: UInt
    let values: [Double]
    subscript(_ column: Int) -> Double { values[column] }
}

/// Loads Tests/Golden/`name`. Fails the calling test when the file is missing or empty.
func goldenTable(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> [GoldenRow] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent(name)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("cannot read golden table \(url.path)", file: file, line: line)
        return []
    }
    var rows: [GoldenRow] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let first = words.first, !first.hasPrefix("#") else { continue }
        let values = words.dropFirst().map { word -> Double in
            guard let value = Double(word) else {
                XCTFail("\(name):\(index + 1): `\(word)` is not a number", file: file, line: line)
                return .nan
            }
            return value
        }
        rows.append(GoldenRow(label: String(first), line: UInt(index + 1), values: values))
    }
    XCTAssertFalse(rows.isEmpty, "golden table \(name) has no rows", file: file, line: line)
    return rows
}

/// Bit-for-bit equality of doubles (distinguishes -0.0 and 0.0, last bits).
func XCTAssertSameBits(_ a: Double, _ b: Double, _ message: @autoclosure () -> String = "",
                       file: StaticString = #filePath, line: UInt = #line)
{
    XCTAssertEqual(a.bitPattern, b.bitPattern, "\(a) vs \(b) \(message())", file: file, line: line)
}
