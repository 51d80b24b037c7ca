import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// Random inputs through a `SheetController`: drags that begin twice, end
/// without beginning or change without a drag, translations and offsets of
/// any size, backdrop taps, programmatic moves (mid-spring, mid-drag, to
/// detents the configuration does not have), resizes, and ticks whose clock
/// stands still, runs backwards or jumps, NaN and infinite values included.
/// After every input the invariants are checked. Values include huge finite
/// ones (1e308, DBL_MAX), which the sheet refuses (fuzz finding S3).
final class SheetPropertyTests: XCTestCase {
    typealias Sheet = SheetController

    static func configuration(_ draw: inout Draw) -> Sheet.Configuration {
        let height = draw.element([800.0, 667, 926, draw.double(200...1200, wild: 0)])
        var detents = Sheet.Detent.seed
        if draw.chance(0.3) {
            detents = draw.element([[.fraction(0.1), .fraction(0.5), .fraction(0.9)],
                                    [.points(40), .fitContent(minimumTop: 100), .dismissed],
                                    [.fraction(0.25), .dismissed],
                                    [.points(20), .fraction(0.4), .fraction(0.6), .fraction(0.8), .dismissed]])
        }
        let options = Sheet.Options(rawValue: UInt32(draw.int(0...15)))
        let spring = draw.chance(0.7) ? nil : Sheet.Spring(stiffness: draw.double(50...400, wild: 0),
                                                           damping: draw.double(5...60, wild: 0))
        return try! Sheet.Configuration(containerHeight: height, contentHeight: draw.double(0...1500, wild: 0),
                                        detents: detents, options: options, spring: spring)
    }

    enum Input: CustomStringConvertible {
        case tick(Double)
        case began(Double, offset: Double)
        case changed(Double, translation: Double, offset: Double)
        case ended(Double, velocity: Double)
        case tap(Double)
        case move(Sheet.Detent, animated: Bool, Double)
        case resize(Double, height: Double)

        var description: String {
            switch self {
            case let .tick(t): return "tick \(t)"
            case let .began(t, o): return "dragBegan t \(t) offset \(o)"
            case let .changed(t, tr, o): return "dragChanged t \(t) translation \(tr) offset \(o)"
            case let .ended(t, v): return "dragEnded t \(t) velocity \(v)"
            case let .tap(t): return "backdropTapped t \(t)"
            case let .move(d, a, t): return "move(to: \(d), animated: \(a)) t \(t)"
            case let .resize(t, h): return "resize t \(t) height \(h)"
            }
        }
    }

    static func time(_ draw: inout Draw, clock: Double) -> Double {
        switch draw.int(0...9) {
        case 0: return clock
        case 1, 2, 3: return clock + 1.0 / 60
        case 4: return clock + 1.0 / 120
        case 5: return clock + draw.double(0...2, wild: 0)
        case 6: return clock - draw.double(0...1, wild: 0)      // backwards: counts as the clock
        case 7: return draw.element([.nan, .infinity, -1.0, clock + 1e6])
        default: return clock + 0.25
        }
    }

    static func input(_ draw: inout Draw, sheet: Sheet, translation: inout Double) -> Input {
        let t = time(&draw, clock: sheet.time)
        let c = sheet.configuration
        switch draw.int(0...11) {
        case 0, 1, 2: return .tick(t)
        case 3: translation = 0; return .began(t, offset: draw.double(-50...50))
        case 4, 5, 6:
            translation += draw.double(-60...60, wild: 0)
            let offset = draw.chance(0.5) ? sheet.frame.contentOffset + draw.double(-40...40) : draw.double(-200...200)
            return .changed(t, translation: draw.chance(0.05) ? draw.double(-1e4...1e4) : translation, offset: offset)
        case 7: return .ended(t, velocity: draw.double(-4000...4000))
        case 8: return .tap(t)
        case 9, 10:
            let detent = draw.chance(0.9) ? draw.element(c.detents) : .fraction(0.33)
            return .move(detent, animated: draw.chance(0.7), t)
        default:
            // Bad heights: NaN, infinite, not positive, or beyond the sheet's 1e9 pt limit.
            if draw.chance(0.05) { return .resize(t, height: draw.element([.nan, .infinity, -.infinity, -1, 0, 1e308, 2e9])) }
            return .resize(t, height: draw.double(c.containerHeight * 0.8...c.containerHeight * 1.2, wild: 0))
        }
    }

