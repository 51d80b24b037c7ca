import CScrollDrive
import Foundation
import ScrollDrive

/// Runs generated gestures on the 3-state bar through the simulator's own
/// `BarSurface`: a `BarController` (which steps `sd_bar`) over a
/// `SimScrollView` (whose drag, deceleration, bounce and animated offset
/// changes are the C core's `simstep` functions). The bar's behaviour lives
/// in the controller and the scroll view; this kernel only moves the finger
/// and the clock, so a sweep and `simulate` cannot disagree.
///
/// Each gesture gets a fresh surface over a 2400 pt feed (the simulator's
/// default scroll view), put in its start state first: normal (untouched, at
/// the top), compact (the feed scrolled to 1200 pt) or expanded
/// (`expand(on: true)`, its 0.25 s animation finished). The gesture starts at
/// 0.5 s; the finger goes down at (195, 422) and is sampled once a frame.
/// A tap is a touch-down and lift without a move.
///
/// The surface and its scroll view are objects made per gesture, and the
/// controller's observer path runs per frame: this kernel is far slower than
/// the sheet's (see docs/sweep.md).
public struct BarSweepKernel: SweepKernel {
    public static let valueNames = ["bar_height", "bar_progress", "y", "inset_top"]
    public static let invariantNames = ["value not finite", "height outside compact...expanded", "never came to rest"]

    public let configuration: BarController.Configuration
    public let stateNames = ["compact", "normal", "expanded", "between states"]
    public let startStates = [0, 1, 2]
    public let fps: Int
    public let settleLimit: Int
    /// When the gesture starts, after the start state was set up (seconds).
    static let start = 0.5

    public init(configuration: BarController.Configuration, fps: Int, settleSeconds: Double = 10) {
        self.configuration = configuration
        self.fps = fps
        settleLimit = Int((settleSeconds * Double(fps)).rounded(.up))
    }

    /// The state a height is (3: between states).
    func state(of height: Double) -> Int {
        switch height {
        case Double(configuration.compactStateHeight): 0
        case Double(configuration.normalStateHeight): 1
        case Double(configuration.expandedStateHeight): 2
        default: 3
        }
    }

    public func run(_ gesture: SweepGesture, index: Int, into stats: inout SweepStatistics) {
        let view = SimScrollView(configuration: SimScrollView.Configuration())
        let surface = BarSurface(configuration: configuration, scrollView: view)
        switch gesture.start {
        case 0: view.updateContentOffset(CGPoint(x: 0, y: 1200), animated: false)
        case 2:
            surface.perform(SurfaceAction(name: "expand", arguments: []))
            view.advance(to: SD_SCROLL_ANIMATION_DURATION)
        default: break
        }
        var runner = Runner(kernel: self, surface: surface, view: view, gesture: index,
                            n: Int((Self.start * Double(fps)).rounded(.up)), requests: view.requests.count)
        let g = gesture, t0 = Self.start
        runner.touch(at: t0, distance: g.distance, duration: g.duration, velocity: g.velocity, stats: &stats)
        if g.kind == .interrupted {
            runner.touch(at: t0 + g.duration + g.delay, distance: g.distance2, duration: g.duration2,
                         velocity: g.velocity2, stats: &stats)
        }
        runner.settle(stats: &stats)
        for v in 0..<4 { stats.jump(v, runner.jumps[v], gesture: index) }
        stats.gestures += 1
        stats.frames += runner.frameCount
        let end = state(of: Double(surface.state.height()))
        stats.landings[stats.landingIndex(kind: g.kind, start: g.start, end: end)] += 1
        stats.events[min(view.requests.count - runner.requests, SweepStatistics.eventBuckets - 1)] += 1
    }

    private struct Runner {
        let kernel: BarSweepKernel
        let surface: BarSurface
        let view: SimScrollView
        let gesture: Int
        /// The next frame's number (frame n is at n / fps).
        var n: Int
        /// The scroll view's requests before the gesture (the setup's).
        let requests: Int
        var frameCount = 0
        var lift = 0.0
        var previous: SIMD4<Double>?
        var jumps = SIMD4<Double>()

        static let finger = CGPoint(x: 195, y: 422)

        var nextFrameTime: Double { Double(n) / Double(kernel.fps) }

        /// A touch-down at `start`, a move of `distance` and a lift (no move: a tap or a hold).
        mutating func touch(at start: Double, distance: Double, duration: Double, velocity: Double,
                            stats: inout SweepStatistics) {
            frames(until: start, stats: &stats)
            advance(to: start)
            view.touchDown(at: Self.finger)
            let end = start + duration
            while nextFrameTime < end {
                let t = nextFrameTime
                advance(to: t)
                if distance != 0 {
                    let y = SweepGesture.translation(distance: distance, duration: duration, velocity: velocity, at: t - start)
                    let v = SweepGesture.fingerVelocity(distance: distance, duration: duration, velocity: velocity,
                                                        at: t - start)
                    view.touchMoved(to: CGPoint(x: Self.finger.x, y: Self.finger.y + y), fingerVelocity: SimVector(dx: 0, dy: v))
                }
                record(stats: &stats)
            }
            advance(to: end)
            view.touchUp(at: CGPoint(x: Self.finger.x, y: Self.finger.y + distance), fingerVelocity: SimVector(dx: 0, dy: velocity))
            lift = end
        }

        mutating func advance(to t: Double) {
            view.advance(to: t)
            surface.advance(to: t)
        }

        mutating func frames(until end: Double, stats: inout SweepStatistics) {
            while nextFrameTime < end {
                advance(to: nextFrameTime)
                record(stats: &stats)
            }
        }

        /// Frames until the scroll view rests, then the settle time.
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
                    stats.violate(2, gesture: gesture)
                    return
                }
                waited += 1
            }
        }

        /// Records the frame just advanced to; whether everything is at rest.
        @discardableResult
        mutating func record(stats: inout SweepStatistics) -> Bool {
            n += 1
            frameCount += 1
            let state = surface.state
            let height = Double(state.height())
            let values = SIMD4(height, Double(state.transitionProgress()), Double(view.contentOffset.y),
                               Double(view.contentInset.top))
            if !(values.x.isFinite && values.y.isFinite && values.z.isFinite && values.w.isFinite) {
                stats.violate(0, gesture: gesture)
            }
            let c = kernel.configuration
            if !(Double(c.compactStateHeight)...Double(c.expandedStateHeight)).contains(height) {
                stats.violate(1, gesture: gesture)
            }
            if let p = previous {
                let d = values - p
                jumps = pointwiseMax(jumps, pointwiseMax(d, -d))
            }
            previous = values
            let resting = view.isAtRest
            if resting, kernel.state(of: height) == 3 {
                stats.restBetweenFrames += 1
                if stats.restBetweenGesture < 0 || gesture < stats.restBetweenGesture { stats.restBetweenGesture = gesture }
            }
            return resting
        }
    }
}
