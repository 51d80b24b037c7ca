import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The pull-down panel's built-in scenarios: how each one ends, the return
/// curve along the way, 60 / 120 Hz agreement and determinism.
final class PulldownScenarioTests: XCTestCase {
    private struct Result {
        let run: SimulationRun
        let surface: PulldownSurface

        func column(_ name: String) -> [Double] { run.numbers(name) }
        func texts(_ name: String) -> [String] { run.texts(name) }
        var last: [String: String] {
            Dictionary(uniqueKeysWithValues: zip(run.columns.map(\.name), run.rows.last!.map { "\($0)" }))
        }
        func times(of what: String) -> [Double] { surface.events.filter { $0.what == what }.map(\.time) }
    }

    private func run(_ scenario: Scenario, fps: Int = 60) throws -> Result {
        let simulation = Simulation(script: try scenario.gestureScript(), fps: fps)
        let run = simulation.run()
        return Result(run: run, surface: try XCTUnwrap(simulation.surface as? PulldownSurface))
    }

    func testTheScenariosAndTheSurfaceAreRegistered() throws {
        XCTAssertTrue(SurfaceRegistry.named("pulldown") == PulldownSurfaceDescription.self)
        for scenario in Scenario.pulldownScenarios {
            XCTAssertNotNil(Scenarios.named(scenario.name), scenario.name)
            XCTAssertNoThrow(try scenario.gestureScript(), scenario.name)
        }
        XCTAssertEqual(Scenario.pulldownScenarios.map(\.name),
                       ["pulldown-open", "pulldown-cancel", "pulldown-close", "pulldown-return", "pulldown-list-close",
                        "pulldown-reduced-motion"])
    }

    func testOpen() throws {
        let r = try run(.pulldownOpen)
        let s = r.surface.state
        XCTAssertTrue(s.isOpen)
        XCTAssertEqual(r.surface.haptics, 1, "one haptic, entering pulling")
        let started = r.times(of: "opening started"), finished = r.times(of: "opening finished")
        XCTAssertEqual(started.count, 1)
        XCTAssertEqual(finished.count, 1)
        // Finished by the first tick at or after 0.35 s.
        XCTAssertGreaterThanOrEqual(finished[0] - started[0], 0.35 - 1e-9)
        XCTAssertLessThan(finished[0] - started[0], 0.35 + 1.0 / 60)
        // Released while still moving down past cp1: the list was pinned where it was.
        let pin = try XCTUnwrap(r.surface.list.requests.first)
        XCTAssertFalse(pin.animated)
        XCTAssertLessThan(pin.contentOffset.y, -64 - 90)
        let f = try XCTUnwrap(r.surface.frame)
        XCTAssertEqual(f.navigationBarTop, 736 - 64)
        XCTAssertEqual(f.navigationBarColour.hex, "#FFFFFF")
        XCTAssertEqual([f.panelAlpha, f.panelScaleX, f.panelScaleY, f.maskAlpha], [1, 1, 1, 0.6])
        XCTAssertTrue(f.isInteractionEnabled)
        XCTAssertEqual(r.surface.list.contentOffset.y, -64)
        XCTAssertEqual(r.surface.list.contentInset.top, 64)
        // The interaction was locked exactly while the opening ran.
        let t = r.column("t"), interaction = r.texts("pulldown_interaction")
        for (time, on) in zip(t, interaction) where time > started[0] + 1e-9 && time < finished[0] - 1e-9 {
            XCTAssertEqual(on, "0", "locked at \(time)")
        }
        // The balls went through their stages while pulling: the centre ball
        // grew past 1 towards 2 (at cp1, between two frames), the side balls
        // spread to 16 pt, all three faded past cp2.
        let scale = r.column("pulldown_centre_scale"), left = r.column("pulldown_left_x")
        XCTAssertGreaterThan(scale.max() ?? 0, 1.5)
        XCTAssertLessThanOrEqual(scale.max() ?? 3, 2)
        XCTAssertEqual(left.min(), -16)
        XCTAssertEqual(r.column("pulldown_right_x").max(), 16)
        XCTAssertTrue(zip(r.column("pulldown_centre_alpha"), r.texts("pulldown_list_phase"))
            .contains { $0.0 > 0 && $0.0 < 1 && $0.1 == "pulling" }, "fading while pulling past cp2")
    }

