import CScrollDrive
import Foundation
import ScrollDrive

/// The fixed, seeded content-offset trace every bar benchmark runs over, and
/// the scene it is played in.
///
/// The scene: a 100/200/300 bar over a scroll view 800 pt high showing
/// 6000 pt of content. Before the first frame the content offset is at the
/// top (y = -normal = -200) and a drag begins there, so the expanded state is
/// available and the top inset is the expanded height (300): the top edge is
/// y = -300 and the bottom edge y = 6000 - 800 = 5200.
///
/// The trace: one content offset y per frame, made of
/// - eased drags and flings to a random target, one in ten overshooting
///   the top edge and one in ten the bottom edge by 10...140 pt, each
///   overshoot followed by a bounce back to the edge (about 8% of the frames
///   are past an edge);
/// - short wiggles (3...12 frames, up to 30 pt each way), which stop the bar
///   between states;
/// - holds (the same y repeated, which the bar skips).
/// So the bar crosses both scroll edges and visits compact, normal and
/// expanded many thousand times in 10 million frames.
///
/// Generation uses only +, -, *, / on doubles and integer-to-double
/// conversions, so it is bit-identical everywhere, and it is sequential:
/// `BarBenchmarkTrace(frames: n)` is a prefix of `BarBenchmarkTrace(frames: m)`
/// for n <= m (the parity test runs a prefix of the benchmark's trace).
public struct BarBenchmarkTrace: Sendable {
    /// The seed the benchmarks and `scrolldrive bench` use.
    public static let defaultSeed: UInt64 = 0x5C20_11D6_BA12_0006
    /// The benchmark suite's trace length.
    public static let defaultFrames = 10_000_000

    public let seed: UInt64
    /// The bar: compact 100, normal 200, expanded 300.
    public var configuration: BarController.Configuration {
        BarController.Configuration(compactStateHeight: 100, normalStateHeight: 200, expandedStateHeight: 300)
    }
    /// Scroll view frame height (points).
    public var frameHeight: Double { 800 }
    /// Content height (points).
    public var contentHeight: Double { 6000 }
    /// The content offset before the first frame, where the drag that makes
    /// the expanded state available begins: -normal.
    public var startY: Double { -configuration.normalStateHeight }
    /// Content inset top once the drag has begun at the top: the expanded height.
    public var insetTop: Double { configuration.expandedStateHeight }
    /// Content inset bottom as preconfigure sets it: max(0, frame - compact - content) = 0.
    public var insetBottom: Double { max(0, frameHeight - configuration.compactStateHeight - contentHeight) }
    /// Smallest content offset without bounce.
    public var topEdge: Double { -insetTop }
    /// Largest content offset without bounce.
    public var bottomEdge: Double { contentHeight - frameHeight + insetBottom }

    /// Content offset y of each frame, in points.
    public private(set) var ys: [Double] = []

    /// The scroll view geometry the reducer reads during the trace.
    public var geometry: sd_scroll_geometry {
        sd_scroll_geometry(inset_top: insetTop, inset_bottom: insetBottom, content_height: contentHeight,
                           frame_height: frameHeight)
    }

    public init(frames: Int = BarBenchmarkTrace.defaultFrames, seed: UInt64 = BarBenchmarkTrace.defaultSeed) {
        precondition(frames >= 0, "frame count must be >= 0")
        self.seed = seed
        ys = Self.generate(frames: frames, seed: seed, startY: startY, top: topEdge, bottom: bottomEdge)
    }

    private static func generate(frames: Int, seed: UInt64, startY: Double, top: Double, bottom: Double) -> [Double] {
        var rng = SplitMix64(seed: seed)
        var ys: [Double] = []
        ys.reserveCapacity(frames)
        var y = startY

        /// Moves from the current y to `target` over `count` frames on a
        /// smoothstep curve, with up to +-0.125 pt of jitter per frame (not on
        /// the last frame, which lands on the target).
        func ease(to target: Double, frames count: Int) {
            let from = y
            for k in 1...count where ys.count < frames {
                let s = Double(k) / Double(count)
                let e = s * s * (3 - 2 * s)
                let jitter = k == count ? 0 : (rng.unit() - 0.5) * 0.25
                y = from + (target - from) * e + jitter
                ys.append(y)
            }
        }

        while ys.count < frames {
            let kind = rng.unit()
            if kind < 0.06 {
                // A resting finger: the same offset again (skipped by the bar).
                for _ in 0..<rng.int(in: 1...6) where ys.count < frames { ys.append(y) }
            } else if kind < 0.30 {
                // A wiggle: short moves that change direction.
                for _ in 0..<rng.int(in: 3...12) where ys.count < frames {
                    let step = (rng.unit() * 2 - 1) * 30
                    ease(to: min(max(y + step, top), bottom), frames: rng.int(in: 1...4))
                }
            } else {
                // A drag or fling; one in ten overshoots the top edge and one in
                // ten the bottom edge, then bounces back.
                let place = rng.unit()
                let overshoot = 10 + rng.unit() * 130
                let target: Double
                if place < 0.1 {
                    target = top - overshoot
                } else if place < 0.2 {
                    target = bottom + overshoot
                } else {
                    target = top + rng.unit() * (bottom - top)
                }
                ease(to: target, frames: rng.int(in: 12...192))
                if target < top { ease(to: top, frames: rng.int(in: 10...40)) }
                if target > bottom { ease(to: bottom, frames: rng.int(in: 10...40)) }
            }
        }
        return ys
    }
}
