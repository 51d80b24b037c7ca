#!/usr/bin/env python3
"""test_playground.py — the playground page in headless Chromium, driven by
real pointer input (Playwright's mouse: pointerdown/move/up and wheel events
through the browser's input pipeline), checked against the CLI.

For each surface (the bar at 60 Hz, the sheet at 120 Hz, the pull-down panel
at 60 Hz):
 - the page is written by `scrolldrive playground` and opened from file://;
   it must become ready for input by itself (module instantiated, first
   frame drawn, before any input) and log no console error or uncaught
   exception; how long that took after the load event is printed, not
   checked (a time limit belongs in a benchmark: on a loaded machine it
   fails by chance);
 - a drag and a flick (and, on the bar, a wheel burst) on the phone; then
   the recorded gesture script and the page's frames (CSV) are downloaded
   with the page's buttons;
 - `scrolldrive simulate SCRIPT --fps F --format csv` must give the same
   frames: same columns, same rows, every number within 1e-9 (docs/
   playground.md: the module's libm may differ from glibc's in the last
   bit), every text equal;
 - the values the page shows (its readout) and the transforms it applies
   equal the CLI's last frame;
 - invalid configuration typed into the panel shows the core's error (field
   and rule) and leaves the running surface as it was;
 - a screenshot of the phone is not blank (kept in OUT_DIR).
Then the wheel at the edges (docs/playground.md): a mouse wheel never takes
the bar's list past its top, a trackpad rubber-bands exactly up to its
bound and springs back, a mouse wheel never lifts the sheet above its top
detent. And the sheet at full: a mouse drag on its handle moves it and it
springs back to full; a pull on its list moves it by the list's
rubber-banded offset. And flicks: released 16 ms after the last move, the
bar's list flings; 80 ms after, it stops.

Usage: test_playground.py CLI OUT_DIR    (Chromium: $CHROMIUM or /usr/bin/chromium)
Prints "playground: N passed, N failed"; exit status 1 when any check failed.
"""
import csv
import importlib.util
import io
import json
import math
import os
import shutil
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOLERANCE = 1e-9

spec = importlib.util.spec_from_file_location("png_check", os.path.join(ROOT, "scripts", "png-check.py"))
png_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(png_check)

passed = 0
failed = 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
        print(f"  ok: {what}")
    else:
        failed += 1
        print(f"  FAIL: {what}")


def is_number(text):
    try:
        float(text)
        return True
    except ValueError:
        return False


def compare_rows(page_csv, cli_csv):
    """Differences between two CSV texts: numbers within TOLERANCE, texts equal."""
    page = list(csv.reader(io.StringIO(page_csv)))
    cli = list(csv.reader(io.StringIO(cli_csv)))
    problems = []
    if page[0] != cli[0]:
        return [f"columns differ: page {page[0]} vs CLI {cli[0]}"], 0.0
    if len(page) != len(cli):
        problems.append(f"{len(page) - 1} rows in the page, {len(cli) - 1} from the CLI")
    worst = 0.0
    for n, (p, c) in enumerate(zip(page[1:], cli[1:]), start=1):
        for name, a, b in zip(page[0], p, c):
            if a == b:
                continue
            if is_number(a) and is_number(b):
                fa, fb = float(a), float(b)
                same_sign = math.copysign(1.0, fa) == math.copysign(1.0, fb)
                if fa == fb and same_sign:
                    # The same double spelled two ways: the page must write as the CLI does.
                    if len(problems) < 8:
                        problems.append(f"row {n} ({c[0]} s) {name}: page spells {a!r}, CLI {b!r}")
                    continue
                d = abs(fa - fb)
                worst = max(worst, d)
                if d <= TOLERANCE and (same_sign or not (fa == 0 and fb == 0)):
                    continue
            if len(problems) < 8:
                problems.append(f"row {n} ({c[0]} s) {name}: page {a!r}, CLI {b!r}")
    return problems, worst


def not_blank(path):
    width, height, pixels = png_check.decode(path)
    colours = {}
    for row in pixels:
        for p in row:
            colours[p] = colours.get(p, 0) + 1
    total = width * height
    most = max(colours.values())
    return len(colours) >= 8 and total - most >= total * 0.02, f"{len(colours)} colours, {100.0 * (total - most) / total:.1f}% non-background"


