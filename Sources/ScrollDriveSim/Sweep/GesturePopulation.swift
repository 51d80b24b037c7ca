import CScrollDrive
import Foundation

/// One generated gesture of a sweep: a finger that goes down on the surface
/// at `start`, moves `distance` points in `duration` seconds and lifts at
/// `velocity`; an interrupted gesture then grabs the surface again while it
/// is still moving.
///
/// The finger path is the cubic Hermite curve from 0 (at rest) to
/// `distance` (moving at `velocity`): translation(u) = distance (3u² - 2u³)
/// + velocity · duration (u³ - u²) for u = t / duration. At u = 1 it is
/// `distance` exactly, so the translation a release decision sees is the
/// generated number, bit for bit.
public struct SweepGesture: Equatable, Sendable {
    /// What the finger does.
    public enum Kind: String, CaseIterable, Sendable {
        /// A deliberate drag: lifts slower than a fling.
        case drag
        /// A quick flick: lifts at fling speed.
        case flick
        /// A press without a move (a long press), then a lift.
        case hold
        /// A tap outside the surface (the sheet's backdrop).
        case tap
        /// A flick, then a drag that grabs the surface while it still moves.
        case interrupted
        /// A gesture script of a `--scripts` folder (never generated).
        case script
    }

    /// The kinds a population draws (all but `script`).
    public static let generatedKinds: [Kind] = Kind.allCases.filter { $0 != .script }

    /// What kind of gesture it is.
    public let kind: Kind
    /// The state the surface rests in before the gesture (a detent index for the sheet).
    public let start: Int
    /// Finger travel, points (positive: down the screen).
    public let distance: Double
    /// Finger down to lift, seconds.
    public let duration: Double
    /// Finger velocity at the lift, points per second (positive: down).
    public let velocity: Double
    /// `interrupted`: seconds from the first lift to the second touch-down.
    public let delay: Double
    /// `interrupted`: the second touch's travel (a drag), points; 0 for other kinds.
    public let distance2: Double
    /// `interrupted`: the second touch's duration, seconds; 0 for other kinds.
    public let duration2: Double
    /// `interrupted`: the second touch's velocity at its lift, points per second; 0 for other kinds.
    public let velocity2: Double

    /// The finger's translation `t` seconds after touch-down of a move of
    /// `distance` in `duration` ending at `velocity` (clamped to the move;
    /// the core's `sd_sweep_translation`).
    @inline(__always)
    public static func translation(distance: Double, duration: Double, velocity: Double, at t: Double) -> Double {
        var touch = sd_sweep_touch(distance: distance, duration: duration, velocity: velocity)
        return sd_sweep_translation(&touch, t)
    }

    /// The finger's velocity (points per second) `t` seconds after
    /// touch-down: the path's derivative, `velocity` at the lift (the core's
    /// `sd_sweep_finger_velocity`).
    @inline(__always)
    public static func fingerVelocity(distance: Double, duration: Double, velocity: Double, at t: Double) -> Double {
        var touch = sd_sweep_touch(distance: distance, duration: duration, velocity: velocity)
        return sd_sweep_finger_velocity(&touch, t)
    }

    /// One line for reports: "flick from 1: 212.5 pt in 0.083 s, lift at 5112.0 pt/s".
    public var summary: String {
        func f(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
        var s = "\(kind.rawValue) from state \(start): \(f(distance, 1)) pt in \(f(duration, 3)) s, lift at \(f(velocity, 1)) pt/s"
        if kind == .interrupted {
            s += "; after \(f(delay, 3)) s a drag of \(f(distance2, 1)) pt in \(f(duration2, 3)) s, lift at \(f(velocity2, 1)) pt/s"
        }
        return s
    }
}

/// A seeded population of human-like gestures: gesture `i` of seed `s` is
/// the same on every machine, thread count and shard (it is drawn from its
/// own generator, seeded from `s` and `i`), so a sweep can be split anywhere.
///
/// The ranges come from the touch constants platforms publish (Android's
/// `ViewConfiguration`, AOSP `core/java/android/view/ViewConfiguration.java`;
/// Flutter's `gestures/constants.dart` follows it; 1 dp taken as 1 pt):
/// - a move starts to count after the touch slop, 8 dp: distances start at 8 pt;
/// - a fling is a lift between the minimum and maximum fling velocities,
///   50 and 8000 dp/s: flicks lift log-uniformly in that range, drags below 50;
/// - a tap lifts within the tap timeout, 100 ms; a press turns into a long
///   press after 400-500 ms (the long-press timeout): holds last 0.5-1.5 s.
/// Our own choices (not from a source): drags travel 8-600 pt (up to about
/// three quarters of a phone screen) in 0.15-1.2 s, flicks last 40-200 ms,
/// up and down equally likely, and the mix of kinds below.
public struct GesturePopulation: Equatable, Sendable {
    /// Relative weights of the kinds (zero: never drawn).
    public let weights: [SweepGesture.Kind: Double]
    /// The states a gesture may start from (indices into the surface's states).
    public let starts: [Int]
    /// The kinds drawn, with their running weight totals (for `pickKind`).
    private let kinds: [SweepGesture.Kind]
    private let cumulative: [Double]

