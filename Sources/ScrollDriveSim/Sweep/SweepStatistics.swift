import Foundation

/// What a sweep records for one configuration over a range of gestures.
///
/// Everything is a count, a maximum or a short sorted list, so two parts
/// merge into exactly what one pass over both would give, in any order:
/// thread count and shards cannot change a bit of the result.
public struct SweepStatistics: Equatable, Sendable {
    /// The surface's state names (detents), kinds, values and invariants, fixed per sweep.
    public let states: [String]
    /// The watched values' names.
    public let values: [String]
    /// The invariants' names.
    public let invariants: [String]

    /// Gestures and simulated frames.
    public var gestures = 0
    /// Simulated frames over all gestures.
    public var frames = 0
    /// Landings by kind, start and end state: `landings[kind][start][end]`
    /// (kinds in `SweepGesture.Kind.allCases` order), flattened.
    public var landings: [Int]
    /// Settle times: `settleFrames[k]` gestures came to rest `k` frames after
    /// their last lift; the last bucket counts those that never did.
    public var settleFrames: [Int]
    /// The largest change of each value between two frames, and the first
    /// gesture (lowest index) that showed it (-1: none yet).
    public var maxJump: [Double]
    /// The first gesture that showed each largest jump (-1: none yet).
    public var maxJumpGesture: [Int]
    /// Frames at rest (no finger, no animation) away from every state, and
    /// the first gesture where that happened (-1: never).
    public var restBetweenFrames = 0
    /// The first gesture that rested between states (-1: none).
    public var restBetweenGesture = -1
    /// `events[k]`: gestures that produced k surface events (the last bucket: that many or more).
    public var events: [Int]
    /// Violations of each invariant, and the lowest gesture indices that broke it.
    public var violations: [Int]
    /// The lowest gesture indices that broke each invariant (at most `keptViolations`).
    public var violationGestures: [[Int]]

    /// How many gesture indices are kept per invariant.
    public static let keptViolations = 8
    /// Buckets of the events-per-gesture histogram.
    public static let eventBuckets = 16

    /// Empty statistics; `settleLimit` is the last settle bucket's frame count.
    public init(states: [String], values: [String], invariants: [String], settleLimit: Int) {
        self.states = states
        self.values = values
        self.invariants = invariants
        landings = Array(repeating: 0, count: SweepGesture.Kind.allCases.count * states.count * states.count)
        settleFrames = Array(repeating: 0, count: settleLimit + 2)
        maxJump = Array(repeating: 0, count: values.count)
        maxJumpGesture = Array(repeating: -1, count: values.count)
        events = Array(repeating: 0, count: Self.eventBuckets)
        violations = Array(repeating: 0, count: invariants.count)
        violationGestures = Array(repeating: [], count: invariants.count)
    }

    /// The index of `landings` for a kind, start and end.
    @inline(__always)
    public func landingIndex(kind: SweepGesture.Kind, start: Int, end: Int) -> Int {
        let n = states.count
        return (Self.kindIndex(kind) * n + start) * n + end
    }

    @inline(__always)
    static func kindIndex(_ kind: SweepGesture.Kind) -> Int {
        switch kind {
        case .drag: 0
        case .flick: 1
        case .hold: 2
        case .tap: 3
        case .interrupted: 4
        case .script: 5
        }
    }

    /// Landings from `start` to `end` over every kind (or one).
    public func landings(from start: Int, to end: Int, kind: SweepGesture.Kind? = nil) -> Int {
        let kinds = kind.map { [$0] } ?? SweepGesture.Kind.allCases
        return kinds.reduce(0) { $0 + landings[landingIndex(kind: $1, start: start, end: end)] }
    }

    /// Records a jump of value `v` in gesture `gesture`.
    @inline(__always)
    public mutating func jump(_ v: Int, _ size: Double, gesture: Int) {
        if size > maxJump[v] || (size == maxJump[v] && maxJumpGesture[v] < 0) {
            maxJump[v] = size
            maxJumpGesture[v] = gesture
        }
    }

    /// Records `times` violations of invariant `i` by `gesture`.
    public mutating func violate(_ i: Int, gesture: Int, times: Int = 1) {
        violations[i] += times
        Self.keep(gesture, in: &violationGestures[i])
    }

    private static func keep(_ gesture: Int, in list: inout [Int]) {
        if list.contains(gesture) { return }
        list.append(gesture)
        list.sort()
        if list.count > keptViolations { list.removeLast(list.count - keptViolations) }
    }

    /// Adds `other` (same surface and configuration, other gestures).
    public mutating func merge(_ other: SweepStatistics) {
        precondition(states == other.states && values == other.values && invariants == other.invariants)
        gestures += other.gestures
        frames += other.frames
        for i in landings.indices { landings[i] += other.landings[i] }
        for i in settleFrames.indices { settleFrames[i] += other.settleFrames[i] }
        for v in maxJump.indices where other.maxJumpGesture[v] >= 0 {
            let better = other.maxJump[v] > maxJump[v]
                || (other.maxJump[v] == maxJump[v] && (maxJumpGesture[v] < 0 || other.maxJumpGesture[v] < maxJumpGesture[v]))
            if better {
                maxJump[v] = other.maxJump[v]
                maxJumpGesture[v] = other.maxJumpGesture[v]
            }
        }
        restBetweenFrames += other.restBetweenFrames
        if other.restBetweenGesture >= 0, restBetweenGesture < 0 || other.restBetweenGesture < restBetweenGesture {
            restBetweenGesture = other.restBetweenGesture
        }
        for i in events.indices { events[i] += other.events[i] }
        for i in violations.indices {
            violations[i] += other.violations[i]
            for g in other.violationGestures[i] { Self.keep(g, in: &violationGestures[i]) }
        }
    }

    // MARK: Derived figures

    /// Gestures that came to rest.
    public var settled: Int { settleFrames.dropLast().reduce(0, +) }

    /// The settle time (frames) at percentile `p` (0...100) of the gestures
    /// that settled, nearest-rank; nil when none did.
    public func settlePercentile(_ p: Double) -> Int? {
        let n = settled
        guard n > 0 else { return nil }
        let rank = max(1, Int((p / 100 * Double(n)).rounded(.up)))
        var seen = 0
        for (k, count) in settleFrames.dropLast().enumerated() {
            seen += count
            if seen >= rank { return k }
        }
        return nil
    }

    /// Mean surface events per gesture.
    public var meanEvents: Double {
        guard gestures > 0 else { return 0 }
        let total = events.enumerated().reduce(0) { $0 + $1.offset * $1.element }
        return Double(total) / Double(gestures)
    }
}
