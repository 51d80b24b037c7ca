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
    /// The surface and every scroll view rest. (Mutating, so that the C
    /// struct is read in place, not copied.)
    mutating func isAtRest() -> Bool
    /// Surface events so far (a gesture's count is the difference).
    var events: Int { get }
}

/// What a sweep needs to know about one of the simulator's surfaces to run
/// gestures on it (the bar, the pull-down panel): how to set up a start
/// state, and which of the core's sweep runners (simsweep.h) plays a
/// gesture on it. The core owns the rest: where the finger goes down, the
/// watched values, the invariants and the resting states.
protocol SweepSurfaceAdapter: Sendable {
    associatedtype Simulation: SweepSimulation
    /// The watched values, in the order of the core's (their largest per-frame jumps are recorded).
    static var valueNames: [String] { get }
    /// Invariants of this surface, the core's bits from SD_SWEEP_SURFACE_INVARIANTS on.
    static var surfaceInvariants: [String] { get }
    /// The resting states; the last one is "between states", never a start.
    var stateNames: [String] { get }
    var startStates: [Int] { get }
    /// A fresh surface put in state `start`; the time it is ready (seconds).
    func makeSimulation(start: Int) -> (simulation: Simulation, ready: Double)
    /// Plays `gesture` on a copy of `start` (the core's sd_sweep_X). The
    /// kernel passes only gestures and clocks the core accepts.
    static func run(_ start: Simulation, clock: sd_sweep_clock, gesture: sd_sweep_gesture) -> sd_sweep_outcome
}

/// A gesture's outcome from one of the core's sweep runners (`sd_sweep_bar`,
/// `sd_sweep_pulldown`), which `play` calls with the clock, the gesture and
/// the outcome to fill. The kernel passes only what the core accepts.
func sweepOutcome(clock: sd_sweep_clock, gesture: sd_sweep_gesture,
                  _ play: (UnsafePointer<sd_sweep_clock>, UnsafePointer<sd_sweep_gesture>,
                           UnsafeMutablePointer<sd_sweep_outcome>) -> sd_status) -> sd_sweep_outcome {
    var clock = clock, gesture = gesture, outcome = sd_sweep_outcome()
    let status = play(&clock, &gesture, &outcome)
    precondition(status == SD_OK, "the sweep kernel passed the core a gesture it rejects")
    return outcome
}

extension SweepGesture {
    /// The gesture as the core's sweep runners take it.
    var cValue: sd_sweep_gesture {
        sd_sweep_gesture(first: sd_sweep_touch(distance: distance, duration: duration, velocity: velocity),
                         second: sd_sweep_touch(distance: distance2, duration: duration2, velocity: velocity2),
                         delay: delay, interrupted: kind == .interrupted ? 1 : 0, reserved: 0)
    }
}

/// A sweep kernel over a simulated surface: each gesture is one call into
/// the core (simsweep.h), which delivers the touches as the simulated finger
/// does in `simulate` (touch-down, a move at every frame with the finger
/// down, the lift at its own time), advances every scroll view and then the
/// surface at every frame, and sums the frames up; the kernel adds the sums
/// to the statistics. Each start state is simulated once, when the kernel is
/// made; a gesture starts from a copy of it (a value: nothing is allocated
/// while gestures run).
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

    /// `fps` within 1...SD_SWEEP_MAX_FPS and `settleSeconds` at most
    /// 10^8 frames (what `SweepPlan` accepts).
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
        let clock = sd_sweep_clock(fps: Double(fps), first_frame: UInt64(start.frame),
                                   settle_limit: UInt32(settleLimit), reserved: 0)
        let outcome = Adapter.run(start.simulation, clock: clock, gesture: gesture.cValue)
        stats.add(outcome, kind: gesture.kind, start: gesture.start, gesture: index)
    }
}

extension SweepStatistics {
    /// Adds what the core's runner recorded of gesture number `gesture`
    /// (`kind`, from state `start`); invariants in the kernel's order.
    mutating func add(_ o: sd_sweep_outcome, kind: SweepGesture.Kind, start: Int, gesture: Int) {
        for i in invariants.indices {
            let times = Int(lane(o.violations, i))
            if times > 0 { violate(i, gesture: gesture, times: times) }
        }
        if o.rest_between_frames > 0 {
            restBetweenFrames += Int(o.rest_between_frames)
            if restBetweenGesture < 0 || gesture < restBetweenGesture { restBetweenGesture = gesture }
        }
        settleFrames[Int(o.settle_frames)] += 1
        for v in values.indices { jump(v, lane(o.jumps, v), gesture: gesture) }
        gestures += 1
        frames += Int(o.frames)
        landings[landingIndex(kind: kind, start: start, end: Int(o.end_state))] += 1
        events[min(Int(o.events), Self.eventBuckets - 1)] += 1
    }
}

/// Element `i` of one of the outcome's four-element C arrays (imported as tuples).
private func lane<T>(_ t: (T, T, T, T), _ i: Int) -> T {
    switch i {
    case 0: t.0
    case 1: t.1
    case 2: t.2
    default: t.3
    }
}
