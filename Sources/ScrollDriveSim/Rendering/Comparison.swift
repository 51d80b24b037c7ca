import Foundation

/// Two runs side by side (`scrolldrive compare`): where they first differ,
/// by how much each number column differs at most, and one plot of both.
///
/// Frames are matched by time: the frames both runs have (60 Hz frames are
/// among 120 Hz ones; times within 1 ns count as the same). Columns are
/// matched by name; `t` is not compared. Numbers are equal when their bits
/// are (NaN equals NaN), so "no difference" means bit for bit.
public struct RunComparison: Sendable {
    /// A column's values in both runs at one time.
    public struct Difference: Equatable, Sendable {
        /// The column.
        public let column: String
        /// The time (seconds).
        public let time: Double
        /// A's value.
        public let a: SimValue
        /// B's value.
        public let b: SimValue
    }

    /// The largest difference of a number column over the matched frames.
    public struct Largest: Equatable, Sendable {
        /// The column.
        public let column: String
        /// The largest |A - B| (infinity where one is NaN).
        public let difference: Double
        /// When it was largest (seconds).
        public let time: Double
        /// A's value then.
        public let a: Double
        /// B's value then.
        public let b: Double
    }

    /// The first run.
    public let a: SimulationRun
    /// The second run.
    public let b: SimulationRun
    /// Frames at the same time in both runs.
    public let matchedFrames: Int
    /// The first matched time at which any shared column differs, with
    /// every column that differs then (in column order); empty: none.
    public let firstDifferences: [Difference]
    /// The frame index of `firstDifferences` in each run.
    public let firstFrame: (a: Int, b: Int)?
    /// Per number column that differs: the largest |A - B|, largest first.
    public let largest: [Largest]
    /// Columns only one run has.
    public let onlyInA: [String], onlyInB: [String]

    /// Compares `a` with `b` at the times both have.
    public init(_ a: SimulationRun, _ b: SimulationRun) {
        self.a = a
        self.b = b
        let shared = a.columns.map(\.name).filter { $0 != "t" && b.columnIndex($0) != nil }
        onlyInA = a.columns.map(\.name).filter { b.columnIndex($0) == nil }
        onlyInB = b.columns.map(\.name).filter { a.columnIndex($0) == nil }
        let pairs = shared.map { (name: $0, a: a.columnIndex($0)!, b: b.columnIndex($0)!) }
        let ta = a.times, tb = b.times
        var i = 0, j = 0, matched = 0
        var first: [Difference] = []
        var firstFrame: (Int, Int)?
        var worst: [String: Largest] = [:]
        while i < ta.count, j < tb.count {
            if abs(ta[i] - tb[j]) <= 1e-9 {
                matched += 1
                for p in pairs {
                    let va = a.rows[i][p.a], vb = b.rows[j][p.b]
                    guard !Self.same(va, vb) else { continue }
                    if firstFrame == nil || firstFrame! == (i, j) {
                        firstFrame = (i, j)
                        first.append(Difference(column: p.name, time: ta[i], a: va, b: vb))
                    }
                    if let x = va.number, let y = vb.number {
                        let d = abs(x - y).isNaN ? Double.infinity : abs(x - y)
                        if d > (worst[p.name]?.difference ?? 0) {
                            worst[p.name] = Largest(column: p.name, difference: d, time: ta[i], a: x, b: y)
                        }
                    }
                }
                i += 1; j += 1
            } else if ta[i] < tb[j] {
                i += 1
            } else {
                j += 1
            }
        }
        matchedFrames = matched
        firstDifferences = first
        self.firstFrame = firstFrame
        let order = Dictionary(uniqueKeysWithValues: shared.enumerated().map { ($1, $0) })
        largest = worst.values.sorted { ($0.difference, order[$1.column]!) > ($1.difference, order[$0.column]!) }
    }

    /// A time for people: milliseconds.
    static func seconds(_ t: Double) -> String { String(format: "%.3f", t) }

    static func same(_ x: SimValue, _ y: SimValue) -> Bool {
        if case let .number(p) = x, case let .number(q) = y { return p.bitPattern == q.bitPattern || (p.isNaN && q.isNaN) }
        return x == y
    }

    /// Whether the runs agree on every matched frame and have the same frames and columns.
    public var isIdentical: Bool {
        firstDifferences.isEmpty && onlyInA.isEmpty && onlyInB.isEmpty
            && matchedFrames == a.rows.count && matchedFrames == b.rows.count
    }

