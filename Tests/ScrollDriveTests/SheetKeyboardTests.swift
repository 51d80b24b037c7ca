import CScrollDrive
import Foundation
import ScrollDrive
import XCTest

/// The sheet and the keyboard through the controller: `.extend`,
/// `.interactive` and `.fillParent` move to the first detent with the
/// keyboard and back, `.rise` lifts the sheet, the keyboard's height, its
/// overlap and the rest tops are readable, bad input changes nothing, and
/// the keyboard survives a save.
final class SheetKeyboardTests: XCTestCase {
    private func sheet(_ behavior: SheetController.KeyboardBehavior) throws -> (SheetController, () -> [String]) {
        var events: [String] = []
        let configuration = try SheetController.Configuration(containerHeight: 800, keyboardBehavior: behavior)
        let controller = try SheetController(configuration: configuration, initialDetent: .half) { event in
            events.append("\(event)")
        }
        return (controller, { events })
    }

    func testExtendMovesToTheFirstDetentAndBack() throws {
        let (sheet, events) = try sheet(.extend)
        XCTAssertTrue(sheet.keyboardWillChange(top: 500, duration: 0.25, curve: 3, at: 1))
        XCTAssertEqual(sheet.frame(at: 1.125)?.sheetTop, 225, "half way from 400 to 50, linear")
        for k in 1...30 { sheet.tick(at: 1 + Double(k) / 60) }
        XCTAssertEqual(sheet.frame.state.detent, .full)
        XCTAssertEqual(sheet.keyboardHeight(), 300)
        XCTAssertTrue(sheet.keyboardWillChange(top: 800, duration: 0.25, curve: 0, at: 3))
        for k in 1...30 { sheet.tick(at: 3 + Double(k) / 60) }
        XCTAssertEqual(sheet.frame.state.detent, .half)
        XCTAssertEqual(sheet.frame.sheetTop, 400)
        XCTAssertEqual(sheet.keyboardHeight(), 0)
        XCTAssertEqual(events(), [".willMove(to: .full)", ".didMove(to: .full)", ".willMove(to: .half)", ".didMove(to: .half)"])
    }

