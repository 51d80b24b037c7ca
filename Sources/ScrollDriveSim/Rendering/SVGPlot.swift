import Foundation

/// Draws a run's main values against time as a standalone SVG.
///
/// From the top: the run's name and summary (wrapped to the picture's
/// width), the script's steps, marks at state changes and at jumps (a value
/// that moves 50 pt or more in one frame, four times more than in the frame
/// before), one lane per scroll view shaded by its phase (dragging,
/// decelerating, bouncing, animating), then up to three charts against
/// time: values in points, unit-less values, and velocities in pt/s. Each
/// chart's axis says what it plots, and the surface's reference values (a
/// sheet's detents, the pull-down's critical points, the bar's heights) are
/// labelled lines across it (`PlotGuide`). The legend sits to the right in
/// a column as wide as its longest entry, every series has its own colour,
/// and labels that would overlap go on separate rows: a layout from measured
/// text widths (`TextMeasure`), checked by tests and in headless Chromium.
///
/// The `<svg>` element carries the time axis as `data-t0`, `data-t1`,
/// `data-plot-left`, `data-plot-right`, `data-plot-top` and
/// `data-plot-bottom` (user units), so the HTML replay can put a cursor on it.
public enum SVGPlot {
    static let left = 72.0, plotWidth = 698.0, margin = 12.0
    static let pointsHeight = 300.0, progressHeight = 110.0, velocityHeight = 140.0, chartGap = 26.0

    /// Distinct colours, one per series (more series than these get hues
    /// 137.5 degrees apart).
    static let seriesColors = ["#1f6feb", "#d1242f", "#2da44e", "#8250df", "#bf8700", "#0a7d8c", "#e16f24",
                               "#bf3989", "#57606a", "#8c564b", "#17becf", "#7f7f00", "#000000", "#b35806",
                               "#1b7837", "#542788", "#b2182b", "#2166ac", "#01665e", "#8e0152"]
    static let phaseColors: [String: String] = [
        "touching": "#eeeeee", "dragging": "#cfe3ff", "decelerating": "#ffe3bf", "bouncing": "#ffd1d6",
        "animating": "#d3f2cf",
    ]
    static let phaseOrder = ["touching", "dragging", "decelerating", "bouncing", "animating"]
    static let markColor = "#9a3412"

    static func color(_ k: Int) -> String {
        k < seriesColors.count ? seriesColors[k]
            : "hsl(\(Int((Double(k) * 137.5).truncatingRemainder(dividingBy: 360))),65%,40%)"
    }

    /// The SVG document for a recorded run.
    public static func render(_ run: SimulationRun) -> String {
        let builder = Builder()
        // The builder never throws.
        try! run.replay(into: [builder])
        return builder.svg()
    }

    /// A piece of text in the picture and the box it takes (user units).
    public struct Label: Equatable, Sendable {
        /// The label's text.
        public let text: String
        /// Its box in the SVG's user units.
        public let minX: Double, minY: Double, maxX: Double, maxY: Double

        /// Whether the two boxes share more than an edge.
        public func overlaps(_ other: Label) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    /// A mark at a state change or a jump.
    struct Mark {
        let time: Double
        let text: String
    }

    /// Marks kept at most (later ones are counted, not kept).
    static let maxMarks = 400
    /// Marks labelled at most; the rest are drawn as lines with a tooltip.
    static let maxLabelledMarks = 60
    /// Rows of step or mark labels at most.
    static let maxLabelRows = 5

    /// Builds the plot while a run streams by, in memory that does not grow
    /// with the run: each plotted column keeps at most `maxBuckets` buckets
    /// of consecutive frames (first, last, smallest and largest value), and
    /// when they are full, neighbouring buckets merge (a bucket then holds
    /// twice as many frames). A run of up to `maxBuckets` frames is drawn
    /// point by point; a longer one as the smallest and largest value in each
    /// pixel column, so a one-frame spike stays visible. The scroll views'
    /// phases are kept the same way (frames per phase in each bucket), and
    /// marks up to `maxMarks`.
    public final class Builder: SimulationSink {
        /// Buckets per series; above the plot's width in pixels, so merged
        /// buckets still resolve every pixel column.
        static let maxBuckets = 2048

