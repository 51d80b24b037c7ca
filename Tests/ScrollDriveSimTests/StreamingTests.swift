import Foundation
@testable import ScrollDriveSim
import XCTest

/// Streaming runs (issue 11): sinks see what `run()` records, the SVG keeps
/// every pixel column's extremes, the HTML page keeps keyframes, the table
/// keeps its layout, and long scripts are accepted.
final class StreamingTests: XCTestCase {
    /// A header with a plotted number column `v` (and the phase), for feeding builders by hand.
    private func header() -> SimulationHeader {
        SimulationHeader(name: "synthetic", summary: "", fps: 100,
                         columns: [.number("t", unit: "s"), .text("phase"), .number("v", chart: .points)],
                         steps: [], surfaceType: "bar", surfaceParameters: .object([]), htmlDrawing: "",
                         screen: CGSize(width: 390, height: 844))
    }

    func testStreamedRowsAreTheRecordedRows() throws {
        for scenario in Scenarios.all {
            let simulation = Simulation(script: try scenario.gestureScript(), fps: 120)
            let recorded = simulation.run()
            for format in RowWriter.Format.allCases {
                let output = TextOutput()
                try simulation.run(into: [RowWriter(format: format, output: output)])
                let expected = switch format {
                case .csv: recorded.csv()
                case .jsonl: recorded.jsonLines()
                case .table: recorded.table()
                }
                XCTAssertEqual(output.text, expected, "\(scenario.name) \(format)")
            }
            XCTAssertEqual(simulation.header().columns, recorded.columns, scenario.name)
        }
    }

    func testChosenColumnsInOrder() throws {
        let simulation = Simulation(script: try XCTUnwrap(Scenarios.named("bar-fling")).gestureScript(), fps: 60)
        let output = TextOutput()
        try simulation.run(into: [RowWriter(format: .csv, output: output, columns: ["bar_height", "t"])])
        let lines = output.text.split(separator: "\n")
        XCTAssertEqual(lines.first, "bar_height,t")
        XCTAssertEqual(lines[1], "120.0,0.0")
        XCTAssertThrowsError(try simulation.run(into: [RowWriter(format: .csv, output: TextOutput(), columns: ["nope"])])) {
            XCTAssertTrue("\($0)".hasPrefix("no column nope (columns: t, step, "), "\($0)")
        }
    }

    func testDefaultTableColumnsAreTheReadableSubset() throws {
        let expected: [String: [String]] = [
            "bar-fling": ["t", "step", "finger_y", "phase", "y", "vy", "bar_height", "bar_progress"],
        ]
        for (name, columns) in expected {
            let header = Simulation(script: try XCTUnwrap(Scenarios.named(name)).gestureScript(), fps: 60).header()
            XCTAssertEqual(RowWriter.defaultTableColumns(header), columns)
        }
        for scenario in Scenarios.all {
            let header = Simulation(script: try scenario.gestureScript(), fps: 60).header()
            let chosen = RowWriter.defaultTableColumns(header)
            XCTAssertLessThanOrEqual(chosen.count, 24, "\(scenario.name): \(chosen)")
            XCTAssertLessThan(chosen.count, header.columns.count, scenario.name)
        }
    }

