import ArgumentParser
import Foundation
import ScrollDriveSim

struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a seeded population of gestures over a grid of configurations and report the outcomes.",
        discussion: """
            `scrolldrive sweep --surface sheet --gestures 100000 --set sheet.upThreshold=0.15,0.2,0.25 \
            --set sheet.projection=on,off` runs the same 100000 generated gestures (drags, flicks, holds, \
            taps, interrupted flicks; docs/sweep.md gives the ranges and their sources; or the gesture \
            scripts of a --scripts folder) on every \
            combination of the --set values (the sheet straight through the C core; the bar, the \
            pull-down panel and pull to refresh as the core's simulated surfaces, the simulator's numbers), \
            and reports per combination: \
            where releases land from each state, settle-time percentiles, the largest per-frame jump of \
            each value, frames at rest between states, events per gesture and every invariant violated \
            (with the seed and gesture numbers that reproduce it). The result is the same, byte for byte, \
            for any --threads; --shard I/N runs a deterministic part and `scrolldrive sweep merge` \
            combines the parts' JSON into exactly the unsharded result. Bad input exits 2 naming the \
            argument, and no file is written.
            """,
        subcommands: [SweepRunCommand.self, SweepMergeCommand.self],
        defaultSubcommand: SweepRunCommand.self
    )
}

/// Where and how a sweep result is written (shared by `run` and `merge`).
struct SweepOutputOptions: ParsableArguments {
    @Option(help: "Output: table, csv or json (json keeps every count; `sweep merge` reads it).")
    var format: String = "table"

    @Option(help: "Write the result to this file instead of standard output (all or nothing).")
    var output: String?

    @Option(help: "Also write a self-contained HTML report (histograms, landing matrices) to this file.")
    var html: String?

    func check() throws {
        guard ["table", "csv", "json"].contains(format) else {
            throw UserError("--format must be table, csv or json, not \(format)")
        }
        if let output, let html,
           URL(fileURLWithPath: output).standardizedFileURL == URL(fileURLWithPath: html).standardizedFileURL {
            throw UserError("--output and --html name the same file, \(output)")
        }
        do {
            for path in [output, html].compactMap({ $0 }) { try OutputFile.checkWritable(path) }
        } catch {
            throw UserError("\(error)")
        }
    }

    /// Writes `result`: the files together (all or none), else standard output.
    func write(_ result: SweepResult) throws {
        let text: String
        switch format {
        case "csv": text = result.csv()
        case "json": text = result.json()
        default: text = result.table()
        }
        var files: [(path: String, text: String)] = []
        if let output { files.append((output, text)) }
        if let html { files.append((html, SweepHTMLReport(result).page())) }
        do {
            try OutputFile.write(files)
        } catch {
            throw UserError("\(error)")
        }
        if output == nil { FileHandle.standardOutput.write(Data(text.utf8)) }
    }
}

