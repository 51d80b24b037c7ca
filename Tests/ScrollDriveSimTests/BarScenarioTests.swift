import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The expandable bar driven by `SimScrollView` through the built-in scenarios.
final class BarScenarioTests: XCTestCase {
    private struct Outcome {
        let run: SimulationRun
        let bar: BarSurface
    }

    private func simulate(_ name: String, fps: Int = 60, file: StaticString = #filePath, line: UInt = #line) throws -> Outcome {
        let scenario = try XCTUnwrap(Scenarios.named(name), file: file, line: line)
        let simulation = Simulation(script: try scenario.gestureScript(), fps: fps)
        let run = simulation.run()
        let bar = try XCTUnwrap(simulation.surface as? BarSurface, file: file, line: line)
        return Outcome(run: run, bar: bar)
    }

    /// The nearest of the three heights, ties to the earlier of compact, normal, expanded (AirBar's order).
    private func nearest(_ height: Double, _ c: BarController.Configuration) -> Double {
        var best = c.compactStateHeight
        for h in [c.normalStateHeight, c.expandedStateHeight] where abs(height - h) < abs(height - best) { best = h }
        return best
    }

    private let barScenarios = ["bar-fling", "bar-expand-snap", "bar-fling-compact", "bar-top-fling",
                                "bar-release-mid", "bar-short-content", "bar-tap-stop"]

    func testEveryBarScenarioEndsOnAStateAndSnapsToTheNearest() throws {
        for name in barScenarios {
            for fps in [60, 120] {
                let o = try simulate(name, fps: fps)
                let c = o.bar.controller.configuration
                let heights = [c.compactStateHeight, c.normalStateHeight, c.expandedStateHeight]
                let final = o.bar.state.height()
                XCTAssertTrue(heights.contains(final), "\(name) @\(fps): ends at \(final)")
                XCTAssertEqual(o.run.numbers("bar_height").last, final)
                XCTAssertTrue(o.bar.scrollView.isAtRest, "\(name) @\(fps): still moving at the end")
                XCTAssertFalse(o.bar.releases.isEmpty, "\(name): no drag ended")

                let times = o.run.times
                let barHeights = o.run.numbers("bar_height")
                for release in o.bar.releases {
                    let target = nearest(release.height, c)
                    guard let requested = release.requestedY else {
                        XCTAssertEqual(release.height, target, "\(name) @\(fps): no snap requested off a state")
                        continue
                    }
                    // The request moves the content by the bar's distance to the nearest state...
                    XCTAssertEqual(requested - release.contentOffsetY, release.height - target, accuracy: 1e-9,
                                   "\(name) @\(fps) t=\(release.time)")
                    // ...and once the 0.25 s animation is over, the bar is there.
                    let done = try XCTUnwrap(times.firstIndex { $0 >= release.time + 0.25 - 1e-9 })
                    XCTAssertEqual(barHeights[done], target, accuracy: 1e-9, "\(name) @\(fps) t=\(release.time)")
                }
                // Invariants: height within [compact, expanded], progress within [0, 2].
                for h in barHeights { XCTAssertTrue(h >= heights[0] - 1e-9 && h <= heights[2] + 1e-9, "\(name): \(h)") }
                for p in o.run.numbers("bar_progress") { XCTAssertTrue(p >= 0 && p <= 2, "\(name): progress \(p)") }
            }
        }
    }

    func testSlowDragIntoExpandedSnapsToExpanded() throws {
        let o = try simulate("bar-expand-snap")
        XCTAssertEqual(o.bar.state.height(), 200)
        XCTAssertTrue(o.bar.state.isExpandedStateAvailable)
        XCTAssertEqual(o.bar.scrollView.contentInset.top, 200)
        XCTAssertEqual(o.bar.scrollView.contentOffset.y, -200)
        let release = try XCTUnwrap(o.bar.releases.first)
        XCTAssertEqual(release.height, 180, accuracy: 1e-9, "released 60 pt below the top")
        XCTAssertEqual(try XCTUnwrap(release.requestedY), -200, accuracy: 1e-9)
        XCTAssertTrue(o.run.texts("phase").contains("animating"))
    }