        private var header: SimulationHeader?
        private(set) var guide = PlotGuide()
        private var outcome: [String] = []
        /// Plotted columns, and the chart of each (0 points, 1 unit-less, 2 velocity).
        private var series: [Int] = []
        private var chartOf: [Int] = []
        /// Scroll views' phase columns: the lane's name and the column.
        private var lanes: [(name: String, column: Int)] = []
        /// Per series, per bucket: first, last, min, max (NaN: no finite value).
        private var first: [[Double]] = [], last: [[Double]] = [], low: [[Double]] = [], high: [[Double]] = []
        /// Per lane, per bucket: frames in each of `phaseOrder` (last index: any other phase).
        private var phaseFrames: [[[Int32]]] = []
        /// Per bucket: the time of its first frame.
        private var bucketTime: [Double] = []
        private var framesPerBucket = 1
        private var frames = 0
        private var lastTime = 0.0
        /// Marks: watched columns and their previous values; the points
        /// series' previous value and step (for jumps).
        private var watched: [(watch: PlotGuide.Watch, column: Int)] = []
        private var previous: [SimValue?] = []
        private var previousValue: [Double] = [], previousStep: [Double] = []
        private(set) var marks: [Mark] = []
        private var droppedMarks = 0
        /// The labels of the latest `svg()`, for tests.
        private(set) var labels: [Label] = []
        /// The charts of the latest `svg()`: top and bottom (user units).
        private(set) var chartFrames: [(top: Double, bottom: Double)] = []

        private let givenGuide: PlotGuide?

        /// A builder that takes the guide of the run's surface, or `guide`.
        public init(guide: PlotGuide? = nil) { givenGuide = guide }

        /// Takes the run's columns, steps and guide.
        public func begin(_ header: SimulationHeader) {
            self.header = header
            guide = givenGuide ?? PlotGuide.of(header)
            let columns = header.columns
            let velocities = guide.velocities.compactMap { header.columnIndex($0) }
            series = []; chartOf = []
            for (chart, kind) in [SimColumn.Chart.points, .progress].enumerated() {
                for i in columns.indices where columns[i].chart == kind && !velocities.contains(i) {
                    series.append(i); chartOf.append(chart)
                }
            }
            for i in velocities { series.append(i); chartOf.append(2) }
            lanes = columns.indices.compactMap { i in
                let name = columns[i].name
                guard name == "phase" || name.hasSuffix("_phase") else { return nil }
                let prefix = String(name.dropLast("phase".count))
                guard prefix.isEmpty || header.columnIndex(prefix + "vy") != nil else { return nil }
                return (prefix.isEmpty ? "" : String(prefix.dropLast()), i)
            }
            if lanes.count > 1, lanes[0].name.isEmpty { lanes[0].name = "primary" }
            let empty = [[Double]](repeating: [], count: series.count)
            first = empty; last = empty; low = empty; high = empty
            phaseFrames = Array(repeating: [], count: lanes.count)
            watched = guide.watches.compactMap { w in header.columnIndex(w.column).map { (w, $0) } }
            previous = Array(repeating: nil, count: watched.count)
            previousValue = Array(repeating: .nan, count: series.count)
            previousStep = Array(repeating: 0, count: series.count)
        }

        public func row(_ values: [SimValue]) {
            let t = values.first?.number ?? lastTime
            lastTime = t
            if frames % framesPerBucket == 0 {
                if bucketTime.count == Self.maxBuckets { mergePairs() }
                if frames % framesPerBucket == 0 {
                    bucketTime.append(t)
                    for l in lanes.indices { phaseFrames[l].append([Int32](repeating: 0, count: phaseOrder.count + 1)) }
                    for s in series.indices {
                        first[s].append(.nan); last[s].append(.nan); low[s].append(.nan); high[s].append(.nan)
                    }
                }
            }
            let b = bucketTime.count - 1
            for (s, column) in series.enumerated() {
                guard let v = values[column].number, v.isFinite else { previousValue[s] = .nan; continue }
                if first[s][b].isNaN { first[s][b] = v; low[s][b] = v; high[s][b] = v }
                last[s][b] = v
                low[s][b] = min(low[s][b], v)
                high[s][b] = max(high[s][b], v)
                if chartOf[s] == 0 { checkJump(s, v, at: t) }
            }
            for (l, lane) in lanes.enumerated() {
                var phaseIndex = phaseOrder.count
                if case let .text(phase) = values[lane.column] {
                    phaseIndex = phaseOrder.firstIndex(of: phase) ?? phaseOrder.count
                }
                phaseFrames[l][b][phaseIndex] += 1
            }
            for (k, entry) in watched.enumerated() {
                let value = values[entry.column]
                if let text = Self.markText(entry.watch, from: previous[k], to: value) { mark(t, text) }
                previous[k] = value
            }
            frames += 1
        }

