import CScrollDrive
import Foundation
import ScrollDrive
import XCTest

/// Every surface's saved form as bytes: `jsonData()` writes the same bytes
/// for the same state (keys sorted), `init(jsonData:)` reads it back and
/// names the field of a number JSON cannot hold, and no C sentinel appears.
final class SnapshotJSONTests: XCTestCase {
    /// One snapshot of each surface, each with its type's reader.
    private func snapshots() throws -> [(String, Data, (Data) throws -> Void)] {
        let bar = BarController(configuration: .init(compactStateHeight: 64, normalStateHeight: 128, expandedStateHeight: 284))
        let sheet = try SheetController(configuration: try .init(containerHeight: 800), initialDetent: .half)
        let pulldown = PulldownPanelController(configuration: .article)
        let refresh = RefreshController(configuration: .mjRefresh)
        return [
            ("bar", try bar.snapshot.jsonData(), { _ = try BarController.Snapshot(jsonData: $0) }),
            ("sheet", try sheet.snapshot.jsonData(), { _ = try SheetController.Snapshot(jsonData: $0) }),
            ("pulldown", try pulldown.snapshot.jsonData(), { _ = try PulldownPanelController.Snapshot(jsonData: $0) }),
            ("refresh", try refresh.snapshot.jsonData(), { _ = try RefreshController.Snapshot(jsonData: $0) }),
        ]
    }

    /// The keys of every object in `text`, in the order written, per object.
    private func keyRuns(_ data: Data) throws -> [[String]] {
        var runs: [[String]] = [[]]
        var stack: [Int] = []
        var inString = false, escaped = false, token = "", afterString = false
        for ch in String(decoding: data, as: UTF8.self) {
            if inString {
                if escaped { escaped = false; token.append(ch); continue }
                if ch == "\\" { escaped = true; continue }
                if ch == "\"" { inString = false; afterString = true; continue }
                token.append(ch)
                continue
            }
            switch ch {
            case "\"": inString = true; token = ""
            case ":" where afterString: if let top = stack.last { runs[top].append(token) }
            case "{": runs.append([]); stack.append(runs.count - 1)
            case "}": stack.removeLast()
            default: break
            }
            if ch != "\"" { afterString = false }
        }
        return runs.filter { !$0.isEmpty }
    }

    func testTheSameStateGivesTheSameBytesWithSortedKeys() throws {
        for (name, data, read) in try snapshots() {
            let runs = try keyRuns(data)
            XCTAssertGreaterThanOrEqual(runs.count, 3, name)
            for keys in runs { XCTAssertEqual(keys, keys.sorted(), "\(name): keys in order") }
            try read(data)
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("4294967295"), name)
        }
        // Written by a plain encoder (in its own key order) and read back, it writes the same bytes again.
        let sheet = try SheetController(configuration: try .init(containerHeight: 800, keyboardBehavior: .extend),
                                        initialDetent: .half)
        sheet.keyboardWillChange(top: 500, duration: 0.25, at: 1)
        let bytes = try sheet.snapshot.jsonData()
        let plain = try JSONEncoder().encode(sheet.snapshot)
        XCTAssertEqual(try SheetController.Snapshot(jsonData: plain).jsonData(), bytes)
        XCTAssertEqual(try sheet.snapshot.jsonData(), bytes)
    }

    /// The sheet's "no detent" is null, and reads back from null or a missing key.
    func testNoSentinelInTheSheetsJSON() throws {
        let sheet = try SheetController(configuration: try .init(containerHeight: 800), initialDetent: .half)
        let data = try sheet.snapshot.jsonData()
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains("\"keyboard_detent\":null"), text)
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var state = try XCTUnwrap(object["state"] as? [String: Any])
        state.removeValue(forKey: "keyboard_detent")
        object["state"] = state
        let without = try SheetController.Snapshot(jsonData: try JSONSerialization.data(withJSONObject: object))
        XCTAssertEqual(without, sheet.snapshot)
        // A remembered detent is written as its index.
        let extend = try SheetController(configuration: try .init(containerHeight: 800, keyboardBehavior: .extend),
                                         initialDetent: .half)
        extend.keyboardWillChange(top: 500, duration: 0, at: 1)
        XCTAssertTrue(String(decoding: try extend.snapshot.jsonData(), as: UTF8.self).contains("\"keyboard_detent\":1"))
    }

    /// NaN, Infinity and 1e400 in a saved state name their field.
    func testNonFiniteNumbersNameTheirField() throws {
        for (name, data, read) in try snapshots() {
            let text = String(decoding: data, as: UTF8.self)
            // The clock, "time", is a number in every surface's state.
            let range = try XCTUnwrap(text.range(of: #""time":[-0-9.e]+"#, options: .regularExpression), name)
            for bad in ["1e400", "-1e400", "NaN", "Infinity"] {
                let tampered = text.replacingCharacters(in: range, with: "\"time\":\(bad)")
                XCTAssertThrowsError(try read(Data(tampered.utf8)), "\(name) \(bad)") { error in
                    guard case let DecodingError.dataCorrupted(context) = error else { return XCTFail("\(error)") }
                    XCTAssertEqual(context.codingPath.map(\.stringValue), ["state", "time"], "\(name) \(bad)")
                    XCTAssertEqual(context.debugDescription, "state.time must be a finite number, not \(bad)")
                }
            }
        }
        // Inside an array: the sheet's detents.
        let sheet = try SheetController(configuration: try .init(containerHeight: 800), initialDetent: .half)
        let text = String(decoding: try sheet.snapshot.jsonData(), as: UTF8.self)
        let tampered = text.replacingOccurrences(of: #"{"kind":"fraction","value":0.5}"#, with: #"{"kind":"fraction","value":1e999}"#)
        XCTAssertNotEqual(tampered, text)
        XCTAssertThrowsError(try SheetController.Snapshot(jsonData: Data(tampered.utf8))) { error in
            guard case let DecodingError.dataCorrupted(context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["configuration", "detents", "1", "value"])
        }
        // Text that is not JSON for another reason is Foundation's to report.
        XCTAssertThrowsError(try SheetController.Snapshot(jsonData: Data("{\"version\": 1,".utf8))) { error in
            guard case let DecodingError.dataCorrupted(context) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(context.codingPath.isEmpty)
        }
    }
}
