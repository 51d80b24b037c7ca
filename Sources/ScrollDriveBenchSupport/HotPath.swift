/// One hot path that the benchmark suite (Benchmarks/) and `scrolldrive
/// bench` both measure. Each surface contributes entries to
/// `HotPath.all`; both runners iterate that list, so a new surface is one
/// more entry here and nothing else.
public struct HotPath: Sendable {
    /// Stable name, `surface/path` (e.g. `bar/c-batch`); benchmark names and JSON keys.
    public let name: String
    /// One line saying what one frame of this path does.
    public let summary: String
    /// The plain-Swift path this one is compared with in the same run, or
    /// nil (the baselines themselves, and paths with nothing to compare).
    public let baseline: String?
    /// Builds the path's scene over `inputs` (may allocate; not measured).
    public let prepare: @Sendable (BenchmarkInputs) -> PreparedRun

    public init(name: String, summary: String, baseline: String?,
                prepare: @escaping @Sendable (BenchmarkInputs) -> PreparedRun)
    {
        self.name = name
        self.summary = summary
        self.baseline = baseline
        self.prepare = prepare
    }

    /// Every hot path, grouped by surface; baselines come right after the
    /// paths compared with them.
    public static var all: [HotPath] { bar + barApp + pulldown + sheet + appSurfaces + models + sim + simulate + sweep }

    /// The paths whose name contains `filter`, or one of its comma-separated
    /// parts (`"sheet/c-app,bar/c-app"`); all of them for nil or "".
    public static func matching(_ filter: String?) -> [HotPath] {
        guard let filter, !filter.isEmpty else { return all }
        let parts = filter.split(separator: ",").filter { !$0.isEmpty }
        return all.filter { path in parts.contains { path.name.contains($0) } }
    }
}

/// A hot path ready to run: `reset()` puts its scene back at the start of
/// the trace (allocation allowed; callers do not time it); `run()` is the
/// measured work over all `frames` frames, and `run(_:)` over a slice of
/// them, carrying on from where the previous call left the scene (so slices
/// taken in order add up to the whole trace). Both return a value that
/// depends on every frame run so far, for the caller to pass to a black hole.
public final class PreparedRun {
    /// Frames (or offsets) in the trace.
    public let frames: Int
    private let resetBody: () -> Void
    private let runBody: (Range<Int>) -> Double

    public init(frames: Int, reset: @escaping () -> Void, run: @escaping (Range<Int>) -> Double) {
        self.frames = frames
        resetBody = reset
        runBody = run
    }

    public func reset() { resetBody() }
    public func run() -> Double { runBody(0..<frames) }
    public func run(_ slice: Range<Int>) -> Double {
        precondition(slice.lowerBound >= 0 && slice.upperBound <= frames, "slice outside the trace")
        return runBody(slice)
    }
}

/// The inputs the hot paths share, built once per frame count and only when
/// a path asks for them (a 10-million-frame trace takes a moment). The
/// runners prepare paths one after another on one thread, hence unchecked.
public final class BenchmarkInputs: @unchecked Sendable {
    /// Frames per trace.
    public let frames: Int

    public init(frames: Int) {
        precondition(frames > 0, "frame count must be > 0")
        self.frames = frames
    }

    /// The bar's benchmark trace, `BarBenchmarkTrace(frames: frames)`.
    public private(set) lazy var barTrace = BarBenchmarkTrace(frames: frames)
    /// What an app's scroll view reports, `AppScrollTrace(frames: frames)`.
    public private(set) lazy var appTrace = AppScrollTrace(frames: frames)
    /// The pull-down panel's pull distances, `PulldownBenchmarkTrace(frames: frames)`.
    public private(set) lazy var pulldownTrace = PulldownBenchmarkTrace(frames: frames)
}

/// Keeps a value alive and opaque to the optimiser, for `scrolldrive bench`
/// (the benchmark suite uses the Benchmark package's `blackHole`).
@_optimize(none)
public func consumeOpaquely(_ value: some Any) {}