    /// A keyboard is never taller than its container: a top 200 pt above the
    /// container's gives 800, not 1000; a shorter container caps it.
    func testTheKeyboardIsNeverTallerThanTheContainer() throws {
        let (sheet, _) = try sheet(.rise)
        XCTAssertTrue(sheet.keyboardWillChange(top: -200, duration: 0, curve: 0, at: 1))
        XCTAssertEqual(sheet.keyboardHeight(), 800)
        XCTAssertEqual(sheet.restTop(of: .half), 50, "risen to the first detent's top")
        XCTAssertTrue(try sheet.resize(containerHeight: 600))
        XCTAssertEqual(sheet.keyboardHeight(), 600)
        // Insets that together exceed the container are refused, naming the bottom one.
        XCTAssertThrowsError(try sheet.resize(containerHeight: 105, safeAreaTop: 65, safeAreaBottom: 75)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.field, "safe_area_bottom")
        }
        XCTAssertEqual(sheet.configuration.containerHeight, 600, "a refused resize changes nothing")
    }

    func testRiseLiftsTheFramesAndBadInputChangesNothing() throws {
        let (sheet, events) = try sheet(.rise)
        XCTAssertTrue(sheet.keyboardWillChange(top: 500, duration: 0, at: 1))
        XCTAssertEqual(sheet.frame.sheetTop, 100)
        XCTAssertEqual(sheet.frame.state.detent, .half)
        XCTAssertEqual(sheet.keyboardHeight(at: 1), 300)
        let before = sheet.snapshot
        XCTAssertFalse(sheet.keyboardWillChange(top: 500, duration: -1))
        XCTAssertFalse(sheet.keyboardWillChange(top: 500, duration: 0.25, curve: 5))
        XCTAssertFalse(sheet.keyboardWillChange(top: .nan, duration: 0.25))
        XCTAssertFalse(sheet.keyboardWillChange(top: 500, duration: 0.25, curve: -1))
        XCTAssertEqual(sheet.snapshot, before)
        XCTAssertEqual(events(), [])
        // Saved and restored, the keyboard is still up and the sheet still risen.
        let data = try JSONEncoder().encode(sheet.snapshot)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual((object["configuration"] as? [String: Any])?["keyboard"] as? Int, 1)
        XCTAssertEqual((object["state"] as? [String: Any])?["keyboard_to"] as? Double, 300)
        let restored = SheetController(restoring: try JSONDecoder().decode(SheetController.Snapshot.self, from: data))
        XCTAssertEqual(restored.frame.sheetTop, 100)
        XCTAssertEqual(restored.configuration.keyboardBehavior, .rise)
        // A tampered keyboard curve is refused at its path.
        var tampered = object, state = object["state"] as! [String: Any]
        state["keyboard_curve"] = 9
        tampered["state"] = state
        XCTAssertThrowsError(try JSONDecoder().decode(SheetController.Snapshot.self,
                                                      from: try JSONSerialization.data(withJSONObject: tampered))) {
            guard case let DecodingError.dataCorrupted(context) = $0 else { return XCTFail("\($0)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["state", "keyboard_curve"])
        }
    }

    func testInteractiveAndFillParentGoUpAndBack() throws {
        let phone = { (behavior: SheetController.KeyboardBehavior) in
            try SheetController.Configuration(containerHeight: 844, safeAreaTop: 47, safeAreaBottom: 34,
                                              keyboardBehavior: behavior)
        }
        for (behavior, up) in [(SheetController.KeyboardBehavior.interactive, 47.0), (.fillParent, 47)] {
            var events: [String] = []
            let sheet = try SheetController(configuration: try phone(behavior), initialDetent: .half) { events.append("\($0)") }
            XCTAssertEqual(sheet.frame.sheetTop, 428.5)
            XCTAssertTrue(sheet.keyboardWillChange(top: 844 - 336, duration: 0.25, curve: 3, at: 1))
            XCTAssertEqual(sheet.restTop(of: .full), up, "\(behavior)")
            XCTAssertEqual(sheet.restTop(of: .half), 428.5, "\(behavior)")
            XCTAssertEqual(try XCTUnwrap(sheet.frame(at: 1.125)).sheetTop, 428.5 - (428.5 - up) / 2, accuracy: 1e-9)
            for k in 1...30 { sheet.tick(at: 1 + Double(k) / 60) }
            XCTAssertEqual(sheet.frame.sheetTop, up)
            XCTAssertEqual(sheet.frame.keyboardOverlap, 336)
            XCTAssertTrue(sheet.keyboardWillChange(top: 844, duration: 0.25, at: 2))
            for k in 1...30 { sheet.tick(at: 2 + Double(k) / 60) }
            XCTAssertEqual(sheet.frame.sheetTop, 428.5, "\(behavior): back where it came from")
            XCTAssertEqual(events, [".willMove(to: .full)", ".didMove(to: .full)", ".willMove(to: .half)", ".didMove(to: .half)"])
        }
        // A small keyboard: interactive lifts the first detent by its height only.
        let small = try SheetController(configuration: try phone(.interactive), initialDetent: .full)
        small.keyboardWillChange(top: 844 - 30, duration: 0, at: 1)
        XCTAssertEqual(small.frame.sheetTop, 67, "47 + 50 - 30")
        XCTAssertNil(small.restTop(of: .fraction(0.3)))
    }

    /// The overlap is what of the sheet the keyboard covers, whatever the behaviour.
    func testKeyboardOverlap() throws {
        let (ignored, _) = try sheet(.ignore)
        XCTAssertEqual(ignored.frame.keyboardOverlap, 0)
        ignored.keyboardWillChange(top: 464, duration: 0, at: 1)
        XCTAssertEqual(ignored.frame.keyboardOverlap, 336)
        XCTAssertEqual(ignored.frame.sheetTop, 400)
        ignored.keyboardWillChange(top: 300, duration: 0, at: 2)
        XCTAssertEqual(ignored.frame.keyboardOverlap, 400, "all of what the half sheet shows")
        let (full, _) = try sheet(.rise)
        full.move(to: .full, animated: false)
        full.keyboardWillChange(top: 464, duration: 0, at: 1)
        XCTAssertEqual(full.frame.sheetTop, 50, "rise has no room at the first detent")
        XCTAssertEqual(full.frame.keyboardOverlap, 336, "so the keyboard covers the sheet's bottom 336 pt")
    }
}
