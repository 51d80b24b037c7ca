import Foundation
import ScrollDrive
@testable import ScrollDriveSim
import XCTest

/// `bar replay`'s numbers: the shortest spelling that parses back
/// to the same double, bit for bit; the AirBar golden trace still matches.
final class TraceTextTests: XCTestCase {
    func testShortestSpellings() {
        let cases: [(Double, String)] = [
            (1.4, "1.4"), (-240, "-240"), (0, "0"), (-0.0, "-0"), (0.1 + 0.2, "0.30000000000000004"),
            (1e-05, "1e-05"), (.leastNonzeroMagnitude, "5e-324"), (1e16, "1e+16"), (123_456_789, "123456789"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (.nan, "nan"), (.infinity, "inf"),
            (-.infinity, "-inf"),
        ]
        for (x, text) in cases { XCTAssertEqual(NumberText.shortest(x), text) }
    }

    /// parse(print(x)) == x bit for bit, over random bit patterns (every
    /// exponent, subnormals included) and random values in the ranges the
    /// engine uses; never more than 17 significant digits (what `%.17g` prints).
    func testRoundTripOverRandomDoubles() {
        var state: UInt64 = 0x5eed_15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for n in 0..<200_000 {
            let bits = next()
            let x = n % 2 == 0 ? Double(bitPattern: bits)
                : (Double(bits >> 11) / Double(1 << 53) - 0.5) * 4000
            guard !x.isNaN else { continue }
            let text = NumberText.shortest(x)
            XCTAssertEqual(Double(text)?.bitPattern, x.bitPattern, "\(x) printed as \(text)")
            let mantissa = text.split(separator: "e")[0].filter(\.isNumber).drop { $0 == "0" }
            XCTAssertLessThanOrEqual(mantissa.count, 17, text)
        }
    }

    private func golden(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The golden trace's expected rows (written with `%.17g`) and the
    /// shortest spellings read back to the same doubles, field by field.
    func testGoldenTraceStillMatchesBitForBit() throws {
        let rows = try BarTrace(parsing: try golden("bar_trace.txt")).replay()
        let expected = try golden("bar_trace.expected").split(separator: "\n")
        XCTAssertEqual(rows.count, expected.count)
        for (row, line) in zip(rows, expected) {
            let got = row.shortestText.split(separator: " ").map { Double($0)! }
            let want = line.split(separator: " ").map { Double($0)! }
            XCTAssertEqual(got.map(\.bitPattern), want.map(\.bitPattern), "\(row.shortestText) vs \(line)")
        }
        XCTAssertEqual(rows[4].shortestText, "-240 1 240 1.4 300 nan")
        XCTAssertEqual(rows[4].text, "-240 1 240 1.3999999999999999 300 nan")
    }
}
