import Foundation
import Observation
@testable import ScrollDrive
import XCTest

/// `needsFrames`: each model asks for the display's frames only while
/// something moves or waits for a tick, so a view's
/// `TimelineView(.animation(paused: !model.needsFrames))` stops at rest.
/// At rest, after a fling settles, after a snap, after a refresh ends: no
/// frames; a finger, a geometry change, a programmatic move, a keyboard or
/// a scroll target wakes the model; a tick that finds nothing to do sends it
/// back to rest.
final class NeedsFramesTests: XCTestCase {
    private static func geometry(y: CGFloat, insets: EdgeInsets = .zero) -> ScrollViewGeometry {
        ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: y), contentSize: CGSize(width: 390, height: 3000),
                           contentInsets: insets, containerSize: CGSize(width: 390, height: 844))
    }

    func testTheBarRestsWakesAndRestsAgain() {
        MainActor.assumeIsolated {
            let bar = BarModel(configuration: Configuration(compactStateHeight: 64, normalStateHeight: 120,
                                                            expandedStateHeight: 240), roomInContent: false)
            XCTAssertFalse(bar.needsFrames, "nothing attached yet")
            bar.scroll.geometryChanged(Self.geometry(y: 0))
            XCTAssertTrue(bar.needsFrames, "attaching asks for the bar's rest: a target")
            bar.scroll.scrollTargetApplied(bar.scroll.scrollTarget!)
            bar.scroll.geometryChanged(Self.geometry(y: -120, insets: bar.scroll.contentInsets))
            XCTAssertTrue(bar.needsFrames, "a geometry held for the next tick")
            bar.tick(at: 0.1)
            XCTAssertFalse(bar.needsFrames, "the tick found nothing more to do")
            // At rest a run of ticks notifies nobody.
            XCTAssertEqual(ObservationCounter.count { _ = bar.needsFrames } during: {
                for k in 1...120 { bar.tick(at: 0.1 + Double(k) / 120) }
            }, 0)
            // A finger: a drag, a fling that decelerates, then settles.
            var t = 1.2, y: CGFloat = -120
            bar.scroll.phaseChanged(to: .interacting, geometry: Self.geometry(y: y, insets: bar.scroll.contentInsets))
            XCTAssertTrue(bar.needsFrames, "a finger wakes it")
            let changes = ObservationCounter.count { _ = bar.needsFrames } during: {
                for _ in 0..<20 {
                    t += 1.0 / 60; y += 15
                    bar.scroll.geometryChanged(Self.geometry(y: y, insets: bar.scroll.contentInsets))
                    bar.tick(at: t)
                }
                bar.scroll.phaseChanged(to: .decelerating, geometry: Self.geometry(y: y, insets: bar.scroll.contentInsets))
                for _ in 0..<30 {
                    t += 1.0 / 60; y += 5
                    bar.scroll.geometryChanged(Self.geometry(y: y, insets: bar.scroll.contentInsets))
                    bar.tick(at: t)
                }
            }
            XCTAssertEqual(changes, 0, "it stays awake through the drag and the deceleration, without flapping")
            bar.scroll.phaseChanged(to: .idle, geometry: Self.geometry(y: y, insets: bar.scroll.contentInsets))
            t += 1.0 / 60
            bar.tick(at: t)
            XCTAssertFalse(bar.needsFrames, "the fling has settled")
            // A programmatic move: expand(on:) asks for a scroll (a target) until the view applies it and it ends.
            bar.expand(on: true)
            XCTAssertTrue(bar.needsFrames, "a scroll target wakes it")
            let target = bar.scroll.scrollTarget!
            bar.scroll.phaseChanged(to: .animating, geometry: Self.geometry(y: y, insets: bar.scroll.contentInsets))
            bar.scroll.scrollTargetApplied(target)
            XCTAssertTrue(bar.needsFrames, "the view animates the scroll")
            bar.scroll.geometryChanged(Self.geometry(y: target.contentOffset.y, insets: bar.scroll.contentInsets))
            bar.scroll.phaseChanged(to: .idle, geometry: Self.geometry(y: target.contentOffset.y, insets: bar.scroll.contentInsets))
            t += 1.0 / 60
            bar.tick(at: t)
            XCTAssertFalse(bar.needsFrames, "after the snap it rests")
        }
    }

    func testTheSheetRestsWhenItsSpringAndKeyboardHaveLanded() throws {
        try MainActor.assumeIsolated {
            let sheet = try SheetModel(configuration: SheetController.Configuration(containerHeight: 800, keyboardBehavior: .rise),
                                       initialDetent: .half)
            XCTAssertFalse(sheet.needsFrames)
            sheet.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: -250), time: 0.1))
            XCTAssertTrue(sheet.needsFrames, "a finger on the sheet")
            sheet.dragEnded(DragGestureValue(translation: CGSize(width: 0, height: -250), time: 0.2))
            XCTAssertTrue(sheet.needsFrames, "the spring to full")
            var t = 0.2
            while sheet.needsFrames && t < 5 { t += 1.0 / 60; sheet.tick(at: t) }
            XCTAssertFalse(sheet.needsFrames)
            XCTAssertEqual(sheet.frame.sheetTop, 50, "it rests once landed")
            // A programmatic move wakes it at once, no tick needed.
            sheet.selectedDetent = .half
            XCTAssertTrue(sheet.needsFrames)
            while sheet.needsFrames && t < 10 { t += 1.0 / 60; sheet.tick(at: t) }
            XCTAssertEqual(sheet.frame.sheetTop, 400)
            // A keyboard: awake for its animation (the rise), asleep after.
            XCTAssertTrue(sheet.keyboardWillChange(top: 500, duration: 0.25, curve: 3))
            XCTAssertTrue(sheet.needsFrames)
            let start = t
            while sheet.needsFrames && t < 20 { t += 1.0 / 60; sheet.tick(at: t) }
            XCTAssertFalse(sheet.needsFrames)
            XCTAssertGreaterThanOrEqual(t - start, 0.25, "not before the keyboard's animation ended")
        }
    }

    func testTheSheetStaysAwakeWhileTheBackgroundStillEases() throws {
        try MainActor.assumeIsolated {
            // A background's ease of 2 s outlasts the spring that presents the sheet.
            let sheet = try SheetModel(configuration: SheetController.Configuration(containerHeight: 800, backgroundDuration: 2),
                                       initialDetent: .dismissed)
            XCTAssertFalse(sheet.needsFrames)
            sheet.selectedDetent = .half
            var ticks = 0
            while sheet.controller.isAnimating && ticks < 120 { ticks += 1; sheet.tick(at: Double(ticks) / 60) }
            XCTAssertLessThan(ticks, 120, "the spring lands before the background's ease ends")
            XCTAssertTrue(sheet.needsFrames, "the background still eases")
            XCTAssertNotEqual(sheet.frame.backgroundOffset, -100)
            while sheet.needsFrames && ticks < 300 { ticks += 1; sheet.tick(at: Double(ticks) / 60) }
            XCTAssertEqual(ticks, 120, "asleep at the first tick at the ease's end (2 s)")
            XCTAssertEqual(sheet.frame.backgroundOffset, -100, "it rests where the background rests")
        }
    }

    /// Ticks `refresh` at 60 Hz from `t` until it rests (or `limit`), the
    /// view applying each scroll it asks for.
    @MainActor
    private static func tickUntilRest(_ refresh: RefreshModel, from t: inout Double, limit: Double) {
        while refresh.needsFrames && t < limit {
            t += 1.0 / 60
            refresh.tick(at: t)
            if let target = refresh.scroll.scrollTarget {
                refresh.scroll.scrollTargetApplied(target)
                refresh.scroll.geometryChanged(geometry(y: target.contentOffset.y, insets: refresh.scroll.contentInsets))
            }
        }
    }

    /// An end the app asks for before the minimum refreshing time waits for
    /// it; the clock keeps running meanwhile, so the end starts on time.
    func testRefreshStaysAwakeWhileAnEndWaitsForTheMinimumTime() throws {
        try MainActor.assumeIsolated {
            let refresh = RefreshModel(configuration: try RefreshController.Configuration(minimumRefreshingTime: 1),
                                       refresh: {})
            refresh.scroll.geometryChanged(Self.geometry(y: 0))
            if let target = refresh.scroll.scrollTarget { refresh.scroll.scrollTargetApplied(target) }
            refresh.tick(at: 0)
            XCTAssertTrue(refresh.beginRefreshing())
            var t = 0.0
            Self.tickUntilRest(refresh, from: &t, limit: 2)
            XCTAssertEqual(refresh.state.header, .refreshing)
            let refreshingFrom = t
            XCTAssertTrue(refresh.cancelRefresh())
            XCTAssertEqual(refresh.state.header, .refreshing, "the end waits for the minimum time")
            XCTAssertTrue(refresh.needsFrames, "an end waits: the clock must keep running")
            Self.tickUntilRest(refresh, from: &t, limit: 5)
            XCTAssertFalse(refresh.needsFrames)
            XCTAssertEqual(refresh.state.header, .idle, "the end came without any other input")
            XCTAssertGreaterThan(t - refreshingFrom, 1 - 1.0 / 60, "not before the minimum time")
        }
    }

    func testRefreshRestsWhileTheAppWorksAndAfterTheRefreshEnded() {
        MainActor.assumeIsolated {
            let refresh = RefreshModel(refresh: {})
            refresh.scroll.geometryChanged(Self.geometry(y: 0))
            if let target = refresh.scroll.scrollTarget { refresh.scroll.scrollTargetApplied(target) }
            refresh.tick(at: 0)
            XCTAssertFalse(refresh.needsFrames)
            XCTAssertTrue(refresh.beginRefreshing())
            XCTAssertTrue(refresh.needsFrames, "the begin motion wakes it")
            var t = 0.0
            Self.tickUntilRest(refresh, from: &t, limit: 2)
            XCTAssertEqual(refresh.state.header, .refreshing)
            XCTAssertFalse(refresh.needsFrames, "no frames while the app works")
            XCTAssertTrue(refresh.cancelRefresh())
            XCTAssertTrue(refresh.needsFrames, "the end motion wakes it")
            Self.tickUntilRest(refresh, from: &t, limit: 5)
            XCTAssertFalse(refresh.needsFrames, "after the refresh ended")
            XCTAssertEqual(refresh.state.header, .idle)
        }
    }

    func testThePulldownRestsOnceItsTransitionsHaveRun() {
        MainActor.assumeIsolated {
            let pulldown = PulldownPanelModel()
            let top = pulldown.configuration.topBarHeight
            pulldown.list.geometryChanged(Self.geometry(y: -top))
            pulldown.tick(at: 0)
            if let target = pulldown.list.scrollTarget { pulldown.list.scrollTargetApplied(target) }
            pulldown.tick(at: 0.01)
            XCTAssertFalse(pulldown.needsFrames)
            // A pull past cp1 and a release: the opening transition runs, then the panel rests open.
            var t = 0.01, y = -top
            pulldown.list.phaseChanged(to: .interacting, geometry: Self.geometry(y: y))
            XCTAssertTrue(pulldown.needsFrames)
            for _ in 0..<30 { t += 1.0 / 60; y -= 6; pulldown.list.geometryChanged(Self.geometry(y: y)); pulldown.tick(at: t) }
            pulldown.list.phaseChanged(to: .idle, geometry: Self.geometry(y: y))
            var frames = 0
            while pulldown.needsFrames && t < 5 {
                t += 1.0 / 60; frames += 1
                pulldown.tick(at: t)
                if let target = pulldown.list.scrollTarget {
                    pulldown.list.scrollTargetApplied(target)
                    pulldown.list.geometryChanged(Self.geometry(y: target.contentOffset.y))
                }
            }
            XCTAssertTrue(pulldown.state.isOpen, "the panel opened")
            XCTAssertFalse(pulldown.needsFrames, "and rests")
            XCTAssertGreaterThanOrEqual(Double(frames) / 60, pulldown.configuration.transitionDuration,
                                        "awake through the whole transition")
        }
    }
}
