import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The bar's scroll policies in their scenarios, each beside the same script
/// without the policy (AirBar's bar), and their script keys.
final class BarPolicyScenarioTests: XCTestCase {
    private func run(_ name: String, without key: String? = nil, fps: Int = 60,
                     file: StaticString = #filePath, line: UInt = #line) throws -> (SimulationRun, BarSurface)
    {
        var text = try XCTUnwrap(Scenarios.named(name), file: file, line: line).script
        if let key {
            // The same script with the policy's key removed: AirBar's bar.
            let pattern = try NSRegularExpression(pattern: ", \"\(key)\": (true|\"[a-z]+\"|[0-9.]+)")
            text = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                    withTemplate: "")
            XCTAssertFalse(text.contains("\"\(key)\""), file: file, line: line)
        }
        let simulation = Simulation(script: try GestureScript(json: text, name: name), fps: fps)
        let result = simulation.run()
        return (result, try XCTUnwrap(simulation.surface as? BarSurface, file: file, line: line))
    }

    private func column(_ run: SimulationRun, _ name: String) -> [Double] { run.numbers(name) }

    /// Exit until collapsed: compact while scrolling back up inside the
    /// content; then exactly as tall as the content's top edge (-y) until normal.
    func testExitUntilCollapsed() throws {
        for fps in [60, 120] {
            let (policy, _) = try run("bar-exit-until-collapsed", fps: fps)
            let (airbar, _) = try run("bar-exit-until-collapsed", without: "exitUntilCollapsed", fps: fps)
            let t = policy.times, y = column(policy, "y"), h = column(policy, "bar_height")
            let secondDrag = t.indices.filter { t[$0] > 1.0 && t[$0] < 1.7 }
            XCTAssertFalse(secondDrag.isEmpty)
            for i in secondDrag { XCTAssertEqual(h[i], 60, "t=\(t[i])") }
            XCTAssertEqual(column(airbar, "bar_height")[secondDrag.last!], 120, "AirBar's bar reopens")
            var edge = 0
            for i in t.indices where y[i] >= -120 && y[i] <= -60 && t[i] > 1.8 {
                XCTAssertEqual(h[i], -y[i], "t=\(t[i]): the bar reaches the content's top edge")
                edge += 1
            }
            XCTAssertGreaterThan(edge, 2)
            XCTAssertEqual(h.last, 120)
        }
    }

    /// Snap by direction: a release after scrolling down 20 pt collapses
    /// (nearest would be normal); after scrolling back up, it opens.
    func testSnapByDirection() throws {
        let (_, bar) = try run("bar-snap-direction")
        XCTAssertEqual(bar.releases.count, 2)
        let first = bar.releases[0], second = bar.releases[1]
        XCTAssertGreaterThan(first.height, 90) // nearer normal (120) than compact (60)
        XCTAssertEqual(try XCTUnwrap(first.requestedY) - first.contentOffsetY, first.height - 60, accuracy: 1e-9)
        XCTAssertLessThan(second.height, 90) // nearer compact, yet it opens
        XCTAssertEqual(try XCTUnwrap(second.requestedY) - second.contentOffsetY, second.height - 120, accuracy: 1e-9)
        XCTAssertEqual(bar.state.height(), 120)
        let (_, airbar) = try run("bar-snap-direction", without: "snap")
        XCTAssertEqual(try XCTUnwrap(airbar.releases.first?.requestedY) - airbar.releases[0].contentOffsetY,
                       airbar.releases[0].height - 120, accuracy: 1e-9)
    }

    /// No snap: the release asks for nothing; the bar stays between two heights.
    func testNoSnap() throws {
        let (run, bar) = try run("bar-no-snap")
        let release = try XCTUnwrap(bar.releases.first)
        XCTAssertNil(release.requestedY)
        XCTAssertEqual(bar.state.height(), release.height)
        XCTAssertEqual(run.numbers("bar_height").last, 100)
        let (_, airbar) = try self.run("bar-no-snap", without: "snap")
        XCTAssertEqual(airbar.state.height(), 120)
    }