    func testCancel() throws {
        let r = try run(.pulldownCancel)
        let s = r.surface.state
        XCTAssertFalse(s.isOpen)
        XCTAssertEqual(s.listPhase, .idle)
        XCTAssertTrue(r.times(of: "opening started").isEmpty, "moving up before the release: it does not open")
        XCTAssertEqual(r.surface.haptics, 1, "it did enter pulling once")
        XCTAssertTrue(r.texts("pulldown_list_phase").contains("pulling"))
        XCTAssertEqual(r.texts("pulldown_list_phase").last, "idle")
        XCTAssertEqual(r.surface.list.contentOffset.y, -64, "sprung back to rest")
        XCTAssertTrue(r.surface.list.requests.isEmpty, "nothing pinned")
        let f = try XCTUnwrap(r.surface.frame)
        XCTAssertEqual(f.navigationBarTop, 0)
        XCTAssertEqual(f.navigationBarColour.hex, "#EDEDED")
        XCTAssertEqual([f.containerAlpha, f.panelScaleX, f.panelScaleY], [0, 0.6, 0.4])
    }

    func testClose() throws {
        let r = try run(.pulldownClose)
        let s = r.surface.state
        XCTAssertFalse(s.isOpen)
        XCTAssertEqual([s.listPhase, s.panelPhase], [.idle, .idle])
        XCTAssertEqual(s.panelPullUpDistance, 0)
        let started = r.times(of: "closing started"), finished = r.times(of: "closing finished")
        XCTAssertEqual(started.count, 1)
        XCTAssertEqual(finished.count, 1)
        XCTAssertGreaterThanOrEqual(finished[0] - started[0], 0.4 - 1e-9)
        XCTAssertLessThan(finished[0] - started[0], 0.4 + 1.0 / 60)
        XCTAssertEqual(r.times(of: "restoring started"), started)
        // Everything reset: panel scale (0.6, 0.4), offsets 0, list and nav bar back, search bar hidden.
        let f = try XCTUnwrap(r.surface.frame)
        XCTAssertEqual([f.panelScaleX, f.panelScaleY, f.panelAlpha, f.panelY, f.panelContentOffset], [0.6, 0.4, 0, 0, 0])
        XCTAssertEqual([f.navigationBarTop, f.listY, f.tabBarAlpha], [0, 0, 1])
        XCTAssertEqual(f.navigationBarColour.hex, "#EDEDED")
        XCTAssertEqual(r.surface.panel.contentOffset.y, 0)
        XCTAssertEqual(r.surface.applets.contentOffset.y, 57)
        XCTAssertEqual(r.surface.list.contentOffset.y, -64)
        // The panel flew up while it closed.
        let y = r.column("pulldown_panel_y"), t = r.column("t")
        let closing = zip(t, y).filter { $0.0 > started[0] && $0.0 < finished[0] }.map(\.1)
        XCTAssertFalse(closing.isEmpty)
        XCTAssertEqual(closing, closing.sorted(by: >), "monotone upwards")
    }

    func testSlowReturn() throws {
        let r = try run(.pulldownReturn)
        let s = r.surface.state
        XCTAssertTrue(s.isOpen, "a release moving down does not close")
        XCTAssertEqual(s.panelPullUpDistance, 0)
        XCTAssertTrue(r.times(of: "closing started").isEmpty)
        let started = try XCTUnwrap(r.times(of: "returning started").first)
        let finished = try XCTUnwrap(r.times(of: "returning finished").first)
        XCTAssertGreaterThanOrEqual(finished - started, 1.5 - 1e-9)
        // Pulled up to 410 (the segment's end falls between frames), released at 400.
        XCTAssertEqual(r.column("pulldown_panel_offset").max() ?? 0, 410, accuracy: 1)
        XCTAssertEqual(r.surface.panel.requests.first?.from.y, 400, "the release stops the deceleration at 400")
        // Every row of the return is the curve from 400, and the nav colour follows it.
        let config = PulldownPanelController.Configuration.article
        let t = r.column("t"), u = r.column("pulldown_panel_offset"), colour = r.texts("pulldown_nav_colour")
        var rows = 0, previous = 400.0
        for i in t.indices where t[i] >= started && t[i] <= finished {
            let want = try XCTUnwrap(config.returnOffset(from: 400, elapsed: t[i] - started))
            XCTAssertEqual(u[i], want, "at \(t[i])")
            XCTAssertEqual(colour[i], config.navigationBarColour(pullUpDistance: u[i])?.hex, "at \(t[i])")
            XCTAssertLessThanOrEqual(u[i], previous)
            previous = u[i]
            rows += 1
        }
        XCTAssertGreaterThanOrEqual(rows, 90)
        // Half the distance at 30% of the time, on the frame nearest to it.
        let at = try XCTUnwrap(t.indices.min { abs(t[$0] - started - 0.45) < abs(t[$1] - started - 0.45) })
        XCTAssertEqual(u[at], 200, accuracy: 400 * 0.5 / 0.45 / 60)
        XCTAssertEqual(config.returnOffset(from: 400, elapsed: 1.5 * 0.3), 200)
        XCTAssertEqual(colour.last, "#FFFFFF")
    }

