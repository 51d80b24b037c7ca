import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The refresh surface's built-in scenarios: the events each one gives, at
/// their exact times, the held inset, the footer's loads, and 60 / 120 Hz
/// agreement on all of it.
final class RefreshScenarioTests: XCTestCase {
    private struct Result {
        let run: SimulationRun
        let surface: RefreshSurface

        /// The events as traces spell them, with their times.
        var events: [String] { surface.events.map { RefreshSurface.name($0.event) } }
        func times(_ name: String) -> [Double] {
            surface.events.filter { RefreshSurface.name($0.event) == name }.map(\.time)
        }
    }

    private func run(_ scenario: Scenario, fps: Int = 60) throws -> Result {
        let simulation = Simulation(script: try scenario.gestureScript(), fps: fps)
        let run = simulation.run()
        return Result(run: run, surface: try XCTUnwrap(simulation.surface as? RefreshSurface))
    }

    func testTheScenariosAndTheSurfaceAreRegistered() throws {
        XCTAssertTrue(SurfaceRegistry.named("refresh") == RefreshSurfaceDescription.self)
        for scenario in Scenario.refreshScenarios {
            XCTAssertNotNil(Scenarios.named(scenario.name), scenario.name)
        }
        XCTAssertEqual(Scenario.refreshScenarios.map(\.name),
                       ["refresh-pull", "refresh-pull-back", "refresh-minimum-time", "refresh-load-more",
                        "refresh-programmatic", "refresh-reduced-motion"])
    }

    /// The release at 0.7 s refreshes; the app is told to refresh when the
    /// 0.25 s begin motion ends, at 0.95 s (MJRefresh's moment), and ends
    /// its 1 s of work at 1.95 s; the header is gone at 2.35 s. The inset is
    /// 118 exactly from the release to the end motion's last frame, and the
    /// offset is -118 from the end of the begin motion to the app's end.
    func testPull() throws {
        for fps in [60, 120] {
            let r = try run(.refreshPull, fps: fps)
            XCTAssertEqual(r.events, ["header(pulling)", "header(refreshing)", "refresh", "header(done)", "header(idle)"])
            XCTAssertEqual(r.times("header(refreshing)"), [0.7])
            XCTAssertEqual(r.times("refresh"), [0.95])
            XCTAssertEqual(r.times("header(done)"), [1.95])
            XCTAssertEqual(r.times("header(idle)")[0], 2.35, accuracy: 1e-9)
            let t = r.run.numbers("t"), inset = r.run.numbers("refresh_inset_top"), y = r.run.numbers("y")
            for (i, time) in t.enumerated() {
                let holding = time >= 0.7 - 1e-9 && time < 2.35 - 1e-9
                XCTAssertEqual(inset[i], holding ? 118 : 64, "t = \(time) at \(fps) Hz")
                if time >= 0.95 - 1e-9 && time <= 1.95 { XCTAssertEqual(y[i], -118, "t = \(time)") }
            }
            XCTAssertEqual(r.surface.scrollView.contentOffset.y, -64)
            XCTAssertEqual(r.surface.scrollView.contentInset.top, 64)
        }
    }

    /// Reduced motion: refresh-pull's events, each motion 0.2 s: told to
    /// refresh at 0.9 s (the release at 0.7 + 0.2), done at 1.9 s after the
    /// app's 1 s, idle at 2.1 s; the inset held exactly as long; the frames say so.
    func testReducedMotion() throws {
        for fps in [60, 120] {
            let r = try run(.refreshReducedMotion, fps: fps)
            XCTAssertTrue(r.surface.controller.configuration.reducedMotion)
            XCTAssertTrue(r.surface.controller.frame.isReducedMotion)
            XCTAssertEqual(r.events, ["header(pulling)", "header(refreshing)", "refresh", "header(done)", "header(idle)"])
            XCTAssertEqual(r.times("header(refreshing)"), [0.7])
            XCTAssertEqual(r.times("refresh")[0], 0.9, accuracy: 1e-9)
            XCTAssertEqual(r.times("header(done)")[0], 1.9, accuracy: 1e-9)
            XCTAssertEqual(r.times("header(idle)")[0], 2.1, accuracy: 1e-9)
            let t = r.run.numbers("t"), inset = r.run.numbers("refresh_inset_top")
            for (i, time) in t.enumerated() {
                XCTAssertEqual(inset[i], time >= 0.7 - 1e-9 && time < 2.1 - 1e-9 ? 118 : 64, "t = \(time) at \(fps) Hz")
            }
            XCTAssertEqual(r.surface.scrollView.contentOffset.y, -64)
            let plain = try run(.refreshPull, fps: fps)
            XCTAssertFalse(plain.surface.controller.frame.isReducedMotion)
        }
    }

