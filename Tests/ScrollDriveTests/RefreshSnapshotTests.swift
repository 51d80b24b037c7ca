import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// Pull to refresh saved as JSON and restored goes on exactly; a tampered
/// save is refused, naming the field, and never stepped.
final class RefreshSnapshotTests: XCTestCase {
    typealias Controller = RefreshController

    /// Saved in the middle of the header's begin motion, restored: both
    /// ticked alike give the same frames, bit for bit, and the same events.
    func testRestoredControllerGoesOnExactly() throws {
        let configuration = try Controller.Configuration(contentInsetTop: 64, contentInsetBottom: 49, viewportHeight: 600)
        var events: [Controller.Event] = []
        let controller = Controller(configuration: configuration) { events.append($0) }
        let list = ManualScrollView(contentOffset: CGPoint(x: 0, y: -64), contentSize: CGSize(width: 375, height: 2000),
                                    frame: CGRect(x: 0, y: 0, width: 375, height: 600))
        controller.set(scrollable: list)
        controller.tick(at: 1)
        list.setPanGestureState(.began)
        list.setContentOffset(CGPoint(x: 0, y: -200))
        list.setPanGestureState(.ended)
        controller.tick(at: 1.1)
        let data = try JSONEncoder().encode(controller.snapshot)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["surface"] as? String, "refresh")
        XCTAssertEqual(((object["state"] as? [String: Any])?["header"] as? [String: Any])?["state"] as? Int, 2)
        let snapshot = try JSONDecoder().decode(Controller.Snapshot.self, from: data)
        XCTAssertEqual(snapshot, controller.snapshot)
        XCTAssertEqual(snapshot.time, 1.1)
        XCTAssertEqual(snapshot.configuration, configuration)

        var restoredEvents: [Controller.Event] = []
        let restored = Controller(restoring: snapshot) { restoredEvents.append($0) }
        events.removeAll()
        for k in 1...30 {
            let t = 1.1 + Double(k) / 60
            let a = controller.tick(at: t), b = restored.tick(at: t)
            XCTAssertEqual(a.contentOffset.bitPattern, b.contentOffset.bitPattern, "t = \(t)")
            XCTAssertEqual(a.insetTop.bitPattern, b.insetTop.bitPattern, "t = \(t)")
            XCTAssertEqual(a.state, b.state, "t = \(t)")
        }
        XCTAssertEqual(restoredEvents, events)
        XCTAssertEqual(restoredEvents, [.refresh])
    }

    /// Reduced motion is part of the configuration: set and cleared by the
    /// initialiser, kept by a save.
    func testReducedMotionIsSavedWithTheConfiguration() throws {
        let reduced = try Controller.Configuration(contentInsetTop: 64, reducedMotion: true)
        XCTAssertTrue(reduced.reducedMotion)
        XCTAssertFalse(Controller.Configuration.mjRefresh.reducedMotion)
        XCTAssertEqual(try Controller.Configuration(base: reduced, reducedMotion: false),
                       try Controller.Configuration(contentInsetTop: 64))
        let data = try JSONEncoder().encode(Controller(configuration: reduced).snapshot)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual((object["configuration"] as? [String: Any])?["options"] as? Int, 1)
        XCTAssertTrue(try JSONDecoder().decode(Controller.Snapshot.self, from: data).configuration.reducedMotion)
    }

    func testTamperedSavesAreRefused() throws {
        let controller = Controller(configuration: .mjRefresh)
        let data = try JSONEncoder().encode(controller.snapshot)
        let good = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func header(_ key: String, _ value: Any) -> [String: Any] {
            var object = good, state = good["state"] as! [String: Any], h = state["header"] as! [String: Any]
            h[key] = value
            state["header"] = h
            object["state"] = state
            return object
        }
        var negativeTime = good, state = good["state"] as! [String: Any]
        state["time"] = -1
        negativeTime["state"] = state
        var badConfiguration = good, c = good["configuration"] as! [String: Any]
        c["header_height"] = -1
        badConfiguration["configuration"] = c
        var unknownOption = good
        c = good["configuration"] as! [String: Any]
        c["options"] = 2
        unknownOption["configuration"] = c
        let cases: [(UInt, [String: Any], [String], String)] = [
            (#line, header("state", 9), ["state", "header", "state"], "header.state must be an sd_refresh_header_state"),
            (#line, header("transition", 2), ["state", "header", "transition"], "header.transition an end motion runs only while done"),
            (#line, header("refresh_start", 5), ["state", "header", "refresh_start"], "header.refresh_start must not be after the clock"),
            (#line, negativeTime, ["state", "time"], "time must be >= 0"),
            (#line, badConfiguration, ["configuration", "header_height"], "header_height"),
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
    }
}
