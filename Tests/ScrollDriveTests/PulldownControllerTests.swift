import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// `PulldownPanelController` driven through its scroll views, its frame
/// clock (`tick(at:)`) and its explicit inputs.
final class PulldownControllerTests: XCTestCase {
    typealias Controller = PulldownPanelController

    // MARK: - Configuration

    func testPresets() throws {
        let a = Controller.Configuration.article, w = Controller.Configuration.wechat
        XCTAssertEqual([a.criticalPoint0, a.criticalPoint1, a.criticalPoint2, a.criticalPoint3], [60, 90, 130, 240])
        XCTAssertEqual([w.criticalPoint0, w.criticalPoint1, w.criticalPoint2, w.criticalPoint3], [80, 130, 160, 240])
        XCTAssertEqual([a.transitionDuration, a.closeDuration, a.returnDuration], [0.35, 0.4, 1.5])
        XCTAssertEqual([a.returnSplitTime, a.returnSplitDistance], [0.3, 0.5])
        XCTAssertEqual([a.ballSpread, a.maximumBallScale, a.minimumIndicatorHeight], [16, 2, 6])
        XCTAssertEqual([a.revealPanelAlpha, a.revealMaskAlpha, a.openMaskAlpha], [0.3, 0.3, 0.6])
        XCTAssertEqual([a.hiddenPanelScaleX, a.hiddenPanelScaleY, a.panelScaleGain], [0.6, 0.4, 0.1])
        XCTAssertEqual([a.searchBarHeight, a.closeDragDistance, a.topBarHeight], [57, 135, 64])
        XCTAssertEqual(a.listColour.hex, "#EDEDED")
        XCTAssertEqual(a.openColour.hex, "#FFFFFF")
        // The validating initialiser defaults every value to the article's.
        XCTAssertEqual(try Controller.Configuration(), a)
        XCTAssertEqual(try Controller.Configuration(criticalPoint0: 80, criticalPoint1: 130, criticalPoint2: 160), w)
        XCTAssertNotEqual(a, w)
        let notched = try Controller.Configuration(screenHeight: 812, topBarHeight: 88, tabBarHeight: 83)
        XCTAssertEqual([notched.screenHeight, notched.topBarHeight, notched.tabBarHeight], [812, 88, 83])
        XCTAssertEqual(a.duration(of: .opening), 0.35)
        XCTAssertEqual(a.duration(of: .closing), 0.4)
        XCTAssertEqual(a.duration(of: .returning), 1.5)
        XCTAssertEqual(a.duration(of: .none), 0)
    }

