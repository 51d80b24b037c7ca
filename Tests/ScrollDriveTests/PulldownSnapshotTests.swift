import CScrollDrive
import Foundation
import ScrollDrive
import XCTest

/// The pull-down panel saved as JSON and restored goes on exactly; a
/// tampered save is refused, naming the field, and never stepped.
final class PulldownSnapshotTests: XCTestCase {
    typealias Controller = PulldownPanelController

    /// Saved in the middle of the opening, restored: ticked alike, the same
    /// frames bit for bit and the same events.
    func testRestoredPanelGoesOnExactly() throws {
        let h = PulldownHarness(.wechat)
        h.pullList(to: 150)
        h.releaseList()
        h.step()
        let saved = h.controller.snapshot
        let data = try JSONEncoder().encode(saved)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["surface"] as? String, "pulldown")
        let decoded = try JSONDecoder().decode(Controller.Snapshot.self, from: data)
        XCTAssertEqual(decoded, saved)
        XCTAssertEqual(decoded.configuration, .wechat)
        var events: [Controller.Event] = []
        let restored = Controller(restoring: decoded) { events.append($0) }
        let original = h.controller!
        for k in 1...40 {
            let t = saved.time + Double(k) / 60
            let a = original.tick(at: t), b = restored.tick(at: t)
            XCTAssertEqual(a.state, b.state, "t = \(t)")
            XCTAssertEqual(a.state.isOpen, b.state.isOpen)
        }
        XCTAssertTrue(restored.state.isOpen, "the opening went on to the end")
        XCTAssertEqual(restored.state, original.state)
    }

    /// Reduced motion is part of the configuration: set and cleared by the
    /// initialiser, kept by a save.
    func testReducedMotionIsSavedWithTheConfiguration() throws {
        let reduced = try Controller.Configuration(base: .wechat, reducedMotion: true)
        XCTAssertTrue(reduced.reducedMotion)
        XCTAssertEqual(reduced.criticalPoint1, 130)
        XCTAssertNotEqual(reduced, .wechat)
        XCTAssertEqual(try Controller.Configuration(base: reduced, reducedMotion: false), .wechat)
        XCTAssertEqual(try Controller.Configuration(base: reduced).reducedMotion, true, "nil keeps the base's")
        let data = try JSONEncoder().encode(Controller(configuration: reduced).snapshot)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual((object["configuration"] as? [String: Any])?["options"] as? Int, 1)
        XCTAssertTrue(try JSONDecoder().decode(Controller.Snapshot.self, from: data).configuration.reducedMotion)
    }

    func testTamperedSavesAreRefused() throws {
        let good = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: try JSONEncoder().encode(Controller(configuration: .article).snapshot)) as? [String: Any])
        func machine(_ name: String, _ key: String, _ value: Any) -> [String: Any] {
            var object = good, s = good["state"] as! [String: Any], m = s[name] as! [String: Any]
            m[key] = value
            s[name] = m
            object["state"] = s
            return object
        }
        var disordered = good, c = good["configuration"] as! [String: Any]
        c["cp2"] = c["cp1"]
        disordered["configuration"] = c
        var unknownOption = good
        c = good["configuration"] as! [String: Any]
        c["options"] = 6
        unknownOption["configuration"] = c
        let cases: [(UInt, [String: Any], [String], String)] = [
            (#line, machine("list", "phase", 5), ["state", "list", "phase"], "list.phase must be an sd_pulldown_phase"),
            (#line, machine("list", "locked", 1), ["state", "list", "locked"], "list.locked locked exactly while OPEN or RESTORE runs"),
            (#line, machine("panel", "transition", 1), ["state", "panel", "transition"], "panel.transition the panel runs only CLOSE or RETURN"),
            (#line, machine("applets", "close_pending", 4), ["state", "applets", "close_pending"], "applets.close_pending must be 0 or 1"),
            (#line, disordered, ["configuration", "cp2"], "cp2"),
            (#line, unknownOption, ["configuration", "options"], "options"),
        ]
        for (line, object, path, message) in cases {
            let tampered = try JSONSerialization.data(withJSONObject: object)
            XCTAssertThrowsError(try JSONDecoder().decode(Controller.Snapshot.self, from: tampered), line: line) { error in
                guard case let DecodingError.dataCorrupted(context) = error else { return XCTFail("\(error)", line: line) }
                XCTAssertEqual(context.codingPath.map(\.stringValue), path, line: line)
                XCTAssertTrue(context.debugDescription.hasPrefix(message), context.debugDescription, line: line)
            }
        }
        // Both presets round-trip as configurations.
        for preset in [Controller.Configuration.article, .wechat] {
            let back = try JSONDecoder().decode(Controller.Configuration.self, from: try JSONEncoder().encode(preset))
            XCTAssertEqual(back, preset)
        }
    }
}
