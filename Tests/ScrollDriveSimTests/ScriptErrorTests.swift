import Foundation
import ScrollDriveSim
import XCTest

/// Malformed gesture scripts are rejected with the JSON path of the problem.
final class ScriptErrorTests: XCTestCase {
    /// A valid script around `steps` (JSON text of the array).
    private func script(steps: String, scrollView: String = "{}", surface: String = #"{"type": "bar"}"#) -> String {
        #"{"surface": \#(surface), "scrollView": \#(scrollView), "steps": \#(steps)}"#
    }

    func testMalformedScriptsNameThePath() {
        let rows: [(line: UInt, json: String, path: String, message: String)] = [
            (#line, script(steps: #"[{"do": "wait", "duration": 1}, {"do": "wait", "duration": 1}, {"do": "wait", "duration": 0}]"#),
             "$.steps[2].duration", "must be > 0"),
            (#line, script(steps: #"[{"do": "hold", "duration": -1}]"#), "$.steps[0].duration", "must be > 0"),
            (#line, script(steps: #"[{"do": "wait"}]"#), "$.steps[0].duration", "is required"),
            (#line, script(steps: #"[{"do": "wait", "duration": "1"}]"#), "$.steps[0].duration",
             "must be a number, not a string"),
            (#line, script(steps: #"[{"do": "jump"}]"#), "$.steps[0].do", "unknown step \"jump\""),
            (#line, script(steps: #"[{"do": "wait", "durration": 1}]"#), "$.steps[0].durration", "unknown key"),
            (#line, script(steps: #"[{"do": "drag", "to": [1, 2], "duration": 1}]"#), "$.steps[0].from",
             "is required: no finger is on the screen"),
            (#line, script(steps: #"[{"do": "drag", "from": [1, 2], "to": [1], "duration": 1}]"#), "$.steps[0].to",
             "must be a point [x, y]"),
            (#line, script(steps: #"[{"do": "fling", "from": [1, 2], "to": [1, 9], "duration": 0.1, "velocity": "fast"}]"#),
             "$.steps[0].velocity", "must be a number"),
            (#line, script(steps: #"[{"do": "drag", "from": [1, 2], "to": [1, 9], "duration": 1, "curve": "bouncy"}]"#),
             "$.steps[0].curve", "unknown curve \"bouncy\""),
            (#line, script(steps: #"[{"do": "hold", "duration": 1}]"#), "$.steps[0]", "hold needs a finger"),
            (#line, script(steps: #"[{"do": "drag", "from": [1, 2], "to": [1, 9], "duration": 1, "lift": false}, {"do": "wait", "duration": 1}, {"do": "hold", "duration": 1}]"#),
             "$.steps[1]", "the finger is still down (steps[0]"),
            (#line, script(steps: #"[{"do": "drag", "from": [1, 2], "to": [1, 9], "duration": 1, "lift": false}, {"do": "drag", "from": [5, 5], "to": [1, 20], "duration": 1}]"#),
             "$.steps[1].from", "the finger is already down at [1, 9]"),
            (#line, script(steps: #"[{"do": "drag", "from": [1, 2], "to": [1, 9], "duration": 1, "lift": false}]"#),
             "$.steps[0]", "the script ends with the finger down"),
            (#line, script(steps: #"[{"do": "cancel"}]"#), "$.steps[0]", "cancel needs a finger"),
            (#line, script(steps: #"[{"do": "surface", "action": "fold"}]"#), "$.steps[0].action",
             "unknown bar action \"fold\""),
            (#line, script(steps: #"{"do": "wait"}"#), "$.steps", "must be an array, not an object"),
            (#line, script(steps: "[]", scrollView: #"{"height": 0}"#), "$.scrollView.height", "must be > 0"),
            (#line, script(steps: "[]", scrollView: #"{"decelerationRate": 1.5}"#), "$.scrollView.decelerationRate",
             "must be \"normal\", \"fast\" or a number > 0 and < 1"),
            (#line, script(steps: "[]", scrollView: #"{"bounces": 1}"#), "$.scrollView.bounces",
             "must be true or false, not a number"),
            (#line, script(steps: "[]", surface: #"{"type": "nope"}"#), "$.surface.type", "unknown surface \"nope\""),
            (#line, script(steps: "[]", surface: #"{"type": "bar", "compact": 130}"#), "$.surface.normal",
             "must be >= compact"),
            (#line, script(steps: "[]", surface: #"{"type": "bar", "hieght": 1}"#), "$.surface.hieght", "unknown key"),
            (#line, #"{"steps": []}"#, "$.surface", "is required"),
            (#line, #"{"surface": {"type": "bar"}}"#, "$.steps", "is required"),
            (#line, #"{"surface": {"type": "bar"}, "steps": [], "odd key": 1}"#, "$[\"odd key\"]", "unknown key"),
            (#line, "[1, 2]", "$", "must be an object, not an array"),
            (#line, "{\"surface\": {\"type\": \"bar\"},\n  \"steps\": [,]}", "$",
             "not valid JSON at line 2, column 13: unexpected character, expected a value"),
            (#line, #"{"a": 1, "a": 2}"#, "$", "not valid JSON at line 1, column 10: duplicate key \"a\""),
            (#line, "", "$", "not valid JSON at line 1, column 1: unexpected end of text"),
            (#line, #"{"surface": {"type": "bar"}, "steps": [{"do": "wait", "duration": 1e999}]}"#, "$",
             "not valid JSON at line 1, column 67: number out of range"),
        ]
        for row in rows {
            do {
                _ = try GestureScript(json: row.json)
                XCTFail("accepted a malformed script", line: row.line)
            } catch {
                XCTAssertEqual(error.path, row.path, "\(error)", line: row.line)
                XCTAssertTrue(error.message.hasPrefix(row.message), "\(error)", line: row.line)
                XCTAssertEqual(error.description, "\(row.path): \(error.message)", line: row.line)
            }
        }
    }

    func testTooLongAScriptIsRejected() {
        XCTAssertThrowsError(try GestureScript(json: script(steps: #"[{"do": "wait", "duration": 43200}, {"do": "wait", "duration": 43201}]"#))) { error in
            XCTAssertEqual((error as? ScriptError)?.description, "$.steps: the steps last 86401 s; at most 86400 s")
        }
        XCTAssertThrowsError(try GestureScript(json: script(steps: #"[{"do": "wait", "duration": 86400.5}]"#))) { error in
            XCTAssertEqual((error as? ScriptError)?.description, "$.steps[0].duration: must be <= 86400 (seconds)")
        }
    }

    /// Finding SIM1: numbers near DBL_MAX simulated to NaN and infinite
    /// velocities. Coordinates, sizes, velocities, speeds and durations are
    /// bounded (docs/gesture-scripts.md, Bounds), each refused at its path.
    func testNumbersOutsideTheirBoundsNameThePathAndRule() {
        let within = "must be within -1e9...1e9 (points)"
        let rows: [(line: UInt, json: String, path: String, message: String)] = [
            // The reduced inputs of SIM1.
            (#line, script(steps: #"[{"do": "fling", "from": [36, 1e308], "to": [151, 404], "duration": 0.135, "velocity": 3214}, {"do": "wait", "duration": 1}]"#,
                           scrollView: #"{"height": 844, "contentHeight": 2000}"#), "$.steps[0].from[1]", within),
            (#line, script(steps: #"[{"do": "scroll-to", "y": -1e308, "animated": true}, {"do": "wait", "duration": 1}]"#),
             "$.steps[0].y", within),
            (#line, script(steps: #"[{"do": "tap", "at": [-1.5e9, 0]}]"#), "$.steps[0].at[0]", within),
            (#line, script(steps: #"[{"do": "drag", "from": [0, 0], "to": [0, 1000000001], "duration": 9}]"#),
             "$.steps[0].to[1]", within),
            (#line, script(steps: "[]", scrollView: #"{"contentOffset": [0, 1e308]}"#), "$.scrollView.contentOffset[1]", within),
            (#line, script(steps: "[]", scrollView: #"{"contentOffset": -2e9}"#), "$.scrollView.contentOffset", within),
            (#line, script(steps: "[]", scrollView: #"{"contentHeight": 1e10}"#), "$.scrollView.contentHeight",
             "must be <= 1e9 (points)"),
            (#line, script(steps: "[]", scrollView: #"{"width": 1.7976931348623157e308}"#), "$.scrollView.width",
             "must be <= 1e9 (points)"),
            (#line, script(steps: "[]", scrollView: #"{"contentWidth": 1e9, "height": 1000000000.5}"#), "$.scrollView.height",
             "must be <= 1e9 (points)"),
            (#line, script(steps: #"[{"do": "content-size", "width": 1e12, "height": 10}]"#), "$.steps[0].width",
             "must be <= 1e9 (points)"),
            (#line, script(steps: #"[{"do": "content-size", "height": 1e300}]"#), "$.steps[0].height",
             "must be <= 1e9 (points)"),
            (#line, script(steps: #"[{"do": "fling", "from": [0, 0], "to": [0, 1], "duration": 0.1, "velocity": 2e9}]"#),
             "$.steps[0].velocity", "must be within -1e9...1e9 (points per second)"),
            (#line, script(steps: #"[{"do": "fling", "from": [0, 0], "to": [0, 1], "duration": 0.1, "velocity": [-1e308, 0]}]"#),
             "$.steps[0].velocity[0]", "must be within -1e9...1e9 (points per second)"),
            (#line, script(steps: #"[{"do": "hold", "duration": 1e300}]"#), "$.steps[0].duration", "must be <= 86400 (seconds)"),
            // The simulated refresh app's times and page (as the core's sd_sim_refresh_app takes them).
            (#line, script(steps: "[]", surface: #"{"type": "refresh", "refreshTime": 1000000.5}"#), "$.surface.refreshTime",
             "must be <= 1e6 (seconds)"),
            (#line, script(steps: "[]", surface: #"{"type": "refresh", "loadTime": 1e300}"#), "$.surface.loadTime",
             "must be <= 1e6 (seconds)"),
            (#line, script(steps: "[]", surface: #"{"type": "refresh", "pageHeight": 2e6}"#), "$.surface.pageHeight",
             "must be <= 1e6 (points)"),
            // Moves faster than 1e9 points per second on average.
            (#line, script(steps: #"[{"do": "drag", "from": [0, 0], "to": [0, 1e9], "duration": 0.5}]"#), "$.steps[0].duration",
             "too short for the move: the finger would cover 1e+09 points at 2e+09 points per second, more than 1e9; make it at least 1 s"),
            (#line, script(steps: #"[{"do": "drag", "from": [0, 0], "to": [0, 1e9], "duration": 1, "lift": false}, {"do": "fling", "to": [0, -1e9], "duration": 1.5}]"#),
             "$.steps[1].duration",
             "too short for the move: the finger would cover 2e+09 points at 1.33e+09 points per second, more than 1e9; make it at least 2 s"),
            (#line, script(steps: #"[{"do": "drag", "from": [0, 0], "to": [3, 4], "duration": 1e-320}]"#), "$.steps[0].duration",
             "too short for the move: the finger would cover 5 points at inf points per second, more than 1e9; make it at least 5e-09 s"),
            (#line, script(steps: #"[{"do": "fling", "from": [0, 0], "to": [0, 123456789], "duration": 0.1}]"#), "$.steps[0].duration",
             "too short for the move: the finger would cover 1.23e+08 points at 1.23e+09 points per second, more than 1e9; make it at least 0.124 s"),
        ]
        for row in rows {
            do {
                _ = try GestureScript(json: row.json)
                XCTFail("accepted a script outside the bounds", line: row.line)
            } catch {
                XCTAssertEqual(error.path, row.path, "\(error)", line: row.line)
                XCTAssertEqual(error.message, row.message, line: row.line)
            }
        }
    }

    /// Numbers at their bounds are accepted and simulate to finite values.
    func testNumbersAtTheirBoundsAreAcceptedAndStayFinite() throws {
        for surface in [#"{"type": "bar"}"#, #"{"type": "sheet"}"#, #"{"type": "pulldown"}"#] {
            let s = try GestureScript(json: script(steps: """
                [{"do": "drag", "from": [-1e9, -1e9], "to": [-1e9, 1e9], "duration": 2, "curve": "linear", "lift": false},
                 {"do": "fling", "to": [1e9, 0], "duration": 2.5, "velocity": [1e9, -1e9]},
                 {"do": "content-size", "width": 1e9, "height": 1e9},
                 {"do": "scroll-to", "y": -1e9, "animated": true},
                 {"do": "wait", "duration": 0.1},
                 {"do": "tap", "at": [1e9, -1e9]},
                 {"do": "scroll-to", "y": 1e9},
                 {"do": "drag", "from": [0, 0], "to": [0, 0], "duration": 1e-300}]
                """, scrollView: #"{"width": 1e9, "height": 1e9, "contentWidth": 1e9, "contentHeight": 0, "contentOffset": [-1e9, 1e9]}"#,
                surface: surface))
            XCTAssertEqual(s.steps.first, .drag(from: CGPoint(x: -1e9, y: -1e9), to: CGPoint(x: -1e9, y: 1e9), duration: 2,
                                               curve: .linear, lift: false))
            let run = Simulation(script: s, fps: 60).run()
            XCTAssertGreaterThan(run.rows.count, 100, surface)
            for (r, row) in run.rows.enumerated() {
                for (c, cell) in row.enumerated() {
                    if let x = cell.number, !x.isFinite {
                        return XCTFail("\(surface): row \(r) column \(run.columns[c].name) is \(x)")
                    }
                }
            }
        }
    }

    func testAValidScriptReadsEveryStep() throws {
        let s = try GestureScript(json: script(steps: """
            [{"do": "wait", "duration": 0.5},
             {"do": "drag", "from": [10, 20], "to": [10, 80], "duration": 0.25, "curve": "linear", "lift": false},
             {"do": "hold", "duration": 0.1, "lift": false},
             {"do": "fling", "to": [10, 40], "duration": 0.05, "velocity": [0, -900]},
             {"do": "tap", "at": [3, 4]},
             {"do": "content-size", "height": 500},
             {"do": "scroll-to", "y": 30, "animated": false},
             {"do": "surface", "action": "expand"}]
            """, scrollView: #"{"width": 320, "height": 568, "contentHeight": 1000, "contentOffset": 12, "decelerationRate": "fast", "bounces": false}"#))
        XCTAssertEqual(s.steps, [
            .wait(duration: 0.5),
            .drag(from: CGPoint(x: 10, y: 20), to: CGPoint(x: 10, y: 80), duration: 0.25, curve: .linear, lift: false),
            .hold(duration: 0.1, lift: false),
            .fling(from: nil, to: CGPoint(x: 10, y: 40), duration: 0.05, velocity: SimVector(dx: 0, dy: -900)),
            .tap(at: CGPoint(x: 3, y: 4)),
            .contentSize(width: nil, height: 500),
            .scrollTo(y: 30, animated: false),
            .surface(SurfaceAction(name: "expand", arguments: [JSONMember("action", .string("expand"))])),
        ])
        XCTAssertEqual(s.scrollView.frame.size, CGSize(width: 320, height: 568))
        XCTAssertEqual(s.scrollView.contentSize, CGSize(width: 320, height: 1000))
        XCTAssertEqual(s.scrollView.contentOffset.y, 12)
        XCTAssertEqual(s.scrollView.decelerationRate, 0.99)
        XCTAssertFalse(s.scrollView.bounces)
        XCTAssertEqual(s.settle, 10)
    }

    func testTheDocumentedExampleReadsAndRuns() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/gesture-scripts.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "```json\n"))
        let end = try XCTUnwrap(text.range(of: "```", range: start.upperBound..<text.endIndex))
        let script = try GestureScript(json: String(text[start.upperBound..<end.lowerBound]))
        XCTAssertEqual(script.name, "my-fling")
        XCTAssertEqual(script.steps.count, 5)
        let run = Simulation(script: script, fps: 60).run()
        XCTAssertEqual(run.numbers("bar_height").last, 120)
    }

    func testJSONReaderKeepsExactNumbersAndEscapes() throws {
        let value = try JSONValue(parsing: #"{"x": 0.1, "y": -2.5e-3, "s": "a\"\u00e9\ud83d\ude00"}"#)
        XCTAssertEqual(value, .object([JSONMember("x", .number(0.1)), JSONMember("y", .number(-0.0025)),
                                       JSONMember("s", .string("a\"é😀"))]))
        XCTAssertEqual(JSONValue.string("</script>").serialized, #""\u003c/script>""#)
        XCTAssertEqual(JSONValue.array([.number(120), .number(0.5), .number(.nan)]).serialized, "[120,0.5,null]")
    }

    func testBuiltInScenariosAllRead() throws {
        XCTAssertGreaterThanOrEqual(Scenarios.all.count, 6)
        XCTAssertEqual(Set(Scenarios.all.map(\.name)).count, Scenarios.all.count, "scenario names must be unique")
        XCTAssertEqual(Set(SurfaceRegistry.all.map { $0.type }).count, SurfaceRegistry.all.count)
        for scenario in Scenarios.all {
            let script = try scenario.gestureScript()
            XCTAssertEqual(script.name, scenario.name)
            XCTAssertFalse(scenario.summary.isEmpty)
            XCTAssertNotNil(SurfaceRegistry.named(type(of: script.surface).type))
        }
        XCTAssertNotNil(Scenarios.named("bar-fling"))
        XCTAssertNil(Scenarios.named("no-such-scenario"))
    }
}
