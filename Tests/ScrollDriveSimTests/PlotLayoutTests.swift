import Foundation
@testable import ScrollDriveSim
import XCTest

/// The SVG plot as a person reads it: every label inside the
/// picture and apart from every other, one colour per series, axes named
/// after what they plot, the surface's reference lines, velocities, marks at
/// state changes and jumps, and phases per scroll view.
final class PlotLayoutTests: XCTestCase {
    private func plot(_ scenario: String, fps: Int = 60) throws -> (svg: String, builder: SVGPlot.Builder) {
        let script = try XCTUnwrap(Scenarios.named(scenario)).gestureScript()
        let builder = SVGPlot.Builder()
        try Simulation(script: script, fps: fps).run(into: [builder])
        return (builder.svg(), builder)
    }

    private func size(of svg: String) throws -> (width: Double, height: Double) {
        let head = try XCTUnwrap(svg.components(separatedBy: ">").first)
        func attribute(_ name: String) throws -> Double {
            let value = try XCTUnwrap(head.components(separatedBy: " \(name)=\"").dropFirst().first?
                .components(separatedBy: "\"").first)
            return try XCTUnwrap(Double(value))
        }
        return (try attribute("width"), try attribute("height"))
    }

    func testEveryScenarioHasItsLabelsApartAndInside() throws {
        for scenario in Scenarios.all {
            for fps in [60, 120] {
                let (svg, builder) = try plot(scenario.name, fps: fps)
                let (width, height) = try size(of: svg)
                let labels = builder.labels
                XCTAssertGreaterThan(labels.count, 20, scenario.name)
                for label in labels {
                    XCTAssertTrue(label.minX >= 0 && label.maxX <= width && label.minY >= 0 && label.maxY <= height,
                                  "\(scenario.name) at \(fps) Hz: \"\(label.text)\" \(label) outside \(width)x\(height)")
                }
                for i in labels.indices {
                    for j in labels.indices where j > i && labels[i].overlaps(labels[j]) {
                        XCTFail("\(scenario.name) at \(fps) Hz: \"\(labels[i].text)\" overlaps \"\(labels[j].text)\"")
                    }
                }
                // Every label in the SVG was measured (same count of <text> elements).
                XCTAssertEqual(svg.components(separatedBy: "<text ").count - 1, labels.count, scenario.name)
            }
        }
    }

    func testEverySeriesHasItsOwnColour() throws {
        for scenario in Scenarios.all {
            let (svg, _) = try plot(scenario.name)
            let colours = svg.components(separatedBy: "<path d=\"").dropFirst().map {
                $0.components(separatedBy: "stroke=\"")[1].components(separatedBy: "\"")[0]
            }
            XCTAssertGreaterThanOrEqual(colours.count, 3, scenario.name)
            XCTAssertEqual(Set(colours).count, colours.count, "\(scenario.name): \(colours)")
        }
        XCTAssertEqual(SVGPlot.color(19), "#8e0152")
        XCTAssertEqual(SVGPlot.color(20), "hsl(230,65%,40%)")
        XCTAssertNotEqual(SVGPlot.color(21), SVGPlot.color(20))
        XCTAssertEqual(Set((0..<40).map(SVGPlot.color)).count, 40)
    }

    /// Axis titles, reference lines, velocities and marks, per surface.
    func testEachSurfaceShowsWhatItIsJudgedAgainst() throws {
        let cases: [(scenario: String, texts: [String])] = [
            ("bar-fling", [">bar height, content offset (pt)<", ">bar progress<", ">velocity (pt/s)<",
                           ">compact 60<", ">normal 120<", ">expanded 200<", ">vy (pt/s)<"]),
            ("bar-expand-snap", [">expanded available<"]),
            ("pulldown-close", [">pull distance, offsets (pt)<", ">alpha, scale<", ">cp0 60<", ">cp1 90<",
                                ">cp2 130<", ">cp3 240<", ">panel_vy (pt/s)<", ">applets_vy (pt/s)<",
                                ">list opening<", ">list opening done<", ">panel closing<", ">haptic<",
                                ">y -733.8 \u{2192} -64<", ">primary<", ">panel<", ">applets<",
                                "<title>panel: dragging"]),
            ("sheet-open-full", [">sheet top, offsets (pt)<", ">backdrop alpha<", ">full 50<", ">half 400<",
                                 ">dismissed 800<", ">sheet_velocity (pt/s)<", ">willMove(full)<", ">didMove(full)<"]),
        ]
        for (scenario, texts) in cases {
            let (svg, _) = try plot(scenario)
            for text in texts { XCTAssertTrue(svg.contains(text), "\(scenario): missing \(text)") }
        }
    }