    /// The default mix: drags and flicks mostly, some holds, taps and interruptions.
    public static let defaultWeights: [SweepGesture.Kind: Double] = [
        .drag: 0.35, .flick: 0.35, .hold: 0.1, .tap: 0.05, .interrupted: 0.15,
    ]

    /// A population drawing kinds by `weights`, starting from the states in `starts`.
    public init(weights: [SweepGesture.Kind: Double] = GesturePopulation.defaultWeights, starts: [Int]) {
        precondition(!starts.isEmpty, "a population needs a start state")
        self.weights = weights
        self.starts = starts
        kinds = SweepGesture.generatedKinds.filter { (weights[$0] ?? 0) > 0 }
        var total = 0.0
        cumulative = kinds.map { total += weights[$0]!; return total }
    }

    /// Touch slop (points): the shortest move that counts as a drag.
    public static let touchSlop = 8.0
    /// The slowest fling (points per second): Android's minimum fling velocity.
    public static let minimumFlingVelocity = 50.0
    /// The fastest fling (points per second): Android's maximum fling velocity.
    public static let maximumFlingVelocity = 8000.0
    /// Drag travel (points) and durations (seconds).
    static let dragDistance = (8.0, 600.0)
    static let dragDuration = (0.15, 1.2)
    static let flickDuration = (0.04, 0.2)
    static let holdDuration = (0.5, 1.5)
    static let tapDuration = (0.03, 0.1)
    /// When the interrupting touch comes after the first lift (seconds).
    static let interruptDelay = (0.03, 0.3)

    /// Gesture `index` of the population with `seed`.
    public func gesture(seed: UInt64, index: Int) -> SweepGesture {
        // Two rounds of SplitMix64's mixer decorrelate neighbouring indices.
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        var random = SplitMix64(seed: mixer.next())
        let kind = pickKind(random.unit())
        let start = starts[Int(random.next() % UInt64(starts.count))]
        let sign: Double = random.unit() < 0.5 ? -1 : 1
        func logUniform(_ range: (Double, Double)) -> Double {
            exp(log(range.0) + (log(range.1) - log(range.0)) * random.unit())
        }
        func uniform(_ range: (Double, Double)) -> Double { range.0 + (range.1 - range.0) * random.unit() }
        func drag(_ sign: Double) -> (Double, Double, Double) {
            let distance = sign * logUniform(Self.dragDistance)
            let duration = uniform(Self.dragDuration)
            // Slower than a fling, and no faster than keeps the path monotone.
            let limit = min(Self.minimumFlingVelocity, 1.5 * abs(distance) / duration)
            return (distance, duration, sign * limit * random.unit())
        }
        func flick(_ sign: Double) -> (Double, Double, Double) {
            let velocity = sign * logUniform((Self.minimumFlingVelocity, Self.maximumFlingVelocity))
            let duration = uniform(Self.flickDuration)
            // translation = distance u²: accelerating from rest to `velocity`.
            return (velocity * duration / 2, duration, velocity)
        }
        var first = (0.0, 0.0, 0.0)
        var second = (0.0, 0.0, 0.0)
        var delay = 0.0
        switch kind {
        case .drag: first = drag(sign)
        case .flick: first = flick(sign)
        case .hold: first = (0, uniform(Self.holdDuration), 0)
        case .tap: first = (0, uniform(Self.tapDuration), 0)
        case .interrupted:
            first = flick(sign)
            delay = uniform(Self.interruptDelay)
            second = drag(random.unit() < 0.5 ? -1 : 1)
        case .script: break
        }
        return SweepGesture(kind: kind, start: start, distance: first.0, duration: first.1, velocity: first.2,
                            delay: delay, distance2: second.0, duration2: second.1, velocity2: second.2)
    }

    private func pickKind(_ u: Double) -> SweepGesture.Kind {
        let x = u * (cumulative.last ?? 0)
        for (kind, total) in zip(kinds, cumulative) where x < total { return kind }
        return kinds.last ?? .drag
    }
}
