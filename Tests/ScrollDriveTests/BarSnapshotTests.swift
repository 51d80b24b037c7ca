import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The bar saved as JSON and restored is the same bar; a tampered save is
/// refused, naming the field, and never stepped.
final class BarSnapshotTests: XCTestCase {
    func testRoundTripAndRestore() throws {
        let configuration = BarController.Configuration(compactStateHeight: 64, normalStateHeight: 128,
                                                        expandedStateHeight: 284)
        var states: [BarController.State] = []
        let bar = BarController(configuration: configuration) { states.append($0) }
        let list = ManualScrollView(contentOffset: CGPoint(x: 0, y: -128), contentSize: CGSize(width: 375, height: 3000),
                                    frame: CGRect(x: 0, y: 0, width: 375, height: 812))
        bar.set(scrollable: list)
        list.setPanGestureState(.began)
        for y in stride(from: -128.0, through: -20, by: 12) { list.setContentOffset(CGPoint(x: 0, y: y)) }
        let saved = bar.snapshot
        XCTAssertEqual(saved.state, bar.state)
        XCTAssertEqual(saved.state.offset, -64, "scrolled up 108 pt: collapsed to compact")
        let data = try JSONEncoder().encode(saved)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["surface"] as? String, "bar")
        XCTAssertEqual((object["configuration"] as? [String: Any])?["expanded"] as? Double, 284)
        let decoded = try JSONDecoder().decode(BarController.Snapshot.self, from: data)
        XCTAssertEqual(decoded, saved)
        XCTAssertEqual(decoded.configuration, configuration)
        let restored = BarController(restoring: decoded)
        XCTAssertEqual(restored.snapshot, saved)
        XCTAssertEqual(restored.state, bar.state)
        XCTAssertEqual(restored.frame.height.bitPattern, bar.frame.height.bitPattern)
    }

    func testTamperedSavesAreRefused() throws {
        let bar = BarController(configuration: BarController.Configuration(compactStateHeight: 64, normalStateHeight: 128,
                                                                           expandedStateHeight: 284))
        let good = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(bar.snapshot)) as? [String: Any])
        func state(_ key: String, _ value: Any) -> [String: Any] {
            var object = good, s = good["state"] as! [String: Any]
            s[key] = value
            object["state"] = s
            return object
        }
        func tracking(_ key: String, _ value: Any) -> [String: Any] {
            var object = good, s = good["state"] as! [String: Any], t = s["tracking"] as! [String: Any]
            t[key] = value
            s["tracking"] = t
            object["state"] = s
            return object
        }
        var disordered = good, c = good["configuration"] as! [String: Any]
        c["normal"] = 10
        disordered["configuration"] = c
        var underTheNotch = good
        c = good["configuration"] as! [String: Any]
        c["safe_area_top"] = -47
        underTheNotch["configuration"] = c
        let cases: [(UInt, [String: Any], [String], String)] = [
            (#line, state("offset", -300), ["state", "offset"], "state.offset the height (-offset) must be within compact...expanded"),
            (#line, state("expanded_available", 2), ["state", "expanded_available"], "state.expanded_available must be 0 or 1"),
            (#line, state("time", -1), ["state", "time"], "time must be >= 0"),
            (#line, tracking("has_previous", 5), ["state", "tracking", "has_previous"], "tracking.has_previous must be 0 or 1"),
            (#line, disordered, ["configuration", "normal"], "normal"),
            (#line, underTheNotch, ["configuration", "safe_area_top"], "safe_area_top"),
        ]
        for (line, object, path, message) in cases {
            let tampered = try JSONSerialization.data(withJSONObject: object)
            XCTAssertThrowsError(try JSONDecoder().decode(BarController.Snapshot.self, from: tampered), line: line) { error in
                guard case let DecodingError.dataCorrupted(context) = error else { return XCTFail("\(error)", line: line) }
                XCTAssertEqual(context.codingPath.map(\.stringValue), path, line: line)
                XCTAssertTrue(context.debugDescription.hasPrefix(message), context.debugDescription, line: line)
            }
        }
    }

    /// A bar below the status bar: the controller's insets include it, the
    /// content rests 47 pt further up, and the configuration survives a save.
    func testSafeAreaTop() throws {
        let configuration = try BarController.Configuration(
            validatingCompactStateHeight: 64, normalStateHeight: 128, expandedStateHeight: 284, safeAreaTop: 47)
        XCTAssertEqual(configuration.safeAreaTop, 47)
        XCTAssertNotEqual(configuration, try BarController.Configuration(
            validatingCompactStateHeight: 64, normalStateHeight: 128, expandedStateHeight: 284))
        let bar = BarController(configuration: configuration)
        // A manual scroll view records the controller's requests without moving: start it where the bar puts it.
        let list = ManualScrollView(contentOffset: CGPoint(x: 0, y: -175), contentSize: CGSize(width: 375, height: 3000),
                                    frame: CGRect(x: 0, y: 0, width: 375, height: 812))
        bar.set(scrollable: list)
        XCTAssertEqual(list.contentInset.top, 175)
        XCTAssertEqual(list.scrollIndicatorInsets.top, 175)
        XCTAssertEqual(list.requests.last?.contentOffset.y, -175)
        list.setPanGestureState(.began)
        XCTAssertEqual(list.contentInset.top, 331, "near the top: expanded available, 47 + 284")
        for y in stride(from: -175.0, through: -67, by: 12) { list.setContentOffset(CGPoint(x: 0, y: y)) }
        XCTAssertEqual(bar.state.height(), 64, "108 pt up: compact, as without the status bar")
        let data = try JSONEncoder().encode(bar.snapshot)
        let decoded = try JSONDecoder().decode(BarController.Snapshot.self, from: data)
        XCTAssertEqual(decoded.configuration.safeAreaTop, 47)
        // A rotation to landscape (no status bar): a reconfigure; the state is kept, the insets lose the 47 pt.
        let landscape = try BarController.Configuration(
            validatingCompactStateHeight: 64, normalStateHeight: 128, expandedStateHeight: 284, safeAreaTop: 0)
        let rest = BarController(configuration: configuration)
        let rotating = ManualScrollView(contentOffset: CGPoint(x: 0, y: -175), contentSize: CGSize(width: 375, height: 3000),
                                        frame: CGRect(x: 0, y: 0, width: 375, height: 812))
        rest.set(scrollable: rotating)
        try rest.reconfigure(landscape)
        XCTAssertEqual(rest.state.height(), 128)
        XCTAssertEqual(rotating.contentInset.top, 128)
        XCTAssertEqual(rotating.scrollIndicatorInsets.top, 128)
        XCTAssertEqual(rotating.requests.last?.contentOffset.y, -128, "the content at rest moves to the bar's new place")
        XCTAssertEqual(decoded, bar.snapshot)
        for (value, rule) in [(-1.0, "must be >= 0"), (.nan, "must be finite"), (2e6, "must be <= 1e6")] {
            XCTAssertThrowsError(try BarController.Configuration(
                validatingCompactStateHeight: 64, normalStateHeight: 128, expandedStateHeight: 284, safeAreaTop: value)) {
                let error = $0 as? ConfigurationError
                XCTAssertEqual(error?.field, "safe_area_top")
                XCTAssertEqual(error?.rule, rule)
            }
        }
    }
}
