import Foundation
import ScrollDrive

/// A surface a sweep can drive gesture by gesture, through the C core.
public protocol SweepKernel: Sendable {
    /// The values whose largest per-frame jump is recorded, and the invariants checked.
    var valueNames: [String] { get }
    /// The invariants checked on every frame.
    var invariantNames: [String] { get }
    /// The surface's resting states (e.g. detents), and those a gesture may start from.
    var stateNames: [String] { get }
    /// The states a gesture may start from (indices into `stateNames`).
    var startStates: [Int] { get }
    /// Frames after the last lift by which a gesture must have come to rest.
    var settleLimit: Int { get }
    /// Runs gesture number `index` from rest and records it in `stats`.
    func run(_ gesture: SweepGesture, index: Int, into stats: inout SweepStatistics)
}

extension SweepKernel {
    /// Empty statistics shaped for this kernel.
    public func emptyStatistics() -> SweepStatistics {
        SweepStatistics(states: stateNames, values: valueNames, invariants: invariantNames, settleLimit: settleLimit)
    }
}

/// A bad sweep argument: which one, and the rule it breaks.
public struct SweepError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The argument, as the command line spells it.
    public let argument: String
    /// The rule it breaks.
    public let message: String

    /// An error about `argument`.
    public init(_ argument: String, _ message: String) {
        self.argument = argument
        self.message = message
    }

    public var description: String { "\(argument): \(message)" }
}

/// One `--set key=v1,v2,...` (or `surface.key=...`): a key of the surface's script object and its values.
public struct SweepSetting: Equatable, Sendable {
    /// The key of the surface's script object.
    public let key: String
    /// The values the grid takes for it, in order.
    public let values: [JSONValue]
    /// The key as the command line spelled it (`upThreshold` or `sheet.upThreshold`),
    /// for messages; `surface.key` when made in code.
    public let spelling: String?

    /// A setting of `key` to each of `values`; `spelling` is how the command line wrote the key.
    public init(key: String, values: [JSONValue], spelling: String? = nil) {
        self.key = key
        self.values = values
        self.spelling = spelling
    }

    /// Two settings are the same grid axis whatever their spelling.
    public static func == (a: SweepSetting, b: SweepSetting) -> Bool { a.key == b.key && a.values == b.values }

    /// Reads `key=v1,v2` or `surface.key=v1,v2` for a surface of type
    /// `surface`, as `simulate --set` reads its one value (`SurfaceSetting`):
    /// each value a JSON number, `on`/`off`/`true`/`false`, or a word
    /// (a string); a non-finite number is refused.
    public static func parse(_ argument: String, surface: String) throws(SweepError) -> SweepSetting {
        let fail = { (message: String) in SweepError("--set \(argument)", message) }
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw fail("expected KEY=VALUE[,VALUE...] (or \(surface).KEY=...)")
        }
        let key: String
        do {
            key = try SurfaceSetting.key(argument[..<equals], surface: surface)
        } catch {
            throw fail(error.message)
        }
        guard let description = SurfaceRegistry.named(surface), description.keys.contains(key) else {
            let known = SurfaceRegistry.named(surface)?.keys.joined(separator: ", ") ?? ""
            throw fail("unknown key \"\(key)\" (expected one of: \(known))")
        }
        var values: [JSONValue] = []
        for item in argument[argument.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
            do {
                values.append(try SurfaceSetting.value(item))
            } catch {
                throw fail(error.message)
            }
        }
        return SweepSetting(key: key, values: values, spelling: String(argument[..<equals]))
    }
}

/// Everything that determines a sweep's result.
public struct SweepPlan: Equatable, Sendable {
    /// The surface type ("sheet").
    public var surface: String
    /// The population's seed: the same seed, the same gestures.
    public var seed: UInt64
    /// Gestures in the whole population (every shard together).
    public var gestures: Int
    /// Frames per second of the simulated clock.
    public var fps: Int
    /// Seconds after the last lift by which a gesture must rest.
    public var settleSeconds: Double
    /// The kinds' weights (zero: never drawn).
    public var weights: [SweepGesture.Kind: Double]
    /// The grid: every combination of the settings' values, the first setting varying slowest.
    public var settings: [SweepSetting]
    /// Shard `index` of `count` (1-based), or nil for all gestures.
    public var shard: Shard?
    /// A folder of gesture scripts as the population (one gesture each; `gestures` is their count), or nil.
    public var scripts: ScriptSweep?