    func testMarksComeFromWatchedColumnsAndJumps() {
        typealias W = PlotGuide.Watch
        let changes = W("c", .changes, prefix: "list ")
        XCTAssertEqual(SVGPlot.Builder.markText(changes, from: .text("none"), to: .text("opening")), "list opening")
        XCTAssertEqual(SVGPlot.Builder.markText(changes, from: .text("opening"), to: .text("none")), "list opening done")
        XCTAssertNil(SVGPlot.Builder.markText(changes, from: .text("opening"), to: .text("opening")))
        XCTAssertNil(SVGPlot.Builder.markText(changes, from: nil, to: .text("opening")), "no mark on the first row")
        let events = W("e", .events)
        XCTAssertEqual(SVGPlot.Builder.markText(events, from: .text("didMove(half)"), to: .text("didMove(half)")),
                       "didMove(half)", "every frame with events")
        XCTAssertNil(SVGPlot.Builder.markText(events, from: .text("x"), to: .text("")))
        let flag = W("f", .flag(on: "opened", off: ""))
        XCTAssertEqual(SVGPlot.Builder.markText(flag, from: .flag(false), to: .flag(true)), "opened")
        XCTAssertNil(SVGPlot.Builder.markText(flag, from: .flag(true), to: .flag(false)), "an empty label is no mark")

        // A jump: 50 pt or more in one frame and four times the previous move.
        let builder = SVGPlot.Builder()
        builder.begin(SimulationHeader(name: "jumps", summary: "", fps: 100,
                                       columns: [.number("t", unit: "s"), .number("v", chart: .points)], steps: [],
                                       surfaceType: "none", surfaceParameters: .null, htmlDrawing: "",
                                       screen: CGSize(width: 390, height: 844)))
        let values: [Double] = [0, 20, 40, 100, 112, 120, 170, 169]
        for (n, v) in values.enumerated() { builder.row([.number(Double(n) / 100), .number(v)]) }
        // 40 -> 100: 60 >= 50 but not 4 x 20; 120 -> 170: 50 >= 50 and > 4 x 8.
        XCTAssertEqual(builder.marks.map(\.text), ["v 120 \u{2192} 170"])
        XCTAssertEqual(builder.marks.map(\.time), [0.06])
    }

    func testLabelRowsKeepLabelsApart() {
        // Three labels at the same place take three rows; one far to the right shares the first.
        let rows = SVGPlot.rows([(100, "fling"), (101, "wait"), (102, "drag"), (600, "settle")], size: 11, plotRight: 770)
        XCTAssertEqual(rows.map { $0.map(\.text) }, [["fling", "settle"], ["wait"], ["drag"]])
        // A label near the right edge moves left to end at the plot's edge.
        let edge = SVGPlot.rows([(765, "wait")], size: 11, plotRight: 770)
        XCTAssertEqual(edge[0][0].x, 770 - TextMeasure.width("wait", size: 11), accuracy: 1e-9)
        // More than maxLabelRows collisions: the rest are left out.
        let crowd = SVGPlot.rows((0..<9).map { (100.0, "label \($0)") }, size: 11, plotRight: 770)
        XCTAssertEqual(crowd.count, SVGPlot.maxLabelRows)
    }

    func testTextWidthsComeFromTheFontTable() {
        // DejaVu Sans advances per 1000 units: i 278, W 989; bold W 1103; a non-ASCII character one em. 3 % added.
        XCTAssertEqual(TextMeasure.width("i", size: 1000), 278 * 1.03, accuracy: 1e-9)
        XCTAssertEqual(TextMeasure.width("iW", size: 10), (278 + 989) / 100 * 1.03, accuracy: 1e-9)
        XCTAssertEqual(TextMeasure.width("W", size: 10, bold: true), 11.03 * 1.03, accuracy: 1e-9)
        XCTAssertEqual(TextMeasure.width("\u{2192}", size: 10), 10 * 1.03, accuracy: 1e-9)
        XCTAssertEqual(TextMeasure.wrap("aaa bbb ccc", size: 10, maxWidth: 45), ["aaa bbb", "ccc"])
    }
}