        /// A jump: 50 pt or more in one frame, and four times the previous frame's move (at least 2 pt).
        private func checkJump(_ s: Int, _ v: Double, at t: Double) {
            let before = previousValue[s]
            previousValue[s] = v
            guard !before.isNaN else { previousStep[s] = 0; return }
            let step = v - before
            defer { previousStep[s] = step }
            guard abs(step) >= 50, abs(step) > 4 * max(abs(previousStep[s]), 2) else { return }
            let name = header!.columns[series[s]].name
            mark(t, "\(name) \(SVGPlot.short(before)) \u{2192} \(SVGPlot.short(v))")
        }

        static func markText(_ watch: PlotGuide.Watch, from old: SimValue?, to new: SimValue) -> String? {
            switch watch.kind {
            case .events:
                guard case let .text(s) = new, !s.isEmpty else { return nil }
                return watch.prefix + s
            case .changes:
                guard let old, old != new else { return nil }
                let quiet: (SimValue) -> Bool = { v in
                    if case let .text(s) = v { return s.isEmpty || s == "none" }
                    return true
                }
                if !quiet(new), case let .text(s) = new { return watch.prefix + s }
                if quiet(new), !quiet(old), case let .text(s) = old { return watch.prefix + s + " done" }
                return nil
            case let .flag(on, off):
                guard let old, old != new, case let .flag(now) = new else { return nil }
                let text = now ? on : off
                return text.isEmpty ? nil : watch.prefix + text
            }
        }

        private func mark(_ t: Double, _ text: String) {
            if marks.count < maxMarks { marks.append(Mark(time: t, text: text)) } else { droppedMarks += 1 }
        }

        /// Keeps how the run ended, for the plot's caption.
        public func end(outcome: [String]) { self.outcome = outcome }

        /// Halves the number of buckets: bucket k of the result is 2k and 2k+1.
        private func mergePairs() {
            let count = bucketTime.count / 2
            for k in 0..<count {
                let a = 2 * k, b = 2 * k + 1
                bucketTime[k] = bucketTime[a]
                for l in lanes.indices {
                    for p in phaseFrames[l][k].indices { phaseFrames[l][k][p] = phaseFrames[l][a][p] + phaseFrames[l][b][p] }
                }
                for s in series.indices {
                    first[s][k] = first[s][a].isNaN ? first[s][b] : first[s][a]
                    last[s][k] = last[s][b].isNaN ? last[s][a] : last[s][b]
                    low[s][k] = Self.finiteMin(low[s][a], low[s][b])
                    high[s][k] = -Self.finiteMin(-high[s][a], -high[s][b])
                }
            }
            bucketTime.removeSubrange(count...)
            for l in lanes.indices { phaseFrames[l].removeSubrange(count...) }
            for s in series.indices {
                first[s].removeSubrange(count...); last[s].removeSubrange(count...)
                low[s].removeSubrange(count...); high[s].removeSubrange(count...)
            }
            framesPerBucket *= 2
        }

        private static func finiteMin(_ a: Double, _ b: Double) -> Double {
            a.isNaN ? b : (b.isNaN ? a : min(a, b))
        }

        /// The SVG document for the frames seen so far.
        public func svg() -> String {
            guard let run = header else { return "" }
            let decimated = framesPerBucket > 1
            let t0 = 0.0, t1 = max(lastTime, 1e-3)
            let columns = run.columns
            let plotRight = left + plotWidth
            func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }
            var canvas = Canvas()

