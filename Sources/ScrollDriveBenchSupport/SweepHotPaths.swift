import Foundation
import ScrollDriveSim

extension HotPath {
    /// `scrolldrive sweep`'s per-frame work: the default sheet, bar and pull-down under
    /// the default gesture population at 120 Hz, on one thread and on every
    /// core. A "frame" is one simulated frame (the surface stepped to it, its
    /// values read, the statistics; plus the touches of that frame).
    static var sweep: [HotPath] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return ["sheet", "bar", "pulldown"].flatMap { surface in
            [
                HotPath(name: "sweep/\(surface)-1-thread",
                        summary: "sweep of the default \(surface), generated gestures at 120 Hz, one thread",
                        baseline: nil) { inputs in SweepScene(surface: surface, frames: inputs.frames, threads: 1).prepared },
                HotPath(name: "sweep/\(surface)-all-threads",
                        summary: "the same on every core (\(cores) here); ns/frame is wall clock over all threads",
                        baseline: nil) { inputs in SweepScene(surface: surface, frames: inputs.frames, threads: cores).prepared },
            ]
        }
    }
}

/// Runs gestures until the frames of the trace up to a slice's end are
/// simulated: thread `t` of `T` takes gestures t, t + T, t + 2T, ... (each
/// from its own generator, as a sweep does) until its running total reaches
/// its share of the slice's end. A thread overruns by less than one gesture
/// (about 100 frames), which the per-frame figures ignore (under 0.01% of a
/// million-frame slice); slices taken in order stop where the whole trace
/// does, so they give the same result.
final class SweepScene: @unchecked Sendable {
    let frames: Int
    let threads: Int
    private let kernel: any SweepKernel
    private let population: GesturePopulation
    /// Each thread's next gesture index and frames simulated since `reset()`.
    private var next: [Int]
    private var done: [Int]
    private let lock = NSLock()

    init(surface: String, frames: Int, threads: Int) {
        self.frames = frames
        self.threads = threads
        let plan = SweepPlan(surface: surface, seed: 1, gestures: 1)
        // The default surfaces always build.
        kernel = try! plan.kernel(at: [])
        population = Sweep.population(plan, kernel: kernel)
        next = Array(0..<threads)
        done = Array(repeating: 0, count: threads)
    }

    var prepared: PreparedRun {
        PreparedRun(frames: frames, reset: { [self] in
            next = Array(0..<threads)
            done = Array(repeating: 0, count: threads)
        }, run: { [self] in run($0) })
    }

    /// Simulates the trace up to `range.upperBound`; returns the frames simulated since `reset()`.
    func run(_ range: Range<Int>) -> Double {
        let target = (range.upperBound + threads - 1) / threads
        DispatchQueue.concurrentPerform(iterations: threads) { t in runShare(thread: t, until: target) }
        return Double(done.reduce(0, +))
    }

    private func runShare(thread t: Int, until target: Int) {
        lock.lock()
        var index = next[t], frames = done[t]
        lock.unlock()
        runGestures(kernel, from: &index, frames: &frames, until: target)
        lock.lock()
        next[t] = index
        done[t] = frames
        lock.unlock()
    }

    private func runGestures<K: SweepKernel>(_ kernel: K, from index: inout Int, frames: inout Int, until target: Int) {
        var stats = kernel.emptyStatistics()
        while frames + stats.frames < target {
            kernel.run(population.gesture(seed: 1, index: index), index: index, into: &stats)
            index += threads
        }
        frames += stats.frames
    }
}