    /// Expanded whenever at the top: a drag that began inside the content stretches the bar.
    func testExpandWheneverAtTop() throws {
        for fps in [60, 120] {
            let (policy, bar) = try run("bar-expand-at-top", fps: fps)
            XCTAssertEqual(bar.state.height(), 200)
            XCTAssertEqual(policy.numbers("bar_height").max(), 200)
            let (_, airbar) = try run("bar-expand-at-top", without: "expandWheneverAtTop", fps: fps)
            XCTAssertEqual(airbar.state.height(), 120)
        }
    }

    /// The large-title style: the title columns follow the bar every row;
    /// a release in the stretch returns to large where AirBar's bar would rest expanded.
    func testLargeTitle() throws {
        for fps in [60, 120] {
            let (run, bar) = try run("bar-large-title", fps: fps)
            let h = run.numbers("bar_height"), scale = run.numbers("bar_title_scale")
            let large = run.numbers("bar_large_title_alpha"), inline = run.numbers("bar_inline_title_alpha")
            for i in h.indices {
                XCTAssertEqual(scale[i], max(1, h[i] / 96), "row \(i)")
                XCTAssertEqual(large[i], min(1, max(0, 2 * (h[i] - 44) / 52 - 1)), accuracy: 1e-12, "row \(i)")
                XCTAssertEqual(inline[i], 1 - large[i], "row \(i)")
                if h[i] <= 70 { XCTAssertEqual(large[i], 0, "row \(i): gone at or below halfway") }
            }
            XCTAssertEqual(h.min(), 44)
            XCTAssertGreaterThan(try XCTUnwrap(h.max()), 118, "pulled nearer the stretch limit than large")
            XCTAssertEqual(bar.state.height(), 96)
            let (airbar, airbarSurface) = try self.run("bar-large-title", without: "largeTitle", fps: fps)
            XCTAssertEqual(airbarSurface.state.height(), 140)
            XCTAssertNil(airbar.columnIndex("bar_title_scale"), "title columns only for the large-title style")
        }
    }

    /// Below a 47 pt status bar the bar does what AirBar's does without
    /// one, 47 pt further down: the same heights at every row, the content
    /// offsets 47 pt further up and the insets 47 pt taller (within 1e-9:
    /// the offsets' sums round at other magnitudes).
    func testSafeAreaTop() throws {
        for fps in [60, 120] {
            let (notch, bar) = try run("bar-safe-area", fps: fps)
            let (plain, _) = try run("bar-safe-area", without: "safeAreaTop", fps: fps)
            XCTAssertEqual(notch.times, plain.times)
            let y = column(notch, "y"), y0 = column(plain, "y")
            let inset = column(notch, "bar_inset"), inset0 = column(plain, "bar_inset")
            let h = column(notch, "bar_height"), h0 = column(plain, "bar_height")
            for i in y.indices {
                XCTAssertEqual(y[i], y0[i] - 47, accuracy: 1e-9, "row \(i)")
                XCTAssertEqual(inset[i], inset0[i] + 47, "row \(i)")
                XCTAssertEqual(h[i], h0[i], accuracy: 1e-9, "row \(i)")
            }
            // At rest under the status bar, then compact, then expanded, as the summary says.
            XCTAssertEqual(y.first, -167)
            XCTAssertEqual(inset.first, 167)
            XCTAssertEqual(h.min(), 60)
            XCTAssertEqual(y.last, -247)
            XCTAssertEqual(inset.last, 247)
            XCTAssertEqual(bar.state.height(), 200)
            XCTAssertEqual(bar.controller.configuration.safeAreaTop, 47)
        }
    }