            // The right-hand columns: reference labels, then the legend.
            let charts = [0, 1, 2].filter { chartOf.contains($0) }
            let references = guide.references.filter { charts.contains($0.chart == .points ? 0 : 1) }
            let referenceWidth = references.map { TextMeasure.width($0.label, size: 11) + 12 }.max() ?? 0
            let legendX = plotRight + referenceWidth + 18
            let seriesNames = series.map { column -> String in
                let c = columns[column]
                return c.unit.isEmpty ? c.name : "\(c.name) (\(c.unit))"
            }
            // A series drawn in another's colour (guide.colourOf) takes that
            // series' index; every other series counts on from the last.
            var colourIndex: [Int] = []
            var ownColours = 0
            for column in series {
                if let other = guide.colourOf[columns[column].name],
                   let s = series.firstIndex(where: { columns[$0].name == other }), s < colourIndex.count
                {
                    colourIndex.append(colourIndex[s])
                } else {
                    colourIndex.append(ownColours)
                    ownColours += 1
                }
            }
            let primaryPhases = phaseRuns(lane: 0, t0: t0, t1: t1)
            var seenPhases: [Int] = []
            for l in lanes.indices {
                for span in l == 0 ? primaryPhases : phaseRuns(lane: l, t0: t0, t1: t1)
                where span.phase < phaseOrder.count && !seenPhases.contains(span.phase) {
                    seenPhases.append(span.phase)
                }
            }
            seenPhases.sort()
            let legendTexts = seriesNames + seenPhases.map { phaseOrder[$0] } + ["phases"]
            let legendWidth = 30 + (legendTexts.map { TextMeasure.width($0, size: 12, bold: $0 == "phases") }.max() ?? 0)
            let width = (legendX + legendWidth + margin).rounded(.up)

            // Title and summary, wrapped to the width.
            var y = margin
            let note = decimated ? "(\(frames) frames: smallest and largest value per pixel column)" : ""
            var headLines: [(text: String, size: Double, bold: Bool, color: String)] = []
            let title = guide.title ?? "\(run.name) at \(run.fps) Hz"
            for line in TextMeasure.wrap(title, size: 15, maxWidth: width - 2 * margin, bold: true) {
                headLines.append((line, 15, true, "#1f2328"))
            }
            for text in [note, run.summary] where !text.isEmpty {
                for line in TextMeasure.wrap(text, size: 12, maxWidth: width - 2 * margin) {
                    headLines.append((line, 12, false, "#555555"))
                }
            }
            var headBaselines: [Double] = []
            for line in headLines {
                y += line.size * 1.3
                headBaselines.append(y)
            }
            y += 10

            // Steps and marks: labels in rows that never overlap.
            let showSteps = run.steps.count <= Int(plotWidth / 4)
            let stepItems = run.steps.count <= maxLabelledSteps ? run.steps.map { (x(max($0.start, t0)), $0.kind) } : []
            let stepRows = SVGPlot.rows(stepItems, size: 11, plotRight: plotRight)
            let stepTop = y
            if !stepItems.isEmpty { y += Double(stepRows.count) * 14 + 6 }
            let markItems = marks.prefix(maxLabelledMarks).map { (x($0.time), $0.text) }
            let markRows = SVGPlot.rows(Array(markItems), size: 11, plotRight: plotRight)
            let markTop = y
            if !marks.isEmpty { y += Double(max(markRows.count, 1)) * 14 + 6 }
            let laneTop = y
            y += Double(lanes.count) * 14 + (lanes.isEmpty ? 0 : 6)

            // Charts.
            let chartsTop = y + 10
            var frames: [(chart: Int, top: Double, bottom: Double, lo: Double, hi: Double)] = []
            var top = chartsTop
            let axisTitles = [guide.pointsAxis, guide.progressAxis, "velocity (pt/s)"]
            for c in charts {
                let base = [pointsHeight, progressHeight, velocityHeight][c]
                let height = max(base, TextMeasure.width(axisTitles[c], size: 12, bold: true) + 16)
                var lo = Double.infinity, hi = -Double.infinity
                for s in series.indices where chartOf[s] == c {
                    for v in low[s] where v.isFinite { lo = min(lo, v) }
                    for v in high[s] where v.isFinite { hi = max(hi, v) }
                }
                for r in references where (r.chart == .points ? 0 : 1) == c && r.value.isFinite {
                    lo = min(lo, r.value); hi = max(hi, r.value)
                }
                if c == 2 && lo.isFinite { lo = min(lo, 0); hi = max(hi, 0) }
                if !lo.isFinite { lo = 0; hi = 1 }
                if hi - lo < 1e-9 { lo -= 1; hi += 1 }
                let pad = (hi - lo) * 0.06
                frames.append((c, top, top + height, lo - pad, hi + pad))
                top += height + chartGap
            }
            let chartsBottom = frames.last.map(\.bottom) ?? chartsTop
            chartFrames = frames.map { ($0.top, $0.bottom) }
            let axisY = chartsBottom

