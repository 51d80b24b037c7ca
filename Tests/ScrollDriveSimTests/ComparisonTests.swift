import Foundation
@testable import ScrollDriveSim
import XCTest

/// `scrolldrive compare`: identical inputs differ nowhere; the
/// two pull-down presets first differ where the WeChat preset hides the
/// centre ball; 60 and 120 Hz are matched at the frames both have.
final class ComparisonTests: XCTestCase {
    private func run(_ name: String, fps: Int = 60, edit: ((String) -> String)? = nil) throws -> SimulationRun {
        let scenario = try XCTUnwrap(Scenarios.named(name))
        let script = try edit.map { try GestureScript(json: $0(scenario.script), name: name) } ?? scenario.gestureScript()
        return Simulation(script: script, fps: fps).run()
    }

    func testIdenticalRunsDifferNowhere() throws {
        for scenario in Scenarios.all {
            let c = RunComparison(try run(scenario.name), try run(scenario.name))
            XCTAssertTrue(c.isIdentical, scenario.name)
            XCTAssertEqual(c.matchedFrames, c.a.rows.count)
            XCTAssertTrue(c.report(labelA: "a", labelB: "b")
                .contains("no difference: every frame and every column identical, bit for bit"))
        }
    }

    func testThePresetsFirstDifferWhereTheCentreBallShows() throws {
        let a = try run("pulldown-open")
        let b = try run("pulldown-open") { $0.replacingOccurrences(of: #""preset": "article""#,
                                                                  with: #""preset": "wechat""#) }
        XCTAssertNotEqual(a.header.surfaceParameters, b.header.surfaceParameters)
        let c = RunComparison(a, b)
        XCTAssertFalse(c.isIdentical)
        // Frame 26 (t = 26/60 s): the article's centre ball is showing, the WeChat preset's is not.
        XCTAssertEqual(c.firstFrame?.a, 26)
        XCTAssertEqual(c.firstFrame?.b, 26)
        XCTAssertEqual(c.firstDifferences.map(\.column), ["pulldown_centre_alpha", "pulldown_centre_scale"])
        XCTAssertEqual(c.firstDifferences.first?.time, 26.0 / 60)
        XCTAssertEqual(c.firstDifferences.first?.a, .number(1))
        XCTAssertEqual(c.firstDifferences.first?.b, .number(0))
        // Every frame before it is the same in every shared column.
        for i in 0..<26 { XCTAssertEqual(a.rows[i], b.rows[i], "frame \(i)") }
        XCTAssertEqual(c.largest.first?.column, "pulldown_left_x")
        XCTAssertTrue(c.report(labelA: "article", labelB: "wechat")
            .contains("first difference at t=0.433 s (frame 26 of A, 26 of B):\n  pulldown_centre_alpha: A 1, B 0\n"))
    }

    func testFrameRatesAreMatchedByTime() throws {
        let c = RunComparison(try run("sheet-flick", fps: 60), try run("sheet-flick", fps: 120))
        // Every 60 Hz frame is a 120 Hz frame, except where the runs' ends differ.
        XCTAssertEqual(c.matchedFrames, min(c.a.rows.count, (c.b.rows.count + 1) / 2))
        XCTAssertFalse(c.isIdentical)
    }

    func testThePlotHoldsBothRunsBDashed() throws {
        let a = try run("bar-fling"), b = try run("bar-fling", fps: 120)
        let svg = RunComparison(a, b).plot(labelA: "bar-fling at 60 Hz", labelB: "bar-fling at 120 Hz")
        for text in [">A_y (pt)<", ">B_y (pt)<", ">A_vy (pt/s)<", ">B_vy (pt/s)<", ">A: bar-fling at 60 Hz vs B: bar-fling at 120 Hz<",
                     ">compact 60<", ">A<", ">B<"] {
            XCTAssertTrue(svg.contains(text), "missing \(text)")
        }
        let paths = svg.components(separatedBy: "<path d=\"").dropFirst()
        XCTAssertEqual(paths.count, 8, "y, bar height, progress, vy for each run")
        XCTAssertEqual(paths.filter { $0.prefix(while: { $0 != ">" }).contains("stroke-dasharray") }.count, 4)
    }

    /// A shorter run's marks are drawn at its own frames only, not again
    /// on every frame after it ended (was: its last event 91 times); its
    /// lines end with it.
    func testAnEndedRunDrawsNothingMore() throws {
        let a = try run("sheet-open-full"), b = try run("sheet-cancel")
        XCTAssertLessThan(a.times.last!, b.times.last!)
        let svg = RunComparison(a, b).plot(labelA: "sheet-open-full at 60 Hz", labelB: "sheet-cancel at 60 Hz")
        XCTAssertEqual(svg.components(separatedBy: ">A didMove(full)<").count - 1, 1)
        XCTAssertEqual(svg.components(separatedBy: ">A willMove(full)<").count - 1, 1)
    }

    /// One colour per column: B's line is A's colour, dashed.
    func testEachColumnHasOneColour() throws {
        let a = try run("sheet-open-full"), b = try run("sheet-cancel")
        let svg = RunComparison(a, b).plot(labelA: "A", labelB: "B")
        // The legend: a sample line, then the series' name.
        var colours: [String: String] = [:]
        let pattern = try NSRegularExpression(pattern: #"stroke="([^"]+)" stroke-width="3"[^>]*/>\n<text[^>]*>([AB])_([^<]+)<"#)
        for m in pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            let colour = String(svg[Range(m.range(at: 1), in: svg)!])
            let key = String(svg[Range(m.range(at: 3), in: svg)!])
            if let seen = colours[key] { XCTAssertEqual(seen, colour, key) } else { colours[key] = colour }
        }
        XCTAssertGreaterThanOrEqual(colours.count, 5, "the legend's columns: \(colours.keys.sorted())")
        XCTAssertEqual(Set(colours.values).count, colours.count, "columns have distinct colours")
    }

    /// Each run's own description: B with other numbers does not borrow A's words.
    func testTheHeadingDescribesEachRun() throws {
        let a = try run("sheet-open-full"), b = try run("sheet-cancel")
        let svg = RunComparison(a, b).plot(labelA: "A", labelB: "B")
        XCTAssertTrue(svg.contains("A (solid): " + a.header.summary.prefix(30)), "A's description")
        XCTAssertTrue(svg.contains("B (dashed): " + b.header.summary.prefix(30)), "B's description")
    }
}
