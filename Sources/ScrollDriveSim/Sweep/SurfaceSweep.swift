import CScrollDrive
import Foundation

/// A surface simulated whole by the C core for a sweep (simsurface.h: the
/// surface, its controller's glue and its scroll views in one struct, the
/// numbers of the simulator's surface bit for bit), stepped in place.
protocol SweepSimulation: Sendable {
    /// A touch of the simulated finger at `time` (screen points; velocity in points per second, y down).
    mutating func touch(_ phase: sd_sim_touch_phase, x: Double, y: Double, velocity: Double, at time: Double)
    /// Moves the clock: every scroll view, then the surface (the simulation's order).
    mutating func advance(to time: Double)
    /// The surface and every scroll view rest. (Mutating, here and below,
    /// so that the C struct is read in place, not copied.)
    mutating func isAtRest() -> Bool
    /// Surface events so far (a gesture's count is the difference).
    var events: Int { get }
}

/// What a sweep needs to know about one of the simulator's surfaces to run
/// gestures on it (the bar, the pull-down panel): how to set up a start
/// state, where the finger goes down, which values to watch and which
/// resting state the surface is in.
protocol SweepSurfaceAdapter: Sendable {
    associatedtype Simulation: SweepSimulation
    /// The watched values (their largest per-frame jumps are recorded).
    static var valueNames: [String] { get }
    /// Invariants of this surface, checked every frame by `violations(_:)`.
    static var surfaceInvariants: [String] { get }
    /// The resting states; the last one is "between states", never a start.
    var stateNames: [String] { get }
    var startStates: [Int] { get }
    /// A fresh surface put in state `start`; the time it is ready (seconds).
    func makeSimulation(start: Int) -> (simulation: Simulation, ready: Double)
    /// Where the finger goes down.
    func finger(on simulation: inout Simulation) -> (x: Double, y: Double)
    /// The watched values now.
    func values(_ simulation: inout Simulation) -> SIMD4<Double>
    /// The state the surface shows now (`stateNames.count - 1`: between states).
    func state(_ simulation: inout Simulation) -> Int
    /// Bit i set: `surfaceInvariants[i]` does not hold now.
    func violations(_ simulation: inout Simulation) -> UInt32
}

/// A sweep kernel over a simulated surface: the touches go to the surface
/// as the simulated finger delivers them in `simulate` (touch-down, a move at
/// every frame with the finger down, the lift at its own time), and the
/// clock advances every scroll view and then the surface, as `Simulation`
/// does. Each start state is simulated once, when the kernel is made; a
/// gesture starts from a copy of it (a value: nothing is allocated while
/// gestures run), and every frame is one call into the core.
struct SurfaceSweepKernel<Adapter: SweepSurfaceAdapter>: SweepKernel {
    var valueNames: [String] { Adapter.valueNames }
    var invariantNames: [String] { ["value not finite", "never came to rest"] + Adapter.surfaceInvariants }

    let adapter: Adapter
    let fps: Int
    let settleLimit: Int
    var stateNames: [String] { adapter.stateNames }
    var startStates: [Int] { adapter.startStates }
    /// Each start state's surface and its first frame's number (indexed by state).
    private let starts: [(simulation: Adapter.Simulation, frame: Int)?]

    init(_ adapter: Adapter, fps: Int, settleSeconds: Double = 10) {
        self.adapter = adapter
        self.fps = fps
        settleLimit = Int((settleSeconds * Double(fps)).rounded(.up))
        var starts: [(simulation: Adapter.Simulation, frame: Int)?] = Array(repeating: nil, count: adapter.stateNames.count)
        for state in adapter.startStates {
            let (simulation, ready) = adapter.makeSimulation(start: state)
            starts[state] = (simulation, Int((ready * Double(fps)).rounded(.up)))
        }
        self.starts = starts
    }

    func run(_ gesture: SweepGesture, index: Int, into stats: inout SweepStatistics) {
        // Every start state of the adapter was simulated in init.
        let start = starts[gesture.start]!
        var runner = Runner(adapter: adapter, fps: Double(fps), settleLimit: settleLimit,
                            between: adapter.stateNames.count - 1, simulation: start.simulation, gesture: index,
                            n: start.frame, events: start.simulation.events)
        let g = gesture
        let t0 = runner.nextFrameTime
        runner.touch(at: t0, distance: g.distance, duration: g.duration, velocity: g.velocity, stats: &stats)
        if g.kind == .interrupted {
            runner.touch(at: t0 + g.duration + g.delay, distance: g.distance2, duration: g.duration2,
                         velocity: g.velocity2, stats: &stats)
        }
        runner.settle(stats: &stats)
        for v in 0..<4 { stats.jump(v, runner.jumps[v], gesture: index) }
        stats.gestures += 1
        stats.frames += runner.frameCount
        stats.landings[stats.landingIndex(kind: g.kind, start: g.start, end: adapter.state(&runner.simulation))] += 1
        stats.events[min(runner.simulation.events - runner.events, SweepStatistics.eventBuckets - 1)] += 1
    }