            // The legend's rows.
            var legendBottom = chartsTop
            let seriesLegendY = (0..<series.count).map { chartsTop + 8 + Double($0) * 18 }
            if let lastY = seriesLegendY.last { legendBottom = lastY + 6 }
            let phaseHeaderY = legendBottom + 18
            let phaseLegendY = seenPhases.indices.map { phaseHeaderY + 18 + Double($0) * 18 }
            if let lastY = phaseLegendY.last { legendBottom = lastY + 6 }
            let height = (max(axisY + 44, legendBottom) + margin).rounded(.up)

            canvas.out += """
                <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
                viewBox="0 0 \(f(width)) \(f(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12" \
                data-t0="\(t0)" data-t1="\(t1)" data-plot-left="\(f(left))" data-plot-right="\(f(plotRight))" \
                data-plot-top="\(f(stepTop))" data-plot-bottom="\(f(chartsBottom))">
                <rect x="0" y="0" width="\(f(width))" height="\(f(height))" fill="#ffffff"/>

                """
            for (line, baseline) in zip(headLines, headBaselines) {
                canvas.text(margin, baseline, line.text, size: line.size, bold: line.bold, fill: line.color)
            }

            // The primary scroll view's phases behind the charts, every scroll view's in its lane.
            for span in primaryPhases where span.phase < phaseOrder.count {
                let phase = phaseOrder[span.phase]
                canvas.out += "<rect x=\"\(f(x(span.start)))\" y=\"\(f(chartsTop))\" width=\"\(f(max(x(span.end) - x(span.start), 0.5)))\" height=\"\(f(chartsBottom - chartsTop))\" fill=\"\(phaseColors[phase]!)\" opacity=\"0.6\"><title>\(phase) \(f(span.start))–\(f(span.end)) s</title></rect>\n"
            }
            for (l, lane) in lanes.enumerated() {
                let laneY = laneTop + Double(l) * 14
                canvas.out += "<rect x=\"\(f(left))\" y=\"\(f(laneY))\" width=\"\(f(plotWidth))\" height=\"10\" fill=\"#fafafa\" stroke=\"#dddddd\"/>\n"
                for span in (l == 0 ? primaryPhases : phaseRuns(lane: l, t0: t0, t1: t1)) where span.phase < phaseOrder.count {
                    let phase = phaseOrder[span.phase]
                    canvas.out += "<rect x=\"\(f(x(span.start)))\" y=\"\(f(laneY))\" width=\"\(f(max(x(span.end) - x(span.start), 0.5)))\" height=\"10\" fill=\"\(phaseColors[phase]!)\"><title>\(lane.name.isEmpty ? "" : lane.name + ": ")\(phase) \(f(span.start))–\(f(span.end)) s</title></rect>\n"
                }
                canvas.text(left - 6, laneY + 9, lane.name.isEmpty ? "phase" : lane.name, size: 11, anchor: "end", fill: "#555555")
            }

            // Step lines and labels.
            if showSteps {
                for step in run.steps {
                    let sx = f(x(step.start))
                    canvas.out += "<line x1=\"\(sx)\" y1=\"\(f(stepTop))\" x2=\"\(sx)\" y2=\"\(f(chartsBottom))\" stroke=\"#999999\" stroke-dasharray=\"3,3\"/>\n"
                }
            }
            if !stepItems.isEmpty {
                canvas.text(left - 6, stepTop + 11, "steps", size: 11, anchor: "end", fill: "#555555")
                for placed in stepRows.flatMap({ $0 }) {
                    canvas.text(placed.x, stepTop + 11 + Double(placed.row) * 14, placed.text, size: 11, fill: "#555555")
                }
            }

            // Marks: a line from the label down through the charts.
            if !marks.isEmpty {
                canvas.text(left - 6, markTop + 11, "marks", size: 11, anchor: "end", fill: markColor)
                var labelled: [Int: Int] = [:]
                for placed in markRows.flatMap({ $0 }) {
                    labelled[placed.index] = placed.row
                    canvas.text(placed.x, markTop + 11 + Double(placed.row) * 14, placed.text, size: 11, fill: markColor)
                }
                for (k, m) in marks.enumerated() {
                    let mx = f(x(m.time))
                    let from = labelled[k].map { markTop + 14 + Double($0) * 14 } ?? markTop
                    canvas.out += "<line x1=\"\(mx)\" y1=\"\(f(from))\" x2=\"\(mx)\" y2=\"\(f(chartsBottom))\" stroke=\"\(markColor)\" stroke-opacity=\"0.55\" stroke-dasharray=\"1,2\"><title>\(escape(m.text)) at \(f(m.time)) s</title></line>\n"
                }
            }

