// Every hot path in ScrollDriveBenchSupport's `HotPath.all` (the same list,
// trace and baselines as `scrolldrive bench`), measured by the Benchmark
// package: wall clock, CPU time, throughput and allocations.
//
// Each benchmark iteration runs the next million frames of the path's
// trace (10 million frames by default, so ten iterations cover it once),
// carrying on from where the previous iteration left the scene; at the end
// of the trace the scene is reset, outside the measurement. The scaling
// factor is one million, so the scaled figures (marked * by the tool) are
// per frame: ns/frame, frames/s, allocations/frame. The value each slice
// returns goes to `blackHole`, so no work can be optimised away.

import Benchmark
import Foundation
import ScrollDriveBenchSupport

/// Frames per iteration; also the scaling factor.
let sliceFrames = 1_000_000

/// Where a benchmark is in its trace.
final class SliceCursor {
    let run: PreparedRun
    var next = 0

    init(_ run: PreparedRun) {
        self.run = run
        run.reset()
    }

    /// The next slice, resetting the scene first when the trace is done.
    func nextSlice() -> Range<Int> {
        if next + sliceFrames > run.frames {
            run.reset()
            next = 0
        }
        defer { next += sliceFrames }
        return next..<(next + sliceFrames)
    }
}

let benchmarks: @Sendable () -> Void = {
    // SCROLLDRIVE_BENCH_FRAMES: a shorter or longer trace (a multiple of a million).
    var frames = BarBenchmarkTrace.defaultFrames
    if let text = ProcessInfo.processInfo.environment["SCROLLDRIVE_BENCH_FRAMES"], let value = Int(text),
       value >= sliceFrames
    {
        frames = value / sliceFrames * sliceFrames
    }
    let inputs = BenchmarkInputs(frames: frames)

    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .throughput, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .nanoseconds,
        warmupIterations: 1,
        scalingFactor: .mega,
        maxDuration: .seconds(20),
        maxIterations: 20
    )

    for path in HotPath.all {
        Benchmark(path.name) { benchmark, cursor in
            let slice = cursor.nextSlice()  // may reset the scene: not measured
            benchmark.startMeasurement()
            let result = cursor.run.run(slice)
            benchmark.stopMeasurement()
            blackHole(result)
        } setup: {
            SliceCursor(path.prepare(inputs))
        }
    }
}
