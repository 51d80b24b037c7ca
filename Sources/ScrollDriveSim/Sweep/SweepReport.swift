import Foundation

/// A sweep's result as text: an aligned table for people, CSV (one row per
/// grid point), and JSON that holds every count (so shards can be merged
/// into exactly the unsharded result, `SweepResult.merge`).
extension SweepResult {
    static let format = "scrolldrive-sweep"
    static let version = 1.0

    // MARK: JSON

    /// The whole result: the plan, then one line per grid point with every
    /// count and a summary derived from them. Byte-identical for equal results.
    public func json() -> String {
        var header: [JSONMember] = [
            JSONMember("format", .string(Self.format)), JSONMember("version", .number(Self.version)),
            JSONMember("surface", .string(plan.surface)), JSONMember("seed", .string(String(plan.seed))),
            JSONMember("gestures", .number(Double(plan.gestures))), JSONMember("fps", .number(Double(plan.fps))),
            JSONMember("settleSeconds", .number(plan.settleSeconds)),
            JSONMember("population", .object(SweepGesture.generatedKinds.map {
                JSONMember($0.rawValue, .number(plan.weights[$0] ?? 0))
            })),
            JSONMember("grid", .array(plan.settings.map {
                .object([JSONMember("key", .string($0.key)), JSONMember("values", .array($0.values))])
            })),
        ]
        if let scripts = plan.scripts {
            header.append(JSONMember("scripts", .array(scripts.names.map(JSONValue.string))))
        }
        if let shard = plan.shard {
            header.append(JSONMember("shard", .array([.number(Double(shard.index)), .number(Double(shard.count))])))
        }
        var out = "{\n"
        for member in header { out += JSONValue.object([member]).serialized.dropFirst().dropLast() + ",\n" }
        out += "\"configurations\":[\n"
        for (i, point) in points.enumerated() {
            out += configurationJSON(point.values, point.statistics).serialized
            out += i + 1 < points.count ? ",\n" : "\n"
        }
        out += "]}\n"
        return out
    }

    private func configurationJSON(_ values: [JSONValue], _ s: SweepStatistics) -> JSONValue {
        func ints(_ xs: [Int]) -> JSONValue { .array(xs.map { .number(Double($0)) }) }
        return .object([
            JSONMember("set", .object(zip(plan.settings, values).map { JSONMember($0.key, $1) })),
            JSONMember("summary", .object(summary(s).map { JSONMember($0.name, $0.value) })),
            JSONMember("states", .array(s.states.map(JSONValue.string))),
            JSONMember("values", .array(s.values.map(JSONValue.string))),
            JSONMember("invariants", .array(s.invariants.map(JSONValue.string))),
            JSONMember("gestures", .number(Double(s.gestures))), JSONMember("frames", .number(Double(s.frames))),
            JSONMember("landings", ints(s.landings)), JSONMember("settleFrames", ints(s.settleFrames)),
            JSONMember("maxJump", .array(s.maxJump.map(JSONValue.number))),
            JSONMember("maxJumpGesture", ints(s.maxJumpGesture)),
            JSONMember("restBetweenFrames", .number(Double(s.restBetweenFrames))),
            JSONMember("restBetweenGesture", .number(Double(s.restBetweenGesture))),
            JSONMember("events", ints(s.events)), JSONMember("violations", ints(s.violations)),
            JSONMember("violationGestures", .array(s.violationGestures.map(ints))),
        ])
    }

    /// The figures a person reads first, all derived from the counts:
    /// settle percentiles (seconds), landing shares, largest jumps, rest
    /// between states, events per gesture, violations.
    public func summary(_ s: SweepStatistics) -> [(name: String, value: JSONValue)] {
        var out: [(String, JSONValue)] = [("gestures", .number(Double(s.gestures))), ("frames", .number(Double(s.frames))),
                                          ("settled", .number(Double(s.settled)))]
        let fps = Double(plan.fps)
        for p in [50.0, 90.0, 99.0, 100.0] {
            let name = p == 100 ? "settle_max_s" : "settle_p\(Int(p))_s"
            out.append((name, s.settlePercentile(p).map { .number(Double($0) / fps) } ?? .null))
        }
        for start in s.states.indices {
            let from = (0..<s.states.count).reduce(0) { $0 + s.landings(from: start, to: $1) }
            for end in s.states.indices {
                let count = s.landings(from: start, to: end)
                out.append(("\(s.states[start])_to_\(s.states[end])", from > 0 ? .number(Double(count) / Double(from)) : .null))
            }
        }
        for (v, name) in s.values.enumerated() { out.append(("max_jump_\(name)", .number(s.maxJump[v]))) }
        out.append(("rest_between_frames", .number(Double(s.restBetweenFrames))))
        out.append(("events_per_gesture", .number(s.meanEvents)))
        for (i, name) in s.invariants.enumerated() {
            out.append(("violations_" + name.replacingOccurrences(of: " ", with: "_")
                            .replacingOccurrences(of: ".", with: ""), .number(Double(s.violations[i]))))
        }
        return out
    }