    func testTableFixesItsWidthsAfterItsLayoutRows() throws {
        let output = TextOutput()
        let writer = RowWriter(format: .table, output: output)
        try writer.begin(header())
        for n in 0..<(RowWriter.tableLayoutRows + 2) {
            // The last row's value is wider than any before it.
            let v = n == RowWriter.tableLayoutRows + 1 ? 123_456.0 : 1
            try writer.row([.number(Double(n) / 100), .text("idle"), .number(v)])
        }
        try writer.end(outcome: ["done"])
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[1], "      t  phase     v")
        XCTAssertEqual(lines[2], " 0.0000  idle   1.00")
        XCTAssertEqual(lines[lines.count - 5], "40.9600  idle   1.00")
        XCTAssertEqual(lines[lines.count - 4], "40.9700  idle   123456.00", "wider than the layout: pushed along")
        XCTAssertEqual(lines[lines.count - 3], "# 4098 frames, 40.970 s")
        XCTAssertEqual(lines[lines.count - 2], "# done")
    }

    /// One frame in 100,000 holds a spike; the decimated plot still reaches it.
    func testSVGKeepsASingleFrameSpike() throws {
        let builder = SVGPlot.Builder()
        builder.begin(header())
        let frames = 100_000, spike = 61_234
        for n in 0..<frames {
            builder.row([.number(Double(n) / 100), .text(n < 50_000 ? "dragging" : "idle"),
                         .number(n == spike ? 500 : (n % 2 == 0 ? 0 : 100))])
        }
        builder.end(outcome: [])
        let svg = builder.svg()
        XCTAssertTrue(svg.contains("(100000 frames: smallest and largest value per pixel column)"))
        let path = try XCTUnwrap(svg.components(separatedBy: "<path d=\"").dropFirst().first?.components(separatedBy: "\"").first)
        let vertices = path.split(separator: " ").map { $0.dropFirst().split(separator: ",").compactMap { Double($0) } }
        XCTAssertEqual(vertices.count, 4 * 698, "four vertices per pixel column, 698 columns")
        // y axis: lo = -30, hi = 530 after 6 % padding, so 500 is drawn
        // 530/560 of the chart's height above its bottom.
        let ys = vertices.map { $0[1] }
        let chart = try XCTUnwrap(builder.chartFrames.first)
        let spikeY: Double = chart.bottom - 530.0 / 560.0 * (chart.bottom - chart.top)
        XCTAssertEqual(try XCTUnwrap(ys.min()), spikeY, accuracy: 0.005)
        XCTAssertEqual(ys.filter { abs($0 - ys.min()!) < 0.01 }.count, 1, "the spike is in exactly one column")
        // The pixel column of frame 61234 at t = 612.34 s of 999.99 s.
        let column = Int((612.34 / 999.99 * 698).rounded(.down))
        let x = try XCTUnwrap(vertices.first { abs($0[1] - ys.min()!) < 0.01 })[0]
        XCTAssertEqual(x, 72 + Double(column) + 0.5, accuracy: 0.005)
        XCTAssertTrue(svg.contains(">dragging<"), "the dragging half is shaded")
    }

    func testHTMLKeepsKeyframesAndSaysSo() throws {
        let builder = HTMLReplay.Builder()
        builder.begin(header())
        let frames = 20_001
        for n in 0..<frames { builder.row([.number(Double(n) / 100), .text("idle"), .number(Double(n))]) }
        builder.end(outcome: [])
        let page = builder.page()
        // 20,001 frames: every 4th (5,001 of them: 0, 4, ..., 20000); the last is among them.
        XCTAssertTrue(page.contains("replays one frame in every 4 of its 20001 frames (5001 keyframes"), page.prefix(3000).description)
        XCTAssertTrue(page.contains(",\"idle\",20000]"))
        XCTAssertTrue(page.contains(",\"idle\",19996]"))
        XCTAssertFalse(page.contains(",\"idle\",19997]"))
        XCTAssertFalse(page.contains(",\"idle\",2]"))

        let short = HTMLReplay.Builder()
        short.begin(header())
        for n in 0..<10 { short.row([.number(Double(n)), .text("idle"), .number(0)]) }
        short.end(outcome: [])
        XCTAssertFalse(short.page().contains("A long run"))
    }

    func testScriptsMayLastADay() throws {
        let script = try GestureScript(json: #"{"surface": {"type": "bar"}, "settle": 86400, "steps": [{"do": "wait", "duration": 86400}]}"#)
        XCTAssertEqual(script.settle, 86_400)
        XCTAssertEqual(GestureScript.maximumDuration, 86_400)
    }

    func testStreamedFileIsAllOrNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scrolldrive-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let rows = dir.appendingPathComponent("rows.csv").path, plot = dir.appendingPathComponent("plot.svg").path
        // Dropped without being written: nothing is left.
        do {
            let file = try OutputFile.Streamed(path: rows)
            let out = TextOutput(descriptor: file.descriptor)
            try out.write("t\n0\n")
            try out.flush()
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        // A failing rename of the second file: neither destination appears.
        let file = try OutputFile.Streamed(path: rows)
        let out = TextOutput(descriptor: file.descriptor)
        try out.write("t\n0\n")
        try out.flush()
        var calls = 0
        XCTAssertThrowsError(try OutputFile.write([(plot, "<svg/>")], streamed: [file], renaming: { from, to in
            calls += 1
            return calls == 2 ? -1 : rename(from, to)
        }))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
        // Written: the file holds every byte.
        let again = try OutputFile.Streamed(path: rows)
        let text = TextOutput(descriptor: again.descriptor)
        try text.write(String(repeating: "0123456789\n", count: 10_000))
        try text.flush()
        try OutputFile.write([], streamed: [again])
        XCTAssertEqual(try String(contentsOfFile: rows, encoding: .utf8).count, 110_000)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["rows.csv"])
    }
}