            // Charts: grid, ticks, axis title, reference lines, series.
            for frame in frames {
                let (c, chartTop, bottomY, lo, hi) = frame
                let chartHeight = bottomY - chartTop
                func yOf(_ v: Double) -> Double { bottomY - (v - lo) / (hi - lo) * chartHeight }
                for tick in ticks(lo, hi, count: c == 0 ? 7 : (c == 1 ? 4 : 5)) {
                    let ty = yOf(tick)
                    canvas.out += "<line x1=\"\(f(left))\" y1=\"\(f(ty))\" x2=\"\(f(plotRight))\" y2=\"\(f(ty))\" stroke=\"\(c == 2 && tick == 0 ? "#999999" : "#e2e2e2")\"/>\n"
                    canvas.text(left - 6, ty + 4, tickLabel(tick), size: 12, anchor: "end")
                }
                canvas.out += "<rect x=\"\(f(left))\" y=\"\(f(chartTop))\" width=\"\(f(plotWidth))\" height=\"\(f(chartHeight))\" fill=\"none\" stroke=\"#333333\"/>\n"
                canvas.verticalTitle(18, (chartTop + bottomY) / 2, axisTitles[c])

                var placed: [(line: Double, baseline: Double, label: String)] = references
                    .filter { ($0.chart == .points ? 0 : 1) == c && $0.value.isFinite }
                    .map { (yOf($0.value), 0, $0.label) }
                    .sorted { $0.0 < $1.0 }
                var floor = -Double.infinity
                for k in placed.indices {
                    placed[k].baseline = max(placed[k].line + 4, floor + 13)
                    floor = placed[k].baseline
                }
                var ceiling = bottomY + 8
                for k in placed.indices.reversed() {
                    placed[k].baseline = min(placed[k].baseline, ceiling)
                    ceiling = placed[k].baseline - 13
                }
                for p in placed {
                    canvas.out += "<line x1=\"\(f(left))\" y1=\"\(f(p.line))\" x2=\"\(f(plotRight))\" y2=\"\(f(p.line))\" stroke=\"#6e7781\" stroke-dasharray=\"6,3\"/>\n"
                    canvas.out += "<polyline points=\"\(f(plotRight)),\(f(p.line)) \(f(plotRight + 6)),\(f(p.baseline - 4)) \(f(plotRight + 9)),\(f(p.baseline - 4))\" fill=\"none\" stroke=\"#6e7781\"/>\n"
                    canvas.text(plotRight + 11, p.baseline, p.label, size: 11, fill: "#444c56")
                }

                for s in series.indices where chartOf[s] == c {
                    let path = decimated ? columnPath(s, x: x, y: yOf, plotWidth: plotWidth, t0: t0, t1: t1)
                                         : pointPath(s, x: x, y: yOf)
                    let dash = guide.dashed.contains(columns[series[s]].name) ? " stroke-dasharray=\"7,4\"" : ""
                    canvas.out += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(SVGPlot.color(colourIndex[s]))\" stroke-width=\"\(decimated ? "1" : "2")\"\(dash)/>\n"
                }
            }

            // Time axis under the last chart.
            for tick in ticks(t0, t1, count: 10) {
                let tx = x(tick)
                canvas.out += "<line x1=\"\(f(tx))\" y1=\"\(f(axisY))\" x2=\"\(f(tx))\" y2=\"\(f(axisY + 5))\" stroke=\"#333333\"/>\n"
                canvas.text(tx, axisY + 18, tickLabel(tick), size: 12, anchor: "middle")
            }
            canvas.text(left + plotWidth / 2, axisY + 36, "time (s)", size: 12, anchor: "middle", bold: true)

