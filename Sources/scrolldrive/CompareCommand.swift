import ArgumentParser
import Foundation
import ScrollDriveSim

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Run two scripts (or one script two ways) and say where and by how much they differ.",
        discussion: """
            A and B are built-in scenarios or gesture script files, as for `simulate`; B defaults to A. \
            --set-a / --set-b KEY=VALUE change a key of that run's `surface` object (VALUE is read as \
            JSON, else as a string: --set-b preset=wechat, --set-b 'criticalPoints=[50,80,120,220]'); \
            --fps-a / --fps-b set each run's frame rate (default --fps). Frames are matched by time (the \
            frames both runs have) and columns by name. Prints both runs, the first time a shared column \
            differs with every column that differs then, and each number column's largest difference; \
            "no difference" means bit for bit. --svg draws both runs in one plot (A solid, B dashed); \
            --html writes a replay with two phones side by side, one scrubber and that plot. The files \
            are written together, all or none; bad input exits with status 2.
            """
    )

    @Argument(help: "Run A: a built-in scenario name or a gesture script (.json).")
    var a: String

    @Argument(help: "Run B (default: the same as A).")
    var b: String?

    @Option(name: .customLong("set-a"), help: "KEY=VALUE: set a key of A's surface object (repeatable).")
    var setA: [String] = []

    @Option(name: .customLong("set-b"), help: "KEY=VALUE: set a key of B's surface object (repeatable).")
    var setB: [String] = []

    @Option(help: "Frames per second of both runs (1...1000).")
    var fps: Int = 60

    @Option(name: .customLong("fps-a"), help: "Frames per second of A (default --fps).")
    var fpsA: Int?

    @Option(name: .customLong("fps-b"), help: "Frames per second of B (default --fps).")
    var fpsB: Int?

    @Option(help: "Write an SVG plot of both runs to this file.")
    var svg: String?

    @Option(help: "Write an HTML page replaying both runs side by side to this file.")
    var html: String?

    func run() throws {
        try reportingUserErrors {
            let rateA = fpsA ?? fps, rateB = fpsB ?? fps
            for (flag, rate) in [("--fps", fps), ("--fps-a", rateA), ("--fps-b", rateB)] {
                try checkFrameRate(rate, flag: flag)
            }
            if let svg, let html, URL(fileURLWithPath: svg).standardizedFileURL == URL(fileURLWithPath: html).standardizedFileURL {
                throw UserError("--svg and --html name the same file, \(svg)")
            }
            do {
                for path in [svg, html].compactMap({ $0 }) { try OutputFile.checkWritable(path) }
            } catch let error as OutputFile.WriteError {
                throw UserError(error.description)
            }
            let scriptA = try loadScript(a, settings: setA, flag: "--set-a")
            let scriptB = try loadScript(b ?? a, settings: setB, flag: "--set-b")
            let runA = Simulation(script: scriptA, fps: rateA).run()
            let runB = Simulation(script: scriptB, fps: rateB).run()
            func label(_ input: String, _ settings: [String], _ rate: Int) -> String {
                ([input] + settings).joined(separator: ", ") + " at \(rate) Hz"
            }
            let labelA = label(a, setA, rateA), labelB = label(b ?? a, setB, rateB)
            let comparison = RunComparison(runA, runB)
            var files: [(path: String, text: String)] = []
            if let svg { files.append((svg, comparison.plot(labelA: labelA, labelB: labelB))) }
            if let html {
                files.append((html, HTMLReplay.comparisonPage(comparison, labelA: labelA, labelB: labelB)))
            }
            do {
                try OutputFile.write(files)
            } catch let error as OutputFile.WriteError {
                throw UserError(error.description)
            }
            FileHandle.standardOutput.write(Data(comparison.report(labelA: labelA, labelB: labelB).utf8))
        }
    }
}
