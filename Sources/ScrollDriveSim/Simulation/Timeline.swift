import CScrollDrive
import Foundation

/// A script laid out on the time axis: the finger's path (a function of
/// absolute time) and the instants at which something happens.
struct Timeline {
    /// A piece of the finger's path while it is down.
    struct Segment {
        var start: Double
        var end: Double
        var from: CGPoint
        var to: CGPoint
        var curve: sd_timing_curve
    }

    enum Event {
        /// A touch at a place; a lift's velocity is nil when the velocity
        /// tracker gives it (a `drag` or `hold` that lifts), explicit for a
        /// `fling`.
        case touch(SimTouch.Phase, CGPoint, SimVector?)
        case contentSize(width: Double?, height: Double)
        case scrollTo(y: Double, animated: Bool)
        case surface(SurfaceAction)
    }

    struct TimedEvent {
        var time: Double
        var event: Event
    }

    /// A step's span, for plots and the `step` column.
    struct Span {
        var start: Double
        var end: Double
        var kind: String
    }

    private(set) var segments: [Segment] = []
    private(set) var events: [TimedEvent] = []
    private(set) var spans: [Span] = []
    /// When the last step ends.
    private(set) var end = 0.0

    init(_ steps: [GestureScript.Step]) {
        var t = 0.0
        var finger: CGPoint?
        for step in steps {
            let start = t
            let finish = start + step.duration
            spans.append(Span(start: start, end: finish, kind: step.kind))
            func move(_ from: CGPoint?, _ to: CGPoint, _ curve: sd_timing_curve) {
                let origin = finger ?? from ?? to
                if finger == nil {
                    events.append(TimedEvent(time: start, event: .touch(.down, origin, .zero)))
                }
                segments.append(Segment(start: start, end: finish, from: origin, to: to, curve: curve))
                finger = to
            }
            func lift(velocity: SimVector?) {
                guard let at = finger else { return }
                events.append(TimedEvent(time: finish, event: .touch(.up, at, velocity)))
                finger = nil
            }
            switch step {
            case .wait:
                break
            case let .drag(from, to, _, curve, shouldLift):
                move(from, to, curve.timingCurve)
                if shouldLift { lift(velocity: nil) }
            case let .fling(from, to, duration, explicit):
                move(from, to, sd_timing_linear)
                let origin = segments[segments.count - 1].from
                lift(velocity: explicit ?? SimVector(dx: (to.x - origin.x) / duration, dy: (to.y - origin.y) / duration))
            case let .hold(_, shouldLift):
                if let at = finger { move(at, at, sd_timing_linear) }
                if shouldLift { lift(velocity: nil) }
            case let .tap(at):
                events.append(TimedEvent(time: start, event: .touch(.down, at, .zero)))
                events.append(TimedEvent(time: start, event: .touch(.up, at, .zero)))
            case .cancel:
                if let at = finger {
                    events.append(TimedEvent(time: start, event: .touch(.cancelled, at, .zero)))
                    finger = nil
                }
            case let .contentSize(width, height):
                events.append(TimedEvent(time: start, event: .contentSize(width: width, height: height)))
            case let .scrollTo(y, animated):
                events.append(TimedEvent(time: start, event: .scrollTo(y: y, animated: animated)))
            case let .surface(action):
                events.append(TimedEvent(time: start, event: .surface(action)))
            }
            t = finish
        }
        end = t
    }

    /// The segment whose interval (start, end] holds `t`: a touch sample at
    /// the seam of two segments is on the first one's end (where the second
    /// starts), so the finger is sampled there too; none at a touch's start.
    func segment(holding t: Double) -> Segment? {
        // Segments follow each other in time and do not overlap, so the one
        // holding t is the last that starts before it, if it has not ended.
        guard let k = lastSegment(startingBefore: t), t <= segments[k].end else { return nil }
        return segments[k]
    }

    /// The index of the last segment with start < t, by binary search
    /// (segments are in time order): a long script costs log(segments) per
    /// touch sample, not a scan.
    private func lastSegment(startingBefore t: Double) -> Int? {
        var lo = 0, hi = segments.count  // answer in [lo - 1, hi - 1]
        while lo < hi {
            let mid = (lo + hi) / 2
            if segments[mid].start < t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// The finger's position at `t` on a segment (the curve's progress
    /// between its ends, from the C core's timing curve).
    static func position(on s: Segment, at t: Double) -> CGPoint {
        guard t > s.start else { return s.from }
        guard t < s.end else { return s.to }
        var curve = s.curve
        let p = sd_timing_curve_value(&curve, (t - s.start) / (s.end - s.start))
        return CGPoint(x: sd_lerp(s.from.x, s.to.x, p), y: sd_lerp(s.from.y, s.to.y, p))
    }
}
