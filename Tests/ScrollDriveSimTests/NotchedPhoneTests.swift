import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The surfaces on an iPhone-15-shaped screen (393 x 852, safe area 59 at
/// the top and 34 at the bottom), under UIKit's `.automatic` inset
/// adjustment (the system adds the safe area; the surfaces see the total)
/// and under `.never` (the app's own insets carry it): the content rests
/// where the surface says in both, and the runs are the same frame for frame.
final class NotchedPhoneTests: XCTestCase {
    private static let safeArea = EdgeInsets(top: 59, bottom: 34)
    private static let screen = CGRect(x: 0, y: 0, width: 393, height: 852)

    private func phone(_ behavior: ContentInsetAdjustmentBehavior, safeArea: EdgeInsets = safeArea,
                       offset: Double = 0, contentHeight: Double = 3000) -> SimScrollView {
        SimScrollView(configuration: .init(frame: Self.screen, contentSize: CGSize(width: 393, height: contentHeight),
                                           contentOffset: CGPoint(x: 0, y: offset), safeAreaInsets: safeArea,
                                           contentInsetAdjustmentBehavior: behavior))
    }

    // MARK: The arithmetic

    func testInsetAdjustmentIsMJRefreshsRule() {
        let own = EdgeInsets(top: 61, left: 0, bottom: -34, right: 0)
        let adjusted = EdgeInsets(top: 120, left: 0, bottom: 0, right: 0)
        let system = InsetAdjustment.systemPart(adjusted: adjusted, own: own)
        XCTAssertEqual(system, EdgeInsets(top: 59, bottom: 34))
        // Wanted total 179: own = 179 - 59.
        XCTAssertEqual(InsetAdjustment.own(forTotal: EdgeInsets(top: 179), system: system),
                       EdgeInsets(top: 120, bottom: -34))
        XCTAssertEqual(InsetAdjustment.total(own: EdgeInsets(top: 120, bottom: -34), system: system),
                       EdgeInsets(top: 179))
        XCTAssertEqual(ContentInsetAdjustmentBehavior.automatic.systemPart(of: EdgeInsets(top: 59, left: 5, bottom: 34, right: 5)),
                       EdgeInsets(top: 59, bottom: 34))
        XCTAssertEqual(ContentInsetAdjustmentBehavior.never.systemPart(of: Self.safeArea), .zero)
    }

    func testSimScrollViewRestsAtTheAdjustedInset() {
        let automatic = phone(.automatic, offset: -59)
        XCTAssertEqual(automatic.contentInset, EdgeInsets(top: 59, bottom: 34), "own 0 plus the safe area")
        XCTAssertEqual(automatic.ownContentInset, .zero)
        XCTAssertEqual(automatic.scrollRange.min, -59)
        XCTAssertEqual(automatic.scrollRange.max, 3000 + 34 - 852)
        automatic.contentInset.top = 179
        XCTAssertEqual(automatic.ownContentInset.top, 120, "own = wanted total - the system's part")
        XCTAssertEqual(automatic.scrollRange.min, -179)

        let never = phone(.never)
        XCTAssertEqual(never.contentInset, .zero)
        never.ownContentInset = EdgeInsets(top: 103)
        XCTAssertEqual(never.contentInset.top, 103)
    }

    // MARK: The bar

    /// A 64 / 120 / 240 bar below the status bar (`safeAreaTop: 59`), attached.
    private func bar(on view: SimScrollView) throws -> BarController {
        let configuration = try BarController.Configuration(validatingCompactStateHeight: 64, normalStateHeight: 120,
                                                            expandedStateHeight: 240, safeAreaTop: 59)
        let controller = BarController(configuration: configuration) { _ in }
        controller.set(scrollable: view)
        return controller
    }

    private func drag(_ view: SimScrollView, from y0: Double, to y1: Double, at start: Double, fps: Double = 60,
                      steps: Int = 20, then rest: Double = 1.5) -> Double {
        var t = start
        view.advance(to: t)
        view.touchDown(at: CGPoint(x: 200, y: y0))
        let v = (y1 - y0) / (Double(steps) / fps)
        for k in 1...steps {
            t += 1 / fps
            view.advance(to: t)
            view.touchMoved(to: CGPoint(x: 200, y: y0 + (y1 - y0) * Double(k) / Double(steps)),
                            fingerVelocity: SimVector(dx: 0, dy: v))
        }
        view.touchUp(at: CGPoint(x: 200, y: y1), fingerVelocity: SimVector(dx: 0, dy: v))
        let end = t + rest
        while t < end {
            t += 1 / fps
            view.advance(to: t)
        }
        return t
    }

    func testBarRestsAtItsHeightsWithItsFirstRowVisibleInBothModes() throws {
        for behavior in ContentInsetAdjustmentBehavior.allCases {
            let view = phone(behavior)
            let controller = try bar(on: view)
            let name = behavior.rawValue
            // Rest under a normal bar: the content's top edge just below it.
            XCTAssertEqual(controller.state.height(), 120, name)
            XCTAssertEqual(view.contentOffset.y, -179, name)
            XCTAssertEqual(view.contentInset.top, 179, name)
            XCTAssertEqual(view.ownContentInset.top, behavior == .automatic ? 120 : 179, name)
            XCTAssertEqual(-view.contentOffset.y, 59 + controller.state.height(), "first row at the bar's edge (\(name))")
            // Indicators start at the bar's lower edge too.
            XCTAssertEqual(view.scrollIndicatorInsets.top, 179, name)
            XCTAssertEqual(view.ownScrollIndicatorInsets.top, behavior == .automatic ? 120 : 179, name)
        }
    }

    func testStatusBarTapLandsOnABarState() throws {
        for behavior in ContentInsetAdjustmentBehavior.allCases {
            let view = phone(behavior)
            let controller = try bar(on: view)
            var t = drag(view, from: 700, to: 200, at: 0.1)
            XCTAssertEqual(controller.state.height(), 64, "scrolled down: compact (\(behavior))")
            view.tapStatusBar()
            let end = t + 1
            while t < end {
                t += 1 / 60.0
                view.advance(to: t)
            }
            XCTAssertTrue(view.isAtRest)
            XCTAssertEqual(view.contentOffset.y, -view.contentInset.top, "at the top (\(behavior))")
            XCTAssertEqual(controller.state.height(), 120, "normal (\(behavior))")
            XCTAssertEqual(-view.contentOffset.y, 59 + controller.state.height(), "no gap under the bar (\(behavior))")
        }
    }

    func testBottomEndLinesUpWithTheBarsBottomBounce() throws {
        for behavior in ContentInsetAdjustmentBehavior.allCases {
            let view = phone(behavior, contentHeight: 1200)
            let controller = try bar(on: view)
            var t = 0.1
            for _ in 0..<4 { t = drag(view, from: 800, to: 100, at: t, steps: 10, then: 2) }
            XCTAssertTrue(view.isAtRest)
            XCTAssertEqual(view.contentOffset.y, view.scrollRange.max, "at the end (\(behavior))")
            XCTAssertEqual(view.scrollRange.max, 1200 + view.contentInset.bottom - 852)
            XCTAssertEqual(controller.state.height(), 64, "compact at the end, not undone as a bounce (\(behavior))")
        }
    }

    // MARK: Pull to refresh under a navigation bar

    func testSmallDragAtTheTopUnderANavigationBarStartsNoRefresh() throws {
        // Status bar 59 + navigation bar 44: UIKit's adjusted top inset 103.
        let navigation = EdgeInsets(top: 103, bottom: 34)
        for behavior in ContentInsetAdjustmentBehavior.allCases {
            let view = phone(behavior, safeArea: navigation, offset: -103)
            if behavior == .never { view.ownContentInset = EdgeInsets(top: 103, bottom: 34) }
            var events: [RefreshController.Event] = []
            let configuration = try RefreshController.Configuration(contentInsetTop: 103, viewportHeight: 852)
            let refresh = RefreshController(configuration: configuration) { events.append($0) }
            refresh.set(scrollable: view)
            XCTAssertEqual(view.contentOffset.y, -103, "\(behavior)")
            XCTAssertEqual(view.contentInset.top, 103, "\(behavior)")
            var t = 0.1
            view.advance(to: t)
            _ = refresh.tick(at: t)
            view.touchDown(at: CGPoint(x: 200, y: 300))
            for k in 1...5 {
                t += 1 / 60.0
                view.advance(to: t)
                _ = refresh.tick(at: t)
                view.touchMoved(to: CGPoint(x: 200, y: 300 + Double(k)), fingerVelocity: SimVector(dx: 0, dy: 60))
            }
            view.touchUp(at: CGPoint(x: 200, y: 305), fingerVelocity: SimVector(dx: 0, dy: 0))
            for _ in 0..<90 {
                t += 1 / 60.0
                view.advance(to: t)
                _ = refresh.tick(at: t)
            }
            XCTAssertFalse(events.contains(.refresh), "a 5 pt pull is no refresh (\(behavior)): \(events)")
            XCTAssertEqual(refresh.state.header, .idle, "\(behavior)")
            XCTAssertEqual(view.contentOffset.y, -103, "back at rest (\(behavior))")
        }
    }

    // MARK: Whole runs: the safe area changes nothing the surfaces see

    /// `script` with the scroll view's safe area set (or not).
    private func csv(_ script: String, scrollView keys: String) throws -> String {
        let text = script.replacingOccurrences(of: "\"scrollView\": {", with: "\"scrollView\": {\(keys)")
        return Simulation(script: try GestureScript(json: text, name: "notched"), fps: 60).run().csv()
    }

    private func assertSameInEveryMode(_ script: String, line: UInt = #line) throws {
        let plain = try csv(script, scrollView: "")
        let automatic = try csv(script, scrollView: #""safeAreaTop": 59, "safeAreaBottom": 34, "contentInsetAdjustment": "automatic", "#)
        let never = try csv(script, scrollView: #""safeAreaTop": 59, "safeAreaBottom": 34, "contentInsetAdjustment": "never", "#)
        XCTAssertGreaterThan(plain.split(separator: "\n").count, 60, line: line)
        XCTAssertEqual(automatic, plain, "automatic adjustment changes what the surface sees", line: line)
        XCTAssertEqual(never, plain, "never changes what the surface sees", line: line)
    }

    func testBarRunIsTheSameInBothModes() throws {
        try assertSameInEveryMode("""
            {"surface": {"type": "bar", "compact": 64, "normal": 120, "expanded": 240, "safeAreaTop": 59},
             "scrollView": {"width": 393, "height": 852, "contentHeight": 3000},
             "steps": [{"do": "drag", "from": [195, 600], "to": [195, 300], "duration": 0.4},
                       {"do": "wait", "duration": 1},
                       {"do": "drag", "from": [195, 300], "to": [195, 700], "duration": 0.5},
                       {"do": "wait", "duration": 1},
                       {"do": "fling", "from": [195, 700], "to": [195, 520], "duration": 0.1, "velocity": -2500},
                       {"do": "wait", "duration": 2}]}
            """)
    }

    func testRefreshRunIsTheSameInBothModes() throws {
        try assertSameInEveryMode("""
            {"surface": {"type": "refresh", "insetTop": 103, "insetBottom": 34},
             "scrollView": {"width": 393, "height": 852, "contentHeight": 2000},
             "steps": [{"do": "drag", "from": [195, 300], "to": [195, 306], "duration": 0.1},
                       {"do": "wait", "duration": 0.6},
                       {"do": "drag", "from": [195, 300], "to": [195, 480], "duration": 0.6},
                       {"do": "wait", "duration": 2.5}]}
            """)
    }

    func testPulldownRunIsTheSameInBothModesAndTheListInsetHolds() throws {
        let script = """
            {"surface": {"type": "pulldown", "preset": "article"},
             "scrollView": {"width": 414, "height": 736, "contentHeight": 2400},
             "steps": [{"do": "drag", "from": [207, 200], "to": [207, 500], "duration": 0.8},
                       {"do": "wait", "duration": 1.5}]}
            """
        try assertSameInEveryMode(script)
    }

    // MARK: Animated moves

    private final class OffsetRecorder: ScrollableObserver {
        var offsets: [Double] = []
        func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
            offsets.append(Double(contentOffset.y))
        }
        func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}
        func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {}
    }

    func testAnimatedMoveReportsEveryFrameAndYieldsToAFinger() {
        let view = phone(.automatic, offset: -59)
        let recorder = OffsetRecorder()
        view.addScrollObserver(recorder)
        view.updateContentOffset(CGPoint(x: 0, y: 441), animated: true)
        var t = 0.0
        for _ in 0..<30 {
            t += 1 / 60.0
            view.advance(to: t)
        }
        // 0.25 s at 60 Hz: a report on every frame of the move, each further on, ending at the target.
        XCTAssertEqual(recorder.offsets.count, 15)
        XCTAssertEqual(recorder.offsets.last, 441)
        XCTAssertEqual(recorder.offsets, recorder.offsets.sorted())
        XCTAssertEqual(Set(recorder.offsets).count, recorder.offsets.count)

        // A finger that grabs the content mid-move takes over at once.
        view.updateContentOffset(CGPoint(x: 0, y: -59), animated: true)
        t += 0.1
        view.advance(to: t)
        let grabbed = Double(view.contentOffset.y)
        XCTAssertGreaterThan(grabbed, -59)
        XCTAssertLessThan(grabbed, 441)
        view.touchDown(at: CGPoint(x: 200, y: 400))
        t += 1 / 60.0
        view.advance(to: t)
        view.touchMoved(to: CGPoint(x: 200, y: 380), fingerVelocity: SimVector(dx: 0, dy: -1200))
        XCTAssertTrue(view.isDragging)
        let dragging = Double(view.contentOffset.y)
        for _ in 0..<20 {
            t += 1 / 60.0
            view.advance(to: t)
        }
        XCTAssertEqual(Double(view.contentOffset.y), dragging, "the move no longer runs once the finger drags")
        view.touchMoved(to: CGPoint(x: 200, y: 330), fingerVelocity: SimVector(dx: 0, dy: -600))
        XCTAssertEqual(Double(view.contentOffset.y), dragging + 50, "the content follows the finger")
    }
}