def drag(page, box, x, y0, y1, steps, pause_ms):
    """A finger (the mouse) presses at (x, y0), moves to y1 in `steps` moves, `pause_ms` apart, and lifts."""
    page.mouse.move(box["x"] + x, box["y"] + y0)
    page.mouse.down()
    for i in range(1, steps + 1):
        page.wait_for_timeout(pause_ms)
        page.mouse.move(box["x"] + x, box["y"] + y0 + (y1 - y0) * i / steps)
    page.mouse.up()


def drawn(css, value):
    """A length the page drew (a CSS string such as "12.5px") is `value`: CSS
    keeps six significant digits of what the page set."""
    return abs(float(css) - float(value)) <= max(1e-6, 1e-5 * abs(float(value)))


def wait_at_rest(page):
    page.wait_for_function("window.playground.atRest()", timeout=20000)


def download(page, button):
    with page.expect_download() as info:
        page.click(button)
    path = info.value.path()
    with open(path, encoding="utf-8") as f:
        return f.read()


def readout(page):
    return page.eval_on_selector_all("#readout td[data-name]", "cells => Object.fromEntries(cells.map(c => [c.dataset.name, c.dataset.value]))")


def run_surface(browser, cli, out_dir, surface, fps, options=None, label=""):
    """One page of `surface` at `fps`; `options` (form field -> value, True/False
    for a checkbox) are applied before the gestures."""
    name = surface + label
    print(f"{name} at {fps} Hz")
    html = os.path.join(out_dir, f"playground-{name}.html")
    subprocess.run([cli, "playground", "--surface", surface, "--fps", str(fps), "-o", html], check=True)
    page = browser.new_page(viewport={"width": 1280, "height": 960}, accept_downloads=True)
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto("file://" + html)
    page.wait_for_function("window.playground.ready", timeout=10000)
    # Ready: the module instantiated, the surface started and its first frame drawn.
    timing = page.evaluate("""() => { const n = performance.getEntriesByType('navigation')[0];
        return {ready: window.playground.readyAt, load: n.loadEventEnd}; }""")
    page.wait_for_function("performance.getEntriesByType('navigation')[0].loadEventEnd > 0")
    timing["load"] = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    after_load = max(0.0, timing["ready"] - timing["load"])
    check(timing["ready"] is not None and timing["ready"] == timing["ready"] and timing["ready"] >= 0,
          f"ready for input by itself, {after_load:.1f} ms after the load event "
          f"({timing['ready']:.1f} ms after the navigation started; measured, not a limit)")

    # Numbers as the CLI spells them (Swift's description of a Double), -0.0 included.
    spellings = [(-0.0, "-0.0"), (0.0, "0.0"), (400.0, "400.0"), (-100.0, "-100.0"), (0.1, "0.1"),
                 (0.016666666666666666, "0.016666666666666666"), (0.0001, "0.0001"), (1e-05, "1e-05"),
                 (-2.5e-07, "-2.5e-07"), (9007199254740992.0, "9007199254740992.0"),
                 (9007199254740994.0, "9.007199254740994e+15"), (1e16, "1e+16"), (5e-324, "5e-324")]
    spelled = page.evaluate("xs => xs.map(x => window.playground.number(x))", [x for x, _ in spellings])
    check(spelled == [want for _, want in spellings], f"numbers spelled as the CLI does: {spelled}")

    box = page.eval_on_selector("#stage", "e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width}; }")
    scale = box["w"] / 390
    pt = lambda v: v * scale
    if options:
        for field, value in options.items():
            if isinstance(value, bool):
                page.set_checked(f"input[name={field}]", value)
            elif page.eval_on_selector(f"[name={field}]", "e => e.tagName") == "SELECT":
                page.select_option(f"select[name={field}]", value)
            else:
                page.fill(f"input[name={field}]", value)
        page.click("#apply")
        check(page.text_content("#error") == "", f"the options {sorted(options)} are accepted")
    page.wait_for_timeout(150)
    if surface == "bar":
        drag(page, box, pt(195), pt(300), pt(460), 12, 16)       # pull down: the bar expands
        wait_at_rest(page)
        drag(page, box, pt(195), pt(700), pt(400), 5, 8)         # flick up: the content decelerates
        wait_at_rest(page)
        page.mouse.move(box["x"] + pt(195), box["y"] + pt(500))
        for _ in range(4):
            page.mouse.wheel(0, 60)
            page.wait_for_timeout(16)
    elif surface == "sheet":
        drag(page, box, pt(195), pt(560), pt(300), 14, 16)       # half -> full
        wait_at_rest(page)
        drag(page, box, pt(195), pt(300), pt(620), 5, 8)         # flick down from full
        if options and options.get("keyboard"):
            # The keyboard comes up (the page's button), the sheet answers, and it goes again.
            wait_at_rest(page)
            page.click("#keyboard-toggle")
            moving = page.evaluate("window.playground.atRest()")
            check(not moving, f"not at rest while the keyboard comes up ({options['keyboard']})")
            page.wait_for_timeout(400)
            names = page.evaluate("window.playground.columns()")
            check("sheet_keyboard" in names and "sheet_keyboard_overlap" in names,
                  f"the keyboard's height and overlap are columns once a keyboard shows ({options['keyboard']})")
            row = page.evaluate("window.playground.lastRow()")
            lifted, overlap = row[names.index("sheet_keyboard")], row[names.index("sheet_keyboard_overlap")]
            top, container = row[names.index("sheet_top")], row[names.index("sheet_container")]
            drawn_height = page.eval_on_selector("#keyboard", "e => e.style.height")
            check(lifted == 300 and drawn(drawn_height[:-2], 300),
                  f"the keyboard is up: {lifted} pt, drawn {drawn_height}")
            check(overlap == min(300, container - top), f"the keyboard covers {overlap} pt of the sheet (top {top})")
            sheet_height = page.eval_on_selector("#sheet", "e => e.style.height")
            check(drawn(sheet_height[:-2], container - top - overlap),
                  f"the sheet's content is drawn ending at the keyboard ({sheet_height}, top {top}, overlap {overlap})")
            page.click("#keyboard-toggle")
            check(not page.evaluate("window.playground.atRest()"), "not at rest while the keyboard goes")
    elif surface == "refresh":
        drag(page, box, pt(195), pt(200), pt(520), 16, 16)       # pull the list down past 54 pt: it refreshes
        wait_at_rest(page)
        drag(page, box, pt(195), pt(700), pt(300), 5, 8)         # flick up to the end: the footer loads
    else:
        drag(page, box, pt(195), pt(200), pt(500), 16, 16)       # pull the chat list down: the panel opens
        wait_at_rest(page)
        drag(page, box, pt(195), pt(700), pt(400), 5, 8)         # pull the panel up: it closes
    wait_at_rest(page)

    script = download(page, "#download-script")
    page_csv = download(page, "#download-csv")
    script_path = os.path.join(out_dir, f"playground-{name}.json")
    with open(script_path, "w", encoding="utf-8") as f:
        f.write(script)
    steps = json.loads(script)["steps"]
    check(sum(1 for s in steps if s.get("lift")) >= 2, f"the script records the gestures ({len(steps)} steps)")
    if options and options.get("keyboard"):
        keys = [s for s in steps if s.get("do") == "surface" and s.get("action") == "keyboard"]
        check([k["height"] for k in keys] == [300, 0] and
              json.loads(script)["surface"].get("keyboard") == options["keyboard"],
              f"the script records the keyboard's two moves ({keys})")
    cli_run = subprocess.run([cli, "simulate", script_path, "--fps", str(fps), "--format", "csv"],
                             capture_output=True, text=True)
    check(cli_run.returncode == 0, f"scrolldrive simulate runs the exported script ({cli_run.stderr.strip()})")
    problems, worst = compare_rows(page_csv, cli_run.stdout)
    rows = page_csv.count("\n") - 1
    check(not problems, f"page frames = CLI frames ({rows} rows, largest difference {worst:.3g}){''.join(chr(10) + '    ' + p for p in problems)}")

    # What the page shows now equals the CLI's last frame (everything is at rest).
    shown = readout(page)
    cli_rows = list(csv.reader(io.StringIO(cli_run.stdout)))
    last = dict(zip(cli_rows[0], cli_rows[-1]))
    differ = []
    for column, value in shown.items():
        if column in ("t", "pan", "sheet_events", "refresh_events"):
            continue
        want = last.get(column, "")
        same = value == want or (is_number(value) and is_number(want) and abs(float(value) - float(want)) <= TOLERANCE)
        if not same:
            differ.append(f"{column}: shown {value!r}, CLI {want!r}")
    check(not differ, "the readout shows the CLI's last frame" + "".join("\n    " + d for d in differ))
    if surface == "bar":
        script_surface = json.loads(script)["surface"]
        safe = float(script_surface.get("safeAreaTop", 0))
        bar_top = page.eval_on_selector("#bar", "e => e.style.top")
        check(drawn(bar_top[:-2], safe), f"the bar is drawn below the safe area, at top {bar_top} (safeAreaTop {safe})")
        height = page.eval_on_selector("#bar", "e => e.style.height")
        shift = page.eval_on_selector("#bar-content", "e => e.style.transform")
        check(drawn(height[:-2], last["bar_height"]), f"the bar is drawn {height} tall (CLI {last['bar_height']})")
        check(drawn(shift[len("translateY("):-3], -float(last["y"])), f"the list is drawn at {shift} (CLI y {last['y']})")
    elif surface == "sheet":
        top = page.eval_on_selector("#sheet", "e => e.style.top")
        check(drawn(top[:-2], last["sheet_top"]), f"the sheet is drawn at top {top} (CLI {last['sheet_top']})")
    elif surface == "refresh":
        shift = page.eval_on_selector("#refresh-content", "e => e.style.transform")
        check(drawn(shift[len("translateY("):-3], -float(last["y"])), f"the list is drawn at {shift} (CLI y {last['y']})")
        events = "+".join(r["refresh_events"] for r in csv.DictReader(io.StringIO(cli_run.stdout)) if r["refresh_events"])
        check("header(refreshing)" in events and "refresh" in events.split("+") and "loadMore" in events.split("+"),
              f"the pull refreshed and the flick loaded more ({events})")
        footer = page.eval_on_selector("#refresh-footer", "e => [e.style.top, e.textContent]")
        check(drawn(footer[0][:-2], last["content_height"]) and float(last["content_height"]) > 1000,
              f"a page was appended and the footer drawn below it at {footer[0]} (CLI content {last['content_height']})")
        labels = page.eval_on_selector_all("#refresh-content .list-row b", "es => es.map(e => e.textContent)")
        check(labels == [f"Mail {i + 1}" for i in range(len(labels))] and len(labels) > 14,
              f"the rows number on from page to page ({labels[:2]} ... {labels[-2:]})")
        tops = page.eval_on_selector_all("#refresh-content .list-row", "es => es.map(e => parseFloat(e.style.top))")
        check(tops == [72 * i for i in range(len(tops))], "the rows sit on one 72 pt grid, none over another")
        header = page.text_content("#refresh-header")
        check(header == "Pull down to refresh" and last["refresh_header"] == "idle",
              f"the header is idle again ({header!r})")
    else:
        top = page.eval_on_selector("#pd-nav", "e => e.style.top")
        check(drawn(top[:-2], last["pulldown_nav_top"]),
              f"the nav bar is drawn at top {top} (CLI {last['pulldown_nav_top']})")
        opened = [r for r in csv.DictReader(io.StringIO(cli_run.stdout)) if r["pulldown_open"] == "1"]
        check(len(opened) > 0, f"the panel opened during the gesture ({len(opened)} frames open)")

    page.evaluate("window.scrollTo(0, 0)")
    shot = os.path.join(out_dir, f"playground-{name}.png")
    page.screenshot(path=shot)
    phone = os.path.join(out_dir, f"playground-{name}-phone.png")
    page.locator("#phone").screenshot(path=phone)
    ok, what = not_blank(phone)
    check(ok, f"the phone's screenshot is not blank ({what}; {shot})")

    # Invalid configuration: the core's words, and the surface keeps running as it was.
    before_script = page.evaluate("window.playground.script()")
    before_rows = page.evaluate("window.playground.rows().length")
    if surface == "bar":
        page.fill("input[name=normal]", "50")
        expected = "invalid bar configuration: normal must be >= compact"
    elif surface == "sheet":
        page.fill("input[name=backdropAlpha]", "1.5")
        expected = "invalid sheet configuration: backdrop_alpha must be within 0...1"
    elif surface == "refresh":
        page.fill("input[name=pages]", "1.5")
        expected = "invalid refresh configuration: pages must be a whole number"
    else:
        page.select_option("select[name=pulldownPreset]", "wechat")
        cps = [page.input_value(f"input[name=cp{i}]") for i in range(4)]
        check(cps == ["80", "130", "160", "240"], f"the wechat preset fills in the core's critical points {cps}")
        page.fill("input[name=cp1]", "50")
        expected = "invalid pulldown configuration: cp1 must be > cp0"
    page.click("#apply")
    page.wait_for_timeout(100)
    message = page.text_content("#error")
    check(message == expected, f"invalid configuration shows the core's error: {message!r}")
    check(page.evaluate("window.playground.script()") == before_script and
          page.evaluate("window.playground.rows().length") > before_rows,
          "the running surface is as it was (same recording, still running)")
    check(readout(page).items() >= {k: v for k, v in shown.items()
                                     if k not in ("t", "pan", "sheet_events", "refresh_events")}.items(),
          "the values shown did not change")
    if surface == "sheet":
        # One spelling of a fit-content detent, a gesture script's: fitContent:TOP.
        page.fill("input[name=backdropAlpha]", "0.5")
        page.fill("input[name=detents]", "full, fit:300, dismissed")
        page.click("#apply")
        page.wait_for_timeout(100)
        message = page.text_content("#error")
        check(message == 'detents: "fit:300" is not full, half, dismissed, fraction:F, points:P or fitContent:TOP',
              f"fit:TOP is not a detent's name: {message!r}")
        page.fill("input[name=detents]", "full, fitContent:300, dismissed")
        page.fill("input[name=fitContentHeight]", "400")  # its top: max(300, container - 400)
        page.click("#apply")
        page.wait_for_timeout(100)
        message = page.text_content("#error")
        script = json.loads(page.evaluate("window.playground.script()"))
        check(not message and {"fitContent": 300} in script["surface"]["detents"],
              f"fitContent:300 is the script's {{\"fitContent\": 300}} ({message!r}, {script['surface'].get('detents')})")
    check(not errors, f"no console errors ({errors})")
    outside = [u for u in requests if not u.startswith(("file:", "blob:", "data:"))]
    check(not outside, f"no network: {len(requests)} requests, none but the page's file and its downloads ({outside})")
    page.close()