    /// Reduced motion: the same gestures as `pulldown-return`, every
    /// transition 0.2 s long, the same states at the end; the frames say so.
    func testReducedMotion() throws {
        for fps in [60, 120] {
            let r = try run(.pulldownReducedMotion, fps: fps), plain = try run(.pulldownReturn, fps: fps)
            let config = r.surface.controller.configuration
            XCTAssertTrue(config.reducedMotion)
            XCTAssertFalse(plain.surface.controller.configuration.reducedMotion)
            XCTAssertTrue(try XCTUnwrap(r.surface.frame).isReducedMotion)
            XCTAssertFalse(try XCTUnwrap(plain.surface.frame).isReducedMotion)
            for (what, short, long) in [("opening", 0.2, 0.35), ("returning", 0.2, 1.5)] {
                let started = try XCTUnwrap(r.times(of: "\(what) started").first)
                let finished = try XCTUnwrap(r.times(of: "\(what) finished").first)
                XCTAssertGreaterThanOrEqual(finished - started, short - 1e-9, what)
                XCTAssertLessThan(finished - started, short + 1.0 / Double(fps), what)
                let p0 = try XCTUnwrap(plain.times(of: "\(what) started").first)
                let p1 = try XCTUnwrap(plain.times(of: "\(what) finished").first)
                XCTAssertGreaterThanOrEqual(p1 - p0, long - 1e-9, what)
            }
            // The return's rows are the curve over 0.2 s: half way at 0.06 s.
            let started = try XCTUnwrap(r.times(of: "returning started").first)
            let finished = try XCTUnwrap(r.times(of: "returning finished").first)
            let t = r.column("t"), u = r.column("pulldown_panel_offset")
            for i in t.indices where t[i] >= started && t[i] <= finished {
                XCTAssertEqual(u[i], try XCTUnwrap(config.returnOffset(from: 400, elapsed: t[i] - started)), "at \(t[i])")
            }
            XCTAssertEqual(config.returnOffset(from: 400, elapsed: 0.2 * 0.3), 200)
            XCTAssertEqual(config.returnOffset(from: 400, elapsed: 0.2), 0)
            // The same open panel at the end.
            let f = try XCTUnwrap(r.surface.frame), g = try XCTUnwrap(plain.surface.frame)
            XCTAssertEqual([f.navigationBarTop, f.panelAlpha, f.maskAlpha, f.panelContentOffset, f.tabBarAlpha],
                           [g.navigationBarTop, g.panelAlpha, g.maskAlpha, g.panelContentOffset, g.tabBarAlpha])
            XCTAssertEqual(f.navigationBarColour, g.navigationBarColour)
            XCTAssertTrue(r.surface.state.isOpen)
        }
    }

    func testDraggingTheMiniProgramListUpCloses() throws {
        let r = try run(.pulldownListClose)
        XCTAssertFalse(r.surface.state.isOpen)
        XCTAssertEqual(r.times(of: "closing started").count, 1)
        XCTAssertGreaterThanOrEqual(r.column("applets_y").max() ?? 0, 57 + 140 - 1e-9, "dragged up 140")
        XCTAssertEqual(r.surface.applets.contentOffset.y, 57, "search bar hidden again after the close")
        XCTAssertEqual(r.surface.frame?.navigationBarTop, 0)
    }

