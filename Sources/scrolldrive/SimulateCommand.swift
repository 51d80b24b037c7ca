import ArgumentParser
import Foundation
import ScrollDriveSim

struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run a scenario or gesture script frame by frame and print what happens.",
        discussion: """
            SCENARIO is a built-in scenario (`scrolldrive scenarios` lists them); otherwise the argument \
            is a gesture script file (JSON, format in docs/gesture-scripts.md), or - for standard input. \
            The script's surface is the 3-state bar (type bar), the bottom sheet (sheet), the pull-down \
            mini-program panel (pulldown) or pull to refresh (refresh). Prints one row per frame: time, the active step, the finger, \
            each scroll view the surface owns (phase, pan states reported that frame, content offset y, \
            velocity, content height, flags; the first unprefixed, the pull-down panel's panel_ and \
            applets_ ones prefixed) and the surface: the bar's offset, height, progress, expanded \
            available and top inset; the sheet's top, velocity, detent, drag, backdrop, background \
            offset and events; the pull-down panel's pull distance, nav bar, indicator, panel, mask, \
            tab bar, phases and transitions; the refresh surface's header and footer states, inset and \
            progress (docs/gesture-scripts.md names every column). The table \
            ends with a summary of how the surface ended. --svg plots the main values \
            against time (a run longer than 2048 frames as the smallest and largest value per pixel \
            column); --html writes a self-contained page that replays the run (open it with \
            #t=SECONDS to start at a time; a run longer than 6000 frames keeps evenly spaced keyframes \
            and the page says so). Rows are written as they are computed and nothing grows with the \
            length of the run, so scripts may last up to 24 hours. The table shows a readable subset of \
            columns (--columns to choose, --all-columns for all); CSV and JSON lines have every column \
            unless --columns is given. --set KEY=VALUE changes a key of the script's surface object \
            (VALUE read as JSON, else as a string; repeatable), as compare's --set-a and sweep's --set do. \
            The output files (--output, --svg, --html) are written together, \
            all of them or none (a run that fails leaves no file and no temporary behind); a malformed \
            script is reported with the JSON path of the problem (exit status 2).
            """
    )

    @Argument(help: "A built-in scenario name, a gesture script (.json), or - for standard input.")
    var input: String

    @Option(help: "Frames per second of the simulation clock (1...1000; 60 and 120 sample the same curves).")
    var fps: Int = 60

    @Option(help: "Output on standard output: table, csv or jsonl.")
    var format: String = "table"

    @Option(help: "Write the rows to this file instead of standard output (all or nothing).")
    var output: String?

    @Option(help: "Comma-separated columns to write, in order (any format).")
    var columns: String?

    @Flag(help: "Show every column in the table (CSV and JSON lines have them all by default).")
    var allColumns = false

    @Option(help: "Also write an SVG plot of the run to this file.")
    var svg: String?

    @Option(help: "Also write an HTML page replaying the run to this file.")
    var html: String?

    @Option(name: .customLong("set"), help: "KEY=VALUE: set a key of the script's surface object (repeatable; as compare's --set-a).")
    var settings: [String] = []

    func run() throws {
        try reportingUserErrors {
            try checkFrameRate(fps, flag: "--fps")
            guard let rowFormat = RowWriter.Format(rawValue: format) else {
                throw UserError("--format must be table, csv or jsonl, not \(format)")
            }
            if columns != nil, allColumns { throw UserError("--columns and --all-columns cannot be used together") }
            let selection = try columns.map { list -> [String] in
                let names = list.split(separator: ",", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard !names.contains(where: \.isEmpty) else { throw UserError("--columns: an empty column name in \"\(list)\"") }
                return names
            }
            let script = try loadScript(input, settings: settings)
            // The destinations are checked before the run (which may be long);
            // OutputFile.write checks them again and writes all or none.
            let destinations = [output, svg, html].compactMap { $0 }
            var seen: [URL: String] = [:]
            for (flag, path) in [("--output", output), ("--svg", svg), ("--html", html)] {
                guard let path else { continue }
                let key = URL(fileURLWithPath: path).standardizedFileURL
                if let other = seen[key] { throw UserError("\(other) and \(flag) name the same file, \(path)") }
                seen[key] = flag
            }
            do {
                for path in destinations { try OutputFile.checkWritable(path) }
            } catch let error as OutputFile.WriteError {
                throw UserError(error.description)
            }
            let simulation = Simulation(script: script, fps: fps)
            let header = simulation.header()
            let chosen = selection ?? (rowFormat == .table && !allColumns ? RowWriter.defaultTableColumns(header) : nil)
            if let chosen, let unknown = chosen.first(where: { header.columnIndex($0) == nil }) {
                throw UserError("--columns: no column \(unknown) (columns: \(header.columns.map(\.name).joined(separator: ", ")))")
            }

            do {
                // Rows go out as they are computed: to standard output, or to a
                // temporary file renamed into place with the others at the end.
                let streamed = try output.map { path throws(OutputFile.WriteError) in try OutputFile.Streamed(path: path) }
                let text = TextOutput(descriptor: streamed?.descriptor ?? STDOUT_FILENO)
                var sinks: [any SimulationSink] = [RowWriter(format: rowFormat, output: text, columns: chosen)]
                let plot = svg.map { _ in SVGPlot.Builder() }
                let replay = html.map { _ in HTMLReplay.Builder() }
                if let plot { sinks.append(plot) }
                if let replay { sinks.append(replay) }
                try simulation.run(into: sinks)
                var files: [(path: String, text: String)] = []
                if let svg, let plot { files.append((svg, plot.svg())) }
                if let html, let replay { files.append((html, replay.page())) }
                try OutputFile.write(files, streamed: streamed.map { [$0] } ?? [])
            } catch let error as OutputFile.WriteError {
                throw UserError(error.description)
            }
        }
    }
}