    /// One gesture in progress (what it reads of the kernel copied in, so
    /// that no frame copies the adapter).
    private struct Runner {
        let adapter: Adapter
        let fps: Double
        let settleLimit: Int
        /// The "between states" state.
        let between: Int
        var simulation: Adapter.Simulation
        let gesture: Int
        /// The next frame's number (frame n is at n / fps).
        var n: Int
        /// The surface's events before the gesture.
        let events: Int
        var frameCount = 0
        var lift = 0.0
        var fingerDown = false
        var hasPrevious = false
        var previous = SIMD4<Double>()
        var jumps = SIMD4<Double>()

        var nextFrameTime: Double { Double(n) / fps }

        /// A touch-down at `start`, a move of `distance` and a lift (no move: a tap or a hold).
        mutating func touch(at start: Double, distance: Double, duration: Double, velocity: Double,
                            stats: inout SweepStatistics) {
            frames(until: start, stats: &stats)
            simulation.advance(to: start)
            let down = adapter.finger(on: &simulation)
            simulation.touch(SD_SIM_TOUCH_DOWN, x: down.x, y: down.y, velocity: 0, at: start)
            fingerDown = true
            let end = start + duration
            while nextFrameTime < end {
                let t = nextFrameTime
                simulation.advance(to: t)
                if distance != 0 {
                    let y = SweepGesture.translation(distance: distance, duration: duration, velocity: velocity, at: t - start)
                    let v = SweepGesture.fingerVelocity(distance: distance, duration: duration, velocity: velocity,
                                                        at: t - start)
                    simulation.touch(SD_SIM_TOUCH_MOVED, x: down.x, y: down.y + y, velocity: v, at: t)
                }
                record(stats: &stats)
            }
            simulation.advance(to: end)
            simulation.touch(SD_SIM_TOUCH_UP, x: down.x, y: down.y + distance, velocity: velocity, at: end)
            fingerDown = false
            lift = end
        }

        mutating func frames(until end: Double, stats: inout SweepStatistics) {
            while nextFrameTime < end {
                simulation.advance(to: nextFrameTime)
                record(stats: &stats)
            }
        }

        /// Frames until everything rests, then the settle time.
        mutating func settle(stats: inout SweepStatistics) {
            var waited = 0
            while true {
                let t = nextFrameTime
                simulation.advance(to: t)
                let resting = record(stats: &stats)
                if t < lift { continue }
                if resting {
                    stats.settleFrames[waited] += 1
                    return
                }
                if waited == settleLimit {
                    stats.settleFrames[settleLimit + 1] += 1
                    stats.violate(1, gesture: gesture)
                    return
                }
                waited += 1
            }
        }

        /// Records the frame just advanced to; whether everything rests.
        @discardableResult
        mutating func record(stats: inout SweepStatistics) -> Bool {
            n += 1
            frameCount += 1
            let values = adapter.values(&simulation)
            if !(values.x.isFinite && values.y.isFinite && values.z.isFinite && values.w.isFinite) {
                stats.violate(0, gesture: gesture)
            }
            var broken = adapter.violations(&simulation)
            while broken != 0 {
                stats.violate(2 + broken.trailingZeroBitCount, gesture: gesture)
                broken &= broken - 1
            }
            if hasPrevious {
                let d = values - previous
                // (lane by lane: the generic pointwiseMax is not specialised here)
                jumps = SIMD4(max(jumps.x, abs(d.x)), max(jumps.y, abs(d.y)), max(jumps.z, abs(d.z)),
                              max(jumps.w, abs(d.w)))
            }
            previous = values
            hasPrevious = true
            let resting = !fingerDown && simulation.isAtRest()
            if resting, adapter.state(&simulation) == between {
                stats.restBetweenFrames += 1
                if stats.restBetweenGesture < 0 || gesture < stats.restBetweenGesture { stats.restBetweenGesture = gesture }
            }
            return resting
        }
    }
}

/// The bar's and the pull-down's kernels as concrete types, so that the
/// sweep's calls through `any SweepKernel` reach code specialised for the
/// surface (a generic kernel's witness would run unspecialised, looking up
/// its adapter's conformance on every frame). Each spells out `run`, the
/// per-gesture call; the rest is forwarded here.
protocol ConcreteSweepKernel: SweepKernel {
    associatedtype Adapter: SweepSurfaceAdapter
    var kernel: SurfaceSweepKernel<Adapter> { get }
}

extension ConcreteSweepKernel {
    var valueNames: [String] { kernel.valueNames }
    var invariantNames: [String] { kernel.invariantNames }
    var stateNames: [String] { kernel.stateNames }
    var startStates: [Int] { kernel.startStates }
    var settleLimit: Int { kernel.settleLimit }
}

struct BarSweepKernel: ConcreteSweepKernel {
    let kernel: SurfaceSweepKernel<BarSweep>
    func run(_ g: SweepGesture, index: Int, into stats: inout SweepStatistics) { kernel.run(g, index: index, into: &stats) }
}

struct PulldownSweepKernel: ConcreteSweepKernel {
    let kernel: SurfaceSweepKernel<PulldownSweep>
    func run(_ g: SweepGesture, index: Int, into stats: inout SweepStatistics) { kernel.run(g, index: index, into: &stats) }
}