    func testSixtyAndOneTwentyHertzEndTheSameAndRunsRepeat() throws {
        for scenario in Scenario.pulldownScenarios {
            let slow = try run(scenario, fps: 60), fast = try run(scenario, fps: 120)
            XCTAssertEqual(slow.surface.state.isOpen, fast.surface.state.isOpen, scenario.name)
            for column in ["y", "pulldown_nav_top", "pulldown_panel_offset", "pulldown_panel_scale_x",
                           "pulldown_mask_alpha", "pulldown_list_y", "applets_y"]
            {
                XCTAssertEqual(slow.column(column).last, fast.column(column).last, "\(scenario.name) \(column)")
            }
            XCTAssertEqual(slow.surface.haptics, fast.surface.haptics, scenario.name)
            XCTAssertEqual(slow.surface.events.map(\.what), fast.surface.events.map(\.what), scenario.name)
            // Positions that are functions of time agree at the common timestamps.
            for (n, t) in slow.column("t").enumerated() where 2 * n < fast.run.rows.count {
                for column in ["y", "finger_y", "pulldown_panel_offset"] {
                    let a = slow.column(column)[n], b = fast.column(column)[2 * n]
                    if a.isNaN || b.isNaN { XCTAssertEqual(a.isNaN, b.isNaN); continue }
                    XCTAssertEqual(a, b, accuracy: 0.5, "\(scenario.name) \(column) at \(t)")
                }
            }
            XCTAssertEqual(try run(scenario).run.csv(), slow.run.csv(), "\(scenario.name) repeats byte for byte")
        }
    }

    func testReplayDrawsTheBallsThePanelAndTheNavColour() throws {
        let r = try run(.pulldownOpen)
        let html = HTMLReplay.page(for: r.run)
        XCTAssertTrue(html.contains("ScrollDriveReplay.surfaces[\"pulldown\"]"))
        for key in ["pulldown_centre_scale", "pulldown_left_x", "pulldown_panel_scale_x", "pulldown_nav_colour",
                    "pulldown_mask_alpha", "applets_y"]
        {
            XCTAssertTrue(html.contains(key), key)
        }
        XCTAssertTrue(html.contains("\"#FFFFFF\""), "the recorded nav colours are in the page")
    }

    func testSurfaceKeysAndActions() throws {
        func script(_ surface: String, steps: String = "{\"do\": \"wait\", \"duration\": 0.1}") -> String {
            "{\"surface\": \(surface), \"scrollView\": {\"width\": 414, \"height\": 736}, \"steps\": [\(steps)]}"
        }
        let w = try GestureScript(json: script("{\"type\": \"pulldown\", \"preset\": \"wechat\"}"))
        XCTAssertEqual((w.surface as? PulldownSurfaceDescription)?.configuration, .wechat)
        let rows: [(UInt, String, String)] = [
            (#line, "{\"type\": \"pulldown\", \"preset\": \"weixin\"}", "$.surface.preset"),
            (#line, "{\"type\": \"pulldown\", \"criticalPoints\": [60, 50, 130, 240]}", "$.surface.criticalPoints"),
            (#line, "{\"type\": \"pulldown\", \"criticalPoints\": [60, 90]}", "$.surface.criticalPoints"),
            (#line, "{\"type\": \"pulldown\", \"screenHeight\": 200}", "$.surface.screenHeight"),
            (#line, "{\"type\": \"pulldown\", \"topBarHeight\": -1}", "$.surface.topBarHeight"),
        ]
        for (line, surface, path) in rows {
            XCTAssertThrowsError(try GestureScript(json: script(surface)), line: line) { error in
                XCTAssertEqual((error as? ScriptError)?.path, path, "\(error)", line: line)
            }
        }
        XCTAssertThrowsError(try GestureScript(json: script("{\"type\": \"pulldown\"}",
                                                            steps: "{\"do\": \"surface\", \"action\": \"expand\"}")))
        // close / open-mini-program / page-appeared drive the controller.
        let steps = """
            {"do": "wait", "duration": 0.2},
            {"do": "drag", "from": [207, 150], "to": [207, 550], "duration": 0.6},
            {"do": "wait", "duration": 0.6},
            {"do": "surface", "action": "open-mini-program"},
            {"do": "wait", "duration": 0.5},
            {"do": "surface", "action": "page-appeared"},
            {"do": "wait", "duration": 0.5}
            """
        let simulation = Simulation(script: try GestureScript(json: script("{\"type\": \"pulldown\"}", steps: steps)),
                                    fps: 60)
        _ = simulation.run()
        let surface = try XCTUnwrap(simulation.surface as? PulldownSurface)
        XCTAssertFalse(surface.state.isOpen)
        XCTAssertNotNil(surface.events.first { $0.what == "opening finished" })
        // The mini-program opened at 1.4 s; the close waited for its page, at 1.9 s.
        let closed = try XCTUnwrap(surface.events.first { $0.what == "closing started" }?.time)
        XCTAssertEqual(closed, 1.9, accuracy: 1e-9, "the close waited for the page")
    }
}
