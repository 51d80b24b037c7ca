import Foundation

/// A single self-contained HTML page (no external assets) that replays a run:
/// a phone-sized mock whose content and surface move with the recorded
/// frames, a play/pause button, a scrubber, the surface's main values (the
/// rest behind "All values"), and under them the run's SVG plot with a
/// cursor at the shown frame's time (click the plot to go there). A
/// comparison page (`scrolldrive compare`) shows two phones side by side,
/// both runs' values, and the comparison plot.
///
/// `#t=SECONDS` (or `?t=SECONDS`) in the address opens the page paused at
/// that time; without it the run plays in a loop.
///
/// ## The JavaScript contract for a surface's drawing
///
/// The page defines `ScrollDriveReplay` with:
/// - `surfaces`: drawings by surface type. A surface's `htmlDrawing`
///   (`SurfaceDescription.htmlDrawing`) registers one:
///   `ScrollDriveReplay.surfaces["bar"] = function (stage, run) { ...; return function draw(frame) { ... } }`.
///   `stage` is the phone's screen, a `div` as large as the run's screen in
///   CSS pixels (= points; the page scales it); `run` is the recorded run
///   (`run.columns`, `run.rows`, `run.screen` {width, height},
///   `run.surface` = the description's `htmlParameters`). `draw` is called
///   with each shown frame as an object keyed by column name
///   (`frame.y`, `frame.bar_height`, ...; missing values are null).
/// - `el(parent, tag, cssText)`: creates and appends an element.
/// - `list(stage, {rowHeight, row})`: a list of rows filling the stage, with
///   `scrollTo(contentOffsetY, contentHeight)`: content that moves like a
///   scroll view's (its top edge at screen y = -contentOffsetY). `row(i,
///   element, height)` fills row `i` (default: a swatch and "Row i").
///
/// The page draws the finger (a grey dot at `finger_x`, `finger_y`) above
/// the surface. A surface without a registered drawing gets the plain list.
public enum HTMLReplay {
    /// The page for a recorded run.
    public static func page(for run: SimulationRun) -> String {
        let builder = Builder()
        // The builder never throws.
        try! run.replay(into: [builder])
        return builder.page()
    }

    /// Keeps the frames the page replays while a run streams by: every
    /// frame up to `maxFrames`; beyond that every second one, then every
    /// fourth, ... (keyframes at a fixed stride, at most `maxFrames` of them,
    /// plus the last frame), so the page of a long run stays small enough
    /// to open and play. The page then says which frames it holds.
    public final class Builder: SimulationSink {
        /// Frames a page holds at most (besides the last).
        public static let maxFrames = 6000

        private var header: SimulationHeader?
        private var kept: [[SimValue]] = []
        private var lastRow: [SimValue]?
        private var stride = 1
        private var frames = 0
        private var outcome: [String] = []
        /// The plot under the mock, built from every frame.
        private let plot = SVGPlot.Builder()

        public init() {}

        /// Takes the run's columns, steps and surface.
        public func begin(_ header: SimulationHeader) {
            self.header = header
            plot.begin(header)
        }

        public func row(_ values: [SimValue]) {
            plot.row(values)
            if frames % stride == 0 {
                if kept.count == Self.maxFrames {
                    kept = kept.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                    stride *= 2
                }
                if frames % stride == 0 { kept.append(values) }
            }
            lastRow = values
            frames += 1
        }

        /// Keeps how the run ended, for the page's outcome list.
        public func end(outcome: [String]) {
            self.outcome = outcome
            plot.end(outcome: outcome)
        }

        /// The page's part for this run: header, kept frames, outcome, note.
        func pageRun(label: String = "") -> PageRun? {
            guard let header else { return nil }
            var rows = kept
            if let lastRow, (frames - 1) % stride != 0 { rows.append(lastRow) }
            let note = stride == 1 ? "" : "A long run: this page replays one frame in every \(stride) of its \(frames) frames "
                + "(\(rows.count) keyframes, the last frame included); write CSV for every frame."
            return PageRun(header: header, rows: rows, outcome: outcome, note: note, label: label)
        }

