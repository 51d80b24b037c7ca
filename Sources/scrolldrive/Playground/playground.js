// The ScrollDrive playground: a phone-sized mock driven by the C core,
// compiled to WebAssembly (CCore/*.c and the glue in CCore/wasm/). This
// file only moves numbers between the pointer, the module and the page:
// every position, velocity and state is computed by the module, and the
// gesture is recorded as a gesture script (docs/gesture-scripts.md) that
// `scrolldrive simulate` replays to the same frames (docs/playground.md).
(function () {
  "use strict";

  var SCREEN_W = 390, SCREEN_H = 844;
  var PHASES = ["idle", "touching", "dragging", "decelerating", "bouncing", "animating"];
  var DRAGS = ["inactive", "pressing", "dragging"];
  var PULL_PHASES = ["idle", "pulling", "refreshing"];                          // sd_pulldown_phase
  var TRANSITIONS = ["none", "opening", "restoring", "closing", "returning"];  // sd_pulldown_transition
  var HEADERS = ["idle", "pulling", "refreshing", "done"];                      // sd_refresh_header_state
  var FOOTERS = ["idle", "loading", "noMoreData"];                              // sd_refresh_footer_state
  // The refresh surface's script keys (RefreshSurfaceDescription), in the module's order (pg_start_refresh).
  var REFRESH_NUMBERS = ["insetTop", "insetBottom", "headerHeight", "pullThreshold", "beginDuration", "endDuration",
    "minimumRefreshingTime", "footerHeight", "triggerDistance", "triggerFraction"];
  var REFRESH_APP = ["refreshTime", "loadTime", "pageHeight", "pages"];
  var TOUCH_DOWN = 0, TOUCH_MOVED = 1, TOUCH_UP = 2;
  // SD_SHEET_DETENT_* and SD_SHEET_OPTION_* (sheet.h).
  var DETENT = { fraction: 1, points: 2, fitContent: 3, dismissed: 4 };
  var OPTION = { projection: 1, rubberBand: 2, interpolateBackdrop: 4, carryVelocity: 8,
    interactiveDismissDisabled: 32, sequentialSnapping: 64, scrollingExpandsFirst: 256,
    overscrollFollowsFinger: 512, releasesFromFirstDetent: 1024, reducedMotion: 2048 };
  var BACKDROP_TAPS = ["dismiss", "stepDown", "nothing"]; // sd_sheet_backdrop_tap
  var KEYBOARDS = ["ignore", "rise", "extend", "interactive", "fillParent"]; // sd_sheet_keyboard
  var KEYBOARD_HEIGHT = 300, KEYBOARD_DURATION = 0.25, KEYBOARD_CURVE = 7;
  var PLOT_SECONDS = 5;
  var RECORDING_LIMIT = 580; // seconds: a new touch after this is not recorded
  var BASE_COLUMNS = ["t", "step", "finger_x", "finger_y", "phase", "pan", "y", "vy", "content_height",
    "tracking", "dragging", "decelerating"];

  var core = null;
  var run = null;
  var stageView = null;
  var $ = function (id) { return document.getElementById(id); };
  var form = $("config");
  var phone = $("phone"), stage = $("stage");
  var scale = 1;

  // ---- the module ----------------------------------------------------------

  function io() { return new Float64Array(core.memory.buffer, core.pg_io(), 64); }

  function cString(pointer) {
    var bytes = new Uint8Array(core.memory.buffer), text = "";
    while (bytes[pointer]) text += String.fromCharCode(bytes[pointer++]);
    return text;
  }

  // ---- numbers as Swift spells them (the CLI's CSV) ----------------------------

  // Swift's description of a Double: the shortest digits that round-trip,
  // in positional form with at least one decimal when 1e-4 <= |x| <= 2^53,
  // else as d.ddde+XX with at least two exponent digits; -0.0 keeps its sign.
  function swiftNumber(x) {
    if (typeof x !== "number") return String(x);
    if (isNaN(x)) return "";
    if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
    if (!isFinite(x)) return x > 0 ? "inf" : "-inf";
    var m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(x.toExponential());
    var sign = m[1], lead = m[2], rest = m[3] || "", exp = parseInt(m[4], 10), size = Math.abs(x);
    if (size < 1e-4 || size > 9007199254740992) {
      var e = Math.abs(exp);
      return sign + lead + (rest ? "." + rest : "") + "e" + (exp < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
    }
    var digits = lead + rest;
    if (exp < 0) return sign + "0." + "0".repeat(-exp - 1) + digits;
    while (digits.length < exp + 1) digits += "0";
    return sign + digits.slice(0, exp + 1) + "." + (digits.slice(exp + 1) || "0");
  }

  // ---- configuration -----------------------------------------------------------

  // A number field's value; text that is not a number (or nothing) is recorded in `badNumber`, so that
  // readConfig says so instead of handing the core a NaN it would call "not finite".
  var badNumber = null;
  function number(name) {
    var text = form.elements[name].value.trim(), x = text === "" ? NaN : Number(text);
    if (isNaN(x) && !badNumber) badNumber = name + (text === "" ? ": is empty" : ": \"" + text + "\" is not a number");
    return x;
  }

  // One detent of the detents field: full, half, dismissed, fraction:F, points:P,
  // fitContent:TOP: the names of a gesture script's detents ({"fitContent": TOP}).
  function parseDetent(token) {
    var t = token.trim(), m;
    if (t === "full") return { kind: DETENT.points, value: 50, json: "full" };
    if (t === "half") return { kind: DETENT.fraction, value: 0.5, json: "half" };
    if (t === "dismissed") return { kind: DETENT.dismissed, value: 0, json: "dismissed" };
    if ((m = /^(fraction|points|fitContent):\s*(\S+)$/.exec(t))) {
      var value = Number(m[2]), key = m[1];
      var json = {};
      json[key] = value;
      return { kind: DETENT[key], value: value, json: json };
    }
    return null;
  }

  // The detent's name in the CLI's sheet_detent column.
  function detentName(d) {
    if (d.kind === DETENT.points && d.value === 50) return "full";
    if (d.kind === DETENT.fraction && d.value === 0.5) return "half";
    if (d.kind === DETENT.dismissed) return "dismissed";
    if (d.kind === DETENT.fraction) return "fraction(" + swiftNumber(d.value) + ")";
    if (d.kind === DETENT.points) return "points(" + swiftNumber(d.value) + ")";
    return "fitContent(minimumTop: " + swiftNumber(d.value) + ")";
  }

  function parseDetents() {
    var tokens = form.elements.detents.value.split(","), detents = [];
    for (var i = 0; i < tokens.length; i++) {
      var d = parseDetent(tokens[i]);
      if (!d) return { error: "detents: \"" + tokens[i].trim() + "\" is not full, half, dismissed, fraction:F, points:P or fitContent:TOP" };
      detents.push(d);
    }
    return { detents: detents };
  }

  function fillInitialDetents() {
    var parsed = parseDetents(), select = form.elements.initial, previous = select.value;
    select.textContent = "";
    if (!parsed.detents) return;
    parsed.detents.forEach(function (d, i) {
      var option = document.createElement("option");
      option.value = String(i);
      option.textContent = detentName(d);
      select.appendChild(option);
    });
    var half = parsed.detents.findIndex(function (d) { return detentName(d) === "half"; });
    select.value = previous && Number(previous) < parsed.detents.length ? previous : String(Math.max(0, half));
  }

  // What the form says now (not yet validated: the core does that).
  function readConfig() {
    badNumber = null;
    var c = {
      surface: form.elements.surface.value,
      fps: Number(form.elements.fps.value),
      contentHeight: number("contentHeight"),
      rateName: form.elements.decelerationRate.value
    };
    if (c.surface === "bar") {
      c.compact = number("compact");
      c.normal = number("normal");
      c.expanded = number("expanded");
      c.safeAreaTop = number("barSafeAreaTop");
      c.reducedMotion = form.elements.barReducedMotion.checked;
    } else if (c.surface === "pulldown") {
      c.preset = form.elements.pulldownPreset.value;
      ["cp0", "cp1", "cp2", "cp3", "screenHeight", "topBarHeight", "tabBarHeight"].forEach(function (k) { c[k] = number(k); });
      c.reducedMotion = form.elements.pulldownReducedMotion.checked;
    } else if (c.surface === "refresh") {
      REFRESH_NUMBERS.concat(REFRESH_APP).forEach(function (k) { c[k] = number(k); });
      c.header = form.elements.header.checked;
      c.footer = form.elements.footer.checked;
      c.reducedMotion = form.elements.refreshReducedMotion.checked;
    } else {
      var parsed = parseDetents();
      if (parsed.error) return { error: parsed.error };
      c.detents = parsed.detents;
      c.initial = Number(form.elements.initial.value || 0);
      c.options = 0;
      Object.keys(OPTION).forEach(function (k) { c[k] = form.elements[k].checked; if (c[k]) c.options |= OPTION[k]; });
      ["upThreshold", "downThreshold", "overscrollReturn", "backdropAlpha", "backgroundShift", "fitContentHeight",
        "handleHeight", "safeAreaTop", "safeAreaBottom"].forEach(function (k) { c[k] = number(k); });
      c.backdropTap = form.elements.backdropTap.value;
      c.keyboard = form.elements.keyboard.value;
    }
    if (badNumber) return { error: "invalid " + c.surface + " configuration: " + badNumber };
    return c;
  }

  // Starts a run of `c` in the module; on rejection returns the core's words and changes nothing.
  function startCore(c) {
    var a = io();
    a[0] = SCREEN_W; a[1] = SCREEN_H; a[2] = c.contentHeight; a[3] = c.fps; a[4] = c.rateName === "fast" ? 1 : 0;
    if (!(c.contentHeight >= 0 && c.contentHeight <= 1e9)) return "scroll view: contentHeight must be within 0...1e9";
    var ok;
    if (c.surface === "bar") {
      a[5] = c.compact; a[6] = c.normal; a[7] = c.expanded; a[8] = c.safeAreaTop; a[9] = c.reducedMotion ? 1 : 0;
      ok = core.pg_start_bar();
    } else if (c.surface === "pulldown") {
      a[5] = c.preset === "wechat" ? 1 : 0;
      a[6] = c.cp0; a[7] = c.cp1; a[8] = c.cp2; a[9] = c.cp3;
      a[10] = c.screenHeight; a[11] = c.topBarHeight; a[12] = c.tabBarHeight; a[13] = c.reducedMotion ? 1 : 0;
      ok = core.pg_start_pulldown();
    } else if (c.surface === "refresh") {
      REFRESH_NUMBERS.forEach(function (k, i) { a[5 + i] = c[k]; });
      a[15] = c.header ? 1 : 0; a[16] = c.footer ? 1 : 0;
      REFRESH_APP.forEach(function (k, i) { a[17 + i] = c[k]; });
      a[21] = c.reducedMotion ? 1 : 0;
      ok = core.pg_start_refresh();
    } else {
      a[5] = c.detents.length;
      for (var i = 0; i < 5; i++) {
        var d = c.detents[i] || { kind: 0, value: 0 };
        a[6 + 2 * i] = d.kind; a[7 + 2 * i] = d.value;
      }
      a[16] = c.options; a[17] = c.upThreshold; a[18] = c.downThreshold; a[19] = c.overscrollReturn;
      a[20] = c.backdropAlpha; a[21] = c.backgroundShift; a[22] = c.fitContentHeight; a[23] = c.initial;
      a[24] = BACKDROP_TAPS.indexOf(c.backdropTap); a[25] = c.handleHeight;
      a[26] = c.safeAreaTop; a[27] = c.safeAreaBottom; a[28] = KEYBOARDS.indexOf(c.keyboard);
      ok = core.pg_start_sheet();
    }
    if (ok) return null;
    return "invalid " + c.surface + " configuration: " + cString(core.pg_error_field()) + " " +
      cString(core.pg_error_rule());
  }

  function apply() {
    var c = readConfig();
    var error = c.error || startCore(c);
    $("error").textContent = error || "";
    if (error) return false;
    finishWheel(false);
    pointer = null;
    run = { config: c, t0: performance.now(), rows: [], full: false };
    $("fps-note").textContent = String(c.fps);
    stageView = VIEWS[c.surface](c);
    pump();
    return true;
  }

  // ---- the clock and the finger -------------------------------------------

  // Seconds since the run started, to 0.1 ms (the recording's resolution).
  function clock() { return Math.round((performance.now() - run.t0) * 10) / 10000; }

  function point(e) {
    var r = stage.getBoundingClientRect();
    return [Math.round((e.clientX - r.left) / scale * 100) / 100, Math.round((e.clientY - r.top) / scale * 100) / 100];
  }

  function touch(phase, p) {
    // A full recording still takes the lift of the touch that is down (the module keeps room for it).
    if (!run || (run.full && phase !== TOUCH_UP)) return;
    pump();
    // A script lasts at most 600 s (docs/gesture-scripts.md); the module holds 16,384 steps.
    var full = clock() > RECORDING_LIMIT && phase === TOUCH_DOWN;
    if (full || !core.pg_touch(phase, clock(), p[0], p[1])) {
      run.full = true;
      $("error").textContent = "the recording is full: Reset to start a new one";
    }
    pump();
  }

  var pointer = null;
  phone.addEventListener("pointerdown", function (e) {
    if (pointer !== null || wheel) return;
    pointer = e.pointerId;
    phone.setPointerCapture(e.pointerId);
    touch(TOUCH_DOWN, point(e));
    e.preventDefault();
  });
  phone.addEventListener("pointermove", function (e) {
    if (e.pointerId === pointer) touch(TOUCH_MOVED, point(e));
  });
  function lift(e) {
    if (e.pointerId !== pointer) return;
    touch(TOUCH_UP, point(e));
    pointer = null;
  }
  phone.addEventListener("pointerup", lift);
  phone.addEventListener("pointercancel", lift);

  // A burst of wheel events is recorded as a drag: the finger goes down
  // where the pointer is, moves by the wheel's deltas and lifts 80 ms after
  // the last one. At an edge it does what a desktop browser does: a mouse
  // wheel (line deltas, or whole steps of 50 px and more) never scrolls past
  // the edge; a trackpad's continuous scroll rubber-bands, at most half a
  // screen of finger travel past it; the sheet never rises above its first
  // detent (pg_wheel_limit).
  var wheel = null;
  function finishWheel(record) {
    if (!wheel) return;
    clearTimeout(wheel.timer);
    if (record) touch(TOUCH_UP, wheel.at);
    wheel = null;
  }
  phone.addEventListener("wheel", function (e) {
    e.preventDefault();
    if (pointer !== null || !run) return;
    var lines = e.deltaMode === 1 ? 16 : (e.deltaMode === 2 ? SCREEN_H : 1);
    var mouse = e.deltaMode !== 0 || (Math.abs(e.deltaY) >= 50 && e.deltaY === Math.round(e.deltaY));
    if (!wheel) {
      wheel = { at: point(e), timer: 0 };
      touch(TOUCH_DOWN, wheel.at);
    }
    pump();
    var move = core.pg_wheel_limit(-e.deltaY * lines / scale, mouse ? 0 : SCREEN_H / 2);
    move = Math.trunc(move * 100) / 100;   // towards zero: never past the limit
    if (move !== 0) {
      wheel.at = [wheel.at[0], Math.round((wheel.at[1] + move) * 100) / 100];
      touch(TOUCH_MOVED, wheel.at);
    }
    clearTimeout(wheel.timer);
    wheel.timer = setTimeout(function () { finishWheel(true); }, 80);
  }, { passive: false });

  // ---- frames ---------------------------------------------------------------

  var SURFACE_COLUMNS = {
    bar: ["bar_offset", "bar_height", "bar_progress", "bar_available", "bar_inset"],
    sheet: ["sheet_top", "sheet_velocity", "sheet_detent", "sheet_drag", "sheet_translation", "sheet_backdrop_alpha",
      "sheet_background_offset", "sheet_scroll_enabled", "sheet_content_scrolls", "sheet_background_interactive",
      "sheet_animating",
      "sheet_container", "sheet_events"],
    pulldown: viewColumns("panel_").concat(viewColumns("applets_"), ["pulldown_pull_distance", "pulldown_panel_offset",
      "pulldown_nav_top", "pulldown_nav_colour", "pulldown_indicator_height", "pulldown_indicator_alpha",
      "pulldown_left_alpha", "pulldown_left_x", "pulldown_centre_alpha", "pulldown_centre_scale", "pulldown_right_alpha",
      "pulldown_right_x", "pulldown_container_alpha", "pulldown_panel_alpha", "pulldown_panel_scale_x",
      "pulldown_panel_scale_y", "pulldown_panel_y", "pulldown_mask_alpha", "pulldown_weather_alpha",
      "pulldown_weather_y", "pulldown_tab_bar_alpha", "pulldown_tab_bar_y", "pulldown_list_y",
      "pulldown_list_inset_top", "pulldown_interaction", "pulldown_haptic", "pulldown_list_phase",
      "pulldown_panel_phase", "pulldown_list_transition", "pulldown_panel_transition", "pulldown_open"]),
    refresh: ["refresh_header", "refresh_footer", "refresh_pull", "refresh_progress", "refresh_header_visible",
      "refresh_inset_top", "refresh_inset_bottom", "refresh_remaining", "refresh_animating", "refresh_events"]
  };

  // A secondary scroll view's columns, as the simulator prefixes them.
  function viewColumns(prefix) {
    return ["phase", "pan", "y", "vy", "content_height", "tracking", "dragging", "decelerating"]
      .map(function (n) { return prefix + n; });
  }

  // The columns of the run, as the CLI has them: the sheet adds the keyboard's height and overlap where a
  // keyboard shows (it answers the keyboard, or the keyboard button was pressed), every surface its reduced
  // motion flag with reduced motion on.
  function showsKeyboard() {
    var c = run.config;
    return c.surface === "sheet" && (c.keyboard !== "ignore" || run.keyboardMoved);
  }

  function columns() {
    var c = run.config, names = BASE_COLUMNS.concat(SURFACE_COLUMNS[c.surface]);
    if (showsKeyboard()) names = names.concat(["sheet_keyboard", "sheet_keyboard_overlap"]);
    return c.reducedMotion ? names.concat([c.surface + "_reduced_motion"]) : names;
  }

  // A flag as the CLI writes it.
  function flag(v) { return v ? "1" : "0"; }

  // One row from the module's output, in the CLI's column order (step filled in on export).
  function readRow() {
    var a = io(), c = run.config;
    var row = [a[0], "", a[1], a[2], PHASES[a[3]], cString(core.pg_pan(0)), a[4], a[5], a[6], flag(a[7]), flag(a[8]),
      flag(a[9])];
    var reduced;
    if (c.surface === "bar") {
      row.push(a[11], a[12], a[13], flag(a[14]), a[15]);
      reduced = a[16];
    } else if (c.surface === "pulldown") {
      for (var v = 0; v < 2; v++) {
        var b = 11 + 7 * v;
        row.push(PHASES[a[b]], cString(core.pg_pan(v + 1)), a[b + 1], a[b + 2], a[b + 3], flag(a[b + 4]),
          flag(a[b + 5]), flag(a[b + 6]));
      }
      var hex = "#" + [a[28], a[29], a[30]].map(function (x) { return (x < 16 ? "0" : "") + x.toString(16).toUpperCase(); }).join("");
      row.push(a[25], a[26], a[27], hex);
      for (var k = 31; k <= 50; k++) row.push(a[k]);
      row.push(flag(a[51]), flag(a[52]), PULL_PHASES[a[53]], PULL_PHASES[a[54]], TRANSITIONS[a[55]], TRANSITIONS[a[56]],
        flag(a[57]));
      reduced = a[58];
    } else if (c.surface === "refresh") {
      row.push(HEADERS[a[11]], FOOTERS[a[12]], a[13], a[14], a[15], a[16], a[17], a[18], flag(a[19]),
        cString(core.pg_refresh_events()));
      reduced = a[20];
    } else {
      var events = cString(core.pg_sheet_events()).replace(/\((\d)\)/g, function (_, i) {
        return "(" + detentName(c.detents[Number(i)]) + ")";
      });
      row.push(a[11], a[12], detentName(c.detents[a[13]]), DRAGS[a[14]], a[15], a[16], a[17], flag(a[18]),
        flag(a[19]), flag(a[20]), flag(a[21]), a[22], events);
      if (showsKeyboard()) row.push(a[23], a[24]);
      row.keyboard = a[23];
      row.overlap = a[24];
      reduced = a[25];
    }
    if (c.reducedMotion) row.push(flag(reduced));
    row.rest = a[10] === 1;
    return row;
  }

  function pump() {
    if (!run) return;
    var now = clock(), produced = false;
    while (core.pg_frame(now)) {
      run.rows.push(readRow());
      produced = true;
    }
    if (produced) draw();
  }

  function loop() {
    pump();
    requestAnimationFrame(loop);
  }

  // ---- drawing ----------------------------------------------------------------

  function el(parent, className, style) {
    var node = document.createElement("div");
    if (className) node.className = className;
    if (style) node.style.cssText = style;
    parent.appendChild(node);
    return node;
  }

  // Rows `label 1`, `label 2`, ... on a grid of `rowHeight` from the parent's top, enough to cover
  // `contentHeight` (400 at most), starting at grid index `from` (0 by default); returns the index after
  // the last row made, for rows added when the content grows.
  function listRows(parent, contentHeight, rowHeight, label, from) {
    var count = Math.min(400, Math.ceil(contentHeight / rowHeight));
    for (var i = from || 0; i < count; i++) {
      var row = el(parent, "list-row", "top:" + i * rowHeight + "px;height:" + rowHeight + "px");
      var b = document.createElement("b");
      b.textContent = label + " " + (i + 1);
      row.appendChild(b);
      row.appendChild(document.createTextNode("row " + (i + 1) + " of the content"));
    }
    return Math.max(count, from || 0);
  }

  function resetStage() {
    stage.textContent = "";
    stage.style.width = SCREEN_W + "px";
    stage.style.height = SCREEN_H + "px";
  }

  // The bar over a list: the list moves by the content offset, the bar has the core's height.
  function barView(c) {
    resetStage();
    var content = el(stage, "layer", "height:" + c.contentHeight + "px");
    content.id = "bar-content";
    listRows(content, c.contentHeight, 88, "Stay");
    var bar = el(stage, "layer bar", "top:" + c.safeAreaTop + "px");
    bar.id = "bar";
    el(bar, "field").textContent = "Where to?";
    el(bar, "title").textContent = "Explore";
    // The status bar the safe area's top inset stands for (the bar sits below it).
    var status = el(stage, "layer", "z-index:4;height:" + c.safeAreaTop + "px;background:#e0484d;color:#fff;" +
      "font:600 15px sans-serif;text-align:center;line-height:" + c.safeAreaTop + "px;display:" +
      (c.safeAreaTop > 0 ? "block" : "none"));
    status.id = "bar-status-bar";
    status.textContent = "9:41";
    return function (row) {
      content.style.transform = "translateY(" + (-row[6]) + "px)";
      bar.style.height = row[13] + "px";
    };
  }

  // The sheet over a restaurant page: backdrop, sheet top, inner list, background shift.
  function sheetView(c) {
    resetStage();
    var behind = el(stage, "layer behind");
    behind.id = "sheet-behind";
    el(behind, "hero").textContent = "Trattoria Sole";
    listRows(el(behind, "layer", "top:300px"), 600, 48, "Review");
    var backdrop = el(stage, "layer backdrop", "z-index:2");
    backdrop.id = "sheet-backdrop";
    var sheet = el(stage, "layer sheet", "z-index:3;height:" + SCREEN_H + "px");
    sheet.id = "sheet";
    var body = el(sheet, "layer", "height:" + c.contentHeight + "px;top:20px");
    body.id = "sheet-content";
    listRows(body, c.contentHeight, 72, "Dish");
    el(sheet, "grabber");
    // The status bar the safe area's top inset stands for (the sheet stays below it).
    var status = el(stage, "layer", "z-index:4;height:" + c.safeAreaTop + "px;background:rgba(0,0,0,.08);" +
      "font:600 15px sans-serif;text-align:center;line-height:" + c.safeAreaTop + "px;display:" +
      (c.safeAreaTop > 0 ? "block" : "none"));
    status.id = "status-bar";
    status.textContent = "9:41";
    // The keyboard, over everything, as tall as the core says it is now.
    var keyboard = el(stage, "layer", "z-index:5;top:auto;bottom:0;height:0;background:#d1d3d9;" +
      "border-top:1px solid #b5b8bf");
    keyboard.id = "keyboard";
    return function (row) {
      var top = row[12], container = row[23];
      keyboard.style.height = row.keyboard + "px";
      // With a keyboard over it, the sheet's content ends where the keyboard starts (the frame's overlap).
      sheet.style.height = (row.overlap > 0 ? Math.max(0, container - top - row.overlap) : SCREEN_H) + "px";
      behind.style.transform = "translateY(" + row[18] + "px)";
      backdrop.style.opacity = String(row[17]);
      backdrop.style.height = container + "px";
      sheet.style.top = top + "px";
      sheet.style.display = top >= container ? "none" : "block";
      body.style.transform = "translateY(" + (-row[6]) + "px)";
    };
  }

  // WeChat's chat list under the nav bar, the three balls, the mini-program panel behind.
  function pulldownView(c) {
    resetStage();
    var T = c.topBarHeight, TB = c.tabBarHeight, AH = core.pg_pulldown_applets_height();
    stage.style.background = "#ededed";
    var container = el(stage, "layer", "height:100%;z-index:1");
    el(container, "layer", "height:100%;background:#1b1b2e").id = "pd-mask";
    var weather = el(container, "layer", "height:100%;background:linear-gradient(#26355c,#5a4d7c 60%,#8a6f95)");
    var panel = el(container, "layer", "height:" + AH + "px;transform-origin:50% 0;overflow:hidden");
    var applets = el(el(panel, "layer", "top:" + T + "px;bottom:0;overflow:hidden;height:" + (AH - T) + "px"), "layer");
    el(applets, "", "margin:10px 16px;height:37px;border-radius:8px;background:rgba(255,255,255,.25);color:#eee;" +
      "font:14px sans-serif;line-height:37px;text-align:center").textContent = "Search mini programs";
    for (var s = 0; s < 2; s++) {
      el(applets, "", "padding:14px 16px 6px;color:#ddd;font:13px sans-serif;height:48px").textContent =
        s ? "My mini programs" : "Recently used";
      var icons = el(applets, "", "display:flex;justify-content:space-around;height:102px");
      for (var i = 0; i < 4; i++) {
        el(icons, "", "width:54px;height:54px;margin-top:14px;border-radius:50%;background:hsl(" + ((s * 4 + i) * 53 % 360) + ",60%,65%)");
      }
    }
    var indicator = el(stage, "layer", "z-index:2");
    var balls = [0, 1, 2].map(function () {
      return el(indicator, "", "position:absolute;left:50%;width:8px;height:8px;margin:-4px 0 0 -4px;border-radius:50%;background:#9a9a9a");
    });
    var listFrame = el(stage, "layer", "height:100%;z-index:3;overflow:hidden");
    listFrame.id = "pd-list";
    var content = el(listFrame, "layer", "height:" + c.contentHeight + "px;background:#fff");
    listRows(content, c.contentHeight, 72, "Chat");
    var nav = el(stage, "layer", "height:" + T + "px;z-index:4;padding-top:" + (T - 40) + "px;text-align:center;" +
      "font:600 17px sans-serif;color:#111");
    nav.id = "pd-nav";
    nav.textContent = "WeChat";
    var tab = el(stage, "layer", "height:" + TB + "px;z-index:4;background:#f7f7f7;border-top:1px solid #ddd;" +
      "display:flex;justify-content:space-around;padding-top:12px;font:12px sans-serif;color:#555");
    ["Chats", "Contacts", "Discover", "Me"].forEach(function (n) { el(tab, "").textContent = n; });
    return function (r) {
      container.style.opacity = String(r[40]);
      container.firstChild.style.opacity = String(r[45]);
      weather.style.opacity = String(r[46]);
      weather.style.transform = "translateY(" + r[47] + "px)";
      panel.style.opacity = String(r[41]);
      panel.style.transform = "translateY(" + r[44] + "px) scale(" + r[42] + "," + r[43] + ")";
      applets.style.transform = "translateY(" + (-r[22]) + "px)";
      indicator.style.height = r[32] + "px";
      indicator.style.opacity = String(r[33]);
      [[34, 35, 1], [36, 0, 37], [38, 39, 1]].forEach(function (p, i) {
        balls[i].style.top = r[32] / 2 + "px";
        balls[i].style.opacity = String(r[p[0]]);
        var x = i === 1 ? 0 : r[p[1]], scale = i === 1 ? r[p[2]] : 1;
        balls[i].style.transform = "translateX(" + x + "px) scale(" + scale + ")";
      });
      listFrame.style.transform = "translateY(" + r[50] + "px)";
      content.style.transform = "translateY(" + (-r[6]) + "px)";
      nav.style.top = r[30] + "px";
      nav.style.background = r[31];
      tab.style.top = r[49] + "px";
      tab.style.opacity = String(r[48]);
    };
  }

  // A mail list under a nav bar and over a tab bar (the insets), MJRefresh's header above the content with its
  // arrow turning with the progress, the footer below it; both move with the content.
  function refreshView(c) {
    resetStage();
    var listFrame = el(stage, "layer", "height:100%;overflow:hidden");
    var content = el(listFrame, "layer", "height:" + c.contentHeight + "px");
    content.id = "refresh-content";
    var madeRows = listRows(content, c.contentHeight, 72, "Mail");
    var header = el(content, "layer", "height:" + c.headerHeight + "px;top:" + (-c.headerHeight) + "px;background:#f2f2f2;" +
      "text-align:center;font:13px sans-serif;color:#555;overflow:hidden;display:" + (c.header ? "block" : "none"));
    header.id = "refresh-header";
    var arrow = el(header, "", "display:inline-block;width:22px;height:22px;margin-right:8px;vertical-align:middle;" +
      "border-radius:50%;border:3px solid #bbb;border-top-color:#2a8af6");
    var words = el(header, "", "display:inline-block;vertical-align:middle;line-height:" + c.headerHeight + "px");
    var footer = el(content, "layer", "z-index:1;height:" + c.footerHeight + "px;background:#f2f2f2;text-align:center;" +
      "font:13px sans-serif;color:#555;line-height:" + c.footerHeight + "px;display:" + (c.footer ? "block" : "none"));
    footer.id = "refresh-footer";
    var nav = el(stage, "layer", "z-index:3;height:" + c.insetTop + "px;background:rgba(248,248,248,.96);" +
      "border-bottom:1px solid #ddd;font:600 17px sans-serif;text-align:center;line-height:" + (c.insetTop * 1.5) +
      "px;display:" + (c.insetTop > 0 ? "block" : "none"));
    nav.textContent = "Inbox";
    var tab = el(stage, "layer", "z-index:3;top:auto;bottom:0;height:" + c.insetBottom + "px;" +
      "background:rgba(248,248,248,.96);border-top:1px solid #ddd;display:" + (c.insetBottom > 0 ? "block" : "none"));
    var headerWords = { idle: "Pull down to refresh", pulling: "Release to refresh", refreshing: "Refreshing\u2026",
      done: "Done" };
    var footerWords = { idle: "Load more", loading: "Loading\u2026", noMoreData: "No more data" };
    var shownRows = c.contentHeight;
    return function (r) {
      var contentHeight = r[8];
      content.style.transform = "translateY(" + (-r[6]) + "px)";
      if (contentHeight > shownRows) {   // a page the app loaded: its rows, on the same grid, numbered on
        madeRows = listRows(content, contentHeight, 72, "Mail", madeRows);
        shownRows = contentHeight;
      }
      content.style.height = contentHeight + "px";
      footer.style.top = contentHeight + "px";
      words.textContent = headerWords[r[12]];
      arrow.style.transform = "rotate(" + (r[15] * 360) + "deg)";
      arrow.style.borderColor = r[12] === "refreshing" ? "#2a8af6" : "#bbb";
      arrow.style.borderTopColor = "#2a8af6";
      footer.textContent = footerWords[r[13]];
    };
  }

  var VIEWS = { bar: barView, sheet: sheetView, pulldown: pulldownView, refresh: refreshView };

  function draw() {
    var row = run.rows[run.rows.length - 1];
    stageView(row);
    drawReadout(row);
    drawPlot();
  }

  function drawReadout(row) {
    var table = $("readout"), names = columns();
    if (table.dataset.columns !== names.join(",")) {   // a new surface, or the sheet's keyboard column
      table.textContent = "";
      names.forEach(function (name) {
        if (name === "step") return;
        var tr = document.createElement("tr");
        var label = document.createElement("td");
        label.textContent = name;
        var value = document.createElement("td");
        value.className = "value";
        value.dataset.name = name;
        tr.appendChild(label);
        tr.appendChild(value);
        table.appendChild(tr);
      });
      table.dataset.columns = names.join(",");
    }
    names.forEach(function (name, i) {
      if (name === "step") return;
      var cell = table.querySelector('td[data-name="' + name + '"]'), v = row[i];
      var exact = typeof v === "number" ? (isNaN(v) ? "" : String(v)) : v;
      cell.dataset.value = exact;
      cell.textContent = typeof v === "number" ? (isNaN(v) ? "-" : v.toFixed(2)) : (v || ".");
    });
  }

  function drawPlot() {
    var canvas = $("plot"), g = canvas.getContext("2d"), rows = run.rows;
    var main = { bar: 13, sheet: 12, pulldown: 28, refresh: 14 }[run.config.surface];
    var mainName = columns()[main];
    var last = rows[rows.length - 1][0], first = last - PLOT_SECONDS;
    var lo = Infinity, hi = -Infinity, start = rows.length;
    while (start > 0 && rows[start - 1][0] >= first) start--;
    for (var i = start; i < rows.length; i++) {
      lo = Math.min(lo, rows[i][6], rows[i][main]);
      hi = Math.max(hi, rows[i][6], rows[i][main]);
    }
    if (hi - lo < 1) { hi += 0.5; lo -= 0.5; }
    var w = canvas.width, h = canvas.height, pad = 16;
    g.fillStyle = "#fff";
    g.fillRect(0, 0, w, h);
    g.strokeStyle = "#e3e3e8";
    g.beginPath();
    g.moveTo(0, h / 2);
    g.lineTo(w, h / 2);
    g.stroke();
    function line(index, colour) {
      g.strokeStyle = colour;
      g.lineWidth = 3;
      g.beginPath();
      for (var j = start; j < rows.length; j++) {
        var x = (rows[j][0] - first) / PLOT_SECONDS * w;
        var y = h - pad - (rows[j][index] - lo) / (hi - lo) * (h - 2 * pad);
        if (j === start) g.moveTo(x, y); else g.lineTo(x, y);
      }
      g.stroke();
    }
    line(6, "#1f77b4");
    line(main, "#d62728");
    g.fillStyle = "#555";
    g.font = "20px sans-serif";
    g.fillText(hi.toFixed(0), 4, pad + 4);
    g.fillText(lo.toFixed(0), 4, h - 4);
    $("legend").innerHTML = "";
    [["y (content offset)", "#1f77b4"], [mainName, "#d62728"]].forEach(function (item) {
      var span = document.createElement("span");
      span.style.color = item[1];
      span.textContent = "\u25a0 " + item[0];
      $("legend").appendChild(span);
    });
  }

  // ---- recording ----------------------------------------------------------------

  function steps() {
    var n = core.pg_step_count(), raw = new Float64Array(core.memory.buffer, core.pg_steps(), n * 8), out = [];
    for (var i = 0; i < n; i++) {
      var s = raw.subarray(i * 8, i * 8 + 8);
      if (s[0] === 0) {
        out.push({ "do": "wait", duration: s[6] });
        continue;
      }
      if (s[0] === 2) {
        out.push({ "do": "surface", action: "keyboard", height: s[2], duration: s[3], curve: s[4] });
        continue;
      }
      var step = { "do": "drag" };
      if (s[1]) step.from = [s[2], s[3]];
      step.to = [s[4], s[5]];
      step.duration = s[6];
      step.curve = "linear";
      step.lift = s[7] === 1;
      out.push(step);
    }
    return out;
  }

  function scriptObject() {
    var c = run.config, surface;
    if (c.surface === "bar") {
      surface = { type: "bar", compact: c.compact, normal: c.normal, expanded: c.expanded, safeAreaTop: c.safeAreaTop,
        reducedMotion: c.reducedMotion };
    } else if (c.surface === "pulldown") {
      surface = { type: "pulldown", preset: c.preset, criticalPoints: [c.cp0, c.cp1, c.cp2, c.cp3],
        screenHeight: c.screenHeight, topBarHeight: c.topBarHeight, tabBarHeight: c.tabBarHeight,
        reducedMotion: c.reducedMotion };
    } else if (c.surface === "refresh") {
      surface = { type: "refresh" };
      REFRESH_NUMBERS.forEach(function (k) { surface[k] = c[k]; });
      surface.header = c.header;
      surface.footer = c.footer;
      surface.reducedMotion = c.reducedMotion;
      REFRESH_APP.forEach(function (k) { surface[k] = c[k]; });
    } else {
      surface = { type: "sheet", detents: c.detents.map(function (d) { return d.json; }),
        initial: c.detents[c.initial].json };
      Object.keys(OPTION).forEach(function (k) { surface[k] = c[k]; });
      ["upThreshold", "downThreshold", "overscrollReturn", "backdropAlpha", "backgroundShift", "fitContentHeight",
        "handleHeight", "safeAreaTop", "safeAreaBottom"].forEach(function (k) { surface[k] = c[k]; });
      surface.backdropTap = c.backdropTap;
      surface.keyboard = c.keyboard;
    }
    return {
      name: "playground",
      description: "recorded in the ScrollDrive playground (" + c.fps + " Hz)",
      surface: surface,
      scrollView: { width: SCREEN_W, height: c.surface === "pulldown" ? c.screenHeight : SCREEN_H,
        contentHeight: c.contentHeight, decelerationRate: c.rateName },
      steps: steps()
    };
  }

  // The rows `scrolldrive simulate` prints for the script: up to the first
  // frame at rest after the last step (all rows so far when not yet at rest).
  function exportedRows() {
    var end = core.pg_end(), rows = run.rows;
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].rest && rows[i][0] >= end - 1e-9) return rows.slice(0, i + 1);
    }
    return rows.slice();
  }

  // The step under way at t, as the simulator names it ("settle" after the last).
  function stepNamer() {
    var spans = [], t = 0;
    steps().forEach(function (s) {
      var d = s["do"] === "surface" ? 0 : s.duration;   // an action takes no time on the timeline
      spans.push({ start: t, end: t + d, kind: s["do"] });
      t = t + d;
    });
    return function (time) {
      var hit = null, i;
      for (i = spans.length - 1; i >= 0; i--) {
        if (spans[i].start <= time + 1e-9 && time < spans[i].end) { hit = spans[i]; break; }
      }
      if (hit) return hit.kind;
      if (time < t) {
        for (i = spans.length - 1; i >= 0; i--) if (spans[i].start <= time) return spans[i].kind;
        return "";
      }
      return "settle";
    };
  }

  function csv() {
    var name = stepNamer(), out = columns().join(",") + "\n";
    exportedRows().forEach(function (row) {
      var cells = row.map(function (v, i) {
        if (i === 1) return name(row[0]);
        return swiftNumber(v);
      });
      out += cells.join(",") + "\n";
    });
    return out;
  }

  function download(name, type, text) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: type }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 0);
  }

  $("download-script").addEventListener("click", function () {
    finishWheel(true);
    download("playground.json", "application/json", JSON.stringify(scriptObject(), null, 1) + "\n");
  });
  $("download-csv").addEventListener("click", function () {
    finishWheel(true);
    pump();
    download("playground.csv", "text/csv", csv());
  });

  // ---- the panel -----------------------------------------------------------------

  // The keyboard button: up (300 pt) when it is down, down when it is up; recorded as the sheet's
  // keyboard action at the page's clock (never while a finger is down).
  $("keyboard-toggle").addEventListener("click", function () {
    if (!run || run.config.surface !== "sheet" || pointer !== null) return;
    finishWheel(true);
    pump();
    var last = run.rows[run.rows.length - 1];
    var height = last && last.keyboard > 0 ? 0 : KEYBOARD_HEIGHT;
    if (!core.pg_keyboard(clock(), height, KEYBOARD_DURATION, KEYBOARD_CURVE)) {
      $("error").textContent = "the keyboard was not recorded (a finger is down, or the recording is full)";
      return;
    }
    if (!run.keyboardMoved && run.config.keyboard === "ignore") {
      // The keyboard's columns join the run: the rows so far had none, so their values are 0 (as the CLI's are).
      var at = BASE_COLUMNS.length + SURFACE_COLUMNS.sheet.length;
      run.rows.forEach(function (row) { row.splice(at, 0, 0, 0); });
    }
    run.keyboardMoved = true;
    pump();
  });

  function showSurfaceFields() {
    var surface = form.elements.surface.value;
    form.querySelectorAll("fieldset[data-surface]").forEach(function (f) { f.hidden = f.dataset.surface !== surface; });
  }

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    apply();
  });
  $("reset").addEventListener("click", function () {
    if (run) {
      var c = run.config;
      if (!startCore(c)) {
        finishWheel(false);
        pointer = null;
        run = { config: c, t0: performance.now(), rows: [], full: false };
        stageView = VIEWS[c.surface](c);
        $("error").textContent = "";
        pump();
      }
    }
  });
  // The Surface menu switches the phone at once (with the form's numbers for that surface); a number the
  // core refuses leaves the running surface as it was and says why.
  form.elements.surface.addEventListener("change", function () {
    showSurfaceFields();
    if (core) apply();
  });
  form.elements.detents.addEventListener("input", fillInitialDetents);
  form.elements.barPreset.addEventListener("change", function () {
    var v = this.value.split(",");
    if (v.length === 3) { form.elements.compact.value = v[0]; form.elements.normal.value = v[1]; form.elements.expanded.value = v[2]; }
  });
  form.elements.pulldownPreset.addEventListener("change", function () {
    if (!core) return;
    core.pg_pulldown_preset(this.value === "wechat" ? 1 : 0);
    var a = io();
    for (var i = 0; i < 4; i++) form.elements["cp" + i].value = String(a[i]);
  });
  form.elements.sheetPreset.addEventListener("change", function () {
    var beyond = this.value === "beyond";
    if (!this.value) return;
    form.elements.detents.value = beyond ? "full, fraction:0.35, half, fraction:0.75, dismissed" : "full, half, dismissed";
    form.elements.projection.checked = beyond;
    form.elements.rubberBand.checked = beyond;
    ["interpolateBackdrop", "carryVelocity", "interactiveDismissDisabled", "sequentialSnapping", "scrollingExpandsFirst",
      "overscrollFollowsFinger", "releasesFromFirstDetent", "reducedMotion"].forEach(function (k) {
      form.elements[k].checked = false;
    });
    form.elements.backdropTap.value = "dismiss";
    fillInitialDetents();
  });

  // The phone fits the window: its height, and on a narrow window (a phone's own, 390 wide) its width too,
  // the panel then below it.
  function layout() {
    var room = Math.max(120, window.innerWidth - 32 - 20);
    scale = Math.min(1, (window.innerHeight - 60) / SCREEN_H, room / SCREEN_W);
    phone.style.width = SCREEN_W * scale + 20 + "px";
    phone.style.height = SCREEN_H * scale + 20 + "px";
    stage.style.transform = "scale(" + scale + ")";
  }
  window.addEventListener("resize", layout);

  // What tests and tools read: the rows, the script and the CSV.
  window.playground = {
    ready: false,
    readyAt: NaN,
    rows: function () { return run ? run.rows : []; },
    lastRow: function () { return run && run.rows.length ? run.rows[run.rows.length - 1] : null; },
    columns: function () { return columns(); },
    // At rest after everything recorded so far (a row at rest before a later recording, e.g. the keyboard
    // button's, does not count).
    atRest: function () {
      var r = this.lastRow();
      return !!(r && r.rest && r[0] >= core.pg_end() - 1e-9 && pointer === null && !wheel);
    },
    script: function () { return JSON.stringify(scriptObject()); },
    csv: function () { return csv(); },
    number: function (x) { return swiftNumber(x); }
  };

  // ---- start -------------------------------------------------------------------

  form.elements.surface.value = PLAYGROUND_OPTIONS.surface;
  form.elements.fps.value = String(PLAYGROUND_OPTIONS.fps);
  showSurfaceFields();
  fillInitialDetents();
  layout();
  // PLAYGROUND_MODULE: the instantiation the page's head started.
  PLAYGROUND_MODULE.then(function (result) {
    core = result.instance.exports;
    apply();
    window.playground.ready = true;
    window.playground.readyAt = performance.now();
    requestAnimationFrame(loop);
  });
})();