def open_playground(browser, cli, html, surface):
    """A playground page of `surface` at 60 Hz, ready for input: the page,
    its list of page errors, the stage's box, its scale and the column names."""
    subprocess.run([cli, "playground", "--surface", surface, "--fps", "60", "-o", html], check=True)
    page = browser.new_page(viewport={"width": 1280, "height": 960})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("file://" + html)
    page.wait_for_function("window.playground.ready", timeout=10000)
    box = page.eval_on_selector("#stage", "e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width}; }")
    return page, errors, box, box["w"] / 390, page.evaluate("window.playground.columns()")


def surface_menu(browser, cli, out_dir):
    """The Surface menu switches the phone at once, and a field that is not
    a number says so (the running surface left as it was)."""
    print("the Surface menu and a field that is not a number")
    page, errors, box, scale, names = open_playground(browser, cli, os.path.join(out_dir, "playground-menu.html"), "bar")
    page.select_option("select[name=surface]", "sheet")
    page.wait_for_function("window.playground.columns().includes('sheet_top')", timeout=5000)
    check(page.query_selector("#sheet") is not None, "choosing the sheet in the menu shows the sheet on the phone")
    page.select_option("select[name=surface]", "bar")
    page.wait_for_function("window.playground.columns().includes('bar_height')", timeout=5000)
    page.fill("input[name=normal]", "abc")
    page.click("#apply")
    error = page.text_content("#error")
    check(error == 'invalid bar configuration: normal: "abc" is not a number', f"the page names the fault ({error!r})")
    check("bar_height" in page.evaluate("window.playground.columns()"), "the bar keeps running")
    check(not errors, f"no page errors ({errors})")
    page.close()


