import Foundation

/// A single self-contained HTML page (no external assets) that replays a run:
/// a phone-sized mock whose content and surface move with the recorded
/// frames, a play/pause button, a scrubber and the current frame's values.
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
/// - `list(stage, {rowHeight})`: a list of rows filling the stage, with
///   `scrollTo(contentOffsetY, contentHeight)`: content that moves like a
///   scroll view's (its top edge at screen y = -contentOffsetY).
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

        public init() {}

        public func begin(_ header: SimulationHeader) { self.header = header }

        public func row(_ values: [SimValue]) {
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

        public func end(outcome: [String]) { self.outcome = outcome }

        /// The page for the frames seen so far.
        public func page() -> String {
            guard let header else { return "" }
            var rows = kept
            if let lastRow, (frames - 1) % stride != 0 { rows.append(lastRow) }
            let note = stride == 1 ? "" : "A long run: this page replays one frame in every \(stride) of its \(frames) frames "
                + "(\(rows.count) keyframes, the last frame included); write CSV for every frame."
            return HTMLReplay.page(header: header, rows: rows, outcome: outcome, note: note)
        }
    }

    static func page(header run: SimulationHeader, rows: [[SimValue]], outcome: [String], note: String) -> String {
        let data = JSONValue.object([
            JSONMember("name", .string(run.name)),
            JSONMember("summary", .string(run.summary)),
            JSONMember("fps", .number(Double(run.fps))),
            JSONMember("surfaceType", .string(run.surfaceType)),
            JSONMember("surface", run.surfaceParameters),
            JSONMember("screen", .object([JSONMember("width", .number(run.screen.width)),
                                          JSONMember("height", .number(run.screen.height))])),
            JSONMember("columns", .array(run.columns.map { .string($0.name) })),
            JSONMember("rows", .array(rows.map { .array($0.map(SimulationRun.json)) })),
            JSONMember("outcome", .array(outcome.map { .string($0) })),
        ])
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>ScrollDrive replay: \(SVGPlot.escape(run.name))</title>
            <style>
            \(css)
            </style>
            </head>
            <body>
            <div id="app">
              <div id="phone"><div id="viewport"><div id="screen"></div></div></div>
              <div id="panel">
                <h1 id="title"></h1>
                <p id="summary"></p>
                <p id="note" class="hint">\(SVGPlot.escape(note))</p>
                <div id="controls">
                  <button id="play" type="button">Pause</button>
                  <span id="clock">0.000 s</span>
                </div>
                <input id="scrub" type="range" min="0" max="0" step="1" value="0" aria-label="frame">
                <table id="values"></table>
                <ul id="outcome"></ul>
                <p class="hint">Space plays or pauses, arrow keys step one frame. Add <code>#t=1.5</code> to the address to open the page at 1.5 s.</p>
              </div>
            </div>
            <script>var RUN = \(data.serialized);</script>
            <script>
            \(player)
            </script>
            <script>
            \(run.htmlDrawing.replacingOccurrences(of: "</script", with: "<\\/script"))
            </script>
            <script>ScrollDriveReplay.start(RUN);</script>
            </body>
            </html>

            """
    }

    static let css = """
        body { margin: 0; background: #f3f4f6; font: 14px/1.4 "DejaVu Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
        #app { display: flex; gap: 28px; padding: 20px; align-items: flex-start; }
        #phone { background: #111; border-radius: 36px; padding: 14px; box-shadow: 0 6px 24px rgba(0,0,0,.3); }
        #viewport { position: relative; overflow: hidden; border-radius: 24px; background: #fff; }
        #screen { position: absolute; left: 0; top: 0; overflow: hidden; background: #fff; transform-origin: 0 0; }
        #panel { min-width: 320px; max-width: 460px; }
        #panel h1 { font-size: 20px; margin: 0 0 4px; }
        #summary { color: #555; margin: 0 0 12px; }
        #controls { display: flex; gap: 12px; align-items: center; margin-bottom: 8px; }
        #play { font-size: 14px; padding: 4px 14px; }
        #clock { font-family: "DejaVu Sans Mono", monospace; }
        #scrub { width: 100%; }
        #values { border-collapse: collapse; margin-top: 10px; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
        #values td { padding: 1px 10px 1px 0; }
        #values td:first-child { color: #666; }
        #outcome { color: #333; padding-left: 18px; font-size: 12px; }
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
          function list(stage, opts) {
            var rowHeight = (opts && opts.rowHeight) || 80;
            var holder = el(stage, "div", "position:absolute;left:0;top:0;width:100%;height:100%;overflow:hidden;z-index:1");
            var content = el(holder, "div", "position:absolute;left:0;top:0;width:100%");
            var built = -1;
            function build(height) {
              content.innerHTML = "";
              content.style.height = height + "px";
              var count = Math.min(400, Math.ceil(height / rowHeight));
              for (var i = 0; i < count; i++) {
                var h = Math.min(rowHeight, height - i * rowHeight);
                var row = el(content, "div", "position:absolute;left:0;width:100%;box-sizing:border-box;" +
                  "border-bottom:1px solid #e5e5e5;padding:0 16px;font:15px sans-serif;color:#333;" +
                  "background:" + (i % 2 ? "#fafafa" : "#ffffff") + ";top:" + (i * rowHeight) + "px;height:" + h + "px");
                var swatch = el(row, "div", "position:absolute;left:16px;top:12px;width:56px;height:" +
                  Math.max(0, Math.min(56, h - 24)) + "px;border-radius:8px;background:hsl(" + ((i * 47) % 360) + ",55%,72%)");
                var label = el(row, "div", "position:absolute;left:88px;top:16px");
                label.textContent = "Row " + (i + 1);
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
          function start(run) {
            var screenW = run.screen.width, screenH = run.screen.height;
            var scale = Math.min(1, 640 / screenH);
            var viewport = document.getElementById("viewport");
            viewport.style.width = (screenW * scale) + "px";
            viewport.style.height = (screenH * scale) + "px";
            var stage = document.getElementById("screen");
            stage.style.width = screenW + "px";
            stage.style.height = screenH + "px";
            stage.style.transform = "scale(" + scale + ")";
            document.getElementById("title").textContent = run.name + " at " + run.fps + " Hz";
            document.getElementById("summary").textContent = run.summary;
            var outcome = document.getElementById("outcome");
            run.outcome.forEach(function (line) { el(outcome, "li").textContent = line; });

            var make = ScrollDriveReplay.surfaces[run.surfaceType];
            var draw;
            if (make) {
              draw = make(stage, run);
            } else {
              var plain = list(stage, {});
              draw = function (frame) { plain.scrollTo(frame.y, frame.content_height); };
            }
            var finger = el(stage, "div", "position:absolute;width:44px;height:44px;margin:-22px 0 0 -22px;" +
              "border-radius:50%;background:rgba(60,60,60,.35);border:2px solid rgba(255,255,255,.9);z-index:10;display:none");

            var table = document.getElementById("values");
            var cells = run.columns.map(function (name) {
              var tr = el(table, "tr");
              el(tr, "td").textContent = name;
              return el(tr, "td");
            });
            var scrub = document.getElementById("scrub");
            scrub.max = String(run.rows.length - 1);
            var playButton = document.getElementById("play");
            var clock = document.getElementById("clock");
            var index = 0, playing = true, last = null, elapsed = 0;

            function frameAt(i) {
              var row = run.rows[i], frame = {};
              run.columns.forEach(function (name, k) { frame[name] = row[k]; });
              return frame;
            }
            function show(i) {
              index = Math.max(0, Math.min(run.rows.length - 1, i));
              var frame = frameAt(index);
              draw(frame);
              if (frame.finger_x !== null && frame.finger_x !== undefined) {
                finger.style.display = "block";
                finger.style.left = frame.finger_x + "px";
                finger.style.top = frame.finger_y + "px";
              } else {
                finger.style.display = "none";
              }
              scrub.value = String(index);
              clock.textContent = frame.t.toFixed(3) + " s";
              cells.forEach(function (cell, k) { cell.textContent = format(run.rows[index][k]); });
            }
            function indexForTime(t) {
              var i = 0;
              while (i + 1 < run.rows.length && run.rows[i + 1][0] <= t + 1e-9) i++;
              return i;
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
                var end = run.rows[run.rows.length - 1][0];
                if (elapsed > end + 0.8) elapsed = 0;
                show(indexForTime(elapsed));
              }
              window.requestAnimationFrame(tick);
            }
            playButton.addEventListener("click", function () {
              if (!playing) elapsed = run.rows[index][0];
              setPlaying(!playing);
            });
            scrub.addEventListener("input", function () {
              setPlaying(false);
              show(parseInt(scrub.value, 10));
            });
            document.addEventListener("keydown", function (e) {
              if (e.key === " ") { e.preventDefault(); playButton.click(); }
              if (e.key === "ArrowRight") { setPlaying(false); show(index + 1); }
              if (e.key === "ArrowLeft") { setPlaying(false); show(index - 1); }
            });

            var match = /[#?&]t=([0-9.]+)/.exec(window.location.hash + "&" + window.location.search);
            if (match) {
              setPlaying(false);
              show(indexForTime(parseFloat(match[1])));
            } else {
              show(0);
            }
            window.requestAnimationFrame(tick);
          }
          return { surfaces: {}, el: el, list: list, start: start };
        })();
        """
}
