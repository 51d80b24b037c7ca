import CScrollDrive
import Foundation
import ScrollDrive
@testable import ScrollDriveSim
import XCTest

/// The core's simulated surfaces (simsurface.h), which sweeps run, against
/// the simulator's surfaces (BarSurface, PulldownSurface over SimScrollViews,
/// what `simulate` runs): the same touches and clock, the same numbers bit
/// for bit at every frame, over a generated gesture population from every
/// start state, at 60 and 120 Hz.
final class SimulatedSurfaceTests: XCTestCase {
    override func setUp() { continueAfterFailure = false }

    /// One surface both ways, driven in lockstep.
    private struct Pair<Simulated: SweepSimulation> {
        var simulated: Simulated
        let advanceSwift: (Double) -> Void
        let touchSwift: (SimTouch.Phase, Double, Double, Double, Double) -> Void
        /// Checks that the two agree now; `what` says where in the gesture.
        let check: (Simulated, String) -> Void

        mutating func advance(_ t: Double) {
            advanceSwift(t)
            simulated.advance(to: t)
            check(simulated, "t=\(t)")
        }

        mutating func touch(_ phase: SimTouch.Phase, _ c: sd_sim_touch_phase, x: Double, y: Double, v: Double, t: Double) {
            touchSwift(phase, x, y, v, t)
            simulated.touch(c, x: x, y: y, velocity: v, at: t)
            check(simulated, "\(phase) at t=\(t)")
        }
    }

    /// A touch delivered to a simulator surface as `Simulation` delivers it.
    private func touch(_ surface: any SimSurface) -> (SimTouch.Phase, Double, Double, Double, Double) -> Void {
        { phase, x, y, v, t in
            surface.handle(SimTouch(phase: phase, location: CGPoint(x: x, y: y), velocity: SimVector(dx: 0, dy: v),
                                    time: t))
        }
    }

    /// The pair checked at the start, then what a sweep does with gesture `g` from frame `firstFrame`, the
    /// finger at `finger()` (the schedule of the core's sweep runner, simsweep.h), then `frames` more frames.
    private func drive<S: SweepSimulation>(_ pair: inout Pair<S>, _ g: SweepGesture, fps: Int, firstFrame: Int,
                          finger: (inout S) -> (x: Double, y: Double), frames: Int) {
        pair.check(pair.simulated, "start")
        var n = firstFrame
        func time(_ k: Int) -> Double { Double(k) / Double(fps) }
        func touch(at start: Double, distance: Double, duration: Double, velocity: Double) {
            while time(n) < start { pair.advance(time(n)); n += 1 }
            pair.advance(start)
            let down = finger(&pair.simulated)
            pair.touch(.down, SD_SIM_TOUCH_DOWN, x: down.x, y: down.y, v: 0, t: start)
            while time(n) < start + duration {
                let t = time(n)
                pair.advance(t)
                if distance != 0 {
                    let y = SweepGesture.translation(distance: distance, duration: duration, velocity: velocity, at: t - start)
                    let v = SweepGesture.fingerVelocity(distance: distance, duration: duration, velocity: velocity, at: t - start)
                    pair.touch(.moved, SD_SIM_TOUCH_MOVED, x: down.x, y: down.y + y, v: v, t: t)
                }
                n += 1
            }
            pair.advance(start + duration)
            pair.touch(.up, SD_SIM_TOUCH_UP, x: down.x, y: down.y + distance, v: velocity, t: start + duration)
        }
        let t0 = time(n)
        touch(at: t0, distance: g.distance, duration: g.duration, velocity: g.velocity)
        if g.kind == .interrupted {
            touch(at: t0 + g.duration + g.delay, distance: g.distance2, duration: g.duration2, velocity: g.velocity2)
        }
        for _ in 0..<frames { pair.advance(time(n)); n += 1 }
    }

