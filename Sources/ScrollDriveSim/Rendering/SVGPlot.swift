import Foundation

/// Draws a run's main values against time as a standalone SVG: one chart for
/// the columns in points (content offset, bar height, ...), one for the
/// unit-less ones (progress), with labelled axes, the scroll view's phases
/// (dragging, decelerating, bouncing, animating) shaded behind, and the
/// script's steps marked along the top.
public enum SVGPlot {
    static let width = 960.0
    static let left = 72.0, right = 190.0, top = 56.0, bottom = 48.0
    static let pointsHeight = 320.0, progressHeight = 120.0, gap = 48.0

    static let seriesColors = ["#1f6feb", "#d1242f", "#2da44e", "#8250df", "#bf8700", "#0a7d8c"]
    static let phaseColors: [String: String] = [
        "touching": "#eeeeee", "dragging": "#cfe3ff", "decelerating": "#ffe3bf", "bouncing": "#ffd1d6",
        "animating": "#d3f2cf",
    ]
    static let phaseOrder = ["touching", "dragging", "decelerating", "bouncing", "animating"]

    /// The SVG document for a recorded run.
    public static func render(_ run: SimulationRun) -> String {
        let builder = Builder()
        // The builder never throws.
        try! run.replay(into: [builder])
        return builder.svg()
    }

    /// Builds the plot while a run streams by, in memory that does not grow
    /// with the run: each plotted column keeps at most `maxBuckets` buckets
    /// of consecutive frames (first, last, smallest and largest value), and
    /// when they are full, neighbouring buckets merge (a bucket then holds
    /// twice as many frames). A run of up to `maxBuckets` frames is drawn
    /// point by point; a longer one as the smallest and largest value in each
    /// pixel column, so a one-frame spike stays visible. The scroll view's
    /// phases are kept the same way (frames per phase in each bucket).
    public final class Builder: SimulationSink {
        /// Buckets per series; above the plot's width in pixels, so merged
        /// buckets still resolve every pixel column.
        static let maxBuckets = 2048

        private var header: SimulationHeader?
        private var outcome: [String] = []
        private var series: [Int] = []
        private var phaseColumn: Int?
        /// Per series, per bucket: first, last, min, max (NaN: no finite value).
        private var first: [[Double]] = [], last: [[Double]] = [], low: [[Double]] = [], high: [[Double]] = []
        /// Per bucket: frames in each of `phaseOrder` (index 5: any other phase).
        private var phaseFrames: [[Int32]] = []
        /// Per bucket: the time of its first frame.
        private var bucketTime: [Double] = []
        private var framesPerBucket = 1
        private var frames = 0
        private var lastTime = 0.0

        public init() {}

        public func begin(_ header: SimulationHeader) {
            self.header = header
            let ordered = header.columns.indices.filter { header.columns[$0].chart == .points }
                + header.columns.indices.filter { header.columns[$0].chart == .progress }
            series = ordered
            phaseColumn = header.columnIndex("phase")
            let empty = [[Double]](repeating: [], count: series.count)
            first = empty; last = empty; low = empty; high = empty
        }

        public func row(_ values: [SimValue]) {
            let t = values.first?.number ?? lastTime
            lastTime = t
            if frames % framesPerBucket == 0 {
                if bucketTime.count == Self.maxBuckets { mergePairs() }
                if frames % framesPerBucket == 0 {
                    bucketTime.append(t)
                    phaseFrames.append([Int32](repeating: 0, count: phaseOrder.count + 1))
                    for s in series.indices {
                        first[s].append(.nan); last[s].append(.nan); low[s].append(.nan); high[s].append(.nan)
                    }
                }
            }
            let b = bucketTime.count - 1
            for (s, column) in series.enumerated() {
                guard let v = values[column].number, v.isFinite else { continue }
                if first[s][b].isNaN { first[s][b] = v; low[s][b] = v; high[s][b] = v }
                last[s][b] = v
                low[s][b] = min(low[s][b], v)
                high[s][b] = max(high[s][b], v)
            }
            var phaseIndex = phaseOrder.count
            if let phaseColumn, case let .text(phase) = values[phaseColumn] {
                phaseIndex = phaseOrder.firstIndex(of: phase) ?? phaseOrder.count
            }
            phaseFrames[b][phaseIndex] += 1
            frames += 1
        }

