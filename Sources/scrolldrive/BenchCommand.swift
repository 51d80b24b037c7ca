import ArgumentParser
import Foundation
import ScrollDriveBenchSupport

/// `scrolldrive bench`: a quick, in-process measurement of every hot path in
/// `HotPath.all` (the same list and the same trace as the benchmark suite in
/// Benchmarks/), without building the benchmark package.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the per-frame hot paths against the plain-Swift baseline, in one process.",
        discussion: """
            Runs each hot path over the seeded benchmark trace (the one Benchmarks/ uses), \
            interleaved: one untimed warm-up round, then REPETITIONS timed rounds that each run \
            every path once. Prints, per path, the median ns/frame and frames/s and how many \
            times faster it is than its baseline measured in the same rounds (median baseline \
            time / median path time). Times are wall clock; on a shared machine run it twice. \
            With the sim/simulate-csv-120hz path chosen, the table ends with simulate's peak \
            resident memory after 1 and after 10 more simulated minutes and the growth per frame.
            """
    )

    @Option(help: "Frames in the trace (>= 1000, <= 200000000).")
    var frames: String = String(BarBenchmarkTrace.defaultFrames)

    @Option(help: "Timed rounds; the medians are over these (1...99).")
    var repetitions: String = "5"

    @Option(help: "Only paths whose name contains this text, or one of its comma-separated parts (their baselines run too, unless --no-baselines).")
    var filter: String?

    @Flag(help: "Do not add the chosen paths' baselines (no ratios; for instruction counts under callgrind).")
    var noBaselines = false

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        try reportingUserErrors {
            let frameCount = try Self.integer(frames, option: "--frames", in: 1000...200_000_000)
            let rounds = try Self.integer(repetitions, option: "--repetitions", in: 1...99)
            let chosen = HotPath.matching(filter)
            guard !chosen.isEmpty else {
                throw UserError("--filter \(filter ?? ""): no hot path matches (paths: "
                    + HotPath.all.map(\.name).joined(separator: ", ") + ")")
            }
            // The baselines of the chosen paths run too, in the same rounds.
            let needed = Set(chosen.map(\.name) + (noBaselines ? [] : chosen.compactMap(\.baseline)))
            let paths = HotPath.all.filter { needed.contains($0.name) }
            // Before anything else grows the process: simulate's memory per frame.
            let memory = !json && needed.contains("sim/simulate-csv-120hz") ? Self.simulateMemory() : ""
            let report = Self.measure(paths, frames: frameCount, rounds: rounds)
            let out = json ? report.json() : report.table(showing: Set(chosen.map(\.name))) + memory
            FileHandle.standardOutput.write(Data(out.utf8))
        }
    }

    /// A clock's reading in nanoseconds (wall clock: CLOCK_MONOTONIC; time on
    /// the CPU: CLOCK_THREAD_CPUTIME_ID, which leaves out time other
    /// processes had the core).
    static func nanoseconds(_ clock: clockid_t) -> UInt64 {
        var t = timespec()
        clock_gettime(clock, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Peak RSS after `simulate` runs of 1 and 10 minutes at 120 Hz (CSV
    /// rows to /dev/null), and the growth per extra frame.
    static func simulateMemory() -> String {
        let short = SimulateScene.run(frames: 7200)
        let shortPeak = SimulateScene.peakResidentKiB()
        let long = SimulateScene.run(frames: 72000)
        let longPeak = SimulateScene.peakResidentKiB()
        let perFrame = Double(max(0, longPeak - shortPeak) * 1024) / (long - short)
        return String(format: "simulate memory: peak RSS %d KiB after %.0f frames, %d KiB after %.0f more: %.2f bytes per extra frame\n",
                      shortPeak, short, longPeak, long, perFrame)
    }

    private static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")) else {
            throw UserError("\(option) \(text): not a whole number")
        }
        guard range.contains(value) else {
            throw UserError("\(option) \(text): must be in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    static func measure(_ paths: [HotPath], frames: Int, rounds: Int) -> BenchReport {
        let inputs = BenchmarkInputs(frames: frames)
        let runs = paths.map { $0.prepare(inputs) }
        var wall = Array(repeating: [Double](), count: runs.count)
        var cpu = wall
        for round in 0...rounds {
            for (index, run) in runs.enumerated() {
                run.reset()
                let wallStart = Self.nanoseconds(CLOCK_MONOTONIC), cpuStart = Self.nanoseconds(CLOCK_THREAD_CPUTIME_ID)
                let result = run.run()
                let cpuEnd = Self.nanoseconds(CLOCK_THREAD_CPUTIME_ID), wallEnd = Self.nanoseconds(CLOCK_MONOTONIC)
                consumeOpaquely(result)
                if round > 0 {  // round 0 warms caches and branch predictors
                    wall[index].append(Double(wallEnd - wallStart) / Double(run.frames))
                    cpu[index].append(Double(cpuEnd - cpuStart) / Double(run.frames))
                }
            }
        }
        var results: [BenchReport.Result] = []
        for (index, path) in paths.enumerated() {
            results.append(BenchReport.Result(name: path.name, summary: path.summary, baseline: path.baseline,
                                              frames: runs[index].frames, nsPerFrameSamples: wall[index],
                                              cpuNsPerFrameSamples: cpu[index]))
        }
        return BenchReport(frames: frames, repetitions: rounds, results: results)
    }
}

/// What `scrolldrive bench` measured.
struct BenchReport: Encodable {
    struct Result: Encodable {
        let name: String
        let summary: String
        let baseline: String?
        let frames: Int
        /// Wall-clock ns/frame of each timed run.
        let nsPerFrameSamples: [Double]
        /// CPU-time ns/frame of each timed run.
        let cpuNsPerFrameSamples: [Double]
        var nsPerFrame: Double { median(nsPerFrameSamples) }
        var cpuNsPerFrame: Double { median(cpuNsPerFrameSamples) }
        var framesPerSecond: Double { 1e9 / nsPerFrame }
    }

    let frames: Int
    let repetitions: Int
    let results: [Result]

    /// Median baseline time / median path time: how many times faster the
    /// path is, by wall clock and by CPU time.
    func speedup(of result: Result) -> (baseline: String, ratio: Double, cpuRatio: Double)? {
        guard let name = result.baseline, let base = results.first(where: { $0.name == name }) else { return nil }
        return (name, base.nsPerFrame / result.nsPerFrame, base.cpuNsPerFrame / result.cpuNsPerFrame)
    }

    func table(showing names: Set<String>) -> String {
        var lines = ["scrolldrive bench: \(frames) frames per run, median of \(repetitions) interleaved runs"
                     + " (ns/frame: wall clock; cpu: time on the CPU)"]
        let header = ["path", "ns/frame", "cpu ns/frame", "frames/s", "vs baseline (same run)"]
        var rows: [[String]] = []
        for result in results where names.contains(result.name) || results.contains(where: { $0.baseline == result.name }) {
            var ratio = results.contains(where: { $0.baseline == result.name }) ? "(baseline)" : "-"
            if let (name, value, _) = speedup(of: result) {
                // A path compared with the C core it wraps is slower than it:
                // then the ratio says how many times the core's time it takes.
                ratio = value >= 1 ? String(format: "%.1fx faster than %@", value, name)
                    : String(format: "%.2fx the time of %@", 1 / value, name)
            }
            rows.append([result.name, String(format: "%.2f", result.nsPerFrame),
                         String(format: "%.2f", result.cpuNsPerFrame), Self.rate(result.framesPerSecond), ratio])
        }
        let widths = (0..<header.count).map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { c, cell in
                c == 0 || c == cells.count - 1 ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        lines.append(line(header))
        lines += rows.map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        struct Entry: Encodable {
            let name: String
            let summary: String
            let frames: Int
            let nsPerFrame: Double
            let cpuNsPerFrame: Double
            let framesPerSecond: Double
            let nsPerFrameSamples: [Double]
            let cpuNsPerFrameSamples: [Double]
            let baseline: String?
            let speedupOverBaseline: Double?
            let cpuSpeedupOverBaseline: Double?
        }
        struct Document: Encodable {
            let frames: Int
            let repetitions: Int
            let statistic: String
            let paths: [Entry]
        }
        let doc = Document(
            frames: frames, repetitions: repetitions,
            statistic: "median over interleaved runs; ns: wall clock, cpuNs: CPU time of the thread; "
                + "speedup = median baseline ns / median path ns",
            paths: results.map { r in
                Entry(name: r.name, summary: r.summary, frames: r.frames, nsPerFrame: r.nsPerFrame,
                      cpuNsPerFrame: r.cpuNsPerFrame, framesPerSecond: r.framesPerSecond,
                      nsPerFrameSamples: r.nsPerFrameSamples, cpuNsPerFrameSamples: r.cpuNsPerFrameSamples,
                      baseline: r.baseline, speedupOverBaseline: speedup(of: r)?.ratio,
                      cpuSpeedupOverBaseline: speedup(of: r)?.cpuRatio)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(doc)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func rate(_ perSecond: Double) -> String {
        perSecond >= 1e9 ? String(format: "%.2f G/s", perSecond / 1e9)
            : perSecond >= 1e6 ? String(format: "%.1f M/s", perSecond / 1e6)
            : String(format: "%.0f k/s", perSecond / 1e3)
    }
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