    /// What `scrolldrive compare` prints, for runs labelled `labelA` and `labelB`.
    public func report(labelA: String, labelB: String) -> String {
        func cell(_ v: SimValue) -> String {
            switch v {
            case let .number(x): return NumberText.shortest(x)
            case let .flag(f): return f ? "true" : "false"
            case let .text(s): return s.isEmpty ? "\"\"" : s
            case .none: return "-"
            }
        }
        func describe(_ run: SimulationRun) -> String {
            "\(run.rows.count) frames at \(run.fps) Hz, ending at \(Self.seconds(run.times.last ?? 0)) s"
        }
        var lines = ["A: \(labelA) (\(describe(a)))", "B: \(labelB) (\(describe(b)))",
                     "compared \(matchedFrames) frames at the times both runs have"]
        if isIdentical {
            lines.append("no difference: every frame and every column identical, bit for bit")
            return lines.joined(separator: "\n") + "\n"
        }
        if !onlyInA.isEmpty { lines.append("columns only in A: \(onlyInA.joined(separator: ", "))") }
        if !onlyInB.isEmpty { lines.append("columns only in B: \(onlyInB.joined(separator: ", "))") }
        if let (fa, fb) = firstFrame, let t = firstDifferences.first?.time {
            lines.append("first difference at t=\(Self.seconds(t)) s (frame \(fa) of A, \(fb) of B):")
            for d in firstDifferences { lines.append("  \(d.column): A \(cell(d.a)), B \(cell(d.b))") }
        } else {
            lines.append("no difference in the shared columns at the matched frames")
        }
        if !largest.isEmpty {
            lines.append("largest differences (|A - B|, at t):")
            let width = largest.map(\.column.count).max() ?? 0
            for l in largest {
                lines.append("  \(l.column.padding(toLength: width, withPad: " ", startingAt: 0))  "
                    + "\(NumberText.shortest(l.difference)) at t=\(Self.seconds(l.time)) s "
                    + "(A \(NumberText.shortest(l.a)), B \(NumberText.shortest(l.b)))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - The plot of both

    /// One SVG with both runs: each plotted column of A as `A_name`, solid,
    /// and of B as `B_name`, dashed, sampled at every time either run has a
    /// frame (a value holds until the run's next frame); a phase lane per
    /// run; each surface's reference lines (B's labelled "B" where they
    /// differ from A's); the marks of both, prefixed A and B.
    public func plot(labelA: String, labelB: String) -> String {
        let ha = a.header, hb = b.header
        let guideA = PlotGuide.of(ha), guideB = PlotGuide.of(hb)
        var columns: [SimColumn] = [.number("t", unit: "s")]
        var sources: [(run: Int, column: Int)] = []
        for (k, run) in [a, b].enumerated() {
            let prefix = k == 0 ? "A_" : "B_"
            let guide = k == 0 ? guideA : guideB
            for (i, c) in run.columns.enumerated() {
                let plotted = c.chart != nil || guide.velocities.contains(c.name) || c.name == "phase"
                    || guide.watches.contains { $0.column == c.name }
                guard plotted else { continue }
                columns.append(SimColumn(name: prefix + c.name, kind: c.kind, unit: c.unit, chart: c.chart))
                sources.append((k, i))
            }
        }
        var references = guideA.references
        for r in guideB.references where !guideA.references.contains(r) {
            references.append(.init(r.value, "B " + r.label, chart: r.chart))
        }
        var guide = PlotGuide(pointsAxis: guideA.pointsAxis, progressAxis: guideA.progressAxis, references: references,
                              velocities: guideA.velocities.map { "A_" + $0 } + guideB.velocities.map { "B_" + $0 },
                              watches: guideA.watches.map { .init("A_" + $0.column, $0.kind, prefix: "A " + $0.prefix) }
                                  + guideB.watches.map { .init("B_" + $0.column, $0.kind, prefix: "B " + $0.prefix) },
                              mainColumns: [])
        guide.dashed = columns.map(\.name).filter { $0.hasPrefix("B_") }
        // One colour per column: B's in A's.
        for name in guide.dashed where columns.contains(where: { $0.name == "A_" + name.dropFirst(2) }) {
            guide.colourOf[name] = "A_" + name.dropFirst(2)
        }
        guide.title = "A: \(labelA) vs B: \(labelB)"
        let summary = ha.summary == hb.summary ? "A solid, B dashed; " + ha.summary
            : "A (solid): \(ha.summary); B (dashed): \(hb.summary)"
        let header = SimulationHeader(
            name: "A: \(labelA) vs B: \(labelB)", summary: summary, fps: max(ha.fps, hb.fps),
            columns: columns, steps: ha.steps, surfaceType: ha.surfaceType, surfaceParameters: ha.surfaceParameters,
            htmlDrawing: "", screen: ha.screen)
        let builder = SVGPlot.Builder(guide: guide)
        builder.begin(header)
        // A mark (a watched column: events, state changes) belongs to the
        // run's own frame only; a number holds until the run's next frame and
        // ends with the run: nothing is drawn again after a run is over.
        let marked = [Set(guideA.watches.map(\.column)), Set(guideB.watches.map(\.column))]
        let ta = a.times, tb = b.times
        var i = 0, j = 0
        while i < ta.count || j < tb.count {
            let t = min(i < ta.count ? ta[i] : .infinity, j < tb.count ? tb[j] : .infinity)
            var advanced = [false, false]
            if i < ta.count, ta[i] <= t + 1e-9 { i += 1; advanced[0] = true }
            if j < tb.count, tb[j] <= t + 1e-9 { j += 1; advanced[1] = true }
            var row: [SimValue] = [.number(t)]
            for s in sources {
                let (run, index, times) = s.run == 0 ? (a, i - 1, ta) : (b, j - 1, tb)
                let over = index == times.count - 1 && !advanced[s.run]
                let mark = marked[s.run].contains(run.columns[s.column].name)
                row.append(index < 0 || over || (mark && !advanced[s.run]) ? .none : run.rows[index][s.column])
            }
            builder.row(row)
        }
        builder.end(outcome: [])
        return builder.svg()
    }
}
