import Foundation

/// A sweep's result as one self-contained HTML page (no script, no external
/// file) for designers: per configuration, a landing matrix for all
/// gestures and one for flicks (shares shaded), a histogram of settle times
/// and one of events per gesture (inline SVG), the largest jumps and the
/// invariants.
public struct SweepHTMLReport {
    /// The sweep it shows.
    public let result: SweepResult

    public init(_ result: SweepResult) { self.result = result }

    /// The self-contained page.
    public func page() -> String {
        let plan = result.plan
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>ScrollDrive sweep: \(escape(plan.surface))</title>
            <style>
            body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;margin:24px;color:#222;max-width:1100px}
            .scroll{max-width:100%;overflow-x:auto} svg{max-width:100%;height:auto}
            h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 8px;border-top:1px solid #ddd;padding-top:16px}
            h3{font-size:14px;margin:14px 0 6px;color:#444}
            .meta{color:#666} .row{display:flex;flex-wrap:wrap;gap:28px;align-items:flex-start}
            table.m{border-collapse:collapse;font-variant-numeric:tabular-nums}
            table.m th,table.m td{border:1px solid #ccc;padding:4px 8px;text-align:right;min-width:64px}
            table.m th{background:#f4f4f4;font-weight:600} .corner{color:#888;font-weight:400}
            .ok{color:#17803d} .bad{color:#b42318;font-weight:600} small{color:#666}
            </style></head><body>
            <h1>Sweep of the \(escape(plan.surface)) surface</h1>
            <p class="meta">\(plan.gestures) generated gestures (seed \(plan.seed)) per configuration, \(plan.fps) Hz; \
            \(result.points.count) configuration\(result.points.count == 1 ? "" : "s"). Rows of a landing matrix are \
            where a gesture started, columns where the surface came to rest; shading is the row's share.</p>

            """
        out += overview()
        for point in result.points { out += section(point.values, point.statistics) }
        out += "</body></html>\n"
        return out
    }

    private func section(_ values: [JSONValue], _ s: SweepStatistics) -> String {
        let plan = result.plan
        let set = zip(plan.settings, values).map { "\($0.key) = \(SweepPlan.text($1))" }.joined(separator: ", ")
        var out = "<h2>\(escape(set.isEmpty ? "Default configuration" : set))</h2>\n"
        out += "<p class=\"meta\">\(s.gestures) gestures, \(s.frames) frames simulated, \(s.settled) came to rest.</p>\n"
        out += "<div class=\"row\"><div><h3>Where gestures land</h3>\(matrix(s, kind: nil))</div>"
        if plan.scripts == nil { out += "<div><h3>Where flicks land</h3>\(matrix(s, kind: .flick))</div>" }
        out += "</div>\n"
        let fps = Double(plan.fps)
        let settle = Array(s.settleFrames.dropLast())
        let p = [50.0, 90.0, 99.0].map { q in s.settlePercentile(q).map { String(format: "%.3f s", Double($0) / fps) } ?? "-" }
        out += "<div class=\"row\"><div><h3>Settle time after the last lift</h3>"
        out += histogram(settle, scale: 1 / fps, unit: "s", color: "#3b6fd8")
        out += "<br><small>p50 \(p[0]) · p90 \(p[1]) · p99 \(p[2])"
        if let never = s.settleFrames.last, never > 0 { out += " · <span class=\"bad\">\(never) never came to rest</span>" }
        out += "</small></div><div><h3>Surface events per gesture</h3>"
        let overflow = SweepStatistics.eventBuckets - 1
        out += histogram(s.events, scale: 1, unit: "events", color: "#8a5cc7", openEndedAt: overflow)
        // The last bucket counts every gesture with that many events or more; say so only when it is drawn.
        let reachesOverflow = (s.events.lastIndex { $0 > 0 } ?? 0) == overflow
        out += String(format: "<br><small>mean %.3f", s.meanEvents)
        out += reachesOverflow ? " (the last bar: \(overflow) or more)</small></div></div>\n" : "</small></div></div>\n"
        out += "<h3>Largest change between two frames</h3><div class=\"scroll\"><table class=\"m\"><tr>"
        out += s.values.map { "<th>\(escape($0))</th>" }.joined() + "</tr><tr>"
        out += s.maxJump.map { "<td>\(String(format: "%.3f", $0))</td>" }.joined() + "</tr></table></div>\n"
        out += "<h3>Invariants</h3><ul>"
        out += "<li class=\"\(s.restBetweenFrames == 0 ? "ok" : "bad")\">frames at rest between states: \(s.restBetweenFrames)</li>"
        for (i, name) in s.invariants.enumerated() {
            if s.violations[i] == 0 {
                out += "<li class=\"ok\">\(escape(name)): never</li>"
            } else {
                let gestures = s.violationGestures[i].map(String.init).joined(separator: ", ")
                out += "<li class=\"bad\">\(escape(name)): \(s.violations[i]) times (seed \(plan.seed), gestures \(gestures))</li>"
            }
        }
        return out + "</ul>\n"
    }

    /// One row per configuration: settle percentiles, events, moves, violations.
    private func overview() -> String {
        let plan = result.plan
        var out = "<h2>Overview</h2><div class=\"scroll\"><table class=\"m\"><tr><th>configuration</th><th>settle p50</th><th>p90</th>"
        out += "<th>p99</th><th>landed elsewhere</th><th>events / gesture</th><th>rest between states</th><th>violations</th></tr>"
        for (values, s) in result.points {
            let set = zip(plan.settings, values).map { "\($0.key) = \(SweepPlan.text($1))" }.joined(separator: ", ")
            let moved = s.states.indices.reduce(0) { sum, start in
                sum + s.states.indices.reduce(0) { $0 + (start == $1 ? 0 : s.landings(from: start, to: $1)) }
            }
            let cells = [50.0, 90.0, 99.0].map { p in
                s.settlePercentile(p).map { String(format: "%.3f s", Double($0) / Double(plan.fps)) } ?? "-"
            } + [String(format: "%.1f%%", s.gestures > 0 ? 100 * Double(moved) / Double(s.gestures) : 0),
                 String(format: "%.3f", s.meanEvents), "\(s.restBetweenFrames)"]
            let violations = s.violations.reduce(0, +)
            out += "<tr><th style=\"text-align:left\">\(escape(set.isEmpty ? "defaults" : set))</th>"
            out += cells.map { "<td>\($0)</td>" }.joined()
            out += "<td class=\"\(violations == 0 ? "ok" : "bad")\">\(violations)</td></tr>"
        }
        return out + "</table></div>\n"
    }

    /// A table of counts from (rows) / to (columns), shaded by the row's share.
    private func matrix(_ s: SweepStatistics, kind: SweepGesture.Kind?) -> String {
        var out = "<div class=\"scroll\"><table class=\"m\"><tr><th class=\"corner\">from \\ to</th>"
        out += s.states.map { "<th>\(escape($0))</th>" }.joined() + "</tr>"
        for start in s.states.indices {
            let total = s.states.indices.reduce(0) { $0 + s.landings(from: start, to: $1, kind: kind) }
            guard total > 0 else { continue }
            out += "<tr><th>\(escape(s.states[start]))</th>"
            for end in s.states.indices {
                let count = s.landings(from: start, to: end, kind: kind)
                let share = Double(count) / Double(total)
                out += String(format: "<td style=\"background:rgba(59,111,216,%.3f)\" title=\"%d of %d\">%.1f%%<br><small>%d</small></td>",
                              0.08 + 0.6 * share, count, total, 100 * share, count)
            }
            out += "</tr>"
        }
        return out + "</table></div>"
    }

    /// Bars for `counts` (bucket k at k * scale), trimmed after the last
    /// non-zero bucket; more than 100 buckets are summed in groups of equal
    /// width, so every bar stays visible.
    /// `openEndedAt`: a bucket that counts everything from it up (its label gets a "+").
    private func histogram(_ counts: [Int], scale: Double, unit: String, color: String, openEndedAt: Int? = nil) -> String {
        let last = counts.lastIndex { $0 > 0 } ?? 0
        let group = (last + 100) / 100
        let shown = stride(from: 0, through: last, by: group).map { counts[$0..<min($0 + group, last + 1)].reduce(0, +) }
        let scale = scale * Double(group)
        let width = 420.0, height = 150.0, left = 44.0, bottom = 24.0
        let peak = Double(shown.max() ?? 0)
        let bar = (width - left) / Double(max(shown.count, 1))
        var out = String(format: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" role=\"img\">",
                         width, height)
        out += String(format: "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#999\"/>",
                      left, height - bottom, width, height - bottom)
        if shown.count <= 16 {
            for k in shown.indices {
                let open = openEndedAt == Int(Double(k) * scale) ? "+" : ""
                out += String(format: "<text x=\"%.2f\" y=\"%.0f\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">%d",
                              left + (Double(k) + 0.5) * bar, height - bottom + 12, Int(Double(k) * scale)) + open + "</text>"
            }
        }
        for (k, count) in shown.enumerated() where count > 0 {
            let h = peak > 0 ? (height - bottom - 8) * Double(count) / peak : 0
            out += String(format: "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" ",
                          left + Double(k) * bar, height - bottom - h, max(bar - 0.5, 0.5), h)
            out += "fill=\"\(color)\"><title>\(label(Double(k) * scale, unit)): \(count)</title></rect>"
        }
        out += String(format: "<text x=\"%.0f\" y=\"12\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">%d</text>",
                      left - 4, Int(peak))
        if shown.count > 16 {
            out += String(format: "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" fill=\"#555\">0</text>", left, height - 6)
            out += String(format: "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" text-anchor=\"end\" fill=\"#555\">",
                          width, height - 6) + label(Double(shown.count - 1) * scale, unit) + "</text>"
        }
        return out + "</svg>"
    }

    private func label(_ x: Double, _ unit: String) -> String {
        unit == "s" ? String(format: "%.3f s", x) : "\(Int(x)) \(unit)"
    }

    private func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