    func testFlingFromNormalEndsCompact() throws {
        let o = try simulate("bar-fling-compact")
        XCTAssertEqual(o.bar.state.height(), 60)
        XCTAssertFalse(o.bar.state.isExpandedStateAvailable)
        XCTAssertTrue(o.run.texts("phase").contains("decelerating"))
        XCTAssertGreaterThan(o.bar.scrollView.contentOffset.y, 1000, "the fling carried the content on")
    }

    func testFlingUpAtTheTopLeavesExpandedUnavailable() throws {
        let o = try simulate("bar-top-fling")
        XCTAssertEqual(o.bar.state.height(), 60)
        XCTAssertFalse(o.bar.state.isExpandedStateAvailable)
        XCTAssertEqual(o.bar.scrollView.contentInset.top, 120, "inset back to normal once expanded was withdrawn")
        XCTAssertLessThanOrEqual(o.run.numbers("bar_height").max() ?? 0, 120, "never expands")
    }

    func testFlingBackPastTheTopBouncesWithoutExpanding() throws {
        let o = try simulate("bar-fling")
        XCTAssertEqual(o.bar.state.height(), 120)
        XCTAssertFalse(o.bar.state.isExpandedStateAvailable)
        XCTAssertEqual(o.run.numbers("bar_height").min(), 60, "collapsed on the way")
        XCTAssertLessThanOrEqual(o.run.numbers("bar_height").max() ?? 0, 120)
        XCTAssertLessThan(o.run.numbers("y").min() ?? 0, -130, "bounced past the top")
        XCTAssertEqual(o.bar.scrollView.contentOffset.y, -120)
        XCTAssertTrue(o.run.texts("phase").contains("bouncing"))
    }

    func testReleaseMidTransitionSnapsBothWays() throws {
        let o = try simulate("bar-release-mid")
        let snaps = o.bar.releases.compactMap { r in r.requestedY.map { _ in nearest(r.height, o.bar.controller.configuration) } }
        XCTAssertEqual(snaps, [60, 120])
        XCTAssertEqual(o.bar.releases.first?.height ?? 0, 85, accuracy: 1e-9)
        XCTAssertEqual(o.bar.state.height(), 120)
        // The first release had velocity: the snap stopped the deceleration at once.
        let phases = o.run.texts("phase")
        XCTAssertFalse(phases.contains("decelerating"))
    }

    func testShortContent() throws {
        let o = try simulate("bar-short-content")
        // AirBar's preconfigure: bottom inset = frame - compact - content = 844 - 60 - 300.
        XCTAssertEqual(o.bar.scrollView.contentInset.bottom, 484)
        XCTAssertEqual(o.run.numbers("bar_height").min(), 60)
        XCTAssertEqual(o.bar.state.height(), 120)
        XCTAssertEqual(o.bar.scrollView.contentOffset.y, -120)
        XCTAssertGreaterThan(o.run.numbers("y").max() ?? 0, -60, "rubber-banded past the end")
    }

    func testTapStopsTheFling() throws {
        let o = try simulate("bar-tap-stop")
        let ys = o.run.numbers("y")
        let tapIndex = try XCTUnwrap(o.run.times.firstIndex { $0 >= 0.6 - 1e-9 })
        XCTAssertEqual(o.run.texts("phase")[tapIndex], "idle")
        XCTAssertEqual(Set(ys[tapIndex...]).count, 1, "still after the tap")
        XCTAssertEqual(o.bar.state.height(), 60)
    }

    func testBarExpandAction() throws {
        let script = try GestureScript(json: """
            {"surface": {"type": "bar"}, "scrollView": {"contentHeight": 2000},
             "steps": [{"do": "wait", "duration": 0.1}, {"do": "surface", "action": "expand"},
                       {"do": "wait", "duration": 0.5}]}
            """)
        let simulation = Simulation(script: script, fps: 60)
        let run = simulation.run()
        // AirBar's expand(on: true): available, an animated move to -expanded, inset top = expanded.
        XCTAssertEqual(run.numbers("bar_height").first, 120)
        XCTAssertEqual(run.numbers("bar_height").last, 200)
        XCTAssertEqual(run.numbers("y").last, -200)
        XCTAssertEqual(run.numbers("bar_inset").last, 200)
        XCTAssertTrue(run.texts("phase").contains("animating"))
    }
}