    @discardableResult
    static func run(seed: UInt64, count: Int, perController: Int) -> Int {
        var draw = Draw(seed: seed)
        var index = 0
        while index < count {
            let configuration = self.configuration(&draw)
            var events: [Sheet.Event] = []
            let sheet = try! Sheet(configuration: configuration, initialDetent: configuration.detents[draw.int(0...(configuration.detents.count - 2))]) {
                events.append($0)
            }
            var pendingMove: Sheet.Detent?
            var translation = 0.0
            // The last inputs, rendered only when a check fails.
            var trail: [() -> String] = [{ "configuration \(configuration.detents) options \(configuration.options.rawValue)" }]
            for _ in 0..<min(perController, count - index) {
                index += 1
                let input = self.input(&draw, sheet: sheet, translation: &translation)
                let n = index + 1, shown = sheet.frame, animating = sheet.isAnimating
                trail.append { "#\(n) at \(shown.state.detent) \(shown.state.drag) top \(shown.sheetTop) animating \(animating): \(input)" }
                if trail.count > 16 { trail.removeFirst() }
                let frameBefore = sheet.frame
                let detentBefore = sheet.state.detent
                let timeBefore = sheet.time
                events.removeAll()
                defer { if !events.isEmpty { let e = events; trail.append { "   -> \(e)" } } }
                let accepted: Bool
                switch input {
                case let .tick(t):
                    sheet.tick(at: t)
                    accepted = t.isFinite && t >= 0
                case let .began(t, o): accepted = sheet.dragBegan(at: t, contentOffset: o)
                case let .changed(t, tr, o): accepted = sheet.dragChanged(translation: tr, at: t, contentOffset: o)
                case let .ended(t, v): accepted = sheet.dragEnded(velocity: v, at: t)
                case let .tap(t): accepted = sheet.backdropTapped(at: t)
                case let .move(d, a, t): accepted = sheet.move(to: d, animated: a, at: t)
                case let .resize(_, h): // a reconfigure, at the clock
                    accepted = (try? sheet.resize(containerHeight: h)) ?? false
                }
                let frame = sheet.frame
                func check(_ ok: Bool, _ message: String) -> Bool {
                    require(ok, message + " (events \(events))", seed: seed, index: index,
                            event: trail.map { $0() }.joined(separator: "\n"))
                }

                // A rejected input changes nothing and reports nothing.
                if !accepted {
                    guard check(frame == frameBefore && sheet.time == timeBefore && events.isEmpty,
                                "a rejected input changed the sheet or reported \(events)")
                    else { return 1 }
                    continue
                }
                guard check(sheet.time >= timeBefore, "the clock ran backwards") else { return 1 }

                // The frame is finite and in range.
                guard check(frame.sheetTop.isFinite && frame.velocity.isFinite && frame.backgroundOffset.isFinite &&
                            frame.contentOffset.isFinite, "frame not finite: \(frame)"),
                      check((0...1).contains(frame.backdropAlpha), "backdrop alpha \(frame.backdropAlpha) outside [0, 1]")
                else { return 1 }

                // A settled sheet rests on its detent.
                if !sheet.isAnimating, frame.state.drag == .inactive {
                    let top = sheet.configuration.top(of: frame.state.detent)
                    guard check(top.map { bits($0) == bits(frame.sheetTop) } ?? false,
                                "settled at \(frame.sheetTop), not on \(frame.state.detent) (\(top.map { "\($0)" } ?? "?"))")
                    else { return 1 }
                }

                // Events: willMove on a change of detent, didMove once after it, dismissed with didMove(.dismissed).
                var sawDidMoveDismissed = false
                for event in events {
                    switch event {
                    case let .willMove(to: d):
                        guard check(d == sheet.state.detent && d != detentBefore,
                                    "willMove(to: \(d)) without a change of detent (was \(detentBefore))")
                        else { return 1 }
                        pendingMove = d
                    case let .didMove(to: d):
                        guard check(pendingMove == d, "didMove(to: \(d)) without a pending willMove to it (\(String(describing: pendingMove)))")
                        else { return 1 }
                        pendingMove = nil
                        sawDidMoveDismissed = d == .dismissed
                    case .dismissed:
                        guard check(sawDidMoveDismissed, "dismissed without didMove(to: .dismissed) just before") else { return 1 }
                        sawDidMoveDismissed = false
                    }
                }
                if sheet.state.detent != detentBefore {
                    guard check(events.contains(.willMove(to: sheet.state.detent)), "detent changed without willMove")
                    else { return 1 }
                }
            }
            // Every animation ends: the finger lifts, and a tick well past any settle time lands the sheet.
            events.removeAll()
            if sheet.frame.state.drag != .inactive { sheet.dragEnded(velocity: 0) }
            for _ in 0..<3 { sheet.tick(at: sheet.time + 30) }
            for event in events {
                switch event {
                case let .willMove(to: d): pendingMove = d
                case let .didMove(to: d):
                    guard require(pendingMove == d, "didMove(to: \(d)) without a pending willMove to it", seed: seed,
                                  index: index, event: "final ticks")
                    else { return 1 }
                    pendingMove = nil
                case .dismissed: break
                }
            }
            guard require(!sheet.isAnimating, "still animating 90 s after the last input", seed: seed, index: index,
                          event: "final ticks"),
                  require(pendingMove == nil, "willMove(to: \(String(describing: pendingMove))) never followed by didMove",
                          seed: seed, index: index, event: "final ticks after\n" + trail.map { $0() }.joined(separator: "\n"))
            else { return 1 }
        }
        return 0
    }

