import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// `510` for 510.0, the shortest spelling otherwise.
private func short(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : "\(x)" }

/// Records what a scroll view reports, in order.
private final class EventLog: ScrollableObserver {
    var events: [String] = []
    /// Called on `.ended`; lets a test act like the bar's controller.
    var onEnded: ((any Scrollable) -> Void)?
    /// The content offset and decelerating flag seen with each pan state.
    var panSnapshots: [(PanGestureState, Double, Bool)] = []

    func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        events.append("offset \(short(contentOffset.y))")
    }

    func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
        events.append("size \(short(contentSize.height))")
    }

    func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {
        events.append(state.rawValue)
        let view = scrollable as! SimScrollView
        panSnapshots.append((state, view.contentOffset.y, view.isDecelerating))
        if state == .ended { onEnded?(scrollable) }
    }
}

/// The simulated scroll view against UIScrollView's behaviour and the C core's closed forms.
final class SimScrollViewTests: XCTestCase {
    /// An 844 pt tall view over 3000 pt of content, 100 pt top inset: range -100...2156.
    private func makeView(offset: Double = 500, bounces: Bool = true) -> SimScrollView {
        SimScrollView(configuration: .init(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), contentSize: CGSize(width: 390, height: 3000),
            contentOffset: CGPoint(x: 0, y: offset), contentInset: EdgeInsets(top: 100), bounces: bounces))
    }

    /// The rubber band, written out independently: (1 - 1 / (x c / d + 1)) d.
    private func rubberBand(_ x: Double, _ d: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

    func testPanStatesComeInUIKitsOrder() {
        let view = makeView()
        let log = EventLog()
        view.addScrollObserver(log)
        view.touchDown(at: CGPoint(x: 100, y: 400))
        XCTAssertTrue(view.isTracking)
        XCTAssertFalse(view.isDragging)
        XCTAssertEqual(log.events, [], "a touch alone reports nothing")
        view.touchMoved(to: CGPoint(x: 100, y: 390), fingerVelocity: SimVector(dx: 0, dy: -600))
        view.touchMoved(to: CGPoint(x: 100, y: 370), fingerVelocity: SimVector(dx: 0, dy: -600))
        view.touchMoved(to: CGPoint(x: 100, y: 370), fingerVelocity: .zero)
        view.touchUp(at: CGPoint(x: 100, y: 360), fingerVelocity: SimVector(dx: 0, dy: -600))
        XCTAssertEqual(log.events, ["began", "offset 510", "changed", "offset 530", "changed",
                                    "offset 540", "changed", "ended"])
        // `.began` comes with the offset where the touch went down; `.ended`
        // after the deceleration has started.
        XCTAssertEqual(log.panSnapshots.first?.1, 500)
        XCTAssertEqual(log.panSnapshots.last?.0, .ended)
        XCTAssertEqual(log.panSnapshots.last?.2, true)
        XCTAssertFalse(view.isTracking)
        XCTAssertFalse(view.isDragging)
        XCTAssertTrue(view.isDecelerating)
    }

    func testCancelledDragReportsCancelled() {
        let view = makeView(offset: -100)
        let log = EventLog()
        view.addScrollObserver(log)
        view.touchDown(at: CGPoint(x: 100, y: 400))
        view.touchMoved(to: CGPoint(x: 100, y: 500), fingerVelocity: SimVector(dx: 0, dy: 300))
        view.touchCancelled()
        XCTAssertEqual(log.events.last, "cancelled")
        // Pulled past the top, so it springs back even though the touch was cancelled.
        XCTAssertEqual(view.phase, .bouncing)
        view.advance(to: 5)
        XCTAssertEqual(view.contentOffset.y, -100)
        XCTAssertTrue(view.isAtRest)
    }

    func testDragIsOneToOneInsideAndRubberBandsOutside() {
        let view = makeView(offset: -50)
        view.touchDown(at: CGPoint(x: 100, y: 400))
        view.touchMoved(to: CGPoint(x: 100, y: 440), fingerVelocity: .zero)
        XCTAssertEqual(view.contentOffset.y, -90, "1:1 inside the range")
        for past in [1.0, 25, 50, 200, 1000] {
            // The finger 50 pt takes the content to the top (-100); the rest is past it.
            view.touchMoved(to: CGPoint(x: 100, y: 450 + past), fingerVelocity: .zero)
            XCTAssertEqual(view.contentOffset.y, -100 - rubberBand(past, 844), accuracy: 1e-9, "\(past) pt past the top")
        }
        // Past the bottom: range max = 3000 - 844 = 2156.
        let bottom = makeView(offset: 2150)
        bottom.touchDown(at: CGPoint(x: 100, y: 400))
        bottom.touchMoved(to: CGPoint(x: 100, y: 294), fingerVelocity: .zero)
        XCTAssertEqual(bottom.contentOffset.y, 2156 + rubberBand(100, 844), accuracy: 1e-9)
        // No bouncing: stuck on the edge.
        let stiff = makeView(offset: -50, bounces: false)
        stiff.touchDown(at: CGPoint(x: 100, y: 400))
        stiff.touchMoved(to: CGPoint(x: 100, y: 600), fingerVelocity: .zero)
        XCTAssertEqual(stiff.contentOffset.y, -100)
    }

    func testReleaseDeceleratesAlongTheClosedForm() {
        let view = makeView()
        view.touchDown(at: CGPoint(x: 100, y: 500))
        view.touchMoved(to: CGPoint(x: 100, y: 400), fingerVelocity: SimVector(dx: 0, dy: -1500))
        view.touchUp(at: CGPoint(x: 100, y: 400), fingerVelocity: SimVector(dx: 0, dy: -1500))
        XCTAssertEqual(view.contentOffset.y, 600)
        let rate = SD_DECELERATION_RATE_NORMAL
        for t in [0.01, 0.1, 0.5, 1.0, 2.0, 2.5] {
            view.advance(to: t)
            let expected = sd_deceleration_sample(600, 1500, rate, t)
            XCTAssertEqual(view.contentOffset.y, expected.position, "t = \(t)")
            XCTAssertEqual(view.velocity, expected.velocity, "t = \(t)")
        }
        view.advance(to: 10)
        XCTAssertEqual(view.contentOffset.y, sd_deceleration_rest_position(600, 1500, rate))
        XCTAssertFalse(view.isDecelerating)
        // The distance travelled is the projection's, less the 10 pt/s stop:
        // v0 / |k| - 10 / |k| with k = 1000 ln(rate).
        let k = 1000 * log(rate)
        XCTAssertEqual(view.contentOffset.y - 600, (sd_deceleration_projection(600, 1500, rate) - 600) - 10 / -k,
                       accuracy: 1e-9)
        // About 747 pt for 1500 pt/s at 0.998.
        XCTAssertEqual(view.contentOffset.y - 600, 1490 / -k, accuracy: 1e-9)
    }

    func testFastDecelerationRate() {
        let view = makeView()
        view.decelerationRate = SD_DECELERATION_RATE_FAST
        view.touchDown(at: CGPoint(x: 100, y: 500))
        view.touchUp(at: CGPoint(x: 100, y: 490), fingerVelocity: SimVector(dx: 0, dy: -1000))
        view.advance(to: 5)
        XCTAssertEqual(view.contentOffset.y, sd_deceleration_rest_position(510, 1000, 0.99))
    }

    func testFlingIntoTheTopBouncesBack() {
        let view = makeView(offset: 0)
        view.touchDown(at: CGPoint(x: 100, y: 300))
        view.touchUp(at: CGPoint(x: 100, y: 330), fingerVelocity: SimVector(dx: 0, dy: 2500))
        XCTAssertEqual(view.contentOffset.y, -30)
        var lowest = 0.0
        var sawBouncing = false
        for i in 1...400 {
            view.advance(to: Double(i) / 120)
            lowest = min(lowest, view.contentOffset.y)
            if view.phase == .bouncing { sawBouncing = true }
        }
        XCTAssertTrue(sawBouncing)
        XCTAssertLessThan(lowest, -110, "overshoots the top")
        XCTAssertGreaterThan(lowest, -100 - 844, "never a whole screen")
        XCTAssertEqual(view.contentOffset.y, -100, "settles on the top exactly")
        XCTAssertTrue(view.isAtRest)
        // The motion is the C core's plan, sampled at absolute time.
        var bounds = sd_scroll_bounds(min: -100, max: 2156)
        var plan = sd_scroll_motion()
        XCTAssertEqual(sd_scroll_motion_release(-30, -2500, &bounds, SD_DECELERATION_RATE_NORMAL, 1, &plan, nil), SD_OK)
        let replay = makeView(offset: 0)
        replay.touchDown(at: CGPoint(x: 100, y: 300))
        replay.touchUp(at: CGPoint(x: 100, y: 330), fingerVelocity: SimVector(dx: 0, dy: 2500))
        for t in [plan.edge_time / 2, plan.edge_time + 0.01, plan.edge_time + 0.2] {
            replay.advance(to: t)
            XCTAssertEqual(replay.contentOffset.y, sd_scroll_motion_sample(&plan, t).position, "t = \(t)")
        }
    }

    func testReleasePastTheEdgeSpringsBackWithTheBounceSpring() {
        let view = makeView(offset: -100)
        view.touchDown(at: CGPoint(x: 100, y: 300))
        view.touchMoved(to: CGPoint(x: 100, y: 400), fingerVelocity: .zero)
        let pulled = view.contentOffset.y
        XCTAssertEqual(pulled, -100 - rubberBand(100, 844), accuracy: 1e-9)
        view.touchUp(at: CGPoint(x: 100, y: 400), fingerVelocity: .zero)
        XCTAssertEqual(view.phase, .bouncing)
        var spring = sd_spring_bounce()
        for t in [0.1, 0.3, 0.6] {
            view.advance(to: t)
            XCTAssertEqual(view.contentOffset.y, sd_spring_sample(&spring, pulled, 0, -100, t).position, "t = \(t)")
        }
        view.advance(to: 3)
        XCTAssertEqual(view.contentOffset.y, -100)
    }

    func testCatchingABounceContinuesWithoutAJump() {
        let view = makeView(offset: -100)
        view.touchDown(at: CGPoint(x: 100, y: 300))
        view.touchUp(at: CGPoint(x: 100, y: 400), fingerVelocity: .zero)
        view.advance(to: 0.1)
        let caught = view.contentOffset.y
        XCTAssertLessThan(caught, -100)
        view.touchDown(at: CGPoint(x: 100, y: 400))
        XCTAssertFalse(view.isDecelerating, "a touch stops the bounce")
        view.advance(to: 0.2)
        XCTAssertEqual(view.contentOffset.y, caught, "held where it was caught")
        view.touchMoved(to: CGPoint(x: 100, y: 400.001), fingerVelocity: .zero)
        XCTAssertEqual(view.contentOffset.y, caught, accuracy: 0.001)
    }

    func testTouchDownStopsDeceleration() {
        let view = makeView()
        view.touchDown(at: CGPoint(x: 100, y: 500))
        view.touchUp(at: CGPoint(x: 100, y: 480), fingerVelocity: SimVector(dx: 0, dy: -2000))
        view.advance(to: 0.3)
        let y = view.contentOffset.y
        view.touchDown(at: CGPoint(x: 10, y: 10))
        view.touchUp(at: CGPoint(x: 10, y: 10), fingerVelocity: .zero)
        view.advance(to: 2)
        XCTAssertEqual(view.contentOffset.y, y)
        XCTAssertEqual(view.phase, .idle)
    }

    func testUpdateContentOffsetStopsDecelerationThenEasesInOut() {
        let view = makeView()
        let log = EventLog()
        view.addScrollObserver(log)
        // Like the bar: on `.ended`, ask for a snap.
        log.onEnded = { $0.updateContentOffset(CGPoint(x: 0, y: 700), animated: true) }
        view.touchDown(at: CGPoint(x: 100, y: 500))
        view.touchUp(at: CGPoint(x: 100, y: 400), fingerVelocity: SimVector(dx: 0, dy: -3000))
        XCTAssertFalse(view.isDecelerating, "the request stopped the fling")
        XCTAssertEqual(view.phase, .animating)
        XCTAssertEqual(view.requests.last, SimScrollView.Request(time: 0, from: CGPoint(x: 0, y: 600),
                                                                 contentOffset: CGPoint(x: 0, y: 700), animated: true))
        view.advance(to: 0.125)
        XCTAssertEqual(view.contentOffset.y, 650, accuracy: 1e-9, "half-way in time is half-way on ease-in-out")
        var curve = sd_timing_ease_in_out
        view.advance(to: 0.2)
        XCTAssertEqual(view.contentOffset.y, 600 + 100 * sd_timing_curve_value(&curve, 0.8), accuracy: 1e-9)
        view.advance(to: 0.25)
        XCTAssertEqual(view.contentOffset.y, 700)
        XCTAssertTrue(view.isAtRest)
        // Not animated: at once.
        view.updateContentOffset(CGPoint(x: 0, y: 10), animated: false)
        XCTAssertEqual(view.contentOffset.y, 10)
        XCTAssertEqual(log.events.last, "offset 10")
    }

    func testShortContentWithoutAlwaysBounceDoesNotDrag() {
        let view = SimScrollView(configuration: .init(contentSize: CGSize(width: 390, height: 300),
                                                      alwaysBounceVertical: false))
        let log = EventLog()
        view.addScrollObserver(log)
        view.touchDown(at: CGPoint(x: 100, y: 300))
        view.touchMoved(to: CGPoint(x: 100, y: 400), fingerVelocity: .zero)
        XCTAssertFalse(view.isDragging)
        XCTAssertEqual(log.events, [])
        view.alwaysBounceVertical = true
        view.touchMoved(to: CGPoint(x: 100, y: 410), fingerVelocity: .zero)
        XCTAssertTrue(view.isDragging)
    }

    func testFrameRatesSampleTheSameCurve() {
        func run(fps: Int) -> [Double] {
            let view = makeView(offset: 400)
            view.touchDown(at: CGPoint(x: 100, y: 500))
            view.touchUp(at: CGPoint(x: 100, y: 460), fingerVelocity: SimVector(dx: 0, dy: 3000))
            var out: [Double] = []
            for n in 0...(3 * fps) {
                view.advance(to: Double(n) / Double(fps))
                if n % (fps / 60) == 0 { out.append(view.contentOffset.y) }
            }
            return out
        }
        XCTAssertEqual(run(fps: 60), run(fps: 120), "the same closed form at the same times")
    }

    // MARK: - The domain (finding SIM1)

    /// Advances `view` frame by frame to `end`, asserting a finite offset and velocity every frame.
    private func advanceChecking(_ view: SimScrollView, from start: Double, to end: Double, fps: Double = 60,
                                 line: UInt = #line) {
        var n = (start * fps).rounded(.up)
        while n / fps <= end {
            view.advance(to: n / fps)
            guard view.contentOffset.y.isFinite, view.velocity.isFinite else {
                return XCTFail("at \(n / fps) s: offset \(view.contentOffset.y), velocity \(view.velocity)", line: line)
            }
            n += 1
        }
    }

    func testAnAnimatedRequestNearDBLMaxIsClampedToTheDomain() {
        XCTAssertEqual(SimScrollView.maximumLength, 1e9)
        XCTAssertEqual(SimScrollView.maximumVelocity, 1e12)
        // The reduced script of SIM1 asked for y = -1e308, animated: vy was -inf.
        let view = makeView()
        view.updateContentOffset(CGPoint(x: 0, y: -1e308), animated: true)
        XCTAssertEqual(view.requests.last?.contentOffset.y, -1e308, "recorded as asked")
        view.advance(to: 0.125)
        var curve = sd_timing_ease_in_out
        let sample = sd_scroll_animation_sample(500, -1e9, SD_SCROLL_ANIMATION_DURATION, &curve, 0.125)
        XCTAssertEqual(view.contentOffset.y, sample.position)
        XCTAssertEqual(view.velocity, sample.velocity)
        XCTAssertTrue(sample.velocity.isFinite && sample.velocity < -1e9)
        view.advance(to: 0.25)
        XCTAssertEqual(view.contentOffset.y, -1e9)
        XCTAssertEqual(view.velocity, 0)
        XCTAssertTrue(view.isAtRest)
        // At once, and beyond +-1e9 on x too; a non-finite request only stops the motion.
        view.updateContentOffset(CGPoint(x: -3e300, y: 7e15), animated: false)
        XCTAssertEqual(view.contentOffset, CGPoint(x: -1e9, y: 1e9))
        view.updateContentOffset(CGPoint(x: 0, y: Double.nan), animated: true)
        XCTAssertEqual(view.contentOffset, CGPoint(x: -1e9, y: 1e9))
        XCTAssertTrue(view.isAtRest)
        // The initial offset too.
        XCTAssertEqual(SimScrollView(configuration: .init(contentOffset: CGPoint(x: 0, y: 1e308))).contentOffset.y, 1e9)
        XCTAssertEqual(SimScrollView(configuration: .init(contentOffset: CGPoint(x: 0, y: -Double.infinity))).contentOffset, .zero)
    }

    func testHugeFingerCoordinatesAndVelocitiesAreClamped() {
        // The reduced script of SIM1 flung from y = 1e308: vy was NaN.
        let view = makeView(offset: 0)
        let range = view.scrollRange
        XCTAssertEqual(range, SimScrollView.ScrollRange(min: -100, max: 2156))
        var b = sd_scroll_bounds(min: range.min, max: range.max)
        view.touchDown(at: CGPoint(x: 36, y: 1e308))
        XCTAssertEqual(view.fingerLocation, CGPoint(x: 36, y: 1e9))
        view.touchMoved(to: CGPoint(x: 36, y: -1e308), fingerVelocity: SimVector(dx: 0, dy: -Double.infinity))
        XCTAssertEqual(view.fingerLocation, CGPoint(x: 36, y: -1e9))
        // Dragged 2e9 points up from 0: far past the bottom edge, rubber-banded;
        // the finger's velocity counts as -1e12.
        let raw = 0 + 2e9
        XCTAssertEqual(view.contentOffset.y, sd_scroll_drag_offset(raw, &b, 844, 1))
        XCTAssertLessThan(view.contentOffset.y, 2156 + 844)
        XCTAssertEqual(view.velocity, 1e12 * sd_scroll_drag_slope(raw, &b, 844, 1))
        // A NaN location leaves the finger where it was; a NaN velocity is 0.
        view.touchMoved(to: CGPoint(x: Double.nan, y: 0), fingerVelocity: SimVector(dx: 0, dy: Double.nan))
        XCTAssertEqual(view.fingerLocation, CGPoint(x: 36, y: -1e9))
        XCTAssertEqual(view.velocity, 0)
        view.touchUp(at: CGPoint(x: 36, y: Double.infinity), fingerVelocity: SimVector(dx: 0, dy: Double.nan))
        XCTAssertEqual(view.phase, .bouncing, "released past the edge: springs back")
        advanceChecking(view, from: 0, to: 10)
        XCTAssertTrue(view.isAtRest)
        XCTAssertEqual(view.contentOffset.y, 2156)

        // A touch at a non-finite place is ignored.
        view.touchDown(at: CGPoint(x: 0, y: Double.nan))
        XCTAssertFalse(view.isTracking)
        XCTAssertNil(view.fingerLocation)
    }

    func testHugeGeometryIsClampedAndAFlingAtTheLargestVelocityEnds() {
        let view = makeView(offset: 0)
        view.setContentSize(CGSize(width: 390, height: 1e308))
        XCTAssertEqual(view.contentSize.height, 1e308, "kept as set")
        XCTAssertEqual(view.scrollRange.max, 1e9 - 844, "content height taken as 1e9")
        view.contentInset = EdgeInsets(top: 1e300)
        XCTAssertEqual(view.scrollRange.min, -1e9)
        view.contentInset = EdgeInsets(top: Double.infinity)
        XCTAssertEqual(view.scrollRange.min, 0, "non-finite geometry pins the range to the offset")
        XCTAssertEqual(view.scrollRange.max, 0)
        view.contentInset = .zero

        // A flick at an infinite finger velocity: the content leaves at 1e12 points per second,
        // decelerates into the bottom edge at 1e9 - 844, bounces and comes to rest there.
        view.touchDown(at: CGPoint(x: 100, y: 400))
        view.touchUp(at: CGPoint(x: 100, y: 300), fingerVelocity: SimVector(dx: 0, dy: -Double.infinity))
        XCTAssertEqual(view.velocity, 1e12)
        XCTAssertEqual(view.phase, .decelerating)
        advanceChecking(view, from: 0, to: 30)
        XCTAssertTrue(view.isAtRest)
        XCTAssertEqual(view.contentOffset.y, 1e9 - 844)
        XCTAssertEqual(view.velocity, 0)
    }
}