def narrow_window(browser, cli, out_dir):
    """On a phone's own window (390 x 844) the whole phone mock is in view,
    the panel below it, and a drag on it still works."""
    print("a 390 x 844 window")
    html = os.path.join(out_dir, "playground-narrow.html")
    subprocess.run([cli, "playground", "--surface", "sheet", "-o", html], check=True)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto("file://" + html)
    page.wait_for_function("window.playground.ready", timeout=10000)
    phone = page.eval_on_selector("#phone", "e => { const r = e.getBoundingClientRect(); "
                                  "return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; }")
    check(phone["x"] >= 0 and phone["y"] >= 0 and phone["right"] <= 390 and phone["bottom"] <= 844,
          f"the phone is all in view ({phone})")
    panel = page.eval_on_selector("#panel", "e => e.getBoundingClientRect().top")
    check(panel >= phone["bottom"], f"the panel is below the phone ({panel} >= {phone['bottom']})")
    box = page.eval_on_selector("#stage", "e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width}; }")
    scale = box["w"] / 390
    drag(page, box, 195 * scale, 560 * scale, 300 * scale, 14, 16)
    wait_at_rest(page)
    names = page.evaluate("window.playground.columns()")
    check(page.evaluate("window.playground.lastRow()")[names.index("sheet_detent")] == "full",
          "a drag on the smaller phone takes the sheet to full")
    shot = os.path.join(out_dir, "playground-narrow.png")
    page.screenshot(path=shot)
    ok, what = not_blank(shot)
    check(ok, f"the narrow window's screenshot is not blank ({what}; {shot})")
    page.close()