    func testTheSimulatedBarIsBarSurface() {
        let configurations: [BarController.Configuration] = [
            .init(compactStateHeight: 60, normalStateHeight: 120, expandedStateHeight: 200),
            try! .init(validatingCompactStateHeight: 44, normalStateHeight: 96, expandedStateHeight: 300,
                       scrollPolicy: [.snapByDirection, .expandWheneverAtTop]),
            try! .init(validatingCompactStateHeight: 50, normalStateHeight: 100, expandedStateHeight: 140,
                       scrollPolicy: [.exitUntilCollapsed, .largeTitle]),
            // Below a status bar, with reduced motion's short snaps.
            try! .init(validatingCompactStateHeight: 60, normalStateHeight: 120, expandedStateHeight: 200,
                       scrollPolicy: [.reducedMotion], safeAreaTop: 47),
        ]
        var frames = 0, snaps = 0
        for (k, configuration) in configurations.enumerated() {
            let adapter = BarSweep(configuration: configuration)
            let population = GesturePopulation(starts: adapter.startStates)
            for fps in [60, 120] {
                for index in 0..<60 {
                    let g = population.gesture(seed: UInt64(7 + k), index: index)
                    // The Swift surface, put in the start state as a sweep used to.
                    let view = SimScrollView(configuration: SimScrollView.Configuration())
                    let surface = BarSurface(configuration: configuration, scrollView: view)
                    switch g.start {
                    case 0: view.updateContentOffset(CGPoint(x: 0, y: 1200), animated: false)
                    case 2:
                        surface.perform(SurfaceAction(name: "expand", arguments: []))
                        view.advance(to: SD_SCROLL_ANIMATION_DURATION)
                    default: break
                    }
                    let (simulated, ready) = adapter.makeSimulation(start: g.start)
                    // Events count from the gesture's start (the surfaces count their set-up differently).
                    let requests0 = view.requests.count, events0 = simulated.events
                    let label = "bar \(k), \(fps) Hz, gesture \(index) (\(g.summary))"
                    var pair = Pair(
                        simulated: simulated,
                        advanceSwift: { view.advance(to: $0) },
                        touchSwift: touch(surface),
                        check: { s, when in
                            frames += 1
                            let want = SIMD4(Double(surface.state.height()), Double(surface.state.transitionProgress()),
                                             Double(view.contentOffset.y), Double(view.contentInset.top))
                            var s = s
                            let got = coreValues { sd_sweep_bar_values(&s.sim, $0) }
                            if want != got || s.isAtRest() != view.isAtRest || s.events - events0 != view.requests.count - requests0
                                || s.sim.bar.state.expanded_available != (surface.state.isExpandedStateAvailable ? 1 : 0)
                                || sd_scroll_view_velocity(&s.sim.view.sv) != Double(view.velocity)
                            {
                                XCTFail("\(label), \(when): simulated \(got) rest \(s.isAtRest()) events \(s.events); "
                                    + "BarSurface \(want) rest \(view.isAtRest) events \(view.requests.count)")
                            }
                        })
                    drive(&pair, g, fps: fps, firstFrame: Int((ready * Double(fps)).rounded(.up)),
                          finger: { _ in (SD_SWEEP_BAR_FINGER_X, SD_SWEEP_BAR_FINGER_Y) }, frames: 3 * fps)
                    snaps += view.requests.count
                    if testRun?.failureCount ?? 0 > 0 { return }
                }
            }
        }
        // The population exercised the snaps (the controller's requests) over many frames.
        XCTAssertGreaterThan(snaps, 100)
        XCTAssertGreaterThan(frames, 50_000)
    }

