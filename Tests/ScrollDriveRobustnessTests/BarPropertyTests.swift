import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// Random event sequences through a `BarController` over a `ManualScrollView`:
/// content offsets of any size (NaN, infinities, huge, denormal, -0), content
/// size and frame changes, pan states in any order (repeated, missing,
/// possible/failed/cancelled), expand on/off, preconfigure of another view,
/// clock ticks at any time (earlier, NaN, negative) and reconfigurations.
/// After every event the invariants are checked, the frame included.
final class BarPropertyTests: XCTestCase {
    enum Event: CustomStringConvertible {
        case offset(Double)
        case offsetX(Double)
        case contentHeight(Double)
        case frameHeight(Double)
        case pan(PanGestureState)
        case expand(Bool)
        case preconfigure(y: Double)
        case tick(Double)
        case reconfigure(BarController.Configuration)

        var description: String {
            switch self {
            case let .offset(y): return "offset y \(y)"
            case let .offsetX(x): return "offset x \(x)"
            case let .contentHeight(h): return "content height \(h)"
            case let .frameHeight(h): return "frame height \(h)"
            case let .pan(s): return "pan \(s)"
            case let .expand(on): return "expand \(on)"
            case let .preconfigure(y): return "preconfigure y \(y)"
            case let .tick(t): return "tick at \(t)"
            case let .reconfigure(c): return "reconfigure \(c.compactStateHeight)/\(c.normalStateHeight)/\(c.expandedStateHeight)"
            }
        }
    }

    /// A valid configuration: three sorted heights, sometimes equal or 0.
    static func configuration(_ draw: inout Draw) -> BarController.Configuration {
        if draw.chance(0.3) {
            return BarController.Configuration(compactStateHeight: 100, normalStateHeight: 200, expandedStateHeight: 300)
        }
        if draw.chance(0.2) {
            // AirBar's non-throwing initialiser makes anything valid.
            let c = BarController.Configuration(
                compactStateHeight: draw.double(0...300, wild: 0.5), normalStateHeight: draw.double(0...300, wild: 0.5),
                expandedStateHeight: draw.double(0...300, wild: 0.5))
            return c
        }
        var h = [draw.double(0...400, wild: 0), draw.double(0...400, wild: 0), draw.double(0...400, wild: 0)]
        if draw.chance(0.2) { h[1] = h[0] }
        h.sort()
        return try! BarController.Configuration(validatingCompactStateHeight: h[0], normalStateHeight: h[1],
                                                expandedStateHeight: h[2])
    }

    static func event(_ draw: inout Draw, near y: Double, configuration c: BarController.Configuration) -> Event {
        switch draw.int(0...17) {
        case 16: return .tick(draw.double(-1...100, wild: 0.2))
        case 17: return .reconfigure(configuration(&draw))
        case 0...5:
            // Mostly a scroll near the current offset, around the bar's states.
            if draw.chance(0.5) { return .offset(y.isFinite ? y + draw.double(-80...80) : draw.double(-500...2000)) }
            return .offset(draw.element([-c.normalStateHeight, -c.expandedStateHeight, -c.compactStateHeight,
                                         -c.normalStateHeight + draw.double(-6...6), draw.double(-600...3000, wild: 0.2)]))
        case 6: return .offsetX(draw.double(-10...10, wild: 0.2))
        case 7: return .contentHeight(draw.double(0...3000, wild: 0.1))
        case 8: return .frameHeight(draw.double(0...1000, wild: 0.1))
        case 9...13: return .pan(draw.element(PanGestureState.allCases))
        case 14: return .expand(draw.chance(0.5))
        default: return .preconfigure(y: draw.double(-400...400, wild: 0.2))
        }
    }