        public func end(outcome: [String]) { self.outcome = outcome }

        /// Halves the number of buckets: bucket k of the result is 2k and 2k+1.
        private func mergePairs() {
            let count = bucketTime.count / 2
            for k in 0..<count {
                let a = 2 * k, b = 2 * k + 1
                bucketTime[k] = bucketTime[a]
                for p in phaseFrames[k].indices { phaseFrames[k][p] = phaseFrames[a][p] + phaseFrames[b][p] }
                for s in series.indices {
                    first[s][k] = first[s][a].isNaN ? first[s][b] : first[s][a]
                    last[s][k] = last[s][b].isNaN ? last[s][a] : last[s][b]
                    low[s][k] = Self.finiteMin(low[s][a], low[s][b])
                    high[s][k] = -Self.finiteMin(-high[s][a], -high[s][b])
                }
            }
            bucketTime.removeSubrange(count...)
            phaseFrames.removeSubrange(count...)
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
            let charts: [(series: [Int], title: String, height: Double)] =
                [(series.indices.filter { columns[series[$0]].chart == .points }, "points", pointsHeight)]
                + (series.contains { columns[$0].chart == .progress }
                    ? [(series.indices.filter { columns[series[$0]].chart == .progress }, "progress", progressHeight)] : [])
            let plotWidth = width - left - right
            let height = top + charts.reduce(0) { $0 + $1.height } + gap * Double(charts.count - 1) + bottom + 10
            func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }
            let note = decimated
                ? " (\(frames) frames: smallest and largest value per pixel column)" : ""

            var svg = """
                <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
                viewBox="0 0 \(f(width)) \(f(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">
                <rect x="0" y="0" width="\(f(width))" height="\(f(height))" fill="#ffffff"/>
                <text x="\(f(left))" y="22" font-size="15" font-weight="bold">\(escape(run.name)) at \(run.fps) Hz\(note)</text>
                <text x="\(f(left))" y="40" fill="#555555">\(escape(run.summary))</text>

                """

            // Phases: contiguous stretches of one phase, shaded across every
            // chart. Point by point, a bucket is one frame; decimated, each
            // pixel column takes the phase most of its frames were in.
            let chartsTop = top, chartsBottom = height - bottom - 10
            var seenPhases: [String] = []
            var runs: [(phase: Int, start: Double, end: Double)] = []
            func extend(_ phase: Int, _ start: Double, _ end: Double) {
                if let previous = runs.last, previous.phase == phase, previous.end == start {
                    runs[runs.count - 1].end = end
                } else {
                    runs.append((phase, start, end))
                }
            }
            if decimated {
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
                    for p in counts.indices { counts[p] += Int64(phaseFrames[b][p]) }
                }
                flush()
            } else {
                for (b, t) in bucketTime.enumerated() {
                    let phase = phaseFrames[b].firstIndex { $0 > 0 } ?? phaseOrder.count
                    let end = b + 1 < bucketTime.count ? bucketTime[b + 1] : t
                    extend(phase, t, end)
                }
            }
            for span in runs where span.phase < phaseOrder.count {
                let phase = phaseOrder[span.phase], color = phaseColors[phase]!
                if !seenPhases.contains(phase) { seenPhases.append(phase) }
                svg += "<rect x=\"\(f(x(span.start)))\" y=\"\(f(chartsTop))\" width=\"\(f(max(x(span.end) - x(span.start), 0.5)))\" height=\"\(f(chartsBottom - chartsTop))\" fill=\"\(color)\"><title>\(phase) \(f(span.start))–\(f(span.end)) s</title></rect>\n"
            }

            // Steps along the top: labelled while there are few, lines only
            // while they stay apart, none beyond that.
            if run.steps.count <= Int(plotWidth / 4) {
                for step in run.steps {
                    let sx = x(step.start)
                    svg += "<line x1=\"\(f(sx))\" y1=\"\(f(chartsTop))\" x2=\"\(f(sx))\" y2=\"\(f(chartsBottom))\" stroke=\"#999999\" stroke-dasharray=\"3,3\"/>\n"
                    if run.steps.count <= maxLabelledSteps {
                        svg += "<text x=\"\(f(sx + 3))\" y=\"\(f(chartsTop + 12))\" fill=\"#666666\" font-size=\"11\">\(escape(step.kind))</text>\n"
                    }
                }
            }