    /// One part of a population split across machines.
    public struct Shard: Equatable, Sendable {
        /// Which part, 1...count.
        public let index: Int
        /// How many parts.
        public let count: Int

        /// Part `index` of `count`.
        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// Reads "I/N" (1 <= I <= N).
        public static func parse(_ text: String) throws(SweepError) -> Shard {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else {
                throw SweepError("--shard \(text)", "expected I/N with 1 <= I <= N, e.g. 2/8")
            }
            return Shard(index: i, count: n)
        }

        /// The gesture indices of this shard out of `total`.
        public func range(of total: Int) -> Range<Int> {
            total * (index - 1) / count ..< total * index / count
        }
    }

    /// A plan of `gestures` gestures of `surface` at `fps`, seeded, over the grid of `settings`.
    public init(surface: String, seed: UInt64 = 1, gestures: Int, fps: Int = 120, settleSeconds: Double = 10,
                weights: [SweepGesture.Kind: Double] = GesturePopulation.defaultWeights,
                settings: [SweepSetting] = [], shard: Shard? = nil)
    {
        self.surface = surface
        self.seed = seed
        self.gestures = gestures
        self.fps = fps
        self.settleSeconds = settleSeconds
        self.weights = weights
        self.settings = settings
        self.shard = shard
    }

    /// The grid's points: one value per setting, in grid order.
    public var points: [[JSONValue]] {
        var points: [[JSONValue]] = [[]]
        for setting in settings {
            points = points.flatMap { point in setting.values.map { point + [$0] } }
        }
        return points
    }

    /// The gestures this plan runs.
    public var range: Range<Int> { shard?.range(of: gestures) ?? 0..<gestures }

    /// The kernel of one grid point: the surface's script object with the
    /// point's values, read by the surface's own decoder (so errors name the key).
    public func kernel(at point: [JSONValue]) throws(SweepError) -> any SweepKernel {
        if let scripts {
            return try ScriptSweepKernel(scripts: scripts, surface: surface,
                                         settings: zip(settings, point).map { (key: $0.key, value: $1) }, fps: fps,
                                         settleSeconds: settleSeconds)
        }
        var members = [JSONMember("type", .string(surface))]
        for (setting, value) in zip(settings, point) { members.append(JSONMember(setting.key, value)) }
        let argument = zip(settings, point).map { "\($0.spelling ?? "\(surface).\($0.key)")=\(Self.text($1))" }
            .joined(separator: " ")
        let screen = SimScrollView.Configuration()
        do {
            let object = try JSONNode(.object(members), path: surface).object()
            switch surface {
            case SheetSurfaceDescription.type:
                let description = try SheetSurfaceDescription.decode(object)
                try description.check(scrollView: screen, surface: object.node)
                let configuration = try description.configuration(containerHeight: screen.frame.height)
                return SheetSweepKernel(configuration: configuration, fps: fps, settleSeconds: settleSeconds)
            case BarSurfaceDescription.type:
                let description = try BarSurfaceDescription.decode(object)
                return SurfaceSweepKernel(BarSweep(configuration: description.configuration), fps: fps,
                                          settleSeconds: settleSeconds)
            case PulldownSurfaceDescription.type:
                let description = try PulldownSurfaceDescription.decode(object)
                return SurfaceSweepKernel(PulldownSweep(configuration: description.configuration), fps: fps,
                                          settleSeconds: settleSeconds)
            case RefreshSurfaceDescription.type:
                let description = try RefreshSurfaceDescription.decode(object)
                try description.check(scrollView: screen, surface: object.node)
                return SurfaceSweepKernel(try RefreshSweep(description), fps: fps, settleSeconds: settleSeconds)
            default:
                throw SweepError("--surface \(surface)", "sweeps support: \(Self.surfaces.joined(separator: ", "))")
            }
        } catch let error as ScriptError {
            throw SweepError("--set \(argument)", "\(error.path): \(error.message)")
        } catch let error as SweepError {
            throw error
        } catch {
            throw SweepError("--set \(argument)", "\(error)")
        }
    }