        /// The page for the frames seen so far.
        public func page() -> String {
            guard let run = pageRun() else { return "" }
            return HTMLReplay.page(runs: [run], plot: plot.svg())
        }
    }

    /// The page of a comparison: both runs' phones side by side under one
    /// scrubber (captioned "A: labelA" and "B: labelB"), both runs' values,
    /// and the plot of both.
    public static func comparisonPage(_ comparison: RunComparison, labelA: String, labelB: String) -> String {
        let runs = [(comparison.a, "A: " + labelA), (comparison.b, "B: " + labelB)].map { run, label -> PageRun in
            let builder = Builder()
            // The builder never throws.
            try! run.replay(into: [builder])
            return builder.pageRun(label: label)!
        }
        return page(runs: runs, plot: comparison.plot(labelA: labelA, labelB: labelB))
    }

    /// One run as a page shows it.
    struct PageRun {
        let header: SimulationHeader
        let rows: [[SimValue]]
        let outcome: [String]
        let note: String
        /// Shown above its phone on a comparison page ("" for a single run).
        let label: String
    }

    /// The page for one run or two (a comparison), with `plot` (an SVG
    /// document from `SVGPlot`) under the phones.
    static func page(runs: [PageRun], plot: String) -> String {
        let data = JSONValue.array(runs.map { page in
            let run = page.header
            let guide = PlotGuide.of(run)
            return .object([
                JSONMember("name", .string(run.name)),
                JSONMember("label", .string(page.label)),
                JSONMember("short", .string(String(page.label.prefix { $0 != ":" }))),
                JSONMember("summary", .string(run.summary)),
                JSONMember("fps", .number(Double(run.fps))),
                JSONMember("surfaceType", .string(run.surfaceType)),
                JSONMember("surface", run.surfaceParameters),
                JSONMember("screen", .object([JSONMember("width", .number(run.screen.width)),
                                              JSONMember("height", .number(run.screen.height))])),
                JSONMember("columns", .array(run.columns.map { .string($0.name) })),
                JSONMember("main", .array(guide.mainColumns.filter { run.columnIndex($0) != nil }.map { .string($0) })),
                JSONMember("rows", .array(page.rows.map { .array($0.map(SimulationRun.json)) })),
                JSONMember("outcome", .array(page.outcome.map { .string($0) })),
            ])
        })
        var drawings: [String] = []
        for run in runs where !drawings.contains(run.header.htmlDrawing) { drawings.append(run.header.htmlDrawing) }
        let title = runs.map(\.header.name).joined(separator: " vs ")
        let notes = runs.map(\.note).filter { !$0.isEmpty }.joined(separator: " ")
        // Inline SVG needs no namespace in HTML (and the page names no address).
        let inlinePlot = plot.replacingOccurrences(of: "<svg xmlns=\"http://www.w3.org/2000/svg\" ", with: "<svg ")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>ScrollDrive replay: \(SVGPlot.escape(title))</title>
            <style>
            \(css)
            </style>
            </head>
            <body>
            <div id="app">
              <div id="phones"></div>
              <div id="panel">
                <h1 id="title"></h1>
                <p id="summary"></p>
                <p id="note" class="hint">\(SVGPlot.escape(notes))</p>
                <div id="controls">
                  <button id="play" type="button">Pause</button>
                  <span id="clock">0.000 s</span>
                </div>
                <input id="scrub" type="range" min="0" max="0" step="1" value="0" aria-label="frame">
                <table id="values"></table>
                <details id="more"><summary>All values</summary><table id="all"></table></details>
                <ul id="outcome"></ul>
                <p class="hint">Space plays or pauses, arrow keys step one frame, a click on the plot goes to that time. Add <code>#t=1.5</code> to the address to open the page at 1.5 s.</p>
              </div>
            </div>
            <div id="plot">\(inlinePlot)<div id="cursor"></div></div>
            <script>var RUNS = \(data.serialized);</script>
            <script>
            \(player)
            </script>
            <script>
            \(drawings.joined(separator: "\n").replacingOccurrences(of: "</script", with: "<\\/script"))
            </script>
            <script>ScrollDriveReplay.start(RUNS);</script>
            </body>
            </html>

            """
    }

    static let css = """
        body { margin: 0; background: #f3f4f6; font: 14px/1.4 "DejaVu Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
        #app { display: flex; flex-wrap: wrap; gap: 28px; padding: 20px 20px 8px; align-items: flex-start; }
        #phones { display: flex; flex-wrap: wrap; gap: 18px; flex: 0 1 auto; max-width: 100%; }
        .caption { font-weight: bold; margin: 0 0 6px 4px; max-width: 300px; height: 2.8em; }
        .phone { background: #111; border-radius: 36px; padding: 14px; box-shadow: 0 6px 24px rgba(0,0,0,.3); }
        .viewport { position: relative; overflow: hidden; border-radius: 24px; background: #fff; }
        .screen { position: absolute; left: 0; top: 0; overflow: hidden; background: #fff; transform-origin: 0 0; }
        #panel { min-width: min(300px, 100%); max-width: 460px; }
        #panel h1 { font-size: 20px; margin: 0 0 4px; }
        #summary { color: #555; margin: 0 0 12px; }
        #controls { display: flex; gap: 12px; align-items: center; margin-bottom: 8px; }
        #play { font-size: 14px; padding: 4px 14px; }
        #clock { font-family: "DejaVu Sans Mono", monospace; }
        #scrub { width: 100%; }
        #values, #all { border-collapse: collapse; margin-top: 10px; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
        #values td, #values th, #all td, #all th { padding: 1px 10px 1px 0; text-align: left; }
        #values td:first-child, #all td:first-child { color: #666; }
        #more { margin-top: 8px; font-size: 12px; }
        #more summary { cursor: pointer; color: #0969da; }
        #outcome { color: #333; padding-left: 18px; font-size: 12px; }
        #plot { position: relative; display: inline-block; margin: 0 20px 20px; background: #fff; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
        #plot svg { display: block; max-width: calc(100vw - 40px); height: auto; cursor: crosshair; }
        #cursor { position: absolute; left: 0; top: 0; width: 2px; margin-left: -1px; background: #d1242f; pointer-events: none; }
        .hint { color: #777; font-size: 12px; }
        """

    static let player = """
        var ScrollDriveReplay = (function () {
          function el(parent, tag, css) {
            var e = document.createElement(tag);
            if (css) e.style.cssText = css;
            parent.appendChild(e);
            return e;
          }
          function plainRow(i, row, h) {
            el(row, "div", "position:absolute;left:16px;top:12px;width:56px;height:" + Math.max(0, Math.min(56, h - 24)) +
              "px;border-radius:8px;background:hsl(" + ((i * 47) % 360) + ",55%,72%)");
            el(row, "div", "position:absolute;left:88px;top:16px").textContent = "Row " + (i + 1);
          }
          function list(stage, opts) {
            var rowHeight = (opts && opts.rowHeight) || 80;
            var fill = (opts && opts.row) || plainRow;
            var holder = el(stage, "div", "position:absolute;left:0;top:0;width:100%;height:100%;overflow:hidden;z-index:1");
            var content = el(holder, "div", "position:absolute;left:0;top:0;width:100%");
            var built = -1;
            function build(height) {
              content.innerHTML = "";
              content.style.height = height + "px";
              var count = Math.min(400, Math.ceil(height / rowHeight));
              for (var i = 0; i < count; i++) {
                var h = Math.min(rowHeight, height - i * rowHeight);
                var row = el(content, "div", "position:absolute;left:0;width:100%;box-sizing:border-box;overflow:hidden;" +
                  "border-bottom:1px solid #e5e5e5;padding:0 16px;font:15px sans-serif;color:#333;" +
                  "background:#ffffff;top:" + (i * rowHeight) + "px;height:" + h + "px");
                fill(i, row, h);
              }
              built = height;
            }
            return {
              scrollTo: function (y, height) {
                if (height !== built && height != null) build(height);
                content.style.transform = "translateY(" + (-(y || 0)) + "px)";
              }
            };
          }
          function format(v) {
            if (v === null || v === undefined) return "-";
            if (typeof v === "boolean") return v ? "yes" : "no";
            if (typeof v === "number") return v.toFixed(2);
            return v === "" ? "." : String(v);
          }
          function endOf(run) { return run.rows.length ? run.rows[run.rows.length - 1][0] : 0; }
          function indexForTime(run, t) {
            var lo = 0, hi = run.rows.length - 1;
            while (lo < hi) {
              var mid = (lo + hi + 1) >> 1;
              if (run.rows[mid][0] <= t + 1e-9) lo = mid; else hi = mid - 1;
            }
            return lo;
          }
          function start(runs) {
            var phones = document.getElementById("phones");
            var ref = runs[0];
            runs.forEach(function (run) {
              if (endOf(run) > endOf(ref) || (endOf(run) === endOf(ref) && run.rows.length > ref.rows.length)) ref = run;
            });
            var height = runs.length > 1 ? 560 : 640;
            var views = runs.map(function (run) {
              var box = el(phones, "div");
              if (run.label) { var caption = el(box, "div"); caption.className = "caption"; caption.textContent = run.label; }
              var phone = el(box, "div"); phone.className = "phone";
              var viewport = el(phone, "div"); viewport.className = "viewport";
              var stage = el(viewport, "div"); stage.className = "screen";
              var screenW = run.screen.width, screenH = run.screen.height, scale = Math.min(1, height / screenH);
              viewport.style.width = (screenW * scale) + "px";
              viewport.style.height = (screenH * scale) + "px";
              stage.style.width = screenW + "px";
              stage.style.height = screenH + "px";
              stage.style.transform = "scale(" + scale + ")";
              var make = ScrollDriveReplay.surfaces[run.surfaceType], draw;
              if (make) {
                draw = make(stage, run);
              } else {
                var plain = list(stage, {});
                draw = function (frame) { plain.scrollTo(frame.y, frame.content_height); };
              }
              var finger = el(stage, "div", "position:absolute;width:44px;height:44px;margin:-22px 0 0 -22px;" +
                "border-radius:50%;background:rgba(60,60,60,.35);border:2px solid rgba(255,255,255,.9);z-index:10;display:none");
              return { run: run, draw: draw, finger: finger };
            });
            document.getElementById("title").textContent = runs.length === 1 ? ref.name + " at " + ref.fps + " Hz"
              : runs.map(function (r) { return r.label; }).join(" vs ");
            document.getElementById("summary").textContent = runs.length === 1 || runs[0].summary === runs[1].summary
              ? runs[0].summary
              : runs.map(function (r) { return r.short + ": " + r.summary; }).join("; ");
            var outcome = document.getElementById("outcome");
            runs.forEach(function (run) {
              run.outcome.forEach(function (line) {
                el(outcome, "li").textContent = (runs.length > 1 ? run.short + ": " : "") + line;
              });
            });

            // Values: the main ones, the rest behind "All values"; a column per run.
            function table(id, names) {
              var t = document.getElementById(id);
              if (runs.length > 1) {
                var head = el(t, "tr");
                el(head, "th");
                runs.forEach(function (run) { el(head, "th").textContent = run.short; });
              }
              return names.map(function (name) {
                var tr = el(t, "tr");
                el(tr, "td").textContent = name;
                return { name: name, cells: runs.map(function () { return el(tr, "td"); }) };
              });
            }
            var rows = table("values", ref.main).concat(table("all", ref.columns.filter(function (n) {
              return ref.main.indexOf(n) < 0;
            })));

            var scrub = document.getElementById("scrub");
            scrub.max = String(ref.rows.length - 1);
            var playButton = document.getElementById("play");
            var clock = document.getElementById("clock");
            var index = 0, playing = true, last = null, elapsed = 0;

            var svg = document.querySelector("#plot svg"), cursor = document.getElementById("cursor");
            function axis() {
              var d = svg.dataset;
              return { l: +d.plotLeft, r: +d.plotRight, t0: +d.t0, t1: +d.t1, top: +d.plotTop, bottom: +d.plotBottom,
                       k: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width };
            }
            function placeCursor(t) {
              if (!svg) return;
              var a = axis();
              var x = a.l + (Math.min(Math.max(t, a.t0), a.t1) - a.t0) / (a.t1 - a.t0) * (a.r - a.l);
              cursor.style.left = (x * a.k) + "px";
              cursor.style.top = (a.top * a.k) + "px";
              cursor.style.height = ((a.bottom - a.top) * a.k) + "px";
            }

            function frameAt(run, i) {
              var row = run.rows[i], frame = {};
              run.columns.forEach(function (name, k) { frame[name] = row[k]; });
              return frame;
            }
            function show(i) {
              index = Math.max(0, Math.min(ref.rows.length - 1, i));
              var t = ref.rows[index][0];
              var frames = views.map(function (view) {
                var frame = frameAt(view.run, view.run === ref ? index : indexForTime(view.run, t));
                view.draw(frame);
                if (frame.finger_x !== null && frame.finger_x !== undefined) {
                  view.finger.style.display = "block";
                  view.finger.style.left = frame.finger_x + "px";
                  view.finger.style.top = frame.finger_y + "px";
                } else {
                  view.finger.style.display = "none";
                }
                return frame;
              });
              scrub.value = String(index);
              clock.textContent = t.toFixed(3) + " s";
              rows.forEach(function (row) {
                row.cells.forEach(function (cell, k) { cell.textContent = format(frames[k][row.name]); });
              });
              placeCursor(t);
            }
            function setPlaying(on) {
              playing = on;
              playButton.textContent = on ? "Pause" : "Play";
              last = null;
            }
            function tick(now) {
              if (playing) {
                if (last !== null) elapsed += (now - last) / 1000;
                last = now;
                if (elapsed > endOf(ref) + 0.8) elapsed = 0;
                show(indexForTime(ref, elapsed));
              }
              window.requestAnimationFrame(tick);
            }
            playButton.addEventListener("click", function () {
              if (!playing) elapsed = ref.rows[index][0];
              setPlaying(!playing);
            });
            scrub.addEventListener("input", function () {
              setPlaying(false);
              show(parseInt(scrub.value, 10));
            });
            if (svg) {
              svg.addEventListener("click", function (e) {
                var a = axis(), x = (e.clientX - svg.getBoundingClientRect().left) / a.k;
                if (x < a.l || x > a.r) return;
                setPlaying(false);
                show(indexForTime(ref, a.t0 + (x - a.l) / (a.r - a.l) * (a.t1 - a.t0)));
              });
              window.addEventListener("resize", function () { placeCursor(ref.rows[index][0]); });
            }
            document.addEventListener("keydown", function (e) {
              if (e.key === " ") { e.preventDefault(); playButton.click(); }
              if (e.key === "ArrowRight") { setPlaying(false); show(index + 1); }
              if (e.key === "ArrowLeft") { setPlaying(false); show(index - 1); }
            });

            var match = /[#?&]t=([0-9.]+)/.exec(window.location.hash + "&" + window.location.search);
            if (match) {
              setPlaying(false);
              show(indexForTime(ref, parseFloat(match[1])));
            } else {
              show(0);
            }
            window.requestAnimationFrame(tick);
          }
          return { surfaces: {}, el: el, list: list, start: start };
        })();
        """
}