            // Legend: series, then phases.
            for (s, name) in seriesNames.enumerated() {
                let ly = seriesLegendY[s]
                let dash = guide.dashed.contains(columns[series[s]].name) ? " stroke-dasharray=\"7,4\"" : ""
                canvas.out += "<line x1=\"\(f(legendX))\" y1=\"\(f(ly))\" x2=\"\(f(legendX + 24))\" y2=\"\(f(ly))\" stroke=\"\(SVGPlot.color(colourIndex[s]))\" stroke-width=\"3\"\(dash)/>\n"
                canvas.text(legendX + 30, ly + 4, name, size: 12)
            }
            if !seenPhases.isEmpty {
                canvas.text(legendX, phaseHeaderY, "phases", size: 12, bold: true)
                for (k, p) in seenPhases.enumerated() {
                    let ly = phaseLegendY[k]
                    canvas.out += "<rect x=\"\(f(legendX))\" y=\"\(f(ly - 6))\" width=\"24\" height=\"12\" fill=\"\(phaseColors[phaseOrder[p]]!)\" stroke=\"#bbbbbb\"/>\n"
                    canvas.text(legendX + 30, ly + 4, phaseOrder[p], size: 12)
                }
            }
            canvas.out += "</svg>\n"
            labels = canvas.labels
            return canvas.out
        }

        /// A lane's contiguous stretches of one phase. Point by point, a
        /// bucket is one frame; decimated, each pixel column takes the phase
        /// most of its frames were in.
        private func phaseRuns(lane l: Int, t0: Double, t1: Double) -> [(phase: Int, start: Double, end: Double)] {
            guard lanes.indices.contains(l) else { return [] }
            var runs: [(phase: Int, start: Double, end: Double)] = []
            func extend(_ phase: Int, _ start: Double, _ end: Double) {
                if let previous = runs.last, previous.phase == phase, previous.end == start {
                    runs[runs.count - 1].end = end
                } else {
                    runs.append((phase, start, end))
                }
            }
            if framesPerBucket > 1 {
                var column = -1
                var counts = [Int64](repeating: 0, count: phaseOrder.count + 1)
                func flush() {
                    guard column >= 0, let best = counts.indices.max(by: { counts[$0] < counts[$1] }) else { return }
                    let start = t0 + Double(column) / plotWidth * (t1 - t0)
                    extend(best, start, min(t1, t0 + Double(column + 1) / plotWidth * (t1 - t0)))
                }
                for (b, t) in bucketTime.enumerated() {
                    let c = min(Int(((t - t0) / (t1 - t0) * plotWidth).rounded(.down)), Int(plotWidth) - 1)
                    if c != column { flush(); column = c; counts = counts.map { _ in 0 } }
                    for p in counts.indices { counts[p] += Int64(phaseFrames[l][b][p]) }
                }
                flush()
            } else {
                for (b, t) in bucketTime.enumerated() {
                    let phase = phaseFrames[l][b].firstIndex { $0 > 0 } ?? phaseOrder.count
                    let end = b + 1 < bucketTime.count ? bucketTime[b + 1] : t
                    extend(phase, t, end)
                }
            }
            return runs
        }

        /// Point by point: one vertex per frame, the pen lifted over frames
        /// without a value.
        private func pointPath(_ s: Int, x: (Double) -> Double, y: (Double) -> Double) -> String {
            var path = ""
            var penDown = false
            for (b, v) in first[s].enumerated() {
                guard v.isFinite else { penDown = false; continue }
                path += (penDown ? " L" : " M") + "\(f(x(bucketTime[b]))),\(f(y(v)))"
                penDown = true
            }
            return path
        }

        /// Decimated: per pixel column, a vertical stroke from the column's
        /// first value through its smallest and largest to its last, joined
        /// to the next column; the pen lifts over columns without a value.
        private func columnPath(_ s: Int, x: (Double) -> Double, y: (Double) -> Double,
                                plotWidth: Double, t0: Double, t1: Double) -> String {
            var path = ""
            var penDown = false
            var column = -1
            var cFirst = Double.nan, cLast = Double.nan, cLow = Double.nan, cHigh = Double.nan
            func flush() {
                guard column >= 0 else { return }
                guard !cFirst.isNaN else { penDown = false; return }
                let px = f(left + Double(column) + 0.5)
                path += (penDown ? " L" : " M") + "\(px),\(f(y(cFirst)))"
                path += " L\(px),\(f(y(cLow))) L\(px),\(f(y(cHigh))) L\(px),\(f(y(cLast)))"
                penDown = true
            }
            for (b, t) in bucketTime.enumerated() {
                let c = min(Int(((t - t0) / (t1 - t0) * plotWidth).rounded(.down)), Int(plotWidth) - 1)
                if c != column {
                    flush()
                    column = c
                    cFirst = .nan; cLast = .nan; cLow = .nan; cHigh = .nan
                }
                if !first[s][b].isNaN {
                    if cFirst.isNaN { cFirst = first[s][b] }
                    cLast = last[s][b]
                    cLow = Self.finiteMin(cLow, low[s][b])
                    cHigh = -Self.finiteMin(-cHigh, -high[s][b])
                }
            }
            flush()
            return path
        }
    }

