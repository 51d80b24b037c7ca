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
            The script's surface is the 3-state bar (type bar), the bottom sheet (sheet) or the pull-down \
            mini-program panel (pulldown). Prints one row per frame: time, the active step, the finger, \
            each scroll view the surface owns (phase, pan states reported that frame, content offset y, \
            velocity, content height, flags; the first unprefixed, the pull-down panel's panel_ and \
            applets_ ones prefixed) and the surface: the bar's offset, height, progress, expanded \
            available and top inset; the sheet's top, velocity, detent, drag, backdrop, background \
            offset and events; the pull-down panel's pull distance, nav bar, indicator, panel, mask, \
            tab bar, phases and transitions (docs/gesture-scripts.md names every column). The table \
            ends with a summary of how the surface ended. --svg plots the main values \
            against time; --html writes a self-contained page that replays the run (open it with \
            #t=SECONDS to start at a time). The output files are written together, all of them or none \
            (a run that fails leaves no file and no temporary behind); a malformed script is reported \
            with the JSON path of the problem (exit status 2).
            """
    )

    @Argument(help: "A built-in scenario name, a gesture script (.json), or - for standard input.")
    var input: String

    @Option(help: "Frames per second of the simulation clock (1...1000; 60 and 120 sample the same curves).")
    var fps: Int = 60

    @Option(help: "Output on standard output: table, csv or jsonl.")
    var format: String = "table"

    @Option(help: "Also write an SVG plot of the run to this file.")
    var svg: String?

    @Option(help: "Also write an HTML page replaying the run to this file.")
    var html: String?

    func run() throws {
        try reportingUserErrors {
            guard (1...1000).contains(fps) else { throw UserError("--fps must be between 1 and 1000, not \(fps)") }
            guard ["table", "csv", "jsonl"].contains(format) else {
                throw UserError("--format must be table, csv or jsonl, not \(format)")
            }
            let script = try loadScript(input)
            // The destinations are checked before the run (which may be long);
            // OutputFile.write checks them again and writes all or none.
            let destinations = [svg, html].compactMap { $0 }
            do {
                for path in destinations { try OutputFile.checkWritable(path) }
            } catch let error as OutputFile.WriteError {
                throw UserError(error.description)
            }
            if let svg, let html, URL(fileURLWithPath: svg).standardizedFileURL == URL(fileURLWithPath: html).standardizedFileURL {
                throw UserError("--svg and --html name the same file, \(html)")
            }
            let run = Simulation(script: script, fps: fps).run()

            // Everything is rendered before anything is written, and the
            // files are written together: all of them, or none.
            let text: String
            switch format {
            case "csv": text = run.csv()
            case "jsonl": text = run.jsonLines()
            default: text = run.table()
            }
            var files: [(path: String, text: String)] = []
            if let svg { files.append((svg, SVGPlot.render(run))) }
            if let html { files.append((html, HTMLReplay.page(for: run))) }
            do {
                try OutputFile.write(files)
            } catch let error as OutputFile.WriteError {
                throw UserError(error.description)
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}

/// A scenario by name, or a script read from a file (or standard input).
func loadScript(_ input: String) throws -> GestureScript {
    if let scenario = Scenarios.named(input) {
        do {
            return try scenario.gestureScript()
        } catch {
            throw UserError("scenario \(input): \(error.description)")
        }
    }
    let isFile = input == "-" || input.hasSuffix(".json") || FileManager.default.fileExists(atPath: input)
    guard isFile else {
        throw UserError("\(input): no such scenario or file (scenarios: \(Scenarios.all.map(\.name).joined(separator: ", ")))")
    }
    let text = try readInput(input)
    let label = input == "-" ? "<stdin>" : input
    let name = input == "-" ? "stdin" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    do {
        return try GestureScript(json: text, name: name)
    } catch {
        throw UserError("\(label): \(error.description)")
    }
}
