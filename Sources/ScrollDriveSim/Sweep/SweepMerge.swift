import Foundation

extension SweepResult {
    /// Reads a result written by `json()`; errors name the JSON path.
    public init(json text: String) throws(ScriptError) {
        let root = try JSONNode(JSONValue(parsing: text)).object()
        guard try root.required("format").string() == Self.format else {
            throw ScriptError(path: "$.format", "must be \"\(Self.format)\" (a `scrolldrive sweep --format json` output)")
        }
        guard try root.required("version").number() == Self.version else {
            throw ScriptError(path: "$.version", "must be \(JSONValue.number(Self.version))")
        }
        let seedNode = try root.required("seed")
        guard let seed = UInt64(try seedNode.string()) else { throw seedNode.error("must be a decimal UInt64") }
        var weights: [SweepGesture.Kind: Double] = [:]
        let population = try root.required("population").object()
        for kind in SweepGesture.generatedKinds { weights[kind] = try population.required(kind.rawValue).number() }
        var settings: [SweepSetting] = []
        for item in try root.required("grid").array() {
            let object = try item.object()
            settings.append(SweepSetting(key: try object.required("key").string(),
                                         values: try object.required("values").array().map(\.value)))
        }
        var shard: SweepPlan.Shard?
        if let node = root["shard"] {
            let parts = try node.array()
            guard parts.count == 2 else { throw node.error("must be [index, count]") }
            shard = SweepPlan.Shard(index: try Self.int(parts[0]), count: try Self.int(parts[1]))
        }
        var scripts: ScriptSweep?
        if let node = root["scripts"] {
            var names: [String] = []
            for item in try node.array() { names.append(try item.string()) }
            scripts = ScriptSweep(names: names, texts: Array(repeating: "", count: names.count))
        }
        var plan = SweepPlan(surface: try root.required("surface").string(), seed: seed,
                             gestures: try Self.int(try root.required("gestures")),
                             fps: try Self.int(try root.required("fps")),
                             settleSeconds: try root.required("settleSeconds").number(), weights: weights,
                             settings: settings, shard: shard)
        plan.scripts = scripts
        var points: [(values: [JSONValue], statistics: SweepStatistics)] = []
        for node in try root.required("configurations").array() {
            let c = try node.object()
            let set = try c.required("set").object()
            let values = settings.map { setting in set.members.first { $0.key == setting.key }?.value ?? .null }
            points.append((values, try Self.statistics(c)))
        }
        self.init(plan: plan, points: points)
    }

    private static func int(_ node: JSONNode) throws(ScriptError) -> Int {
        let x = try node.number()
        guard x == x.rounded(), abs(x) < 9e15 else { throw node.error("must be an integer") }
        return Int(x)
    }

    private static func ints(_ node: JSONNode, count: Int) throws(ScriptError) -> [Int] {
        let items = try node.array()
        guard items.count == count else { throw node.error("must have \(count) items") }
        var out: [Int] = []
        for item in items { out.append(try int(item)) }
        return out
    }

    private static func statistics(_ c: JSONObject) throws(ScriptError) -> SweepStatistics {
        func strings(_ key: String) throws(ScriptError) -> [String] {
            var out: [String] = []
            for item in try c.required(key).array() { out.append(try item.string()) }
            return out
        }
        let states = try strings("states"), values = try strings("values"), invariants = try strings("invariants")
        let settleNode = try c.required("settleFrames")
        let settleCount = try settleNode.array().count
        guard settleCount >= 2 else { throw settleNode.error("must have at least 2 items") }
        var s = SweepStatistics(states: states, values: values, invariants: invariants, settleLimit: settleCount - 2)
        s.gestures = try int(try c.required("gestures"))
        s.frames = try int(try c.required("frames"))
        s.landings = try ints(try c.required("landings"), count: s.landings.count)
        s.settleFrames = try ints(settleNode, count: settleCount)
        let jumps = try c.required("maxJump").array()
        guard jumps.count == values.count else { throw c.node.error("maxJump must have \(values.count) items") }
        s.maxJump = []
        for jump in jumps { s.maxJump.append(try jump.number()) }
        s.maxJumpGesture = try ints(try c.required("maxJumpGesture"), count: values.count)
        s.restBetweenFrames = try int(try c.required("restBetweenFrames"))
        s.restBetweenGesture = try int(try c.required("restBetweenGesture"))
        s.events = try ints(try c.required("events"), count: SweepStatistics.eventBuckets)
        s.violations = try ints(try c.required("violations"), count: invariants.count)
        let lists = try c.required("violationGestures").array()
        guard lists.count == invariants.count else { throw c.node.error("violationGestures must have \(invariants.count) items") }
        s.violationGestures = []
        for list in lists { s.violationGestures.append(try ints(list, count: try list.array().count)) }
        return s
    }

    /// Combines the outputs of `--shard 1/N` ... `N/N` of one plan into the
    /// unsharded result. `names` label the parts in errors (file names).
    /// Rejects parts of different plans, a part that is not a shard, a
    /// missing or repeated shard.
    public static func merge(_ parts: [SweepResult], names: [String]) throws(SweepError) -> SweepResult {
        guard let first = parts.first else { throw SweepError("merge", "no shard outputs given") }
        guard let count = first.plan.shard?.count else {
            throw SweepError(names[0], "is not a shard output (run with --shard I/N)")
        }
        var seen = Array(repeating: false, count: count)
        for (part, name) in zip(parts, names) {
            guard let shard = part.plan.shard else { throw SweepError(name, "is not a shard output (run with --shard I/N)") }
            var a = part.plan, b = first.plan
            a.shard = nil
            b.shard = nil
            guard a == b, shard.count == count, part.points.map(\.values) == first.points.map(\.values) else {
                throw SweepError(name, "belongs to another sweep than \(names[0]) (surface, seed, gestures, fps, population, grid and shard count must match)")
            }
            guard !seen[shard.index - 1] else { throw SweepError(name, "repeats shard \(shard.index)/\(count)") }
            seen[shard.index - 1] = true
        }
        if let missing = seen.firstIndex(of: false) {
            throw SweepError("merge", "shard \(missing + 1)/\(count) is missing")
        }
        var plan = first.plan
        plan.shard = nil
        var merged = SweepResult(plan: plan, points: first.points)
        for part in parts.dropFirst() {
            for p in merged.points.indices {
                guard merged.points[p].statistics.states == part.points[p].statistics.states,
                      merged.points[p].statistics.settleFrames.count == part.points[p].statistics.settleFrames.count
                else { throw SweepError("merge", "shard outputs disagree on the surface's states") }
                merged.points[p].statistics.merge(part.points[p].statistics)
            }
        }
        return merged
    }
}
