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

    /// The SVG document.
    public static func render(_ run: SimulationRun) -> String {
        let times = run.times
        let t0 = 0.0, t1 = max(times.last ?? 1, 1e-3)
        let pointColumns = run.columns.filter { $0.chart == .points }
        let progressColumns = run.columns.filter { $0.chart == .progress }
        let plotWidth = width - left - right
        let charts: [(columns: [SimColumn], title: String, height: Double)] =
            [(pointColumns, "points", pointsHeight)] + (progressColumns.isEmpty ? [] : [(progressColumns, "progress", progressHeight)])
        let height = top + charts.reduce(0) { $0 + $1.height } + gap * Double(charts.count - 1) + bottom + 10
        func x(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" \
            viewBox="0 0 \(f(width)) \(f(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">
            <rect x="0" y="0" width="\(f(width))" height="\(f(height))" fill="#ffffff"/>
            <text x="\(f(left))" y="22" font-size="15" font-weight="bold">\(escape(run.name)) at \(run.fps) Hz</text>
            <text x="\(f(left))" y="40" fill="#555555">\(escape(run.summary))</text>

            """

        // Phases: contiguous frames of one phase, shaded across every chart.
        let phases = run.texts("phase")
        let chartsTop = top, chartsBottom = height - bottom - 10
        var seenPhases: [String] = []
        var i = 0
        while i < phases.count {
            var j = i
            while j + 1 < phases.count, phases[j + 1] == phases[i] { j += 1 }
            if let color = phaseColors[phases[i]] {
                if !seenPhases.contains(phases[i]) { seenPhases.append(phases[i]) }
                let start = times[i], end = j + 1 < times.count ? times[j + 1] : times[j]
                svg += "<rect x=\"\(f(x(start)))\" y=\"\(f(chartsTop))\" width=\"\(f(max(x(end) - x(start), 0.5)))\" height=\"\(f(chartsBottom - chartsTop))\" fill=\"\(color)\"><title>\(phases[i]) \(f(start))–\(f(end)) s</title></rect>\n"
            }
            i = j + 1
        }

        // Steps along the top.
        for step in run.steps {
            let sx = x(step.start)
            svg += "<line x1=\"\(f(sx))\" y1=\"\(f(chartsTop))\" x2=\"\(f(sx))\" y2=\"\(f(chartsBottom))\" stroke=\"#999999\" stroke-dasharray=\"3,3\"/>\n"
            svg += "<text x=\"\(f(sx + 3))\" y=\"\(f(chartsTop + 12))\" fill=\"#666666\" font-size=\"11\">\(escape(step.kind))</text>\n"
        }

        var chartTop = top
        var legendY = top + 8
        var colorIndex = 0
        for chart in charts {
            let bottomY = chartTop + chart.height
            var lo = Double.infinity, hi = -Double.infinity
            for column in chart.columns {
                for v in run.numbers(column.name) where v.isFinite {
                    lo = min(lo, v)
                    hi = max(hi, v)
                }
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
            let axisTitle = chart.title == "points" ? "points" : "progress"
            svg += "<text transform=\"translate(\(f(18)),\(f(chartTop + chart.height / 2))) rotate(-90)\" text-anchor=\"middle\" font-weight=\"bold\">\(axisTitle)</text>\n"

            for column in chart.columns {
                let color = seriesColors[colorIndex % seriesColors.count]
                colorIndex += 1
                let values = run.numbers(column.name)
                var path = ""
                var penDown = false
                for (k, v) in values.enumerated() {
                    guard v.isFinite else { penDown = false; continue }
                    path += (penDown ? " L" : " M") + "\(f(x(times[k]))),\(f(y(v)))"
                    penDown = true
                }
                svg += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
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