def wheel_edges(browser, cli, out_dir):
    """A wheel at an edge does what a desktop browser does: a mouse wheel
    (steps of 100 px) never scrolls the bar's list past its top; a
    trackpad's continuous scroll (small fractional deltas) rubber-bands at
    most half a screen of finger travel past it and springs back; wheeling
    down on the sheet never lifts it above its first detent."""
    print("wheel at the edges")
    html = os.path.join(out_dir, "playground-wheel.html")
    for surface in ("bar", "sheet"):
        page, errors, box, scale, names = open_playground(browser, cli, html, surface)
        if surface == "bar":
            y, inset = names.index("y"), names.index("bar_inset")
            page.mouse.move(box["x"] + 195 * scale, box["y"] + 500 * scale)
            for _ in range(15):                       # a mouse wheel, up, at the top
                page.mouse.wheel(0, -100)
                page.wait_for_timeout(16)
            wait_at_rest(page)
            rows = page.evaluate("window.playground.rows()")
            past = max(-(r[y] + r[inset]) for r in rows)
            check(past <= 1e-9, f"a mouse wheel at the top never scrolls past it ({len(rows)} rows, at most {past:.3g} pt past)")
            start = len(rows)
            for _ in range(60):                       # a trackpad's continuous scroll, up, at the top
                page.mouse.wheel(0, -12.5)
                page.wait_for_timeout(8)
            wait_at_rest(page)
            rows = page.evaluate("window.playground.rows()")[start:]
            past = max(-(r[y] + r[inset]) for r in rows)
            end = -(rows[-1][y] + rows[-1][inset])
            # 60 x 12.5 pt asks for 750 pt of finger travel; half a screen (422 pt) past the top is taken,
            # which UIScrollView's rubber band (c = 0.55, d = 844) shows as 844 * (1 - 1 / (0.55 * 422 / 844 + 1)).
            bound = 844 * (1 - 1 / (0.55 * 422 / 844 + 1))
            check(bound - 1 < past <= bound + 1e-9,
                  f"a trackpad rubber-bands past the top, up to half a screen of travel ({past:.3f} pt, bound {bound:.3f})")
            check(abs(end) <= 1e-6, f"and springs back to the top ({end:.3g} pt past at rest)")
        else:
            top, detent = names.index("sheet_top"), names.index("sheet_detent")
            page.mouse.move(box["x"] + 195 * scale, box["y"] + 600 * scale)   # on the sheet at half
            for _ in range(12):
                page.mouse.wheel(0, 100)
                page.wait_for_timeout(16)
            wait_at_rest(page)
            rows = page.evaluate("window.playground.rows()")
            highest = min(r[top] for r in rows)
            check(highest >= 50 - 1e-9, f"wheeling the sheet up never lifts it above its top detent (top at least {highest:.3g} pt, detent 50)")
            check(rows[-1][detent] == "full", f"it settles at full (detent {rows[-1][detent]})")
        check(not errors, f"no page errors ({errors})")
        page.close()