    /// SVG text with the box each piece takes.
    struct Canvas {
        var out = ""
        var labels: [Label] = []

        /// Text at baseline `y`; `anchor` start, middle or end.
        mutating func text(_ x: Double, _ y: Double, _ text: String, size: Double, anchor: String = "start",
                           bold: Bool = false, fill: String = "#1f2328") {
            let w = TextMeasure.width(text, size: size, bold: bold)
            let minX = anchor == "start" ? x : (anchor == "end" ? x - w : x - w / 2)
            labels.append(Label(text: text, minX: minX, minY: y - 0.93 * size, maxX: minX + w, maxY: y + 0.24 * size))
            out += "<text x=\"\(f(x))\" y=\"\(f(y))\"\(size == 12 ? "" : " font-size=\"\(tickLabel(size))\"")"
                + "\(anchor == "start" ? "" : " text-anchor=\"\(anchor)\"")\(bold ? " font-weight=\"bold\"" : "")"
                + "\(fill == "#1f2328" ? "" : " fill=\"\(fill)\"")>\(escape(text))</text>\n"
        }

        /// Bold 12 px text turned to read upwards, centred on (`x`, `y`), its baseline at `x`.
        mutating func verticalTitle(_ x: Double, _ y: Double, _ text: String) {
            let w = TextMeasure.width(text, size: 12, bold: true)
            labels.append(Label(text: text, minX: x - 0.93 * 12, minY: y - w / 2, maxX: x + 0.24 * 12, maxY: y + w / 2))
            out += "<text transform=\"translate(\(f(x)),\(f(y))) rotate(-90)\" text-anchor=\"middle\" font-weight=\"bold\">\(escape(text))</text>\n"
        }
    }

    /// Labels at (x, text) placed in rows so that none overlaps another in
    /// its row (6 px apart at least) or runs past the plot's right edge; a
    /// label that fits no row of `maxLabelRows` is left out.
    static func rows(_ items: [(Double, String)], size: Double, plotRight: Double)
        -> [[(index: Int, x: Double, text: String, row: Int)]]
    {
        var rows: [[(index: Int, x: Double, text: String, row: Int)]] = []
        var ends: [Double] = []
        for (index, item) in items.enumerated() {
            let w = TextMeasure.width(item.1, size: size)
            let x = max(left, min(item.0 + 3, plotRight - w))
            if let r = ends.firstIndex(where: { $0 + 6 <= x }) {
                rows[r].append((index, x, item.1, r)); ends[r] = x + w
            } else if rows.count < maxLabelRows {
                rows.append([(index, x, item.1, rows.count)]); ends.append(x + w)
            }
        }
        return rows
    }

    /// Steps are labelled along the top while there are at most this many.
    static let maxLabelledSteps = 40

    /// About `count` round tick values (1, 2 or 5 times a power of ten apart) in [lo, hi].
    static func ticks(_ lo: Double, _ hi: Double, count: Int) -> [Double] {
        let raw = (hi - lo) / Double(max(count, 1))
        guard raw > 0, raw.isFinite else { return [lo] }
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        var out: [Double] = []
        var k = (lo / step).rounded(.up)
        while k * step <= hi + step * 1e-9, out.count < 100 {
            out.append(k * step == 0 ? 0 : k * step)
            k += 1
        }
        return out
    }

    static func tickLabel(_ v: Double) -> String {
        if v == v.rounded() { return String(format: "%.0f", v) }
        var s = String(format: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    /// A value in a mark's label: at most one decimal.
    static func short(_ v: Double) -> String { tickLabel((v * 10).rounded() / 10) }

    static func f(_ v: Double) -> String {
        let s = String(format: "%.2f", v)
        return s == "-0.00" ? "0.00" : s
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
