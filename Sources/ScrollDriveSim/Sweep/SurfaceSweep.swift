import Foundation

/// What a sweep needs to know about one of the simulator's surfaces to run
/// gestures on it (the bar, the pull-down panel): how to set up a start
/// state, where the finger goes down, which values to watch and which
/// resting state the surface is in.
public protocol SweepSurfaceAdapter: Sendable {
    associatedtype Surface: SimSurface
    /// The watched values (their largest per-frame jumps are recorded).
    static var valueNames: [String] { get }
    /// Invariants of this surface, checked every frame by `violations(_:)`.
    static var surfaceInvariants: [String] { get }
    /// The resting states; the last one is "between states", never a start.
    var stateNames: [String] { get }
    var startStates: [Int] { get }
    /// A fresh surface put in state `start`; the time it is ready (seconds).
    func makeSurface(start: Int) -> (surface: Surface, ready: Double)
    /// Where the finger goes down on `surface`.
    func finger(on surface: Surface) -> CGPoint
    /// The watched values now.
    func values(_ surface: Surface) -> SIMD4<Double>
    /// The state the surface shows now (`stateNames.count - 1`: between states).
    func state(_ surface: Surface) -> Int
    /// Surface events so far (a gesture's count is the difference).
    func events(_ surface: Surface) -> Int
    /// Bit i set: `surfaceInvariants[i]` does not hold now.
    func violations(_ surface: Surface) -> UInt32
}

/// A sweep kernel over a simulator surface: the touches go to the surface
/// as the simulated finger delivers them in `simulate` (touch-down, a move at
/// every frame with the finger down, the lift at its own time), and the
/// clock advances every scroll view and then the surface, as `Simulation`
/// does. The behaviour lives in the surface and its controller, so a sweep
/// and `simulate` cannot disagree; the price is the controllers' object
/// graph made once per gesture and their observer path run every frame.
public struct SurfaceSweepKernel<Adapter: SweepSurfaceAdapter>: SweepKernel {
    public var valueNames: [String] { Adapter.valueNames }
    public var invariantNames: [String] { ["value not finite", "never came to rest"] + Adapter.surfaceInvariants }

    public let adapter: Adapter
    public let fps: Int
    public let settleLimit: Int
    public var stateNames: [String] { adapter.stateNames }
    public var startStates: [Int] { adapter.startStates }

    public init(_ adapter: Adapter, fps: Int, settleSeconds: Double = 10) {
        self.adapter = adapter
        self.fps = fps
        settleLimit = Int((settleSeconds * Double(fps)).rounded(.up))
    }

    public func run(_ gesture: SweepGesture, index: Int, into stats: inout SweepStatistics) {
        let (surface, ready) = adapter.makeSurface(start: gesture.start)
        var runner = Runner(kernel: self, surface: surface, views: surface.scrollViews, gesture: index,
                            n: Int((ready * Double(fps)).rounded(.up)), events: adapter.events(surface))
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
        stats.landings[stats.landingIndex(kind: g.kind, start: g.start, end: adapter.state(surface))] += 1
        stats.events[min(adapter.events(surface) - runner.events, SweepStatistics.eventBuckets - 1)] += 1
    }

    private struct Runner {
        let kernel: SurfaceSweepKernel
        let surface: Adapter.Surface
        /// The surface's scroll views, read once (a surface may build the list on every call).
        let views: [SimScrollView]
        let gesture: Int
        /// The next frame's number (frame n is at n / fps).
        var n: Int
        /// The surface's events before the gesture.
        let events: Int
        var frameCount = 0
        var lift = 0.0
        var fingerDown = false
        var previous: SIMD4<Double>?
        var jumps = SIMD4<Double>()

        var nextFrameTime: Double { Double(n) / Double(kernel.fps) }

        func advance(to t: Double) {
            for view in views { view.advance(to: t) }
            surface.advance(to: t)
        }

        func deliver(_ phase: SimTouch.Phase, _ location: CGPoint, _ velocity: Double, at t: Double) {
            surface.handle(SimTouch(phase: phase, location: location, velocity: SimVector(dx: 0, dy: velocity), time: t))
        }

        /// A touch-down at `start`, a move of `distance` and a lift (no move: a tap or a hold).
        mutating func touch(at start: Double, distance: Double, duration: Double, velocity: Double,
                            stats: inout SweepStatistics) {
            frames(until: start, stats: &stats)
            advance(to: start)
            let down = kernel.adapter.finger(on: surface)
            deliver(.down, down, 0, at: start)
            fingerDown = true
            let end = start + duration
            while nextFrameTime < end {
                let t = nextFrameTime
                advance(to: t)
                if distance != 0 {
                    let y = SweepGesture.translation(distance: distance, duration: duration, velocity: velocity, at: t - start)
                    let v = SweepGesture.fingerVelocity(distance: distance, duration: duration, velocity: velocity,
                                                        at: t - start)
                    deliver(.moved, CGPoint(x: down.x, y: down.y + y), v, at: t)
                }
                record(stats: &stats)
            }
            advance(to: end)
            deliver(.up, CGPoint(x: down.x, y: down.y + distance), velocity, at: end)
            fingerDown = false
            lift = end
        }

        mutating func frames(until end: Double, stats: inout SweepStatistics) {
            while nextFrameTime < end {
                advance(to: nextFrameTime)
                record(stats: &stats)
            }
        }

        /// Frames until everything rests, then the settle time.
        mutating func settle(stats: inout SweepStatistics) {
            var waited = 0
            while true {
                let t = nextFrameTime
                advance(to: t)
                let resting = record(stats: &stats)
                if t < lift { continue }
                if resting {
                    stats.settleFrames[waited] += 1
                    return
                }
                if waited == kernel.settleLimit {
                    stats.settleFrames[kernel.settleLimit + 1] += 1
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
            let adapter = kernel.adapter
            let values = adapter.values(surface)
            if !(values.x.isFinite && values.y.isFinite && values.z.isFinite && values.w.isFinite) {
                stats.violate(0, gesture: gesture)
            }
            var broken = adapter.violations(surface)
            while broken != 0 {
                stats.violate(2 + broken.trailingZeroBitCount, gesture: gesture)
                broken &= broken - 1
            }
            if let p = previous {
                let d = values - p
                jumps = pointwiseMax(jumps, pointwiseMax(d, -d))
            }
            previous = values
            let resting = !fingerDown && surface.isAtRest && views.allSatisfy(\.isAtRest)
            if resting, adapter.state(surface) == adapter.stateNames.count - 1 {
                stats.restBetweenFrames += 1
                if stats.restBetweenGesture < 0 || gesture < stats.restBetweenGesture { stats.restBetweenGesture = gesture }
            }
            return resting
        }
    }
}