def sheet_at_full(browser, cli, out_dir):
    """The chapter's sheet at full under a real mouse: a drag on the handle
    (the grabber's 20 pt strip) moves the sheet itself and springs back to
    full; a pull on the list past its top moves the sheet by the list's
    rubber-banded offset, not by the finger."""
    print("sheet at full: handle and overscroll")
    html = os.path.join(out_dir, "playground-sheet-full.html")
    page, errors, box, scale, names = open_playground(browser, cli, html, "sheet")
    pt = lambda v: v * scale
    top, detent, y = names.index("sheet_top"), names.index("sheet_detent"), names.index("y")
    dragging = names.index("sheet_drag")
    drag(page, box, pt(195), pt(560), pt(300), 14, 16)       # half -> full
    wait_at_rest(page)
    check(page.evaluate("window.playground.lastRow()")[detent] == "full", "the sheet is at full")

    start = len(page.evaluate("window.playground.rows()"))
    page.mouse.move(box["x"] + pt(195), box["y"] + pt(60))   # 10 pt into the sheet: its handle
    page.mouse.down()
    for i in range(1, 21):
        page.wait_for_timeout(16)
        page.mouse.move(box["x"] + pt(195), box["y"] + pt(60 + 10 * i))
    page.wait_for_timeout(100)
    page.mouse.up()
    wait_at_rest(page)
    rows = page.evaluate("window.playground.rows()")[start:]
    finger = names.index("finger_y")
    held = [r for r in rows if r[dragging] == "dragging"]
    check(held and all(abs(r[top] - (50 + r[finger] - 60)) <= 1e-9 for r in held),
          f"the sheet follows the finger on its handle ({len(held)} rows, top = 50 + travel)")
    # Rows stop at the last recorded move while the finger rests, so the last one held is within a move of the end.
    highest = max(r[top] for r in held)
    check(240 < highest <= 250, f"a 200 pt drag on the handle at full takes the top to 50 + 200 ({highest:.3f} in the last frame held)")
    check(all(r[y] == 0 for r in rows), "the list never scrolls during a handle drag")
    check(rows[-1][detent] == "full" and rows[-1][top] == 50, f"released, it springs back to full ({rows[-1][detent]}, top {rows[-1][top]})")

    start = len(rows) + start
    drag(page, box, pt(195), pt(300), pt(480), 20, 16)        # the list pulled 180 pt past its top
    wait_at_rest(page)
    rows = page.evaluate("window.playground.rows()")[start:]
    pulled = [r for r in rows if r[y] < 0 and r[dragging] == "dragging"]
    check(pulled and all(abs(r[top] - (50 - r[y])) <= 1e-9 for r in pulled),
          f"while the finger pulls the list past its top the sheet sits where the list is ({len(pulled)} rows, top = 50 - y)")
    deepest = max(r[top] for r in rows) - 50
    check(60 < deepest < 120, f"180 pt of finger show {deepest:.1f} pt (the rubber band), short of the 120 pt return")
    check(rows[-1][detent] == "full" and rows[-1][top] == 50, f"and it comes back to full ({rows[-1][detent]})")
    check(not errors, f"no page errors ({errors})")
    page.close()