            var chartTop = top
            var legendY = top + 8
            var colorIndex = 0
            for chart in charts {
                let bottomY = chartTop + chart.height
                var lo = Double.infinity, hi = -Double.infinity
                for s in chart.series {
                    for v in low[s] where v.isFinite { lo = min(lo, v) }
                    for v in high[s] where v.isFinite { hi = max(hi, v) }
                }
                if !lo.isFinite { lo = 0; hi = 1 }
                if chart.title == "progress" { lo = min(lo, 0); hi = max(hi, 2) }
                if hi - lo < 1e-9 { lo -= 1; hi += 1 }
                let pad = (hi - lo) * 0.06
                lo -= pad
                hi += pad
                func y(_ v: Double) -> Double { bottomY - (v - lo) / (hi - lo) * chart.height }

                // Axes, grid and tick labels.
                for tick in ticks(lo, hi, count: chart.title == "progress" ? 4 : 7) {
                    let ty = y(tick)
                    svg += "<line x1=\"\(f(left))\" y1=\"\(f(ty))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(ty))\" stroke=\"#e2e2e2\"/>\n"
                    svg += "<text x=\"\(f(left - 6))\" y=\"\(f(ty + 4))\" text-anchor=\"end\">\(tickLabel(tick))</text>\n"
                }
                svg += "<rect x=\"\(f(left))\" y=\"\(f(chartTop))\" width=\"\(f(plotWidth))\" height=\"\(f(chart.height))\" fill=\"none\" stroke=\"#333333\"/>\n"
                svg += "<text transform=\"translate(\(f(18)),\(f(chartTop + chart.height / 2))) rotate(-90)\" text-anchor=\"middle\" font-weight=\"bold\">\(chart.title)</text>\n"

                for s in chart.series {
                    let column = columns[series[s]]
                    let color = seriesColors[colorIndex % seriesColors.count]
                    colorIndex += 1
                    let path = decimated ? columnPath(s, x: x, y: y, plotWidth: plotWidth, t0: t0, t1: t1)
                                         : pointPath(s, x: x, y: y)
                    svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(decimated ? "1" : "2")\"/>\n"
                    svg += "<line x1=\"\(f(width - right + 16))\" y1=\"\(f(legendY))\" x2=\"\(f(width - right + 40))\" y2=\"\(f(legendY))\" stroke=\"\(color)\" stroke-width=\"3\"/>\n"
                    svg += "<text x=\"\(f(width - right + 46))\" y=\"\(f(legendY + 4))\">\(escape(column.name))\(column.unit.isEmpty ? "" : " (\(escape(column.unit)))")</text>\n"
                    legendY += 18
                }
                chartTop = bottomY + gap
            }

            // Time axis under the last chart.
            let axisY = chartTop - gap
            for tick in ticks(t0, t1, count: 10) {
                let tx = x(tick)
                svg += "<line x1=\"\(f(tx))\" y1=\"\(f(axisY))\" x2=\"\(f(tx))\" y2=\"\(f(axisY + 5))\" stroke=\"#333333\"/>\n"
                svg += "<text x=\"\(f(tx))\" y=\"\(f(axisY + 18))\" text-anchor=\"middle\">\(tickLabel(tick))</text>\n"
            }
            svg += "<text x=\"\(f(left + plotWidth / 2))\" y=\"\(f(axisY + 36))\" text-anchor=\"middle\" font-weight=\"bold\">time (s)</text>\n"

            // Phase legend.
            legendY += 10
            for phase in phaseOrder where seenPhases.contains(phase) {
                svg += "<rect x=\"\(f(width - right + 16))\" y=\"\(f(legendY - 8))\" width=\"24\" height=\"12\" fill=\"\(phaseColors[phase]!)\" stroke=\"#bbbbbb\"/>\n"
                svg += "<text x=\"\(f(width - right + 46))\" y=\"\(f(legendY + 2))\">\(phase)</text>\n"
                legendY += 18
            }
            svg += "</svg>\n"
            return svg
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

    static func f(_ v: Double) -> String {
        let s = String(format: "%.2f", v)
        return s == "-0.00" ? "0.00" : s
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