    func testTheSimulatedPanelIsPulldownSurface() {
        var frames = 0, events = 0
        for (k, configuration) in [PulldownPanelController.Configuration.article, .wechat].enumerated() {
            let adapter = PulldownSweep(configuration: configuration)
            let population = GesturePopulation(starts: adapter.startStates)
            for fps in [60, 120] {
                for index in 0..<40 {
                    let g = population.gesture(seed: UInt64(11 + k), index: index)
                    let surface = PulldownSurface(configuration: configuration)
                    let views = surface.scrollViews
                    func advanceSwift(_ t: Double) {
                        for view in views { view.advance(to: t) }
                        surface.advance(to: t)
                    }
                    let touchSwift = touch(surface)
                    let (simulated, ready) = adapter.makeSimulation(start: g.start)
                    var events0 = 0
                    let label = "panel \(k), \(fps) Hz, gesture \(index) (\(g.summary))"
                    let check = { (s: PulldownSweep.Simulation, when: String) in
                        frames += 1
                        let st = surface.state
                        let want = SIMD4(Double(st.pullDistance), Double(surface.list.contentOffset.y),
                                         Double(st.panelPullUpDistance), Double(surface.frame?.navigationBarTop ?? 0))
                        var s = s
                        let got = coreValues { sd_sweep_pulldown_values(&s.sim, $0) }
                        let rest = surface.isAtRest && views.allSatisfy(\.isAtRest)
                        let same = want == got && s.isAtRest() == rest && s.events - simulated.events == surface.events.count - events0
                            && (sd_pulldown_is_open(&s.sim.core) != 0) == st.isOpen && s.sim.views.1.sv.offset_y == Double(surface.panel.contentOffset.y)
                            && s.sim.views.2.sv.offset_y == Double(surface.applets.contentOffset.y)
                            && (surface.frame.map { $0.panelAlpha == s.sim.latest.panel_alpha
                                && $0.maskAlpha == s.sim.latest.mask_alpha && $0.listY == s.sim.latest.list_y } ?? true)
                        if !same {
                            XCTFail("\(label), \(when): simulated \(got) rest \(s.isAtRest()) events \(s.events); "
                                + "PulldownSurface \(want) rest \(rest) events \(surface.events.count)")
                        }
                    }
                    // The Swift surface put in the start state as a sweep used to: the pulldown-open pull.
                    if g.start == 1 {
                        func pull(_ phase: SimTouch.Phase, _ t: Double) {
                            let y = SweepGesture.translation(distance: 400, duration: 0.6, velocity: 300, at: t - 0.2)
                            let v = SweepGesture.fingerVelocity(distance: 400, duration: 0.6, velocity: 300, at: t - 0.2)
                            touchSwift(phase, 207, 150 + y, v, t)
                        }
                        advanceSwift(0.2)
                        pull(.down, 0.2)
                        var n = 25
                        while Double(n) / 120 < 0.8 {
                            advanceSwift(Double(n) / 120)
                            pull(.moved, Double(n) / 120)
                            n += 1
                        }
                        advanceSwift(0.8)
                        pull(.up, 0.8)
                        while !(surface.isAtRest && views.allSatisfy(\.isAtRest)), n < 600 {
                            advanceSwift(Double(n) / 120)
                            n += 1
                        }
                        XCTAssertEqual(Double(n) / 120, ready, label)
                        XCTAssertTrue(surface.state.isOpen, label)
                    }
                    events0 = surface.events.count
                    var pair = Pair(simulated: simulated, advanceSwift: advanceSwift, touchSwift: touchSwift, check: check)
                    drive(&pair, g, fps: fps, firstFrame: Int((ready * Double(fps)).rounded(.up)),
                          finger: { s in
                              (SD_SWEEP_PULLDOWN_FINGER_X, sd_pulldown_is_open(&s.sim.core) != 0
                                  ? SD_SWEEP_PULLDOWN_FINGER_Y_OPEN : SD_SWEEP_PULLDOWN_FINGER_Y_CLOSED)
                          }, frames: 4 * fps)
                    events += surface.events.count
                    if testRun?.failureCount ?? 0 > 0 { return }
                }
            }
        }
        XCTAssertGreaterThan(events, 100)
        XCTAssertGreaterThan(frames, 20_000)
    }

