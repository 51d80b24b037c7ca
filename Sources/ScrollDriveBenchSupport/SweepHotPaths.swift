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

/// Runs gestures until a slice's frames are simulated: thread `t` of `T`
/// takes gestures t, t + T, t + 2T, ... (each from its own generator, as a
/// sweep does) until it has simulated its share of the slice. A slice may
/// overrun by less than one gesture per thread (about 100 frames), which the
/// per-frame figures ignore (under 0.01% of a million-frame slice).
final class SweepScene: @unchecked Sendable {
    let frames: Int
    let threads: Int
    private let kernel: any SweepKernel
    private let population: GesturePopulation
    /// The next gesture index of each thread.
    private var next: [Int]
    private let lock = NSLock()

    init(surface: String, frames: Int, threads: Int) {
        self.frames = frames
        self.threads = threads
        let plan = SweepPlan(surface: surface, seed: 1, gestures: 1)
        // The default surfaces always build.
        kernel = try! plan.kernel(at: [])
        population = Sweep.population(plan, kernel: kernel)
        next = Array(0..<threads)
    }

    var prepared: PreparedRun {
        PreparedRun(frames: frames, reset: { [self] in next = Array(0..<threads) }, run: { [self] in run($0) })
    }

    /// Simulates at least `range.count` frames; returns the frames simulated.
    func run(_ range: Range<Int>) -> Double {
        let share = (range.count + threads - 1) / threads
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            let frames = runShare(thread: t, frames: share)
            lock.lock()
            simulated += frames
            lock.unlock()
        }
        return Double(simulated)
    }

    /// Frames simulated since the scene was made (the value for the black hole).
    private var simulated = 0

    private func runShare(thread t: Int, frames share: Int) -> Int {
        lock.lock()
        var index = next[t]
        lock.unlock()
        let frames = runGestures(kernel, from: &index, frames: share)
        lock.lock()
        next[t] = index
        lock.unlock()
        return frames
    }

    private func runGestures<K: SweepKernel>(_ kernel: K, from index: inout Int, frames share: Int) -> Int {
        var stats = kernel.emptyStatistics()
        while stats.frames < share {
            kernel.run(population.gesture(seed: 1, index: index), index: index, into: &stats)
            index += threads
        }
        return stats.frames
    }
}