    // MARK: CSV

    /// One row per grid point: the settings, then `summary`'s figures.
    public func csv() -> String {
        guard let first = points.first else { return "" }
        var out = (plan.settings.map(\.key) + summary(first.statistics).map(\.name)).joined(separator: ",") + "\n"
        for point in points {
            let cells = point.values.map(SweepPlan.text) + summary(point.statistics).map { cell($0.value) }
            out += cells.joined(separator: ",") + "\n"
        }
        return out
    }

    private func cell(_ value: JSONValue) -> String {
        if case .null = value { return "" }
        return value.serialized
    }

    // MARK: Table

    /// For each grid point: the settings, where releases land from each
    /// state (counts and shares, all kinds and flicks alone), settle-time
    /// percentiles, the largest jumps, rest between states, events, and
    /// each violated invariant with the gestures that reproduce it.
    public func table() -> String {
        var out = "# sweep \(plan.surface): \(plan.gestures) " + (plan.scripts == nil ? "gestures, seed \(plan.seed)" : "gesture scripts")
            + ", \(plan.fps) Hz"
        if let shard = plan.shard { out += ", shard \(shard.index)/\(shard.count) (gestures \(plan.range))" }
        out += "\n"
        let kernels = points.map { try? plan.kernel(at: $0.values) }
        for (p, point) in points.enumerated() {
            let s = point.statistics
            let set = zip(plan.settings, point.values).map { "\($0.key)=\(SweepPlan.text($1))" }.joined(separator: " ")
            out += "\n## \(set.isEmpty ? "defaults" : set)\n"
            out += "\(s.gestures) gestures, \(s.frames) frames, \(s.settled) came to rest\n"
            for kind in plan.scripts == nil ? [nil, SweepGesture.Kind.flick] : [nil] {
                out += "\nlands (\(kind == nil ? "all gestures" : "flicks")): from \\ to\n"
                out += matrix(s, kind: kind)
            }
            let fps = Double(plan.fps)
            func seconds(_ p: Double) -> String { s.settlePercentile(p).map { String(format: "%.3f s", Double($0) / fps) } ?? "-" }
            out += "\nsettle after the last lift: p50 \(seconds(50)), p90 \(seconds(90)), p99 \(seconds(99)), max \(seconds(100))\n"
            out += "largest jump between frames:"
            for (v, name) in s.values.enumerated() { out += " \(name) \(String(format: "%.3f", s.maxJump[v]))" }
            out += "\nat rest between states: \(s.restBetweenFrames) frames"
            if s.restBetweenGesture >= 0 { out += " (first in gesture \(s.restBetweenGesture))" }
            out += String(format: "\nevents per gesture: %.3f\n", s.meanEvents)
            var violated = false
            for (i, name) in s.invariants.enumerated() where s.violations[i] > 0 {
                violated = true
                out += "VIOLATED \(name): \(s.violations[i]) times; reproduce with --seed \(plan.seed), gestures \(s.violationGestures[i].map(String.init).joined(separator: ", "))\n"
                if let kernel = kernels[p] ?? nil, let g = s.violationGestures[i].first {
                    out += "  gesture \(g): \(Sweep.population(plan, kernel: kernel).gesture(seed: plan.seed, index: g).summary)\n"
                }
            }
            if !violated { out += "invariants: all held\n" }
        }
        return out
    }

    private func matrix(_ s: SweepStatistics, kind: SweepGesture.Kind?) -> String {
        let width = max(10, (s.states.map(\.count).max() ?? 0) + 2)
        func pad(_ text: String) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var out = pad("") + s.states.map { pad($0) }.joined() + "\n"
        for start in s.states.indices {
            let from = s.states.indices.reduce(0) { $0 + s.landings(from: start, to: $1, kind: kind) }
            guard from > 0 else { continue }
            out += pad(s.states[start])
            for end in s.states.indices {
                let count = s.landings(from: start, to: end, kind: kind)
                out += pad(count == 0 ? "-" : String(format: "%d %.0f%%", count, 100 * Double(count) / Double(from)))
            }
            out += "\n"
        }
        return out
    }
}