    /// The plot marks the header's and footer's events as the sheet's are
    /// marked, with the resting offset and the header-in-view line; the
    /// replay's values panel leads with the header's and footer's states.
    func testThePlotAndTheReplayShowTheRefreshStates() throws {
        let r = try run(.refreshPull)
        let svg = SVGPlot.render(r.run)
        for mark in [">header(pulling)<", ">header(refreshing)<", ">refresh<", ">header(done)<", ">header(idle)<",
                     ">rest -64<", ">header in view -118<"] {
            XCTAssertEqual(svg.components(separatedBy: mark).count - 1, 1, mark)
        }
        let guide = PlotGuide.of(r.run.header)
        XCTAssertTrue(guide.mainColumns.contains("refresh_header") && guide.mainColumns.contains("refresh_footer"))
        let html = HTMLReplay.page(for: r.run)
        XCTAssertTrue(html.contains(#""main":["t","step","phase","y","vy","refresh_header","refresh_footer""#))
        let loads = try run(.refreshLoadMore)
        XCTAssertEqual(SVGPlot.render(loads.run).components(separatedBy: ">footer(loading)+loadMore<").count - 1, 2)
    }

    func testPullBack() throws {
        let r = try run(.refreshPullBack)
        XCTAssertEqual(r.events, ["header(pulling)", "header(idle)"])
        XCTAssertEqual(Set(r.run.numbers("refresh_inset_top")), [64])
        XCTAssertEqual(r.surface.scrollView.contentOffset.y, -64)
    }

    /// Told to refresh at 0.95 s, the app ends at once; the 1.5 s minimum
    /// (from the release at 0.7 s) holds the header until 2.2 s.
    func testMinimumTime() throws {
        let r = try run(.refreshMinimumTime)
        XCTAssertEqual(r.times("refresh"), [0.95])
        XCTAssertEqual(r.times("header(done)"), [2.2])
        XCTAssertEqual(r.times("header(idle)")[0], 2.6, accuracy: 1e-9)
    }

    /// Two loads, one per approach, then no more data: the third fling
    /// reaches the end and nothing fires.
    func testLoadMore() throws {
        for fps in [60, 120] {
            let r = try run(.refreshLoadMore, fps: fps)
            XCTAssertEqual(r.events, ["footer(loading)", "loadMore", "footer(idle)", "footer(loading)", "loadMore",
                                      "footer(noMoreData)"], "\(fps) Hz")
            XCTAssertEqual(r.surface.loads, 2)
            XCTAssertEqual(r.surface.scrollView.contentSize.height, 4000)
            // Each load ends 0.5 s after it began, at that time exactly.
            let began = r.times("loadMore"), ended = r.times("footer(idle)") + r.times("footer(noMoreData)")
            XCTAssertEqual(zip(began, ended).map { $1 - $0 }, [0.5, 0.5])
            // The list ends at the new end: 4000 + 49 + 44 - 667.
            XCTAssertEqual(r.surface.scrollView.contentOffset.y, 3426)
            XCTAssertEqual(Set(r.run.numbers("refresh_inset_bottom")), [93])
        }
    }

    func testProgrammatic() throws {
        let r = try run(.refreshProgrammatic)
        XCTAssertEqual(r.events, ["header(refreshing)", "refresh", "header(done)", "header(idle)"])
        XCTAssertEqual(r.times("header(refreshing)"), [0.2])
        XCTAssertEqual(r.times("refresh"), [0.45]) // when the begin motion ends
        let t = r.run.numbers("t"), y = r.run.numbers("y")
        let at = try XCTUnwrap(t.firstIndex { $0 >= 0.45 - 1e-9 })
        XCTAssertEqual(y[at], -118, "the header is in view when the begin motion ends")
    }

    func testScriptErrors() throws {
        let rows: [(line: UInt, surface: String, message: String)] = [
            (#line, #""pullThreshold": 0"#, "$.surface.pullThreshold: must be > 0"),
            (#line, #""triggerFraction": 2"#, "$.surface.triggerFraction: must be within [0, 1]"),
            (#line, #""pages": 1.5"#, "$.surface.pages: must be a whole number"),
            (#line, #""refreshTime": -1"#, "$.surface.refreshTime: must be >= 0"),
            (#line, #""header": 1"#, "$.surface.header: must be true or false, not a number"),
            (#line, #""colour": 1"#, "$.surface.colour: unknown key"),
        ]
        for row in rows {
            let json = #"{"surface": {"type": "refresh", \#(row.surface)}, "steps": [{"do": "wait", "duration": 1}]}"#
            XCTAssertThrowsError(try GestureScript(json: json, name: "x"), line: row.line) { error in
                XCTAssertTrue("\(error)".contains(row.message), "\(error)", line: row.line)
            }
        }
        let action = #"{"surface": {"type": "refresh"}, "steps": [{"do": "surface", "action": "refreshNow"}]}"#
        XCTAssertThrowsError(try GestureScript(json: action, name: "x")) { error in
            XCTAssertTrue("\(error)".contains("unknown refresh action \"refreshNow\""), "\(error)")
        }
    }
}
