#!/usr/bin/env python3
"""visual-check.py SCROLLDRIVE [SHOTS_DIR] — checks what a person sees, in
headless Chromium driven by Playwright (issue 15).

For every built-in scenario it writes the SVG plot and the HTML replay, then:
 - SVG and the replay's plot: every <text> box (getBBox, as Chromium lays the
   font out) lies inside the picture, and no two overlap;
 - the replay's panel: no two pieces of text overlap, none runs past the
   window or its box (scrollWidth <= clientWidth), no horizontal scrollbar;
 - the pull-down's weather layer covers none of the panel's labels;
 - with real input (mouse down, move, up on the scrubber; a click on the
   plot): the cursor moves with the scrubber to the shown frame's time, and
   a click on the plot seeks there.
Then `scrolldrive compare` of the two pull-down presets gets the same text
and cursor checks. Screenshots go to SHOTS_DIR when given.
Exit 0 checked, 1 failed (every failure listed), 3 skipped (no Playwright).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    print("visual-check: SKIPPED: the Python package playwright is not installed")
    sys.exit(3)

TEXT_BOXES = """(root) => {
  const svg = root.querySelector('svg');
  const vb = svg.viewBox.baseVal;
  const boxes = [...svg.querySelectorAll('text')].map(t => {
    const b = t.getBBox();
    const m = t.getCTM(), s = svg.getCTM();
    // Into the SVG's user units (the axis titles are rotated).
    const inv = s.inverse().multiply(m);
    const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
      .map(([x, y]) => new DOMPoint(x, y).matrixTransform(inv));
    const xs = pts.map(p => p.x), ys = pts.map(p => p.y);
    return {text: t.textContent, x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys)};
  });
  return {width: vb.width, height: vb.height, boxes};
}"""

PANEL_TEXT = """() => {
  const out = [], clipped = [];
  const walker = document.createTreeWalker(document.getElementById('panel'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim() || !node.parentElement.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width > 0 && r.height > 0) out.push({text: node.textContent.trim().slice(0, 40), x0: r.left, y0: r.top, x1: r.right, y1: r.bottom});
    }
    const e = node.parentElement;
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') clipped.push(e.textContent.slice(0, 40));
  }
  return {boxes: out, clipped, scroll: document.documentElement.scrollWidth, width: window.innerWidth};
}"""

WEATHER_VS_LABELS = """() => {
  const screen = document.querySelector('.screen');
  const labels = [...screen.querySelectorAll('div')].filter(e => e.childElementCount === 0 && e.textContent.trim()
    && getComputedStyle(e).zIndex === 'auto' && e.closest('[style*="transform-origin: 50% 0"]'));
  const weather = [...screen.querySelectorAll('div')].filter(e => e.parentElement && e.parentElement.style.background.includes('gradient'));
  const hits = [];
  for (const c of weather) {
    const a = c.getBoundingClientRect();
    for (const l of labels) {
      const b = l.getBoundingClientRect();
      if (b.width && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) hits.push(l.textContent);
    }
  }
  return {labels: labels.length, clouds: weather.length, hits};
}"""

CURSOR = """() => {
  const svg = document.querySelector('#plot svg'), d = svg.dataset, c = document.getElementById('cursor');
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const t = parseFloat(document.getElementById('clock').textContent);
  const x = (+d.plotLeft + (t - d.t0) / (d.t1 - d.t0) * (d.plotRight - d.plotLeft)) * k;
  return {t, expected: x, left: parseFloat(c.style.left), index: +document.getElementById('scrub').value,
          svgLeft: svg.getBoundingClientRect().left, k, plotLeft: +d.plotLeft, plotRight: +d.plotRight,
          t0: +d.t0, t1: +d.t1, top: svg.getBoundingClientRect().top + (+d.plotBottom - 20) * k};
}"""

failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message)


def overlaps(a, b, slack=0.5):
    return a["x0"] < b["x1"] - slack and b["x0"] < a["x1"] - slack and a["y0"] < b["y1"] - slack and b["y0"] < a["y1"] - slack


def check_boxes(name, result):
    boxes = result["boxes"]
    if len(boxes) < 10:
        fail(f"{name}: only {len(boxes)} labels")
    for b in boxes:
        if b["x0"] < -0.5 or b["y0"] < -0.5 or b["x1"] > result["width"] + 0.5 or b["y1"] > result["height"] + 0.5:
            fail(f"{name}: \"{b['text']}\" clipped ({b['x0']:.1f},{b['y0']:.1f})-({b['x1']:.1f},{b['y1']:.1f}) "
                 f"in {result['width']}x{result['height']}")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if overlaps(a, b):
                fail(f"{name}: \"{a['text']}\" overlaps \"{b['text']}\"")


def check_panel(name, page):
    result = page.evaluate(PANEL_TEXT)
    for text in result["clipped"]:
        fail(f"{name}: panel text clipped: {text}")
    if result["scroll"] > result["width"]:
        fail(f"{name}: page wider than the window ({result['scroll']} > {result['width']})")
    boxes = result["boxes"]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if overlaps(a, b, slack=1):
                fail(f"{name}: panel text \"{a['text']}\" overlaps \"{b['text']}\"")


def drag_scrubber(page, fraction):
    box = page.locator("#scrub").bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 8, y)
    page.mouse.down()
    page.mouse.move(box["x"] + 8 + (box["width"] - 16) * fraction / 2, y, steps=4)
    page.mouse.move(box["x"] + 8 + (box["width"] - 16) * fraction, y, steps=4)
    page.mouse.up()
    return page.evaluate(CURSOR)


def check_cursor(name, page):
    page.mouse.click(*center(page.locator("#play").bounding_box()))  # pause (it plays on open)
    seen = []
    for fraction in (0.3, 0.75):
        c = drag_scrubber(page, fraction)
        if abs(c["left"] - c["expected"]) > 1.0:
            fail(f"{name}: cursor at {c['left']:.1f}px, the time {c['t']} s is at {c['expected']:.1f}px")
        seen.append(c)
    if not (seen[1]["index"] > seen[0]["index"] and seen[1]["left"] > seen[0]["left"] + 20):
        fail(f"{name}: the cursor did not follow the scrubber: {seen}")
    # A click on the plot at 40 % of its time axis seeks there (scrolled into view first).
    page.locator("#plot svg").scroll_into_view_if_needed()
    c = page.evaluate(CURSOR)
    x_user = c["plotLeft"] + 0.4 * (c["plotRight"] - c["plotLeft"])
    page.mouse.click(c["svgLeft"] + x_user * c["k"], c["top"])
    after = page.evaluate(CURSOR)
    want = c["t0"] + 0.4 * (c["t1"] - c["t0"])
    if not (after["t"] <= want + 1e-3 and want - after["t"] < 0.05):
        fail(f"{name}: a click at {want:.3f} s showed {after['t']} s")
    if abs(after["left"] - after["expected"]) > 1.0 or after["index"] >= c["index"]:
        fail(f"{name}: after the click the cursor is at {after['left']:.1f}px (frame {after['index']})")


TITLES = """() => Array.from(document.querySelectorAll('div')).filter(e => e.textContent === 'Stays' &&
    e.children.length === 0).map(e => { const c = getComputedStyle(e);
    return {size: parseFloat(c.fontSize), opacity: parseFloat(c.opacity), transform: c.transform}; })"""


def check_large_title(page, html):
    """The large-title style's replay: the large title at normal height, the
    inline one when compact, the large one scaled by a stretching pull."""
    for t, large_on, scaled in (("0.2", True, False), ("0.8", False, False), ("3.0", True, True)):
        page.goto("about:blank")  # a fresh load: the page reads #t when it loads
        page.goto("file://" + html + "#t=" + t)
        page.wait_for_timeout(100)
        titles = page.evaluate(TITLES)
        large = [x for x in titles if x["size"] > 30]
        inline = [x for x in titles if x["size"] < 20]
        if len(large) != 1 or len(inline) != 1:
            fail(f"bar-large-title.html at {t} s: a large and an inline title expected, found {titles}")
            continue
        if (large[0]["opacity"] > 0.9) != large_on or (inline[0]["opacity"] > 0.9) == large_on:
            fail(f"bar-large-title.html at {t} s: large {large[0]['opacity']}, inline {inline[0]['opacity']}")
        m = re.match(r"matrix\(([-0-9.e]+),", large[0]["transform"] or "")
        scale = float(m.group(1)) if m else 1.0
        if (scale > 1.2) != scaled:
            fail(f"bar-large-title.html at {t} s: the large title's scale is {scale}")
    page.goto("file://" + html)
    page.wait_for_timeout(100)


def center(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def main():
    binary = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp()
    try:
        names = [line.split()[0] for line in subprocess.run([binary, "scenarios"], check=True, capture_output=True,
                                                             text=True).stdout.splitlines()
                 if line.strip() and line.split()[0].count("-") >= 1 and not line.startswith(" ")]
        names = [n for n in names if n.split("-")[0] in ("bar", "sheet", "pulldown", "refresh")]
        pages = []
        for n in names:
            subprocess.run([binary, "simulate", n, "--svg", f"{work}/{n}.svg", "--html", f"{work}/{n}.html"],
                           check=True, stdout=subprocess.DEVNULL)
            pages.append((n, f"{work}/{n}.svg", f"{work}/{n}.html"))
        subprocess.run([binary, "compare", "pulldown-open", "pulldown-open", "--set-b", "preset=wechat",
                        "--svg", f"{work}/compare.svg", "--html", f"{work}/compare.html"], check=True,
                       stdout=subprocess.DEVNULL)
        pages.append(("compare", f"{work}/compare.svg", f"{work}/compare.html"))
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu",
                                                                         "--disable-dev-shm-usage", "--headless=new"])
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            for name, svg, html in pages:
                page.goto("file://" + svg)
                check_boxes(name + ".svg", page.evaluate(TEXT_BOXES, page.locator("svg").element_handle()
                                                          .evaluate_handle("e => e.parentNode")))
                if shots:
                    page.screenshot(path=f"{shots}/{name}-svg.png")
                page.goto("file://" + html)
                page.wait_for_timeout(200)
                check_boxes(name + ".html plot", page.evaluate(TEXT_BOXES, page.locator("#plot").element_handle()))
                check_panel(name + ".html", page)
                if name.startswith("pulldown") or name == "compare":
                    page.goto("file://" + html + "#t=1.2")
                    page.wait_for_timeout(100)
                    w = page.evaluate(WEATHER_VS_LABELS)
                    if w["labels"] < 8 or w["clouds"] < 3 or w["hits"]:
                        fail(f"{name}.html: weather layer over the panel's labels: {w}")
                    page.goto("file://" + html)
                    page.wait_for_timeout(100)
                if name == "bar-large-title":
                    check_large_title(page, html)
                check_cursor(name + ".html", page)
                if shots:
                    page.screenshot(path=f"{shots}/{name}-html.png", full_page=True)
            # On a phone's own window (390 x 844) the replay, the comparison and the sweep report lay out
            # within its width (a viewport tag, wrapping phones and panels, tables that scroll on their own).
            subprocess.run([binary, "sweep", "--gestures", "300", "--set", "sheet.upThreshold=0.15,0.25",
                            "--html", f"{work}/sweep.html"], check=True, stdout=subprocess.DEVNULL)
            narrow = browser.new_page(viewport={"width": 390, "height": 844})
            for name, html in [("bar-fling", f"{work}/bar-fling.html"), ("compare", f"{work}/compare.html"),
                               ("sweep", f"{work}/sweep.html")]:
                narrow.goto("file://" + html)
                narrow.wait_for_timeout(200)
                width = narrow.evaluate("document.documentElement.scrollWidth")
                if width > 390:
                    fail(f"{name}.html lays out {width} px wide on a 390 px window")
                if 'name="viewport"' not in open(html).read():
                    fail(f"{name}.html has no viewport tag")
                if shots:
                    narrow.screenshot(path=f"{shots}/{name}-390.png", full_page=True)
            narrow.close()
            browser.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        print(f"visual-check: {len(failures)} failures")
        sys.exit(1)
    print(f"visual-check: OK ({len(pages)} SVG plots and replays: labels inside and apart, cursor follows real input;"
          " the replay, the comparison and the sweep report within a 390 px window)")


if __name__ == "__main__":
    main()