def flick_after_pause(browser, cli, out_dir):
    """Real mouse flicks on the bar's list, lifted after the ordinary
    one-frame gap (16 ms) after the last move: the list flings, at the
    velocity tracker's estimate; lifted 80 ms after the last move, it has
    stopped (the finger rested more than 40 ms). A headless browser hands
    the page its input a frame or two late, so the gap the page records is
    16 ms or a little more: a flick whose recorded gap came out past 40 ms
    (a busy machine) is tried again, up to five times."""
    print("flicks under a real mouse")
    html = os.path.join(out_dir, "playground-flick.html")
    page, errors, box, scale, names = open_playground(browser, cli, html, "bar")
    phase, vy = names.index("phase"), names.index("vy")

    def flick(pause):
        start = len(page.evaluate("window.playground.rows()"))
        page.mouse.move(box["x"] + 195 * scale, box["y"] + 700 * scale)
        page.mouse.down()
        for i in range(1, 11):
            page.wait_for_timeout(16)
            page.mouse.move(box["x"] + 195 * scale, box["y"] + (700 - 30 * i) * scale)
        page.wait_for_timeout(pause)
        page.mouse.up()
        wait_at_rest(page)
        rows = page.evaluate("window.playground.rows()")[start:]
        coasting = [r for r in rows if r[phase] == "decelerating"]
        # The pause as the page recorded it: the lifting step, from the last move's place to the same place.
        gap = json.loads(page.evaluate("window.playground.script()"))["steps"][-1]["duration"] * 1000
        return coasting, max((abs(r[vy]) for r in coasting), default=0.0), gap

    for attempt in range(5):
        coasting, fastest, gap = flick(16)
        if gap <= 40:
            break
        print(f"    the page recorded the lift {gap:.1f} ms after the last move: again")
        page.wait_for_timeout(1500)
    check(gap <= 40 and coasting and fastest > 300,
          f"released 16 ms after the last move (recorded {gap:.1f} ms), the list flings "
          f"({len(coasting)} frames coasting, from {fastest:.0f} pt/s)")
    page.wait_for_timeout(1500)
    coasting, fastest, gap = flick(80)
    check(gap > 40 and not coasting,
          f"released 80 ms after the last move (recorded {gap:.1f} ms), the list stops where it is ({len(coasting)} frames coasting)")
    check(not errors, f"no page errors ({errors})")
    page.close()


