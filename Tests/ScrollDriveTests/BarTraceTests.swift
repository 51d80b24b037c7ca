import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

final class BarTraceTests: XCTestCase {
    private func golden(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The expected output was checked by hand against AirBar's rules: see
    /// the comments in Tests/Golden/bar_trace.txt.
    func testReplayMatchesGoldenOutput() throws {
        let trace = try BarTrace(parsing: try golden("bar_trace.txt"))
        let expected = try golden("bar_trace.expected").split(separator: "\n").map(String.init)
        XCTAssertEqual(trace.replay().map(\.text), expected)
    }

    func testRowsCarryTheNumbers() throws {
        let rows = try BarTrace(parsing: "cfg 100 200 300\ngeom 600 2000\noff -200\npan began\noff -240\npan ended\n")
            .replay()
        XCTAssertEqual(rows.count, 6)
        XCTAssertEqual(rows[4].offset, -240)
        XCTAssertEqual(rows[4].progress, 1.4)
        XCTAssertTrue(rows[4].available)
        XCTAssertEqual(rows[4].insetTop, 300)
        XCTAssertTrue(rows[4].target.isNaN)
        XCTAssertEqual(rows[5].target, -200)
        XCTAssertEqual(rows[4].text, "-240 1 240 1.3999999999999999 300 nan")
    }

    func testPreDescribesTheFreshScrollView() throws {
        let rows = try BarTrace(parsing: "cfg 100 200 300\npre\npre 40\n").replay()
        XCTAssertEqual(rows[1].insetTop, 200)
        XCTAssertEqual(rows[1].target, -200)
        XCTAssertTrue(rows[2].target.isNaN)
    }

    func testBadLinesNameTheirLineNumber() {
        let cases: [(UInt, String, Int, String)] = [
            (#line, "off 3", 1, "the first event must be `cfg"),
            (#line, "# c\n\ncfg 1 2\n", 3, "expected `cfg COMPACT NORMAL EXPANDED`"),
            (#line, "cfg 1 2 3\noff x", 2, "`x` is not a number"),
            (#line, "cfg 1 2 3\npan sideways", 2, "expected `pan began|changed|ended|cancelled`"),
            (#line, "cfg 1 2 3\nexpand 2", 2, "expected `expand 0|1`"),
            (#line, "cfg 1 2 3\npre 1 2", 2, "expected `pre [Y]`"),
            (#line, "cfg 1 2 3\njump 4", 2, "unknown event `jump`"),
            (#line, "cfg 3 2 1", 1, "invalid bar configuration: normal must be >= compact"),
        ]
        for (line, text, errorLine, message) in cases {
            XCTAssertThrowsError(try BarTrace(parsing: text), line: line) { error in
                let error = error as! BarTrace.ParseError
                XCTAssertEqual(error.line, errorLine, line: line)
                XCTAssertTrue(error.message.hasPrefix(message), "\(error.message)", line: line)
            }
        }
    }
}
