import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// Random inputs through a `PulldownPanelController` with its three scroll
/// views (`ManualScrollView`s): offsets of any size on any of them, pan
/// states in any order, ticks whose clock stands still, runs backwards or
/// jumps (NaN and negative times included), closes, mini-program opens and
/// page appearances, deceleration ends. After every input the invariants are
/// checked, including the time rule: the controller's clock is the latest
/// time it took, and a time before it counts as the clock.
final class PulldownPropertyTests: XCTestCase {
    typealias Panel = PulldownPanelController

    enum Input: CustomStringConvertible {
        case offset(Int, Double)
        case pan(Int, PanGestureState)
        case tick(Double)
        case close, appletOpened, pageAppeared
        case decelerationEnded(Int)

        var description: String {
            switch self {
            case let .offset(v, y): return "view \(v) offset \(y)"
            case let .pan(v, s): return "view \(v) pan \(s)"
            case let .tick(t): return "tick \(t)"
            case .close: return "close()"
            case .appletOpened: return "miniProgramDidOpen()"
            case .pageAppeared: return "pageDidAppear()"
            case let .decelerationEnded(v): return "view \(v) decelerationEnded"
            }
        }
    }

    static func input(_ draw: inout Draw, views: [ManualScrollView], clock: Double, c: Panel.Configuration) -> Input {
        switch draw.int(0...19) {
        case 0...7:
            let v = draw.int(0...2)
            let y = views[v].contentOffset.y
            if v == 0 && draw.chance(0.5) {
                // Walk the chat list through the critical points, mostly downwards.
                return .offset(v, (y.isFinite ? y : -c.topBarHeight) + draw.double(-30...15))
            }
            if v == 1 && draw.chance(0.5) { return .offset(v, (y.isFinite ? y : 0) + draw.double(-40...60)) }
            return .offset(v, draw.double(-500...900))
        case 8...11: return .pan(draw.int(0...2), draw.element(PanGestureState.allCases))
        case 12...16:
            let t: Double
            switch draw.int(0...6) {
            case 0: t = clock
            case 1: t = clock - 0.5
            case 2: t = draw.element([.nan, .infinity, -.infinity])
            case 3: t = clock + 2
            default: t = clock + 1.0 / 60
            }
            return .tick(t)
        case 17: return draw.chance(0.5) ? .close : .decelerationEnded(draw.int(0...2))
        default: return draw.chance(0.5) ? .appletOpened : .pageAppeared
        }
    }

    /// The article's transitions, as the C harness checks them.
    static func listAllowed(_ a: Panel.Phase, _ b: Panel.Phase, closing: Bool, offset: Bool, release: Bool) -> Bool {
        switch (a, b) {
        case _ where a == b: return true
        case (.idle, .pulling), (.pulling, .idle): return offset
        case (.pulling, .refreshing): return offset || release
        case (.refreshing, .idle): return closing
        default: return false
        }
    }