    func testInvalidConfigurationsThrowNamingTheField() {
        typealias C = Controller.Configuration
        let white = Controller.Colour(red: 255, green: 255, blue: 255)
        let rows: [(UInt, () throws(ConfigurationError) -> C, String, ConfigurationError.Kind)] = [
            (#line, { () throws(ConfigurationError) in try C(criticalPoint0: .nan) }, "cp0", .notFinite),
            (#line, { () throws(ConfigurationError) in try C(criticalPoint3: .infinity) }, "cp3", .notFinite),
            (#line, { () throws(ConfigurationError) in try C(returnDuration: .nan) }, "return_duration", .notFinite),
            (#line, { () throws(ConfigurationError) in
                try C(openColour: Controller.Colour(red: 255, green: 255, blue: .nan)) }, "open_colour.blue", .notFinite),
            (#line, { () throws(ConfigurationError) in try C(criticalPoint0: -1) }, "cp0", .negative),
            (#line, { () throws(ConfigurationError) in try C(screenHeight: 0) }, "screen_height", .negative),
            (#line, { () throws(ConfigurationError) in try C(transitionDuration: 0) }, "transition_duration", .negative),
            (#line, { () throws(ConfigurationError) in try C(ballSpread: -16) }, "ball_spread", .negative),
            (#line, { () throws(ConfigurationError) in try C(closeDragDistance: -1) }, "close_drag_distance", .negative),
            (#line, { () throws(ConfigurationError) in try C(criticalPoint1: 60) }, "cp1", .outOfOrder),
            (#line, { () throws(ConfigurationError) in try C(criticalPoint2: 80) }, "cp2", .outOfOrder),
            (#line, { () throws(ConfigurationError) in try C(criticalPoint3: 130) }, "cp3", .outOfOrder),
            (#line, { () throws(ConfigurationError) in try C(screenHeight: 240) }, "screen_height", .outOfOrder),
            (#line, { () throws(ConfigurationError) in try C(topBarHeight: 736) }, "top_bar_height", .outOfOrder),
            (#line, { () throws(ConfigurationError) in try C(returnSplitTime: 0) }, "return_split_time", .outOfRange),
            (#line, { () throws(ConfigurationError) in try C(returnSplitDistance: 1) }, "return_split_distance", .outOfRange),
            (#line, { () throws(ConfigurationError) in try C(openMaskAlpha: 1.5) }, "open_mask_alpha", .outOfRange),
            (#line, { () throws(ConfigurationError) in
                try C(listColour: Controller.Colour(red: 256, green: 0, blue: 0), openColour: white) },
             "list_colour.red", .outOfRange),
        ]
        for (line, make, field, kind) in rows {
            do {
                _ = try make()
                XCTFail("accepted a configuration with a bad \(field)", line: line)
            } catch {
                XCTAssertEqual(error.surface, "pulldown", line: line)
                XCTAssertEqual(error.field, field, line: line)
                XCTAssertEqual(error.kind, kind, line: line)
                XCTAssertTrue(error.description.hasPrefix("invalid pulldown configuration: \(field) must"),
                              error.description, line: line)
            }
        }
    }

    // MARK: - The pull-down on the chat list

    func testPullingNeedsTheThresholdAndDownwardMotion() {
        let h = PulldownHarness()
        // Moving down up to cp1 (90) is not enough.
        h.pullList([20, 50, 80, 90])
        XCTAssertEqual(h.state.listPhase, .idle)
        // Past cp1 while moving down: pulling.
        h.pullList([91], begin: false)
        XCTAssertEqual(h.state.listPhase, .pulling)
        // Moving up while still past cp1: back to idle (WeChat's behaviour).
        h.pullList([150, 140], begin: false)
        XCTAssertEqual(h.state.listPhase, .idle)
        // Past cp1 but still moving up: stays idle; the same offset again is no motion.
        h.pullList([120, 120], begin: false)
        XCTAssertEqual(h.state.listPhase, .idle)
        XCTAssertEqual(h.state.pullDistance, 120)
        // Moving down again past cp1: pulling.
        h.pullList([121], begin: false)
        XCTAssertEqual(h.state.listPhase, .pulling)
        // The wechat preset's cp1 is 130.
        let w = PulldownHarness(.wechat)
        w.pullList([60, 100, 130])
        XCTAssertEqual(w.state.listPhase, .idle)
        w.pullList([131], begin: false)
        XCTAssertEqual(w.state.listPhase, .pulling)
    }

    func testMovingUpPastCp1ThenReleasingDoesNotOpen() {
        let h = PulldownHarness()
        h.pullList([50, 100, 150, 140])
        XCTAssertEqual(h.state.listPhase, .idle)
        h.releaseList()
        h.run(until: h.time + 1)
        XCTAssertEqual(h.state.listPhase, .idle)
        XCTAssertEqual(h.state.listTransition, .none)
        XCTAssertFalse(h.state.isOpen)
        XCTAssertTrue(h.list.requests.isEmpty, "nothing pinned")
        XCTAssertTrue(h.frames.allSatisfy { $0.isInteractionEnabled })
        XCTAssertEqual(h.frame.navigationBarColour.hex, "#EDEDED")
    }

    func testTheHapticFiresOncePerGesture() {
        let h = PulldownHarness()
        // Enters pulling twice in one gesture: one haptic.
        h.pullList([50, 95, 100, 96, 92, 110, 120])
        XCTAssertEqual(h.state.listPhase, .pulling)
        XCTAssertEqual(h.frames.filter(\.hapticFired).count, 1)
        let first = h.frames.firstIndex(where: \.hapticFired)!
        XCTAssertEqual(h.frames[first].state.listPhase, .pulling, "reported in the frame after it fired")
        // Back up without releasing into pulling, end the gesture: a new one fires again.
        h.pullList([100], begin: false)
        XCTAssertEqual(h.state.listPhase, .idle)
        h.releaseList()
        h.step()
        h.pullList([20, 60, 100])
        XCTAssertEqual(h.frames.filter(\.hapticFired).count, 2)
    }

    func testReleaseWhilePullingPinsOpensAndLocksUntilTheTransitionEnds() {
        let h = PulldownHarness()
        h.pullList((1...37).map { 5 * CGFloat($0) })
        XCTAssertEqual(h.state.listPhase, .pulling)
        let t0 = h.time
        h.releaseList(decelerating: true)
        // Pinned where the finger left it, not animated (so it does not rebound).
        XCTAssertEqual(h.list.requests.first, .init(y: h.y(185), animated: false))
        XCTAssertEqual(h.state.listPhase, .refreshing)
        XCTAssertEqual(h.state.listTransition, .opening)
        XCTAssertTrue(h.state.isInteractionLocked)
        var unlockedAt: Int?
        for k in 1...30 {
            h.time = t0 + Double(k) / 60
            let f = h.tick()
            XCTAssertEqual(f.isInteractionEnabled, h.time - t0 >= 0.35, "frame \(k)")
            XCTAssertEqual(h.state.isInteractionLocked, h.time - t0 < 0.35, "frame \(k)")
            if f.isInteractionEnabled, unlockedAt == nil { unlockedAt = k }
            if h.time - t0 < 0.35 {
                XCTAssertTrue(f.isListOffsetDriven)
                XCTAssertEqual(f.listInsetTop, 736)
                XCTAssertEqual(h.list.contentInset.top, 736, "the controller applies the list's inset")
                XCTAssertEqual(h.list.contentOffset.y, f.listContentOffset, "and drives its offset")
                XCTAssertEqual(f.indicator.alpha, 0)
            }
        }
        XCTAssertEqual(unlockedAt, 21, "the first 60 Hz frame at or after 0.35 s")
        // Open: the nav bar white at the bottom, the panel full size, the list back at its inset.
        let f = h.frame
        XCTAssertTrue(h.state.isOpen)
        XCTAssertEqual(f.navigationBarTop, 736 - 64)
        XCTAssertEqual(f.listY, 736 - 64)
        XCTAssertEqual(f.navigationBarColour.hex, "#FFFFFF")
        XCTAssertEqual([f.panelAlpha, f.panelScaleX, f.panelScaleY, f.maskAlpha, f.weatherAlpha], [1, 1, 1, 0.6, 1])
        XCTAssertEqual([f.tabBarAlpha, f.tabBarY], [0, 736])
        XCTAssertEqual(f.panelContentHeight, 20 * 736)
        XCTAssertEqual(h.list.contentInset.top, 64)
        XCTAssertEqual(h.list.contentOffset.y, -64)
        XCTAssertEqual(h.list.requests.last, .init(y: -64, animated: false))
        // The list's own drags are ignored while the panel is open.
        let before = h.state
        h.list.pan(.began)
        h.list.scroll(to: h.y(300))
        XCTAssertEqual(h.state, before)
    }

    // MARK: - The pull-up on the open panel

    func testNavColourFollowsThePullUp() {
        let h = PulldownHarness()
        h.open()
        h.dragPanel([20, 40, 65])
        let f = h.frame
        XCTAssertEqual(h.state.panelPhase, .pulling)
        XCTAssertEqual(f.navigationBarColour, Controller.Colour(red: 246, green: 246, blue: 246))
        XCTAssertEqual(f.navigationBarColour.hex, "#F6F6F6")
        XCTAssertEqual(f.navigationBarTop, 736 - 64 - 65)
        XCTAssertEqual([f.panelY, f.weatherY], [-65, -65])
        let m = h.configuration.mirror(pullUpDistance: 65)!
        XCTAssertEqual([f.panelAlpha, f.maskAlpha, f.weatherAlpha], [m.panelAlpha, m.maskAlpha, m.panelAlpha])
        // Pulling down at the top is pinned back to 0 and counts as a pull.
        h.panel.clearRequests()
        h.dragPanel([0, -10], begin: false)
        XCTAssertEqual(h.panel.requests, [.init(y: 0, animated: false)])
        XCTAssertEqual(h.panel.contentOffset.y, 0)
        XCTAssertEqual(h.state.panelPhase, .pulling)
    }

    func testReleaseWhilePullingUpClosesIn04SecondsAndResetsEverything() {
        let h = PulldownHarness()
        h.open()
        h.dragPanel((1...10).map { 20 * CGFloat($0) })
        XCTAssertEqual(h.state.panelPhase, .pulling)
        let t1 = h.time
        h.panel.isDecelerating = true
        h.panel.pan(.ended)
        // The deceleration is stopped where the panel is; the close starts.
        XCTAssertEqual(h.panel.requests, [.init(y: 200, animated: false)])
        XCTAssertEqual(h.state.panelPhase, .refreshing)
        XCTAssertEqual(h.state.panelTransition, .closing)
        XCTAssertEqual(h.state.listTransition, .restoring)
        XCTAssertTrue(h.state.isInteractionLocked)
        var previousY = CGFloat.infinity
        for k in 1...24 {
            h.time = t1 + Double(k) / 60
            let f = h.tick()
            XCTAssertEqual(f.isInteractionEnabled, h.time - t1 >= 0.4 - 1e-9, "locked for the whole close, frame \(k)")
            if !f.isInteractionEnabled {
                XCTAssertLessThanOrEqual(f.panelY, previousY, "the panel flies up")
                previousY = f.panelY
            }
        }
        XCTAssertFalse(h.state.isInteractionLocked)
        // Everything at rest: scale (0.6, 0.4), offsets 0, the list and nav bar back.
        let f = h.frame
        XCTAssertEqual([f.panelScaleX, f.panelScaleY], [0.6, 0.4])
        XCTAssertEqual([f.panelAlpha, f.containerAlpha, f.maskAlpha, f.weatherAlpha], [0, 0, 0, 0])
        XCTAssertEqual([f.panelY, f.weatherY, f.panelContentOffset, f.panelContentHeight], [0, 0, 0, 0])
        XCTAssertEqual([f.navigationBarTop, f.listY, f.listInsetTop, f.listContentOffset], [0, 0, 64, -64])
        XCTAssertEqual([f.tabBarAlpha, f.tabBarY], [1, 736 - 49])
        XCTAssertEqual(f.navigationBarColour.hex, "#EDEDED")
        XCTAssertEqual(f.indicator, h.configuration.indicator(pullDistance: 0))
        XCTAssertEqual(h.state.listPhase, .idle)
        XCTAssertEqual(h.state.panelPhase, .idle)
        XCTAssertEqual(h.state.panelPullUpDistance, 0)
        XCTAssertEqual(h.panel.contentOffset.y, 0)
        XCTAssertEqual(h.miniPrograms.requests.last, .init(y: 57, animated: false), "search bar hidden again")
        XCTAssertEqual([h.state.listTransition, h.state.panelTransition], [.none, .none])
        XCTAssertFalse(h.state.isInteractionLocked || h.state.isPanelDragging || h.state.isWaitingForPage)
        // And it opens again.
        h.open()
    }

    func testReleaseWhileIdleReturnsSlowlyAndEveryOffsetIsReported() {
        let h = PulldownHarness()
        h.open()
        // The article's example: up 410, back down to 400, release at t0
        // (elapsed times measured as the core measures them, time - t0).
        let t0 = h.time + 1
        h.dragPanel([100, 200, 300, 410, 400])
        XCTAssertEqual(h.state.panelPhase, .idle)
        h.time = t0
        h.panel.pan(.ended)
        XCTAssertEqual(h.state.panelTransition, .returning)
        XCTAssertFalse(h.state.isInteractionLocked, "the return does not lock")
        XCTAssertEqual(h.configuration.returnOffset(from: 400, elapsed: 1.5 * 0.3), 200, "half way at 30% of 1.5 s")
        // Half the distance at 30% of 1.5 s.
        h.time = t0 + 1.5 * 0.3
        var f = h.tick()
        let half = h.configuration.returnOffset(from: 400, elapsed: h.time - t0)!
        XCTAssertEqual(half, 200, accuracy: 1e-9)
        XCTAssertEqual(f.panelContentOffset, half)
        XCTAssertEqual(h.panel.contentOffset.y, half, "the controller drives the panel")
        XCTAssertTrue(f.isPanelOffsetDriven)
        XCTAssertEqual(f.navigationBarColour, h.configuration.navigationBarColour(pullUpDistance: half))
        // Every frame's offset is the curve's, the panel follows, the nav colour follows.
        let second = PulldownHarness()
        second.open()
        second.dragPanel([100, 200, 300, 410, 400])
        second.time = t0
        second.panel.pan(.ended)
        second.frames.removeAll()
        second.run(until: t0 + 1.5)
        for f in second.frames.dropLast() {
            XCTAssertEqual(f.panelContentOffset, h.configuration.returnOffset(from: 400, elapsed: f.time - t0))
            XCTAssertEqual(f.navigationBarColour, h.configuration.navigationBarColour(pullUpDistance: f.panelContentOffset))
            XCTAssertEqual(f.navigationBarTop, max(0, 736 - 64 - f.panelContentOffset))
            XCTAssertEqual(f.state.panelPullUpDistance, f.panelContentOffset)
        }
        f = second.frame
        XCTAssertEqual(f.panelContentOffset, 0)
        XCTAssertEqual(second.panel.contentOffset.y, 0)
        XCTAssertEqual(f.navigationBarColour.hex, "#FFFFFF")
        XCTAssertEqual(second.state.panelTransition, .none)
        XCTAssertTrue(second.state.isOpen)
    }

    func testADragDuringTheReturnCancelsIt() {
        let h = PulldownHarness()
        h.open()
        let t0 = h.time + 1
        h.dragPanel([100, 200, 300, 410, 400])
        h.time = t0
        h.panel.pan(.ended)
        h.run(until: t0 + 0.6)
        h.panel.pan(.began)
        let stopped = h.configuration.returnOffset(from: 400, elapsed: (t0 + 0.6) - t0)!
        XCTAssertEqual(h.state.panelTransition, .none)
        XCTAssertEqual(h.state.panelPullUpDistance, stopped)
        XCTAssertEqual(h.panel.contentOffset.y, stopped)
        XCTAssertTrue(h.state.isPanelDragging)
        h.run(until: t0 + 2)
        XCTAssertEqual(h.state.panelPullUpDistance, stopped, "nothing moves it any more")
        XCTAssertFalse(h.frame.isPanelOffsetDriven)
        XCTAssertEqual(h.frame.panelContentOffset, stopped)
    }

    /// A release that will decelerate: the return starts when the
    /// deceleration ends (a `DeceleratingScrollable` reports it on a tick),
    /// unless the release itself started it.
    func testTheReturnWaitsForTheDecelerationOfAnIdleRelease() {
        let h = PulldownHarness()
        h.open()
        // Released at u = 0 (pulled down at the top, pinned): nothing to return.
        h.dragPanel([30, 10, 0])
        XCTAssertEqual(h.state.panelPhase, .idle)
        h.panel.isDecelerating = true
        h.panel.pan(.ended)
        XCTAssertEqual(h.state.panelTransition, .none)
        // The content decelerates up to 50 and stops: the return starts at that tick.
        h.panel.scroll(to: 50)
        h.step()
        XCTAssertEqual(h.state.panelTransition, .none, "still decelerating")
        h.panel.isDecelerating = false
        let t = h.time + 1.0 / 60
        h.step()
        XCTAssertEqual(h.state.panelTransition, .returning)
        XCTAssertEqual(h.state.panelPullUpDistance, 50)
        h.run(until: t + 1.5)
        XCTAssertEqual(h.state.panelPullUpDistance, 0)
    }

    // MARK: - The mini-program list

    func testSearchBarSnapsByDragDirection() {
        let h = PulldownHarness()
        h.open()
        // Finger moved up (offset grew) and stopped inside the bar: hide it.
        h.dragMiniPrograms(from: 0, to: 30)
        XCTAssertEqual(h.miniPrograms.requests, [.init(y: 57, animated: true)])
        // Finger moved down: show it.
        h.miniPrograms.clearRequests()
        h.dragMiniPrograms(from: 40, to: 20)
        XCTAssertEqual(h.miniPrograms.requests, [.init(y: 0, animated: true)])
        // Outside the bar: no snap.
        h.miniPrograms.clearRequests()
        h.dragMiniPrograms(from: 100, to: 80)
        XCTAssertTrue(h.miniPrograms.requests.isEmpty)
        // With deceleration: the snap waits for the deceleration to end.
        h.dragMiniPrograms(from: 10, to: 30, decelerating: true)
        XCTAssertTrue(h.miniPrograms.requests.isEmpty)
        h.miniPrograms.scroll(to: 45)
        h.step()
        XCTAssertTrue(h.miniPrograms.requests.isEmpty)
        h.miniPrograms.isDecelerating = false
        h.step()
        XCTAssertEqual(h.miniPrograms.requests, [.init(y: 57, animated: true)])
        XCTAssertTrue(h.state.isOpen)
    }

    func testDraggingTheMiniProgramListUp135ClosesThePanel() {
        let h = PulldownHarness()
        h.open()
        h.dragMiniPrograms(from: 57, to: 134)
        XCTAssertTrue(h.state.isOpen)
        h.dragMiniPrograms(from: 57, to: 135)
        XCTAssertFalse(h.state.isOpen)
        XCTAssertEqual(h.state.panelTransition, .closing)
        XCTAssertEqual(h.state.listTransition, .restoring)
        h.run(until: h.time + 0.4)
        XCTAssertEqual(h.state.listPhase, .idle)
        XCTAssertEqual(h.state.panelPhase, .idle)
        XCTAssertEqual(h.frame.navigationBarTop, 0)
    }

    func testOpeningAMiniProgramClosesOnlyOnceItsPageAppeared() {
        let h = PulldownHarness()
        h.open()
        h.controller.pageDidAppear()
        XCTAssertTrue(h.state.isOpen, "no mini-program was opened")
        h.controller.miniProgramDidOpen()
        XCTAssertTrue(h.state.isWaitingForPage)
        h.run(until: h.time + 2)
        XCTAssertTrue(h.state.isOpen, "still open while the page is pushed")
        h.controller.pageDidAppear()
        XCTAssertFalse(h.state.isOpen)
        XCTAssertFalse(h.state.isWaitingForPage)
        XCTAssertEqual(h.state.panelTransition, .closing)
        h.run(until: h.time + 0.4)
        XCTAssertEqual(h.state.panelPhase, .idle)
    }

    func testCloseClosesOnlyAnOpenPanel() {
        let h = PulldownHarness()
        let before = h.state
        XCTAssertFalse(h.controller.close())
        XCTAssertEqual(h.state, before)
        h.open()
        XCTAssertTrue(h.controller.close())
        XCTAssertEqual(h.state.panelTransition, .closing)
        XCTAssertFalse(h.controller.close(), "already closing")
        h.run(until: h.time + 0.4)
        XCTAssertFalse(h.state.isOpen)
        XCTAssertEqual(h.frame.panelScaleX, 0.6)
    }

    /// The observer hears what an app needs, in order: the haptic, the lock,
    /// the panel opened, the close's lock and the panel closed.
    func testEventsTellTheAppWhatHappens() {
        let h = PulldownHarness()
        func kinds() -> [String] {
            h.events.compactMap { event -> String? in
                switch event {
                case .stateChanged: return nil
                case .haptic: return "haptic"
                case .interactionLocked: return "locked"
                case .interactionUnlocked: return "unlocked"
                case .panelOpened: return "opened"
                case .panelClosed: return "closed"
                }
            }
        }
        h.open()
        XCTAssertEqual(kinds(), ["haptic", "locked", "unlocked", "opened"])
        XCTAssertTrue(h.events.contains(.stateChanged(h.state)))
        h.events.removeAll()
        h.time += 0.1
        XCTAssertTrue(h.controller.close(at: h.time))
        XCTAssertEqual(h.controller.time, h.time, "close(at:) moves the clock")
        h.run(until: h.time + 0.6)
        XCTAssertEqual(kinds(), ["locked", "unlocked", "closed"])
        // A close at a time before the clock counts at the clock.
        h.open()
        let clock = h.controller.time
        XCTAssertTrue(h.controller.close(at: 0))
        XCTAssertEqual(h.controller.time, clock)
        XCTAssertEqual(h.controller.frame(at: 0), h.controller.frame, "a frame before the clock is the frame at the clock")
    }

    /// The controller keeps the chat list's top inset: an inset the app
    /// changed is put back at the first tick after the list next reports
    /// (the tick reads the list only when the frame's inset differs from
    /// the one the list last showed it), and a list attached with another
    /// inset gets the frame's at the first tick.
    func testTheListKeepsTheFramesInset() {
        let h = PulldownHarness()
        h.step()
        XCTAssertEqual(h.list.contentInset.top, 64)
        h.list.contentInset.top = 10
        h.step()
        XCTAssertEqual(h.list.contentInset.top, 10, "no report since: the tick leaves the list alone")
        h.list.scroll(to: -64)
        h.step()
        XCTAssertEqual(h.list.contentInset.top, 64, "the report showed 10: the tick sets the frame's 64")
        let other = PulldownTestScrollView(y: -64, insetTop: 0, height: 736)
        h.controller.set(listScrollable: other)
        h.step()
        XCTAssertEqual(other.contentInset.top, 64)
        h.controller.set(listScrollable: nil)
        h.step()
        XCTAssertEqual(other.contentInset.top, 64, "a detached list is not touched")
    }

    /// New numbers keep the state and the clock; the configuration reads back.
    func testReconfigureKeepsTheState() throws {
        let h = PulldownHarness()
        h.open()
        let state = h.state, clock = h.controller.time
        let notched = try Controller.Configuration(screenHeight: 812, topBarHeight: 88, tabBarHeight: 83)
        try h.controller.reconfigure(notched)
        XCTAssertEqual(h.controller.configuration, notched)
        XCTAssertEqual(h.state, state)
        XCTAssertEqual(h.controller.time, clock)
        XCTAssertEqual(h.controller.frame.navigationBarTop, 812 - 88, "the open panel's nav bar sits at H - T")
    }

    /// A scroll view without `DeceleratingScrollable`: its drags never
    /// decelerate, and the host reports a deceleration's end explicitly.
    func testExplicitDecelerationEnd() {
        let h = PulldownHarness()
        h.open()
        let manual = ManualScrollView(contentOffset: CGPoint(x: 0, y: 0))
        h.controller.set(miniProgramListScrollable: manual)
        manual.setPanGestureState(.began)
        manual.setContentOffset(CGPoint(x: 0, y: 30))
        manual.setPanGestureState(.ended)
        XCTAssertEqual(manual.requests, [.init(contentOffset: CGPoint(x: 0, y: 57), animated: true)])
        manual.setContentOffset(CGPoint(x: 0, y: 20))
        h.controller.scrollableDidEndDecelerating(manual)
        XCTAssertEqual(manual.requests.count, 2)
        XCTAssertEqual(manual.requests.last, .init(contentOffset: CGPoint(x: 0, y: 57), animated: true))
        // The old mini-program list is detached.
        h.miniPrograms.clearRequests()
        h.dragMiniPrograms(from: 0, to: 30)
        XCTAssertTrue(h.miniPrograms.requests.isEmpty)
        h.controller.scrollableDidEndDecelerating(h.miniPrograms)
        XCTAssertTrue(h.miniPrograms.requests.isEmpty)
    }

    // MARK: - Bad input, time, determinism

    func testNonFiniteOffsetsAreIgnoredWithTheStateUnchanged() {
        let h = PulldownHarness()
        func expectIgnored(_ when: String, line: UInt = #line) {
            let before = h.state, reported = h.states.count
            let offsets = (h.list.contentOffset.y, h.panel.contentOffset.y, h.miniPrograms.contentOffset.y)
            let requests = (h.list.requests.count, h.panel.requests.count, h.miniPrograms.requests.count)
            for bad in [CGFloat.nan, .infinity, -.infinity] {
                h.list.scroll(to: bad)
                h.panel.scroll(to: bad)
                h.miniPrograms.scroll(to: bad)
            }
            let clock = h.controller.time
            XCTAssertEqual(h.controller.tick(at: .nan), h.controller.frame, line: line)
            XCTAssertEqual(h.controller.tick(at: .infinity), h.controller.frame, line: line)
            XCTAssertEqual(h.controller.time, clock, "a bad tick moves no clock", line: line)
            XCTAssertNil(h.controller.frame(at: .nan))
            XCTAssertEqual(h.state, before, when, line: line)
            XCTAssertEqual(h.states.count, reported, "nothing reported \(when)", line: line)
            XCTAssertEqual(h.list.requests.count, requests.0, line: line)
            XCTAssertEqual(h.panel.requests.count, requests.1, line: line)
            XCTAssertEqual(h.miniPrograms.requests.count, requests.2, line: line)
            // Back where they were (the same offsets again: no motion).
            h.list.scroll(to: offsets.0)
            h.panel.scroll(to: offsets.1)
            h.miniPrograms.scroll(to: offsets.2)
            XCTAssertEqual(h.state, before, "restoring \(when)", line: line)
        }
        expectIgnored("at rest")
        h.pullList([50, 100])
        expectIgnored("while pulling")
        XCTAssertEqual(h.state.listPhase, .pulling)
        // Releases on a real offset afterwards.
        h.list.scroll(to: h.y(110))
        h.releaseList()
        h.run(until: h.time + 0.35)
        h.dragPanel([50, 100])
        expectIgnored("while pulling the panel up")
        XCTAssertEqual(h.state.panelPullUpDistance, 100)
        // A tick at a non-finite or negative time changes nothing and
        // returns the frame at the clock.
        let clock = h.controller.time, state = h.state, events = h.events.count
        for bad in [Double.nan, .infinity, -.infinity, -1] {
            XCTAssertEqual(h.controller.tick(at: bad), h.controller.frame)
            XCTAssertEqual(h.controller.time, clock)
            XCTAssertEqual(h.state, state)
        }
        XCTAssertNil(h.controller.frame(at: .nan))
        XCTAssertEqual(h.events.count, events)
    }

    func testSixtyAndOneTwentyHertzAgree() {
        func run(_ hz: Double) -> [Double: Controller.Frame] {
            let h = PulldownHarness()
            h.open()
            h.dragPanel([100, 200, 300, 410, 400])
            h.time = 2
            h.panel.pan(.ended)
            h.frames.removeAll()
            h.tick()
            h.run(until: 2 + 1.6, hz: hz)
            return Dictionary(h.frames.map { ($0.time, $0) }, uniquingKeysWith: { $1 })
        }
        let slow = run(60), fast = run(120)
        var compared = 0
        for (t, f) in slow {
            guard let g = fast[t] else { continue }
            XCTAssertSameBits(f.panelContentOffset, g.panelContentOffset, "at \(t)")
            XCTAssertEqual(f.navigationBarColour, g.navigationBarColour, "at \(t)")
            XCTAssertEqual(f.maskAlpha, g.maskAlpha, "at \(t)")
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 95)
        // Continuous and monotone: at 120 Hz no step is larger than the fast part's speed allows.
        let maxStep = 400 * 0.5 / (1.5 * 0.3) / 120 + 1e-9
        let offsets = fast.sorted { $0.key < $1.key }.map(\.value.panelContentOffset)
        for (a, b) in zip(offsets, offsets.dropFirst()) {
            XCTAssertLessThanOrEqual(b, a)
            XCTAssertLessThanOrEqual(a - b, maxStep)
        }
        XCTAssertEqual(offsets.first, 400)
        XCTAssertEqual(offsets.last, 0)
    }

    func testTheSameInputGivesTheSameFrames() {
        func run() -> [Controller.Frame] {
            let h = PulldownHarness()
            h.pullList((1...30).map { 6 * CGFloat($0) })
            h.releaseList()
            h.run(until: h.time + 0.5)
            h.dragPanel([50, 150, 250])
            h.panel.pan(.ended)
            h.run(until: h.time + 0.5)
            return h.frames
        }
        XCTAssertEqual(run(), run())
    }

    func testStateReportsAndValueSemantics() {
        let h = PulldownHarness()
        let initial = h.state
        XCTAssertEqual(initial.listPhase, .idle)
        XCTAssertEqual(initial.listContentOffset, -64)
        XCTAssertEqual(initial.pullDistance, 0)
        XCTAssertFalse(initial.isOpen)
        h.pullList([50, 100])
        XCTAssertEqual(h.states.last, h.state, "every change is reported")
        XCTAssertTrue(h.states.contains { $0.listPhase == .pulling })
        // A tick that changes nothing reports no state.
        let count = h.states.count
        h.step()
        h.step()
        XCTAssertEqual(h.states.count, count + 1, "only the tick that cleared the haptic flag changed the state")
        let sendable: any Sendable = h.state
        XCTAssertNotNil(sendable)
        // frame(at:) steps nothing: the last tick's frame again, and the state unchanged by a later time.
        XCTAssertEqual(h.controller.frame(at: h.time), h.frame)
        let now = h.state
        XCTAssertNotNil(h.controller.frame(at: h.time + 10))
        XCTAssertEqual(h.state, now)
        XCTAssertEqual(h.states.count, count + 1)
        XCTAssertEqual(MemoryLayout<sd_pulldown_list_state>.size + MemoryLayout<sd_pulldown_panel_state>.size
                       + MemoryLayout<sd_pulldown_applets_state>.size, 144, "State compares these bytes: no padding")
    }
}