    func testTheSimulatedRefreshIsRefreshSurface() {
        var withInsets = RefreshSurfaceDescription.Numbers()
        withInsets.insetTop = 88
        withInsets.insetBottom = 83
        withInsets.minimumRefreshingTime = 0.5
        withInsets.triggerDistance = 300
        var noFooter = RefreshSurfaceDescription.Numbers()
        noFooter.footer = false
        noFooter.beginDuration = 0
        noFooter.pullThreshold = 80
        let descriptions = [
            RefreshSurfaceDescription(app: .init(pages: 1)),
            RefreshSurfaceDescription(numbers: withInsets,
                                      app: .init(refreshTime: 0.3, loadTime: 0.2, pageHeight: 500, pages: 3)),
            RefreshSurfaceDescription(numbers: noFooter, app: .init(refreshTime: 2)),
        ]
        var frames = 0, refreshes = 0, loads = 0
        var landings = Set<Int>()
        for (k, description) in descriptions.enumerated() {
            let adapter = try! RefreshSweep(description)
            let population = GesturePopulation(starts: adapter.startStates)
            for fps in [60, 120] {
                for index in 0..<80 {
                    let g = population.gesture(seed: UInt64(13 + k), index: index)
                    let surface = description.makeSurface(scrollView: SimScrollView.Configuration()) as! RefreshSurface
                    let view = surface.scrollView
                    func advanceSwift(_ t: Double) {
                        view.advance(to: t)
                        surface.advance(to: t)
                    }
                    let (simulated, ready) = adapter.makeSimulation(start: g.start)
                    // The Swift surface put in the start state as the adapter puts the core's.
                    if g.start == 1 {
                        let end = Double(view.contentSize.height + view.contentInset.bottom - view.frame.height)
                        view.updateContentOffset(CGPoint(x: 0, y: max(end - 100, -Double(view.contentInset.top))),
                                                 animated: false)
                        var n = 24
                        while !(surface.isAtRest && view.isAtRest), n < 1200 {
                            advanceSwift(Double(n) / 120)
                            n += 1
                        }
                        XCTAssertEqual(Double(n) / 120, ready, "refresh \(k)")
                    }
                    let state0 = surface.events.count
                    let label = "refresh \(k), \(fps) Hz, gesture \(index) (\(g.summary))"
                    let check = { (s: RefreshSweep.Simulation, when: String) in
                        frames += 1
                        var s = s
                        var f = sd_refresh_frame()
                        _ = sd_refresh_frame_at(&s.sim.core, s.sim.core.time, &f)
                        let w = surface.controller.frame
                        let got = [f.pull_distance, f.progress, f.header_top, f.header_visible, f.inset_top, f.inset_bottom,
                                   f.content_offset, f.footer_top, f.remaining]
                        let want = [w.pullDistance, w.progress, w.headerTop, w.headerVisibleHeight, w.insetTop,
                                    w.insetBottom, w.contentOffset, w.footerTop, w.remainingDistance].map(Double.init)
                        let logged = (0..<min(Int(s.sim.event_count), Int(SD_SIM_REFRESH_EVENT_LOG))).map { i in
                            withUnsafeBytes(of: s.sim.events) { Self.refreshEventName($0[i]) }
                        }
                        let heard = surface.events[state0...].map { RefreshSurface.name($0.event) }
                        let same = s.sim.view.sv.offset_y == Double(view.contentOffset.y)
                            && s.sim.view.sv.inset_top == Double(view.contentInset.top)
                            && s.sim.view.sv.inset_bottom == Double(view.contentInset.bottom)
                            && s.sim.view.sv.content_height == Double(view.contentSize.height)
                            && sd_scroll_view_velocity(&s.sim.view.sv) == Double(view.velocity)
                            && s.sim.core.time == surface.controller.time && got == want
                            && RefreshController.HeaderState.allCases[Int(f.header_state)] == w.state.header
                            && RefreshController.FooterState.allCases[Int(f.footer_state)] == w.state.footer
                            && (f.transition != 0) == w.isAnimating && (f.offset_driven != 0) == w.isOffsetDriven
                            && s.isAtRest() == (surface.isAtRest && view.isAtRest)
                            && Int(s.sim.loads) == surface.loads && Int(s.sim.event_count) == heard.count
                            && logged == Array(heard.prefix(logged.count))
                        if !same {
                            XCTFail("\(label), \(when): simulated y \(s.sim.view.sv.offset_y) inset \(s.sim.view.sv.inset_top) "
                                + "frame \(got) events \(logged) rest \(s.isAtRest()); RefreshSurface y \(view.contentOffset.y) "
                                + "inset \(view.contentInset.top) frame \(want) events \(heard) rest \(surface.isAtRest && view.isAtRest)")
                        }
                    }
                    var simulatedFromHere = simulated
                    simulatedFromHere.sim.event_count = 0
                    var pair = Pair(simulated: simulatedFromHere, advanceSwift: advanceSwift, touchSwift: touch(surface),
                                    check: check)
                    drive(&pair, g, fps: fps, firstFrame: Int((ready * Double(fps)).rounded(.up)),
                          finger: { _ in (SD_SWEEP_REFRESH_FINGER_X, SD_SWEEP_REFRESH_FINGER_Y) }, frames: 4 * fps)
                    // Where it landed: the core's rule on the simulated surface is the script sweep's reading of
                    // the Swift one (which counts from the script's start: compared when the set-up did nothing).
                    var start = simulated, end = pair.simulated
                    if state0 == 0, surface.isAtRest, view.isAtRest {
                        XCTAssertEqual(Int(sd_sweep_refresh_state(&start.sim, &end.sim)), adapter.state(surface), label)
                        landings.insert(adapter.state(surface))
                    }
                    refreshes += surface.events[state0...].filter { $0.event == .refresh }.count
                    loads += surface.events[state0...].filter { $0.event == .loadMore }.count
                    if testRun?.failureCount ?? 0 > 0 { return }
                }
            }
        }
        // The population refreshed and loaded, over many frames, and landed in every resting state.
        XCTAssertEqual(landings, [0, 1, 2, 3, 4])
        XCTAssertGreaterThan(refreshes, 20)
        XCTAssertGreaterThan(loads, 20)
        XCTAssertGreaterThan(frames, 50_000)
    }

    /// A logged event of the simulated refresh surface as RefreshSurface names it.
    private static func refreshEventName(_ code: UInt8) -> String {
        let state = UInt32(code & 0x0F)
        switch Int(code & 0xF0) {
        case Int(SD_SIM_REFRESH_EVENT_HEADER): return "header(\(RefreshController.HeaderState.allCases[Int(state)].rawValue))"
        case Int(SD_SIM_REFRESH_EVENT_REFRESH): return "refresh"
        case Int(SD_SIM_REFRESH_EVENT_FOOTER): return "footer(\(RefreshController.FooterState.allCases[Int(state)].rawValue))"
        default: return "loadMore"
        }
    }

}

/// The four watched values a core function (`sd_sweep_X_values`) writes through its pointer.
private func coreValues(_ write: (UnsafeMutablePointer<Double>) -> Void) -> SIMD4<Double> {
    var values = SIMD4<Double>()
    withUnsafeMutableBytes(of: &values) { write($0.baseAddress!.assumingMemoryBound(to: Double.self)) }
    return values
}