def cli_errors(cli, out_dir):
    """Bad input to `scrolldrive playground`: exit status 2, a message, no file."""
    print("scrolldrive playground: bad input")
    target = os.path.join(out_dir, "never.html")
    cases = [
        (["--wasm", os.path.join(out_dir, "missing.wasm")], "no WebAssembly module there: build it with `make wasm`"),
        (["--wasm", os.path.abspath(__file__)], "not a WebAssembly module"),
        (["--surface", "drawer"], "--surface must be bar, sheet, pulldown or refresh, not drawer"),
        (["--fps", "90"], "--fps must be 60 or 120, not 90"),
        (["-o", os.path.join(out_dir, "no-such-dir", "p.html")], "cannot write"),
    ]
    for args, words in cases:
        r = subprocess.run([cli, "playground", "-o", target] + args, capture_output=True, text=True)
        check(r.returncode == 2 and words in r.stderr and not os.path.exists(target)
              and not os.path.exists(os.path.join(out_dir, "no-such-dir")),
              f"playground {' '.join(args)}: exit {r.returncode}, {r.stderr.strip()!r}")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    cli, out_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(out_dir, exist_ok=True)
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    cli_errors(cli, out_dir)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=args)
        try:
            run_surface(browser, cli, out_dir, "bar", 60)
            # Below a notched phone's status bar (the safe area's top inset, 47 pt), with reduced motion's snaps.
            run_surface(browser, cli, out_dir, "bar", 120, label="-safe-area",
                        options={"barSafeAreaTop": "47", "barReducedMotion": True})
            run_surface(browser, cli, out_dir, "sheet", 120)
            # The detent policies: scrolling the content up first expands the sheet (the content
            # takes the finger at the first detent), one detent at a time, a backdrop tap steps down;
            # on a notched phone (the safe area's insets 47 and 34), with reduced motion.
            run_surface(browser, cli, out_dir, "sheet", 60, label="-policies", options={
                "scrollingExpandsFirst": True, "sequentialSnapping": True, "backdropTap": "stepDown",
                "safeAreaTop": "47", "safeAreaBottom": "34", "reducedMotion": True})
            # The keyboard: the sheet rises with it (the panel's "rise"), up and down with the page's button;
            # gorhom's "interactive" (to the first detent over the keyboard, and back); and "ignore", where
            # the keyboard's columns join the run when the button is first pressed.
            run_surface(browser, cli, out_dir, "sheet", 120, label="-keyboard", options={"keyboard": "rise"})
            run_surface(browser, cli, out_dir, "sheet", 60, label="-keyboard-interactive",
                        options={"keyboard": "interactive"})
            run_surface(browser, cli, out_dir, "sheet", 60, label="-keyboard-ignore", options={"keyboard": "ignore"})
            run_surface(browser, cli, out_dir, "pulldown", 60)
            run_surface(browser, cli, out_dir, "pulldown", 120, label="-reduced-motion",
                        options={"pulldownReducedMotion": True})
            # Pull to refresh under a nav bar and over a tab bar, a short list so that a flick reaches its end;
            # with reduced motion (the header's motions 0.2 s).
            run_surface(browser, cli, out_dir, "refresh", 120, options={
                "insetTop": "88", "insetBottom": "83", "contentHeight": "1000", "refreshReducedMotion": True})
            surface_menu(browser, cli, out_dir)
            narrow_window(browser, cli, out_dir)
            wheel_edges(browser, cli, out_dir)
            sheet_at_full(browser, cli, out_dir)
            flick_after_pause(browser, cli, out_dir)
        finally:
            browser.close()
    print(f"playground: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