    /// Runs `count` events from `seed` through one controller per configuration
    /// (a new one every `perController` events); returns the number of failures.
    @discardableResult
    static func run(seed: UInt64, count: Int, perController: Int) -> Int {
        var draw = Draw(seed: seed)
        var failures = 0
        var index = 0
        while index < count {
            var c = configuration(&draw)
            let scrollView = ManualScrollView(contentSize: CGSize(width: 320, height: 2000),
                                              frame: CGRect(x: 0, y: 0, width: 320, height: 600))
            var reports = 0
            var lastReported: BarController.State?
            let controller = BarController(configuration: c) { reports += 1; lastReported = $0 }
            controller.set(scrollable: scrollView)
            guard require(reports == 1, "set(scrollable:) reports the state once", seed: seed, index: index,
                          event: "set(scrollable:)")
            else { return 1 }

            for _ in 0..<min(perController, count - index) {
                index += 1
                let event = self.event(&draw, near: scrollView.contentOffset.y, configuration: c)
                let before = controller.state
                let timeBefore = controller.time
                let reportsBefore = reports
                let requestsBefore = scrollView.requests.count
                let y = scrollView.contentOffset.y
                var other: ManualScrollView?
                switch event {
                case let .offset(newY): scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: newY))
                case let .offsetX(x): scrollView.setContentOffset(CGPoint(x: x, y: scrollView.contentOffset.y))
                case let .contentHeight(h): scrollView.setContentSize(CGSize(width: 320, height: h))
                case let .frameHeight(h): scrollView.frame.size.height = h
                case let .pan(state): scrollView.setPanGestureState(state)
                case let .expand(on): controller.expand(on: on)
                case let .preconfigure(y):
                    let fresh = ManualScrollView(contentOffset: CGPoint(x: 0, y: y))
                    controller.preconfigure(scrollable: fresh)
                    other = fresh
                case let .tick(t): controller.tick(at: t)
                case let .reconfigure(next):
                    try! controller.reconfigure(next)
                    c = next
                }
                let after = controller.state
                let calls = reports - reportsBefore
                func check(_ ok: Bool, _ message: String) -> Bool {
                    if !require(ok, message, seed: seed, index: index, event: event.description) { failures += 1; return false }
                    return true
                }

                // The state stays inside the bar's range; reads are finite.
                guard check(after.offset.isFinite, "offset not finite"),
                      check(after.height() >= c.compactStateHeight && after.height() <= c.expandedStateHeight,
                            "height \(after.height()) outside [\(c.compactStateHeight), \(c.expandedStateHeight)]"),
                      check((0...2).contains(after.transitionProgress()), "progress \(after.transitionProgress()) outside [0, 2]")
                else { return failures }
                let lo = draw.double(-1e6...1e6, wild: 0), hi = draw.double(-1e6...1e6, wild: 0)
                let v = after.value(compactNormalRange: .range(lo, hi), normalExpandedRange: .range(hi, lo))
                guard check(v.isFinite && v >= min(lo, hi) && v <= max(lo, hi), "value \(v) outside [\(lo), \(hi)]")
                else { return failures }
                if calls > 0, let lastReported, !check(lastReported == after, "observer saw another state than the controller's") {
                    return failures
                }

                // The clock never runs backwards; the frame shows the state, and sampling it changes nothing.
                let frame = controller.frame
                guard check(controller.time >= timeBefore && controller.time.isFinite, "clock ran backwards"),
                      check(bits(frame.offset) == bits(after.offset) && frame.height == after.height()
                            && bits(frame.transitionProgress) == bits(after.transitionProgress())
                            && frame.stateRange == after.stateRange()
                            && frame.isExpandedStateAvailable == after.isExpandedStateAvailable,
                            "frame disagrees with the state"),
                      check(controller.frame(at: .nan) == nil && controller.state == after, "frame(at:) not pure")
                else { return failures }

                // Reports: exactly one per state assignment.
                switch event {
                case let .offset(newY):
                    if !newY.isFinite {
                        guard check(bits(after.offset) == bits(before.offset) && after == before && calls == 0,
                                    "a non-finite offset changed the state or reported")
                        else { return failures }
                    }
                    guard check(calls <= 1, "one offset change reported \(calls) times") else { return failures }
                case .pan(.began):
                    guard check(calls == (y.isFinite ? 1 : 0), "pan began reported \(calls) times (y \(y))"),
                          check(bits(after.offset) == bits(before.offset), "pan began moved the offset")
                    else { return failures }
                case .pan(.changed):
                    let turnedOff = before.isExpandedStateAvailable && !after.isExpandedStateAvailable
                    guard check(calls == (turnedOff ? 1 : 0), "pan changed reported \(calls) times, transition \(turnedOff)"),
                          check(!(!before.isExpandedStateAvailable && after.isExpandedStateAvailable), "pan changed made expanded available"),
                          check(bits(after.offset) == bits(before.offset), "pan changed moved the offset")
                    else { return failures }
                case .pan:
                    guard check(calls == 0 && after == before, "pan \(event) changed or reported the state") else { return failures }
                case let .expand(on):
                    guard check(calls == (on ? 1 : 0), "expand(\(on)) reported \(calls) times") else { return failures }
                    if on, !check(after.isExpandedStateAvailable, "expand(on) left expanded unavailable") { return failures }
                case .contentHeight, .frameHeight, .preconfigure, .offsetX:
                    guard check(calls <= 1, "\(event) reported \(calls) times") else { return failures }
                case let .tick(t):
                    let expected = t.isFinite && t >= 0 ? max(timeBefore, t) : timeBefore
                    guard check(calls == 0 && after == before, "a tick changed or reported the state"),
                          check(controller.time == expected, "tick at \(t): clock \(controller.time), expected \(expected)")
                    else { return failures }
                case .reconfigure:
                    guard check(calls == 1, "reconfigure reported \(calls) times"),
                          check(after.isExpandedStateAvailable == before.isExpandedStateAvailable, "reconfigure changed availability"),
                          check(controller.configuration == c, "reconfigure did not take the configuration")
                    else { return failures }
                }

                // What the controller asks of scroll views is finite.
                for request in scrollView.requests.dropFirst(requestsBefore) + (other?.requests ?? []) {
                    guard check(request.contentOffset.y.isFinite, "requested a non-finite content offset") else { return failures }
                }
                for view in [scrollView] + (other.map { [$0] } ?? []) {
                    guard check(view.contentInset.top.isFinite && view.contentInset.bottom.isFinite &&
                                view.contentInset.bottom >= 0 && view.scrollIndicatorInsets.top.isFinite,
                                "insets not finite or bottom inset negative")
                    else { return failures }
                }
            }
        }
        return failures
    }

    /// Many short sequences, each with its own configuration.
    func testRandomEventSequencesKeepTheInvariants() {
        for seed in UInt64(1)...300 {
            if Self.run(seed: seed, count: 200, perController: 200) > 0 { return }
        }
    }

    /// The soak: 100,000 seeded events, every invariant after each.
    func testHundredThousandRandomEvents() {
        XCTAssertEqual(Self.run(seed: 0x5C01_1D21_7E, count: 100_000, perController: 5_000), 0)
    }

    /// Rejected configurations name the field and the rule.
    func testRejectedConfigurationsNameFieldAndRule() {
        let rows: [(Double, Double, Double, String, String)] = [
            (.nan, 200, 300, "compact", "must be finite"), (100, .infinity, 300, "normal", "must be finite"),
            (100, 200, -.infinity, "expanded", "must be finite"), (-1, 200, 300, "compact", "must be >= 0"),
            (201, 200, 300, "normal", "must be >= compact"), (100, 301, 300, "expanded", "must be >= normal"),
        ]
        for (c, n, e, field, rule) in rows {
            XCTAssertThrowsError(try BarController.Configuration(validatingCompactStateHeight: c, normalStateHeight: n,
                                                                 expandedStateHeight: e)) { error in
                let error = error as! ConfigurationError
                XCTAssertEqual(error.field, field)
                XCTAssertEqual(error.rule, rule)
                XCTAssertEqual(error.description, "invalid bar configuration: \(field) \(rule)")
            }
        }
    }
}