struct SweepRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run a sweep (the default: `scrolldrive sweep ...` is `scrolldrive sweep run ...`).")

    @Option(help: ArgumentHelp("The surface to sweep: \(SweepPlan.surfaces.dropLast().joined(separator: ", ")) or \(SweepPlan.surfaces.last ?? "")."))
    var surface: String = "sheet"

    // The numbers are read whatever they start with, so that `--gestures -5` is
    // answered with the rule it breaks rather than "missing value".
    @Option(parsing: .unconditional, help: "Gestures in the population (every shard together), 1...1000000000.")
    var gestures: Int = 10000

    @Option(parsing: .unconditional, help: "Seed of the gesture population (0...18446744073709551615).")
    var seed: String = "1"

    @Option(parsing: .unconditional, help: "Frames per second of the simulation clock (1...1000).")
    var fps: Int = 120

    @Option(name: .customLong("set"), help: "KEY=V1,V2,... or SURFACE.KEY=V1,V2,...: a grid axis (repeatable; the script's surface keys, as simulate --set reads them).")
    var settings: [String] = []

    @Option(help: "A folder of gesture scripts (*.json, name order) to run instead of generated gestures; one gesture each.")
    var scripts: String?

    @Option(help: "Only these gesture kinds, comma-separated (drag, flick, hold, tap, interrupted), at their default weights.")
    var kinds: String?

    @Option(parsing: .unconditional, help: "Worker threads (default: every core); the output does not depend on it.")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Run only part I of N (1-based), e.g. 2/8; combine the JSON outputs with `sweep merge`.")
    var shard: String?

    @Flag(inversion: .prefixedNo, help: "A progress bar on standard error (default: when it is a terminal).")
    var progress: Bool?

    @OptionGroup var out: SweepOutputOptions

    func run() throws {
        try reportingUserErrors {
            try out.check()
            let plan = try makePlan()
            guard (1...4096).contains(threads) else { throw UserError("--threads must be between 1 and 4096, not \(threads)") }
            let bar = (progress ?? (isatty(STDERR_FILENO) != 0)) ? ProgressBar() : nil
            var report: (@Sendable (Int, Int) -> Void)?
            if let bar { report = { done, total in bar.show(done, of: total) } }
            let result: SweepResult
            do {
                result = try Sweep.run(plan, threads: threads, progress: report)
            } catch {
                throw UserError("\(error)")
            }
            bar?.finish()
            try out.write(result)
        }
    }

    private func makePlan() throws -> SweepPlan {
        guard SweepPlan.surfaces.contains(surface) else {
            throw UserError("--surface \(surface): no such surface (sweeps support: \(SweepPlan.surfaces.joined(separator: ", ")))")
        }
        guard (1...1_000_000_000).contains(gestures) else {
            throw UserError("--gestures must be between 1 and 1000000000, not \(gestures)")
        }
        guard let seedValue = UInt64(seed) else { throw UserError("--seed \(seed): must be an integer 0...18446744073709551615") }
        guard (1...1000).contains(fps) else { throw UserError("--fps must be between 1 and 1000, not \(fps)") }
        var weights = GesturePopulation.defaultWeights
        if let kinds {
            let names = kinds.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            var chosen: Set<SweepGesture.Kind> = []
            for name in names {
                guard let kind = SweepGesture.Kind(rawValue: name), kind != .script else {
                    throw UserError("--kinds \(kinds): no kind \"\(name)\" (kinds: drag, flick, hold, tap, interrupted)")
                }
                chosen.insert(kind)
            }
            weights = weights.filter { chosen.contains($0.key) }
        }
        do {
            var settings: [SweepSetting] = []
            for argument in self.settings {
                let setting = try SweepSetting.parse(argument, surface: surface)
                if settings.contains(where: { $0.key == setting.key }) {
                    throw SweepError("--set \(argument)", "\(surface).\(setting.key) is already set")
                }
                settings.append(setting)
            }
            let shardValue = try shard.map { text throws(SweepError) in try SweepPlan.Shard.parse(text) }
            var plan = SweepPlan(surface: surface, seed: seedValue, gestures: gestures, fps: fps, weights: weights,
                                 settings: settings, shard: shardValue)
            if let scripts {
                plan.scripts = try ScriptSweep.folder(scripts)
                plan.gestures = plan.scripts?.names.count ?? 0
            }
            guard plan.points.count <= 10000 else {
                throw SweepError("--set", "the grid has \(plan.points.count) points (at most 10000)")
            }
            // Every grid point is checked before anything runs.
            for point in plan.points { _ = try plan.kernel(at: point) }
            return plan
        } catch {
            throw UserError("\(error)")
        }
    }
}

struct SweepMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the JSON outputs of `sweep --shard 1/N` ... `N/N` into the unsharded result.")

    @Argument(help: "The shard outputs (JSON), in any order.")
    var files: [String]

    @OptionGroup var out: SweepOutputOptions

    func run() throws {
        try reportingUserErrors {
            try out.check()
            guard !files.isEmpty else { throw UserError("merge: give the shard outputs (JSON files)") }
            var parts: [SweepResult] = []
            for file in files {
                let text = try readInput(file)
                do {
                    parts.append(try SweepResult(json: text))
                } catch {
                    throw UserError("\(file): \(error)")
                }
            }
            let merged: SweepResult
            do {
                merged = try SweepResult.merge(parts, names: files)
            } catch {
                throw UserError("\(error)")
            }
            try out.write(merged)
        }
    }
}

/// A one-line progress bar on standard error, redrawn at most every 1/10 s.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private var last = Date.distantPast

    func show(_ done: Int, of total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard now.timeIntervalSince(last) >= 0.1 || done == total else { return }
        last = now
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let line = "\r[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            + "] \(done)/\(total) gestures"
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() { FileHandle.standardError.write(Data("\n".utf8)) }
}
