import CScrollDrive
import Foundation
import ScrollDriveSim
import XCTest

/// The finger's release velocity in the simulator is the core's velocity
/// tracker's (`sd_velocity_tracker`, Flutter's iOS fling estimate): a pause
/// shorter than 40 ms before the lift keeps the fling, a longer one stops it.
final class ReleaseVelocityTests: XCTestCase {
    /// A 300 pt drag up in 0.1 s (3,000 pt/s), held `hold` seconds, lifted,
    /// on a refresh surface away from its footer (nothing but the scroll view
    /// moves), at 60 Hz.
    private func run(hold: Double) throws -> SimulationRun {
        let script = try GestureScript(json: """
            {
              "surface": {"type": "refresh"},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 6000},
              "steps": [
                {"do": "drag", "from": [195, 600], "to": [195, 300], "duration": 0.1, "curve": "linear", "lift": false},
                {"do": "hold", "duration": \(hold)}
              ]
            }
            """)
        return Simulation(script: script, fps: 60).run()
    }

    func testSixteenMillisecondPauseFlingsAtTheDragsSpeed() throws {
        let run = try run(hold: 0.016)
        let lift = 0.116, rate = SD_DECELERATION_RATE_NORMAL
        let times = run.times, y = run.numbers("y"), vy = run.numbers("vy")
        let first = try XCTUnwrap(times.firstIndex { $0 > lift })
        // The content was at 300 when the finger lifted (it is sampled on the
        // drag's end too), and leaves at 3,000 pt/s: the tracker's estimate of
        // the linear drag, whose every sample-to-sample velocity is 3,000.
        for i in first..<(first + 30) {
            let expected = sd_deceleration_sample(300, 3000, rate, times[i] - lift)
            XCTAssertEqual(vy[i], expected.velocity, accuracy: 1e-6, "t = \(times[i])")
            XCTAssertEqual(y[i], expected.position, accuracy: 1e-9, "t = \(times[i])")
        }
        XCTAssertGreaterThan(y.last!, 300 + 1400, "it coasted about 1,500 pt")
    }

    func testFiftyMillisecondPauseStops() throws {
        let run = try run(hold: 0.05)
        let lift = 0.15
        let times = run.times, y = run.numbers("y"), vy = run.numbers("vy")
        for i in times.indices where times[i] > lift {
            XCTAssertEqual(vy[i], 0, "t = \(times[i])")
            XCTAssertEqual(y[i], 300, "t = \(times[i])")
        }
        XCTAssertEqual(run.texts("phase").last, "idle")
    }
}
