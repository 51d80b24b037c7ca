import Foundation
import ScrollDrive
import XCTest

/// The sheet's spring as the controller shows it: AppCoda's spring
/// (stiffness 200, damping 25, mass 1, initial velocity 10 relative to the
/// distance) in an 800 pt container.
final class SheetMotionTests: XCTestCase {
    typealias Detent = SheetController.Detent

    /// Every move of AppCoda's sheet settles (within 0.5 pt of its detent
    /// and 1 pt/s, for good) in at most this long, and the tick that lands
    /// it (didMove) comes no later than one frame after that.
    static let settleBound: TimeInterval = 0.75

    func testSpringSettlesWithinTheStatedBound() throws {
        // (line, starting detent, where it ends, what starts the motion; it ends at the controller's clock)
        let cases: [(UInt, Detent, Detent, (SheetHarness) -> Void)] = [
            (#line, .half, .full, { XCTAssertTrue($0.controller.move(to: .full, at: 0)) }),
            (#line, .full, .half, { XCTAssertTrue($0.controller.move(to: .half, at: 0)) }),
            (#line, .half, .dismissed, { XCTAssertTrue($0.controller.backdropTapped(at: 0)) }),
            (#line, .full, .dismissed, { XCTAssertTrue($0.controller.move(to: .dismissed, at: 0)) }),
            (#line, .half, .full, { $0.drag(-201, at: 0) }),
            (#line, .half, .dismissed, { $0.drag(241, at: 0) }),
            (#line, .half, .half, { $0.drag(239, at: 0) }),
            (#line, .half, .half, { $0.drag(-199, at: 0) }),
        ]
        for (line, from, to, start) in cases {
            let h = try SheetHarness(detent: from)
            start(h)
            let startTime = h.controller.time
            let target = try XCTUnwrap(h.controller.configuration.top(of: to))
            var lastUnsettled = startTime
            var landedAt: TimeInterval?
            for k in 1...480 {
                let t = startTime + Double(k) / 240
                let f = h.controller.tick(at: t)
                if abs(f.sheetTop - target) > 0.5 || abs(f.velocity) > 1 { lastUnsettled = t }
                if landedAt == nil, !h.controller.isAnimating { landedAt = t }
            }
            let settle = lastUnsettled - startTime
            XCTAssertLessThanOrEqual(settle, Self.settleBound, "settled after \(settle) s", line: line)
            XCTAssertGreaterThan(settle, 0.3, "a spring that moves at all takes a while", line: line)
            let landing = try XCTUnwrap(landedAt, line: line) - startTime
            XCTAssertLessThanOrEqual(landing, settle + 1.0 / 240 + 1e-9, line: line)
            XCTAssertEqual(h.frame.sheetTop, target, line: line)
            XCTAssertEqual(h.frame.velocity, 0, line: line)
            XCTAssertEqual(h.controller.state.detent, to, line: line)
        }
    }

    /// The frames follow m x'' + c x' + k (x - to) = 0 from x = 400,
    /// v = 10 * (50 - 400), integrated numerically (RK4, 10 us steps).
    func testFramesMatchANumericalIntegrationOfTheSpring() throws {
        let h = try SheetHarness()
        XCTAssertTrue(h.controller.move(to: .full, at: 0))
        let k = 200.0, c = 25.0, m = 1.0, to = 50.0
        func accel(_ x: Double, _ v: Double) -> Double { -(c * v + k * (x - to)) / m }
        var x = 400.0, v = 10 * (to - 400.0)
        let dt = 1e-5
        var step = 0
        for sample in 1...12 {
            let t = Double(sample) * 0.05
            while Double(step) * dt < t - dt / 2 {
                let k1x = v, k1v = accel(x, v)
                let k2x = v + dt / 2 * k1v, k2v = accel(x + dt / 2 * k1x, v + dt / 2 * k1v)
                let k3x = v + dt / 2 * k2v, k3v = accel(x + dt / 2 * k2x, v + dt / 2 * k2v)
                let k4x = v + dt * k3v, k4v = accel(x + dt * k3x, v + dt * k3v)
                x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                step += 1
            }
            let f = try XCTUnwrap(h.controller.frame(at: t))
            guard f.isAnimating else { break } // landed: shows the detent exactly
            XCTAssertEqual(f.sheetTop, x, accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(f.velocity, v, accuracy: 1e-6, "t = \(t)")
        }
    }

    /// The same gestures ticked at 60 and 120 Hz give the same sheet at the
    /// common times (within 0.5 pt), and land within a frame of each other.
    func testSixtyAndHundredTwentyHertzAgree() throws {
        func run(_ hz: Double) throws -> (frames: [Int: SheetController.Frame], events: [SheetController.Event],
                                          landings: [TimeInterval])
        {
            // Releases from full pick a detent (the grabbed spring below is committed to full).
            let h = try SheetHarness(options: .releasesFromFirstDetent)
            var frames: [Int: SheetController.Frame] = [:]
            var landings: [TimeInterval] = []
            var wasAnimating = false
            let perSixtieth = Int(hz / 60)
            func tick(through end: TimeInterval) {
                wasAnimating = h.controller.isAnimating // inputs since the last tick may have changed it
                for f in h.tick(through: end, hz: hz) {
                    let k = Int((f.time * hz).rounded())
                    if k % perSixtieth == 0 { frames[k / perSixtieth] = f }
                    if wasAnimating, !f.isAnimating { landings.append(f.time) }
                    wasAnimating = f.isAnimating
                }
            }
            // Drag up from half with a few moves, release past the threshold,
            // grab the spring halfway, pull down, release to dismiss.
            XCTAssertTrue(h.controller.dragBegan(at: 0.0))
            for (i, translation) in [-40.0, -110, -180, -230].enumerated() {
                tick(through: 0.05 * Double(i + 1))
                XCTAssertTrue(h.controller.dragChanged(translation: translation, at: 0.05 * Double(i + 1)))
            }
            XCTAssertTrue(h.controller.dragEnded(velocity: -900, at: 0.2))
            tick(through: 0.35)
            XCTAssertTrue(h.controller.dragBegan(at: 0.35))
            tick(through: 0.4)
            XCTAssertTrue(h.controller.dragChanged(translation: 300, at: 0.4))
            XCTAssertTrue(h.controller.dragEnded(velocity: 1200, at: 0.4))
            tick(through: 2)
            return (frames, h.events, landings)
        }
        let a = try run(60), b = try run(120)
        XCTAssertEqual(a.events, b.events)
        XCTAssertEqual(a.events, [.willMove(to: .full), .willMove(to: .half), .didMove(to: .half)])
        XCTAssertEqual(a.frames.count, 120)
        XCTAssertEqual(Set(a.frames.keys), Set(b.frames.keys))
        for (key, f60) in a.frames {
            let f120 = try XCTUnwrap(b.frames[key])
            XCTAssertEqual(f60.sheetTop, f120.sheetTop, accuracy: 0.5, "t = \(f60.time)")
            XCTAssertEqual(f60.backdropAlpha, f120.backdropAlpha, "t = \(f60.time)")
        }
        XCTAssertEqual(a.landings.count, 1)
        XCTAssertEqual(b.landings.count, 1)
        XCTAssertEqual(a.landings[0], b.landings[0], accuracy: 1.0 / 60 + 1e-9)
    }

    /// A drag that grabs the moving sheet keeps its position and velocity,
    /// and so does a move that replaces a move.
    func testInterruptionKeepsPositionAndVelocityContinuous() throws {
        // Grabbed by a finger.
        var h = try SheetHarness()
        XCTAssertTrue(h.controller.move(to: .full, at: 0))
        h.tick(through: 0.1)
        let t = 0.1 + 1.0 / 120
        let moving = try XCTUnwrap(h.controller.frame(at: t))
        XCTAssertTrue(moving.isAnimating)
        XCTAssertLessThan(moving.velocity, -100, "still moving fast")
        XCTAssertTrue(h.controller.dragBegan(at: t))
        XCTAssertEqual(h.frame.sheetTop, moving.sheetTop)
        XCTAssertEqual(h.frame.velocity, moving.velocity)
        XCTAssertEqual(h.frame.state.drag, .pressing)
        // The finger moves it on from there; its release starts a spring where it is.
        XCTAssertTrue(h.controller.dragChanged(translation: 15, at: t + 0.02))
        XCTAssertEqual(h.frame.sheetTop, moving.sheetTop + 15)
        XCTAssertTrue(h.controller.dragEnded(velocity: 0, at: t + 0.02))
        XCTAssertEqual(h.frame.sheetTop, moving.sheetTop + 15)
        let justAfter = try XCTUnwrap(h.controller.frame(at: t + 0.02 + 1e-6)).sheetTop
        XCTAssertEqual(justAfter, moving.sheetTop + 15, accuracy: 0.01)

        // Replaced by a programmatic move.
        h = try SheetHarness()
        XCTAssertTrue(h.controller.move(to: .full, at: 0))
        h.tick(through: 0.1)
        let before = try XCTUnwrap(h.controller.frame(at: t))
        XCTAssertTrue(h.controller.move(to: .dismissed, at: t))
        XCTAssertEqual(h.frame.sheetTop, before.sheetTop)
        XCTAssertEqual(h.frame.velocity, before.velocity)
        // And the curve carries on smoothly: no kink larger than the spring's own acceleration allows.
        let a = try XCTUnwrap(h.controller.frame(at: t + 1e-4))
        XCTAssertEqual(a.sheetTop, before.sheetTop + before.velocity * 1e-4, accuracy: 0.05)
    }
}