    /// The surfaces a sweep can drive.
    public static let surfaces = [SheetSurfaceDescription.type, BarSurfaceDescription.type, PulldownSurfaceDescription.type,
                                  RefreshSurfaceDescription.type]

    /// A value as `--set` spells it.
    public static func text(_ value: JSONValue) -> String {
        switch value {
        case let .bool(b): return b ? "on" : "off"
        case let .string(s): return s
        default: return value.serialized
        }
    }
}

/// A sweep's outcome: per grid point, the statistics over the plan's gestures.
public struct SweepResult: Equatable, Sendable {
    /// The plan it ran.
    public let plan: SweepPlan
    /// Per grid point: the settings' values and the statistics over the gestures.
    public var points: [(values: [JSONValue], statistics: SweepStatistics)]

    public static func == (a: SweepResult, b: SweepResult) -> Bool {
        a.plan == b.plan && a.points.count == b.points.count
            && zip(a.points, b.points).allSatisfy { $0.values == $1.values && $0.statistics == $1.statistics }
    }
}

/// Runs a plan on `threads` threads. Gesture `i` is drawn from its own
/// generator and every statistic merges exactly, so the result is the
/// same, bit for bit, for any thread count and any shard split.
public enum Sweep {
    /// Gestures handed to a thread at a time.
    static let chunk = 1024

    /// Checks every grid point (nothing runs when one is bad), then runs.
    /// `progress` is called now and then with the gestures done and the total
    /// (over all grid points), from any thread.
    public static func run(_ plan: SweepPlan, threads: Int,
                           progress: (@Sendable (Int, Int) -> Void)? = nil) throws(SweepError) -> SweepResult
    {
        let points = plan.points
        var built: [any SweepKernel] = []
        for point in points { built.append(try plan.kernel(at: point)) }
        let kernels = built
        let range = plan.range
        let chunks = (range.count + chunk - 1) / chunk
        let items = points.count * chunks
        let total = points.count * range.count
        let threadCount = max(1, min(threads, max(1, items)))

        let shared = SharedProgress()
        let partials = Partials(count: threadCount)
        DispatchQueue.concurrentPerform(iterations: threadCount) { worker in
            var stats = kernels.map { $0.emptyStatistics() }
            while let item = shared.take(limit: items) {
                let p = item / chunks
                let lo = range.lowerBound + (item % chunks) * chunk
                let hi = min(range.upperBound, lo + chunk)
                runChunk(kernels[p], plan: plan, gestures: lo..<hi, into: &stats[p])
                let done = shared.finished(hi - lo)
                progress?(done, total)
            }
            partials.store(stats, at: worker)
        }
        var merged = kernels.map { $0.emptyStatistics() }
        for part in partials.all { for p in merged.indices { merged[p].merge(part[p]) } }
        return SweepResult(plan: plan, points: Array(zip(points, merged)).map { (values: $0.0, statistics: $0.1) })
    }

    /// Runs gestures `gestures` on one kernel (opened from the existential
    /// once, so the per-gesture calls are direct).
    private static func runChunk<K: SweepKernel>(_ kernel: K, plan: SweepPlan, gestures: Range<Int>,
                                                 into stats: inout SweepStatistics)
    {
        let population = GesturePopulation(weights: plan.weights, starts: kernel.startStates)
        for i in gestures {
            kernel.run(population.gesture(seed: plan.seed, index: i), index: i, into: &stats)
        }
    }

    /// The population a kernel of `plan` draws from (for reports: the gesture behind an index).
    public static func population(_ plan: SweepPlan, kernel: any SweepKernel) -> GesturePopulation {
        GesturePopulation(weights: plan.weights, starts: kernel.startStates)
    }
}

/// The next work item and the gestures done, shared by the workers.
private final class SharedProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var done = 0

    func take(limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }

    func finished(_ count: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        done += count
        return done
    }
}

/// Each worker's statistics, kept until all are done.
private final class Partials: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [[SweepStatistics]?]

    init(count: Int) { parts = Array(repeating: nil, count: count) }

    func store(_ stats: [SweepStatistics], at worker: Int) {
        lock.lock()
        parts[worker] = stats
        lock.unlock()
    }

    var all: [[SweepStatistics]] {
        lock.lock()
        defer { lock.unlock() }
        return parts.compactMap { $0 }
    }
}