    @discardableResult
    static func run(seed: UInt64, count: Int, perController: Int) -> Int {
        var draw = Draw(seed: seed)
        var index = 0
        while index < count {
            let c = draw.chance(0.5) ? Panel.Configuration.article : Panel.Configuration.wechat
            var states: [Panel.State] = []
            var frames: [Panel.Frame] = []
            let panel = Panel(configuration: c, observer: { event in
                if case .stateChanged(let state) = event { states.append(state) }
            })
            let views = [ManualScrollView(contentOffset: CGPoint(x: 0, y: -c.topBarHeight)),
                         ManualScrollView(), ManualScrollView()]
            panel.set(listScrollable: views[0])
            panel.set(panelScrollable: views[1])
            panel.set(miniProgramListScrollable: views[2])
            var clock = 0.0
            // The haptic: armed by a list drag that begins (not while open or
            // restoring), fired on the first entry into pulling, reported by the next tick.
            var armed = true
            var expectHaptic = false
            // The last inputs, rendered only when a check fails.
            var trail: [() -> String] = []
            for _ in 0..<min(perController, count - index) {
                index += 1
                let input = self.input(&draw, views: views, clock: clock, c: c)
                let before = panel.state
                let n = index + 1
                trail.append { "#\(n) list \(before.listPhase)/\(before.listTransition) panel \(before.panelPhase)/\(before.panelTransition) y \(before.listContentOffset): \(input)" }
                if trail.count > 30 { trail.removeFirst() }
                states.removeAll()
                frames.removeAll()
                switch input {
                case let .offset(v, y): views[v].setContentOffset(CGPoint(x: 0, y: y))
                case let .pan(v, s):
                    if v == 0 && s == .began && before.listPhase != .refreshing && before.listTransition != .restoring {
                        armed = true
                    }
                    views[v].setPanGestureState(s)
                case let .tick(t):
                    let frame = panel.tick(at: t)
                    if t.isFinite && t >= 0 {
                        frames.append(frame)
                        guard check(panel.time == Swift.max(clock, t), "the clock is not the latest time taken")
                        else { return 1 }
                    } else {
                        guard check(panel.time == clock && frame == panel.frame, "a bad tick moved the clock")
                        else { return 1 }
                    }
                    clock = panel.time
                case .close: panel.close()
                case .appletOpened: panel.miniProgramDidOpen()
                case .pageAppeared: panel.pageDidAppear()
                case let .decelerationEnded(v): panel.scrollableDidEndDecelerating(views[v])
                }
                let after = panel.state
                func check(_ ok: Bool, _ message: String) -> Bool {
                    require(ok, message, seed: seed, index: index, event: trail.map { $0() }.joined(separator: "\n"))
                }

                // Non-finite input changes nothing.
                var rejected = false
                if case let .offset(_, y) = input, !y.isFinite { rejected = true }
                if case let .tick(t) = input, !t.isFinite || t < 0 { rejected = true }
                if rejected {
                    guard check(after == before && states.isEmpty && frames.isEmpty, "non-finite input changed the state")
                    else { return 1 }
                    continue
                }

                // The state observer hears each change once, and only changes.
                guard check(states.count == (after == before ? 0 : 1), "state reported \(states.count) times"),
                      check(states.last.map { $0 == after } ?? true, "reported state is not the controller's")
                else { return 1 }

                // Only the article's transitions. The list leaves refreshing only when
                // a close starts, which puts the panel machine into refreshing.
                let closing = before.panelPhase != .refreshing && after.panelPhase == .refreshing
                var isOffset = false, isRelease = false
                if case let .offset(v, _) = input, v == 0 { isOffset = true }
                if case let .pan(v, s) = input, v == 0, s == .ended || s == .cancelled { isRelease = true }
                guard check(listAllowed(before.listPhase, after.listPhase, closing: closing, offset: isOffset, release: isRelease),
                            "list \(before.listPhase) -> \(after.listPhase)"),
                      check(!(before.panelPhase == .refreshing && after.panelPhase == .pulling),
                            "panel refreshing -> pulling"),
                      check(!(before.panelPhase == .refreshing && after.panelPhase == .idle) || input.isTick,
                            "panel left refreshing outside a tick")
                else { return 1 }
                if before.listPhase == .idle && after.listPhase == .pulling && armed {
                    armed = false
                    expectHaptic = true
                }
                if after.listPhase == .idle && before.listPhase == .refreshing {
                    guard check(after.listTransition == .restoring, "the list left the open panel without restoring")
                    else { return 1 }
                }

                // Locked exactly while opening, restoring or closing runs.
                let locking: Set<Panel.Transition> = [.opening, .restoring, .closing]
                guard check(after.isInteractionLocked == (locking.contains(after.listTransition) ||
                                                          locking.contains(after.panelTransition)),
                            "lock disagrees with the transitions")
                else { return 1 }

                // Frames are finite and in range; the haptic fires once per gesture.
                for frame in frames {
                    let values: [Double] = [frame.navigationBarTop, frame.containerAlpha, frame.panelAlpha, frame.panelScaleX,
                                            frame.panelScaleY, frame.panelY, frame.maskAlpha, frame.weatherAlpha,
                                            frame.weatherY, frame.tabBarAlpha, frame.tabBarY, frame.listY,
                                            frame.listInsetTop, frame.listContentOffset, frame.panelContentOffset,
                                            frame.panelContentHeight]
                    let alphas = [frame.containerAlpha, frame.panelAlpha, frame.maskAlpha, frame.weatherAlpha, frame.tabBarAlpha]
                    let colour = frame.navigationBarColour
                    guard check(values.allSatisfy(\.isFinite), "frame not finite: \(frame)"),
                          check(alphas.allSatisfy { (0...1).contains($0) }, "frame alpha outside [0, 1]"),
                          check([colour.red, colour.green, colour.blue].allSatisfy { (0...255).contains($0) },
                                "nav colour outside [0, 255]")
                    else { return 1 }
                    if frame.hapticFired { trail.append { "   -> haptic" } }
                    guard check(frame.hapticFired == expectHaptic,
                                expectHaptic ? "no haptic on the gesture's first entry into pulling"
                                             : "a haptic without a first entry into pulling in this gesture")
                    else { return 1 }
                    expectHaptic = false
                }
            }
            // Every transition ends: the fingers lift and ticks run past the longest one.
            for view in views { view.setPanGestureState(.ended) }
            for k in 1...4 { panel.tick(at: clock + 2 * Double(k)) }
            guard require(panel.state.listTransition == .none && panel.state.panelTransition == .none &&
                          !panel.state.isInteractionLocked,
                          "transitions still running 8 s after the last input: \(panel.state.listTransition), \(panel.state.panelTransition)",
                          seed: seed, index: index, event: "final ticks")
            else { return 1 }
        }
        return 0
    }

    func testRandomInputSequencesKeepTheInvariants() {
        for seed in UInt64(1)...200 {
            if Self.run(seed: seed, count: 200, perController: 200) > 0 { return }
        }
    }

    /// The soak: 100,000 seeded inputs, every invariant after each.
    func testHundredThousandRandomEvents() {
        XCTAssertEqual(Self.run(seed: 0x9D11, count: 100_000, perController: 5_000), 0)
    }

    /// Rejected configurations name the field and the rule.
    func testRejectedConfigurationsNameFieldAndRule() {
        func error(_ make: () throws -> Panel.Configuration) -> ConfigurationError? {
            do { _ = try make(); return nil } catch { return error as? ConfigurationError }
        }
        let rows: [(ConfigurationError?, String)] = [
            (error { try Panel.Configuration(criticalPoint0: .nan) }, "cp0"),
            (error { try Panel.Configuration(criticalPoint1: 50) }, "cp1"),
            (error { try Panel.Configuration(criticalPoint3: 900) }, "screen_height"),
            (error { try Panel.Configuration(closeDuration: 0) }, "close_duration"),
            (error { try Panel.Configuration(returnSplitTime: 1) }, "return_split_time"),
            (error { try Panel.Configuration(openMaskAlpha: 1.5) }, "open_mask_alpha"),
        ]
        for (error, field) in rows {
            guard let error else { XCTFail("no error for \(field)"); continue }
            XCTAssertEqual(error.field, field)
            XCTAssertFalse(error.rule.isEmpty)
            XCTAssertTrue(error.description.contains(field) && error.description.contains(error.rule))
        }
    }
}

extension PulldownPropertyTests.Input {
    var isTick: Bool { if case .tick = self { return true } else { return false } }
}
