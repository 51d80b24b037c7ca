import Foundation
@testable import ScrollDriveSim
import XCTest

/// The renderers, the all-or-nothing file writer and the CLI's handling of bad input.
final class OutputTests: XCTestCase {
    private func barFling(fps: Int = 60) throws -> SimulationRun {
        Simulation(script: try XCTUnwrap(Scenarios.named("bar-fling")).gestureScript(), fps: fps).run()
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scrolldrive-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testCSVAndJSONLinesHaveOneRowPerFrame() throws {
        let run = try barFling()
        let csv = run.csv().split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(csv.first, Substring(run.columns.map(\.name).joined(separator: ",")))
        XCTAssertEqual(csv.count, run.rows.count + 2, "header, rows, final newline")
        XCTAssertEqual(run.columns.map(\.name).prefix(4), ["t", "step", "finger_x", "finger_y"])
        for name in ["y", "vy", "phase", "pan", "tracking", "dragging", "decelerating", "bar_offset", "bar_height",
                     "bar_progress", "bar_available", "bar_inset"] {
            XCTAssertNotNil(run.columnIndex(name), name)
        }
        // Frame n at n / 60 s, exactly.
        for (n, t) in run.times.enumerated() { XCTAssertEqual(t, Double(n) / 60) }
        let lines = run.jsonLines().split(separator: "\n")
        XCTAssertEqual(lines.count, run.rows.count)
        let first = try JSONValue(parsing: String(lines[0]))
        guard case let .object(members) = first else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), run.columns.map(\.name))
        XCTAssertEqual(members.first { $0.key == "bar_height" }?.value, .number(120))
        XCTAssertEqual(members.first { $0.key == "finger_x" }?.value, JSONValue.null)
        XCTAssertEqual(members.first { $0.key == "tracking" }?.value, .bool(false))
        let table = run.table()
        XCTAssertTrue(table.hasPrefix("# bar-fling at 60 Hz"))
        XCTAssertTrue(table.contains("# bar: height 120 (normal)"))
    }

    /// Reduced motion is a column of every surface's rows exactly when it
    /// is on (the frames' flag, 1 in every row); the plain runs have none.
    func testReducedMotionIsAColumnWhereItIsOn() throws {
        for (reduced, plain, surface) in [("bar-reduced-motion", "bar-release-mid", "bar"),
                                          ("sheet-reduced-motion", "sheet-open-full", "sheet"),
                                          ("pulldown-reduced-motion", "pulldown-return", "pulldown"),
                                          ("refresh-reduced-motion", "refresh-pull", "refresh")] {
            let on = Simulation(script: try XCTUnwrap(Scenarios.named(reduced)).gestureScript(), fps: 60).run()
            let column = try XCTUnwrap(on.columnIndex("\(surface)_reduced_motion"), reduced)
            XCTAssertEqual(column, on.columns.count - 1, "\(reduced): the last column")
            XCTAssertTrue(on.rows.allSatisfy { $0[column] == .flag(true) }, reduced)
            let off = Simulation(script: try XCTUnwrap(Scenarios.named(plain)).gestureScript(), fps: 60).run()
            XCTAssertNil(off.columnIndex("\(surface)_reduced_motion"), plain)
            XCTAssertEqual(off.columns.count, on.columns.count - 1, "\(plain): the same columns but that one")
        }
    }

    func testSVGHasAxesPhasesAndSeries() throws {
        let svg = SVGPlot.render(try barFling())
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        for label in ["time (s)", ">bar height, content offset (pt)<", ">bar progress<", ">velocity (pt/s)<",
                      ">y (pt)<", ">bar_height (pt)<", ">bar_progress<", ">vy (pt/s)<",
                      ">dragging<", ">decelerating<", ">bouncing<", ">fling<"] {
            XCTAssertTrue(svg.contains(label), "missing \(label)")
        }
        XCTAssertEqual(svg.components(separatedBy: "<path ").count - 1, 4, "four series: y, bar height, progress, vy")
        XCTAssertFalse(svg.contains("nan"), "no NaN coordinates")
        XCTAssertEqual(SVGPlot.ticks(0, 3.4, count: 10), [0, 0.5, 1, 1.5, 2, 2.5, 3])
    }

    func testHTMLIsSelfContained() throws {
        let run = try barFling()
        let html = HTMLReplay.page(for: run)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#),
                      "lays out on a phone's own window")
        for forbidden in ["src=", "href=", "@import", "url(", "http://", "https://"] {
            XCTAssertFalse(html.contains(forbidden), "external reference: \(forbidden)")
        }
        XCTAssertTrue(html.contains(#"ScrollDriveReplay.surfaces["bar"]"#))
        XCTAssertTrue(html.contains(#"id="scrub""#))
        XCTAssertTrue(html.contains(#"id="play""#))
        XCTAssertTrue(html.contains("t=([0-9.]+)"), "reads #t= to set the scrubber")
        // The run's data is embedded as JSON the page can read back.
        let start = try XCTUnwrap(html.range(of: "var RUNS = "))
        let end = try XCTUnwrap(html.range(of: ";</script>", range: start.upperBound..<html.endIndex))
        let data = try JSONValue(parsing: String(html[start.upperBound..<end.lowerBound]))
        guard case let .array(runs) = data, runs.count == 1, case let .object(members) = runs[0],
              case let .array(rows)? = members.first(where: { $0.key == "rows" })?.value
        else { return XCTFail("no rows") }
        XCTAssertEqual(rows.count, run.rows.count)
    }

    func testOutputFileIsWrittenWholeOrNotAtAll() throws {
        let dir = try temporaryDirectory()
        let path = dir.appendingPathComponent("out.svg").path
        try OutputFile.write("first", to: path)
        try OutputFile.write("second", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.svg"], "no temporary left")
        let missing = dir.appendingPathComponent("no/such/dir/out.svg").path
        XCTAssertThrowsError(try OutputFile.write("x", to: missing))
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    private func listing(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    /// Finding C1: the files of a run are written together, all or none.
    func testOutputFilesAreWrittenAllOrNone() throws {
        let dir = try temporaryDirectory()
        let svg = dir.appendingPathComponent("plot.svg").path
        let page = dir.appendingPathComponent("page.html").path
        let missing = dir.appendingPathComponent("nodir/page.html").path

        // One destination cannot be written: none is, and the error names it.
        XCTAssertThrowsError(try OutputFile.write([(svg, "plot"), (missing, "page")])) { error in
            XCTAssertEqual((error as? OutputFile.WriteError)?.description,
                           "\(missing): cannot write (no directory \(dir.path)/nodir)")
        }
        XCTAssertEqual(try listing(dir), [], "no file, no temporary")

        // A file already there keeps its contents when the run fails.
        try OutputFile.write("old plot", to: svg)
        XCTAssertThrowsError(try OutputFile.write([(svg, "new plot"), (missing, "page")]))
        XCTAssertEqual(try String(contentsOfFile: svg, encoding: .utf8), "old plot")
        XCTAssertEqual(try listing(dir), ["plot.svg"])

        try OutputFile.write([(svg, "new plot"), (page, "page")])
        XCTAssertEqual(try String(contentsOfFile: svg, encoding: .utf8), "new plot")
        XCTAssertEqual(try String(contentsOfFile: page, encoding: .utf8), "page")
        XCTAssertEqual(try listing(dir), ["page.html", "plot.svg"])

        // A rename that fails after others succeeded undoes them: a replaced
        // file gets its old contents back, a new one is removed.
        let third = dir.appendingPathComponent("third.txt").path
        var renames: [String] = []
        XCTAssertThrowsError(try OutputFile.write([(svg, "newer plot"), (third, "third"), (page, "newer page")],
                                                  renaming: { from, to in
            renames.append(URL(fileURLWithPath: to).lastPathComponent)
            if renames.count == 3 {
                errno = EACCES
                return -1
            }
            return rename(from, to)
        })) { error in
            XCTAssertEqual((error as? OutputFile.WriteError)?.path, page)
            XCTAssertEqual((error as? OutputFile.WriteError)?.reason, String(cString: strerror(EACCES)))
        }
        XCTAssertEqual(renames, ["plot.svg", "third.txt", "page.html"])
        XCTAssertEqual(try String(contentsOfFile: svg, encoding: .utf8), "new plot")
        XCTAssertEqual(try String(contentsOfFile: page, encoding: .utf8), "page")
        XCTAssertEqual(try listing(dir), ["page.html", "plot.svg"], "third.txt removed, no temporary or backup left")

        // One path twice, and a destination that is a directory, are refused before anything is written.
        XCTAssertThrowsError(try OutputFile.write([(svg, "a"), (dir.path + "/./plot.svg", "b")])) { error in
            XCTAssertEqual((error as? OutputFile.WriteError)?.reason, "named twice for one run")
        }
        let folder = dir.appendingPathComponent("folder.html").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        XCTAssertThrowsError(try OutputFile.write([(svg, "a"), (folder, "b")])) { error in
            XCTAssertEqual((error as? OutputFile.WriteError)?.description, "\(folder): cannot write (it is a directory)")
        }
        XCTAssertEqual(try String(contentsOfFile: svg, encoding: .utf8), "new plot")
        XCTAssertEqual(try listing(dir), ["folder.html", "page.html", "plot.svg"])
        XCTAssertNoThrow(try OutputFile.checkWritable(svg))
        XCTAssertThrowsError(try OutputFile.checkWritable(missing))
    }

    // MARK: - The CLI

    private struct CLINotBuilt: Error, CustomStringConvertible {
        var description: String { "the scrolldrive executable is not next to the tests (run swift build first)" }
    }

    private func scrolldrive() throws -> URL {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        for dir in candidates {
            let url = dir.appendingPathComponent("scrolldrive")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        // `swift test` and `make test` build every target, the CLI included.
        throw CLINotBuilt()
    }

    private func runCLI(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = try scrolldrive()
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    func testMalformedScriptExitsTwoWithThePathAndWritesNothing() throws {
        let dir = try temporaryDirectory()
        let script = dir.appendingPathComponent("bad.json")
        try #"{"surface": {"type": "bar"}, "steps": [{"do": "wait", "duration": 1}, {"do": "wait", "duration": 1}, {"do": "wait", "duration": 0}]}"#
            .write(to: script, atomically: true, encoding: .utf8)
        let svg = dir.appendingPathComponent("run.svg").path, html = dir.appendingPathComponent("run.html").path
        let result = try runCLI(["simulate", script.path, "--svg", svg, "--html", html])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "scrolldrive: \(script.path): $.steps[2].duration: must be > 0\n")
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["bad.json"], "nothing written")

        let syntax = try runCLI(["simulate", "-", "--svg", svg], stdin: "{\"steps\": [}")
        XCTAssertEqual(syntax.status, 2)
        XCTAssertTrue(syntax.err.hasPrefix("scrolldrive: <stdin>: $: not valid JSON at line 1, column 12"), syntax.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: svg))

        let unknown = try runCLI(["simulate", "bar-flung"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.contains("no such scenario or file"), unknown.err)
        XCTAssertEqual(try runCLI(["simulate", "bar-fling", "--fps", "0"]).status, 2)
        XCTAssertEqual(try runCLI(["simulate", "bar-fling", "--format", "xml"]).status, 2)
    }

    /// Finding C1 through the CLI: the --svg file is not left behind when
    /// the --html one cannot be written, and one already there is kept.
    func testFailedSimulateWritesNoFile() throws {
        let dir = try temporaryDirectory()
        let svg = dir.appendingPathComponent("plot.svg").path
        let html = dir.appendingPathComponent("nodir/page.html").path
        let result = try runCLI(["simulate", "bar-fling", "--svg", svg, "--html", html])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.err, "scrolldrive: \(html): cannot write (no directory \(dir.path)/nodir)\n")
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(try listing(dir), [])
        try "old plot".write(toFile: svg, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runCLI(["simulate", "bar-fling", "--svg", svg, "--html", html]).status, 2)
        XCTAssertEqual(try String(contentsOfFile: svg, encoding: .utf8), "old plot")
        XCTAssertEqual(try listing(dir), ["plot.svg"])
    }

    /// Usage errors exit 2 like every other bad input; help exits 0.
    func testUsageErrorsExitTwo() throws {
        let fps = try runCLI(["simulate", "bar-fling", "--fps", "abc"])
        XCTAssertEqual(fps.status, 2)
        XCTAssertTrue(fps.err.hasPrefix("Error: The value 'abc' is invalid for '--fps <fps>'\n"), fps.err)
        XCTAssertTrue(fps.err.contains("Usage: scrolldrive simulate <input>"), fps.err)
        XCTAssertEqual(fps.out, "")
        let extra = try runCLI(["bar", "replay", "a", "b"])
        XCTAssertEqual(extra.status, 2)
        XCTAssertTrue(extra.err.hasPrefix("Error: Unexpected argument 'b'\n"), extra.err)
        let unknown = try runCLI(["simulate", "bar-fling", "--nope"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.err.hasPrefix("Error: Unknown option '--nope'"), unknown.err)
        let help = try runCLI(["simulate", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.contains("USAGE: scrolldrive simulate <input>"), help.out)
        XCTAssertEqual(help.err, "")
    }

    func testSimulateWritesEverythingAndMatchesTheLibrary() throws {
        let dir = try temporaryDirectory()
        let svg = dir.appendingPathComponent("run.svg").path, html = dir.appendingPathComponent("run.html").path
        let result = try runCLI(["simulate", "bar-fling", "--fps", "120", "--format", "csv", "--svg", svg, "--html", html])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, try barFling(fps: 120).csv())
        XCTAssertEqual(try String(contentsOfFile: svg, encoding: .utf8), SVGPlot.render(try barFling(fps: 120)))
        XCTAssertTrue(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let plain = try runCLI(["simulate", "bar-fling"])
        XCTAssertEqual(plain.status, 0)
        XCTAssertTrue(plain.out.hasPrefix("# bar-fling at 60 Hz"))
        let list = try runCLI(["scenarios"])
        XCTAssertEqual(list.status, 0)
        for scenario in Scenarios.all { XCTAssertTrue(list.out.contains(scenario.name + " ")) }
        let show = try runCLI(["scenarios", "--show", "bar-fling"])
        XCTAssertEqual(show.out, Scenarios.named("bar-fling")!.script + "\n")
    }
}
