import Foundation
import ScrollDrive
import XCTest

/// `print()` of the pull-down's public values: names and numbers,
/// never the C structs behind them.
final class PulldownDescriptionTests: XCTestCase {
    func testStateFrameAndEventsPrintReadably() {
        let h = PulldownHarness()
        XCTAssertEqual("\(h.state)", "State(list: idle, pullDistance: 0, listOffset: -64, listTransition: none, "
            + "panel: idle, pullUp: 0, panelTransition: none, open: false, locked: false, panelDragging: false, "
            + "waitingForPage: false)")
        // Pull 100 pt (past cp1 = 90: pulling) and look at the state, an event and a frame.
        h.list.pan(.began)
        h.time = 0.1
        h.list.scroll(to: h.y(100))
        XCTAssertEqual(h.state.listPhase, .pulling)
        XCTAssertTrue("\(h.state)".hasPrefix("State(list: pulling, pullDistance: 100, listOffset: -164, "), "\(h.state)")
        XCTAssertTrue(h.events.contains(.haptic))
        XCTAssertEqual(h.events.map { "\($0)" }.filter { !$0.hasPrefix("stateChanged(") }, ["haptic"])
        XCTAssertEqual(h.events.first.map { "\($0)" }?.hasPrefix("stateChanged(State(list: "), true)
        let frame = "\(h.tick())"
        XCTAssertTrue(frame.hasPrefix("Frame(time: 0.1, navigationBar: (top: "), frame)
        for part in ["indicator: Indicator(alpha: ", "list: (y: ", "interaction: true", "transitions: none/none)"] {
            XCTAssertTrue(frame.contains(part), "\(part) in \(frame)")
        }
        for value in ["\(h.state)", frame, "\(h.events)"] {
            XCTAssertFalse(value.contains("sd_"), value)
            XCTAssertFalse(value.contains("__C"), value)
        }
        XCTAssertEqual("\(PulldownPanelController.Transition.returning)", "returning")
        XCTAssertEqual("\(PulldownPanelController.Event.panelOpened)", "panelOpened")
    }
}
