import CScrollDrive
import Foundation
import ScrollDrive
import XCTest

/// A sheet saved as JSON and restored goes on exactly as the original would;
/// a corrupt or tampered save is refused, naming the field, and never stepped.
final class SheetSnapshotTests: XCTestCase {
    typealias Snapshot = SheetController.Snapshot

    private func roundTrip(_ snapshot: Snapshot) throws -> (Snapshot, [String: Any]) {
        let data = try JSONEncoder().encode(snapshot)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try JSONDecoder().decode(Snapshot.self, from: data), object)
    }

    /// Saved mid-spring (after a release from half, on a notched phone with
    /// reduced motion), restored, both ticked the same: the same frames and
    /// the same events, bit for bit.
    func testRestoredSheetGoesOnExactly() throws {
        let configuration = try SheetController.Configuration(
            containerHeight: 844, options: [.rubberBand], safeAreaTop: 47, safeAreaBottom: 34)
        var events: [SheetController.Event] = []
        let sheet = try SheetController(configuration: configuration, initialDetent: .half) { events.append($0) }
        sheet.dragBegan(at: 0)
        sheet.dragChanged(translation: -260, at: 0.2)
        sheet.dragEnded(velocity: -900, at: 0.2)
        sheet.tick(at: 0.3)
        let (restoredSnapshot, json) = try roundTrip(sheet.snapshot)
        XCTAssertEqual(restoredSnapshot, sheet.snapshot)
        XCTAssertEqual(json["version"] as? Int, 1)
        XCTAssertEqual(json["surface"] as? String, "sheet")
        XCTAssertEqual((json["configuration"] as? [String: Any])?["safe_area_top"] as? Double, 47)
        XCTAssertEqual((json["state"] as? [String: Any])?["detent"] as? Int, 0)
        XCTAssertEqual(restoredSnapshot.detent, .full)
        XCTAssertEqual(restoredSnapshot.time, 0.3)
        XCTAssertEqual(restoredSnapshot.configuration, configuration)

        var restoredEvents: [SheetController.Event] = []
        let restored = SheetController(restoring: restoredSnapshot) { restoredEvents.append($0) }
        events.removeAll()
        for k in 1...90 {
            let t = 0.3 + Double(k) / 60
            let a = sheet.tick(at: t), b = restored.tick(at: t)
            XCTAssertEqual(a.sheetTop.bitPattern, b.sheetTop.bitPattern, "t = \(t)")
            XCTAssertEqual(a.velocity.bitPattern, b.velocity.bitPattern, "t = \(t)")
        }
        XCTAssertEqual(restoredEvents, events)
        XCTAssertEqual(restoredEvents, [.didMove(to: .full)])
        XCTAssertEqual(restored.frame.sheetTop, 97)
    }

    /// Tampered saves: each is refused with the coding path of the field and the core's rule.
    func testCorruptSavesAreRefused() throws {
        let sheet = try SheetController(configuration: .seed(containerHeight: 800), initialDetent: .half)
        let data = try JSONEncoder().encode(sheet.snapshot)
        let good = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func tampered(_ change: (inout [String: Any]) -> Void) throws -> Data {
            var object = good
            change(&object)
            return try JSONSerialization.data(withJSONObject: object)
        }
        func state(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
            { object in
                var s = object["state"] as! [String: Any]
                s[key] = value
                object["state"] = s
            }
        }
        func configuration(_ key: String, _ value: Any) -> (inout [String: Any]) -> Void {
            { object in
                var c = object["configuration"] as! [String: Any]
                c[key] = value
                object["configuration"] = c
            }
        }
        let cases: [(UInt, (inout [String: Any]) -> Void, String, String)] = [
            (#line, state("detent", 7), "detent", "state.detent must be < detent_count"),
            (#line, state("top", 401), "top", "state.top a sheet at rest must be on its detent's rest top"),
            (#line, state("spring_start", 5), "spring_start", "state.spring_start must not be after the clock"),
            (#line, state("time", -1), "time", "state.time must be >= 0"),
            (#line, state("flags", 4), "flags", "state.flags the inner scroll view is enabled exactly at detent 0"),
            (#line, configuration("up_threshold", 2), "up_threshold", "up_threshold must be within 0...1"),
            (#line, configuration("safe_area_top", -1), "safe_area_top", "safe_area_top must be >= 0"),
            (#line, { $0["version"] = 2 }, "version", "unsupported version 2"),
            (#line, { $0["surface"] = "bar" }, "surface", "is bar, not sheet"),
        ]
        for (line, change, key, message) in cases {
            XCTAssertThrowsError(try JSONDecoder().decode(Snapshot.self, from: try tampered(change)), line: line) { error in
                guard case let DecodingError.dataCorrupted(context) = error else {
                    return XCTFail("\(error)", line: line)
                }
                XCTAssertEqual(context.codingPath.last?.stringValue, key, line: line)
                XCTAssertTrue(context.debugDescription.hasPrefix(message), context.debugDescription, line: line)
            }
        }
        // A missing key is the decoder's own error.
        XCTAssertThrowsError(try JSONDecoder().decode(Snapshot.self, from: try tampered { object in
            var s = object["state"] as! [String: Any]
            s["top"] = nil
            object["state"] = s
        }))
    }

    /// The configuration alone round-trips too, and equal snapshots hash alike.
    func testConfigurationCodableAndHashable() throws {
        let c = try SheetController.Configuration(
            containerHeight: 667, contentHeight: 300, detents: [.full, .fitContent(minimumTop: 120), .dismissed],
            options: [.velocityProjection, .reducedMotion], largestUndimmedDetent: .fitContent(minimumTop: 120),
            backdropTap: .stepDown, dismissVelocity: 1500, safeAreaTop: 20)
        let back = try JSONDecoder().decode(SheetController.Configuration.self, from: try JSONEncoder().encode(c))
        XCTAssertEqual(back, c)
        XCTAssertEqual(back.hashValue, c.hashValue)
        XCTAssertEqual(back.detents, c.detents)
        let sheet = try SheetController(configuration: c, initialDetent: .full)
        XCTAssertEqual(Set([sheet.snapshot, sheet.snapshot]).count, 1)
    }
}