    func testRandomInputSequencesKeepTheInvariants() {
        for seed in UInt64(1)...200 {
            if Self.run(seed: seed, count: 150, perController: 150) > 0 { return }
        }
    }

    /// The soak: 100,000 seeded inputs, every invariant after each.
    func testHundredThousandRandomEvents() {
        XCTAssertEqual(Self.run(seed: 0x5EE7, count: 100_000, perController: 2_000), 0)
    }

    /// Rejected configurations name the field and the rule.
    func testRejectedConfigurationsNameFieldAndRule() {
        func error(_ make: () throws -> Sheet.Configuration) -> ConfigurationError? {
            do { _ = try make(); return nil } catch { return error as? ConfigurationError }
        }
        let rows: [(ConfigurationError?, String)] = [
            (error { try Sheet.Configuration(containerHeight: .nan) }, "container_height"),
            (error { try Sheet.Configuration(containerHeight: -1) }, "container_height"),
            (error { try Sheet.Configuration(containerHeight: 800, detents: []) }, "detent_count"),
            (error { try Sheet.Configuration(containerHeight: 800, detents: [.dismissed, .half]) }, "detent0"),
            (error { try Sheet.Configuration(containerHeight: 800, detents: [.half, .full]) }, "detent1"),
            (error { try Sheet.Configuration(containerHeight: 800, detents: [.fraction(1.5)]) }, "detent0"),
            (error { try Sheet.Configuration(containerHeight: 800, upThreshold: -0.1) }, "up_threshold"),
            (error { try Sheet.Configuration(containerHeight: 800, backdropAlpha: 2) }, "backdrop_alpha"),
            (error { try Sheet.Configuration(containerHeight: 800, spring: .init(stiffness: 0, damping: 1)) },
             "spring.stiffness"),
            (error { try Sheet.Configuration(containerHeight: 800, decelerationRate: 1) }, "deceleration_rate"),
            // A spring that never settles (fuzz finding S2).
            (error { try Sheet.Configuration(containerHeight: 800, spring: .init(stiffness: 200, damping: 0)) },
             "spring.damping"),
            (error { try Sheet.Configuration(containerHeight: .greatestFiniteMagnitude) }, "container_height"),
        ]
        for (error, field) in rows {
            guard let error else { XCTFail("no error for \(field)"); continue }
            XCTAssertTrue(error.field.hasPrefix(field), "\(error.field) is not \(field)")
            XCTAssertFalse(error.rule.isEmpty)
            XCTAssertTrue(error.description.contains(error.field) && error.description.contains(error.rule))
        }
    }
}