    /// Reduced motion: the releases of `bar-release-mid`, the same snap
    /// targets, each animated as a 0.15 s ease-out (the rows follow UIKit's
    /// ease-out curve exactly) where AirBar's bar takes 0.25 s; the same end.
    func testReducedMotion() throws {
        for fps in [60, 120] {
            let (reduced, bar) = try run("bar-reduced-motion", fps: fps)
            let (plain, airbar) = try run("bar-reduced-motion", without: "reducedMotion", fps: fps)
            XCTAssertTrue(bar.controller.frame.isReducedMotion)
            XCTAssertFalse(airbar.controller.frame.isReducedMotion)
            let snaps = bar.scrollView.requests.filter(\.animated)
            XCTAssertEqual(snaps.map(\.contentOffset), airbar.scrollView.requests.filter(\.animated).map(\.contentOffset))
            XCTAssertEqual(snaps.count, 2)
            XCTAssertTrue(snaps.allSatisfy(\.shortEaseOut))
            XCTAssertFalse(airbar.scrollView.requests.contains(where: \.shortEaseOut))
            let t = reduced.times, y = column(reduced, "y")
            for snap in snaps {
                let from = Double(snap.from.y), to = Double(snap.contentOffset.y)
                var rows = 0
                for i in t.indices where t[i] > snap.time && t[i] < snap.time + 0.15 - 1e-9 {
                    let s = (t[i] - snap.time) / 0.15
                    var curve = sd_timing_ease_out
                    XCTAssertEqual(y[i], from + (to - from) * sd_timing_curve_value(&curve, s), accuracy: 1e-9,
                                   "t=\(t[i])")
                    rows += 1
                }
                XCTAssertGreaterThanOrEqual(rows, 8 * fps / 60, "rows of the 0.15 s ease-out")
                // Over 0.15 s after it began (the next frame is no longer animating; UIKit's takes 0.25 s).
                let after = try XCTUnwrap(t.firstIndex { $0 > snap.time + 0.15 + 1e-9 })
                XCTAssertEqual(y[after], to)
                XCTAssertNotEqual(reduced.texts("phase")[after], "animating")
                let plainAfter = try XCTUnwrap(plain.times.firstIndex { $0 > snap.time + 0.15 + 1e-9 })
                XCTAssertEqual(plain.texts("phase")[plainAfter], "animating")
            }
            XCTAssertEqual(bar.state.height(), airbar.state.height())
            XCTAssertEqual(bar.scrollView.contentOffset, airbar.scrollView.contentOffset)
        }
    }

    func testScriptKeys() throws {
        let rows: [(UInt, String, BarController.ScrollPolicy?, String)] = [
            (#line, #""snap": "nearest""#, [], ""),
            (#line, #""snap": "direction", "exitUntilCollapsed": true"#, [.snapByDirection, .exitUntilCollapsed], ""),
            (#line, #""snap": "none", "expandWheneverAtTop": true"#, [.noSnap, .expandWheneverAtTop], ""),
            (#line, #""exitUntilCollapsed": false"#, [], ""),
            (#line, #""largeTitle": true"#, [.largeTitle], ""),
            (#line, #""reducedMotion": true"#, [.reducedMotion], ""),
            (#line, #""snap": "sideways""#, nil, "$.surface.snap"),
            (#line, #""exitUntilCollapsed": 1"#, nil, "$.surface.exitUntilCollapsed"),
            (#line, #""stretch": true"#, nil, "$.surface.stretch"),
            (#line, #""safeAreaTop": 47"#, [], ""),
            (#line, #""safeAreaTop": -1"#, nil, "$.surface.safeAreaTop"),
            (#line, #""safeAreaTop": "47""#, nil, "$.surface.safeAreaTop"),
        ]
        for (line, keys, policy, path) in rows {
            let json = #"{"surface": {"type": "bar", "#
                + keys + #"}, "scrollView": {"width": 390, "height": 844, "contentHeight": 2400}, "#
                + #""steps": [{"do": "wait", "duration": 0.1}]}"#
            do {
                let script = try GestureScript(json: json)
                let description = try XCTUnwrap(script.surface as? BarSurfaceDescription, line: line)
                XCTAssertEqual(description.configuration.scrollPolicy, policy, line: line)
            } catch {
                XCTAssertNil(policy, "\(error)", line: line)
                XCTAssertEqual((error as? ScriptError)?.path, path, "\(error)", line: line)
            }
        }
    }
}