/// A scenario by name, or a script read from a file (or standard input),
/// with `settings` (KEY=VALUE or SURFACE.KEY=VALUE, read as every command
/// reads them: `SurfaceSetting`) applied to its `surface` object; `flag`
/// names them in errors.
func loadScript(_ input: String, settings: [String] = [], flag: String = "--set") throws -> GestureScript {
    let text: String, name: String, label: String
    var summary = ""
    if let scenario = Scenarios.named(input) {
        guard !settings.isEmpty else {
            do {
                return try scenario.gestureScript()
            } catch {
                throw UserError("scenario \(input): \(error.description)")
            }
        }
        (text, name, label, summary) = (scenario.script, scenario.name, "scenario \(input)", scenario.summary)
    } else {
        let isFile = input == "-" || input.hasSuffix(".json") || FileManager.default.fileExists(atPath: input)
        guard isFile else {
            throw UserError("\(input): no such scenario or file (scenarios: \(Scenarios.all.map(\.name).joined(separator: ", ")))")
        }
        text = try readInput(input)
        label = input == "-" ? "<stdin>" : input
        name = input == "-" ? "stdin" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    }
    // The script as written first: its own problems are reported as such.
    var script: GestureScript
    do {
        script = try GestureScript(json: text, name: name)
    } catch {
        throw UserError("\(label): \(error.description)")
    }
    guard !settings.isEmpty else { return script }
    guard case var .object(root) = try JSONValue(parsing: text) else { throw UserError("\(label): not a JSON object") }
    guard let s = root.firstIndex(where: { $0.key == "surface" }), case var .object(surface) = root[s].value else {
        throw UserError("\(label): no surface object to change")
    }
    let surfaceType = type(of: script.surface).type
    for setting in settings {
        guard let eq = setting.firstIndex(of: "="), eq != setting.startIndex else {
            throw UserError("\(flag) \(setting): expected KEY=VALUE")
        }
        let key: String, value: JSONValue
        do {
            key = try SurfaceSetting.key(setting[..<eq], surface: surfaceType)
            value = try SurfaceSetting.value(setting[setting.index(after: eq)...])
        } catch {
            throw UserError("\(flag) \(setting): \(error)")
        }
        if let k = surface.firstIndex(where: { $0.key == key }) {
            surface[k] = JSONMember(key, value)
        } else {
            surface.append(JSONMember(key, value))
        }
    }
    root[s] = JSONMember("surface", .object(surface))
    do {
        script = try GestureScript(json: JSONValue.object(root).serialized, name: name)
    } catch {
        throw UserError("\(flag) \(settings.joined(separator: " ")): \(error.description)")
    }
    // The description says what was changed: the script's own words describe
    // its own numbers, which the settings may have changed.
    let written = script.summary.isEmpty ? summary : script.summary
    script.summary = "\(name) with \(settings.joined(separator: ", "))" + (written.isEmpty ? "" : "; as written: \(written)")
    return script
}
