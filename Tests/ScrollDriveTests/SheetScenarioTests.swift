import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The sheet's built-in simulator scenarios: where each ends, what it
/// reports, and that it runs the same every time and at 60 and 120 Hz.
final class SheetScenarioTests: XCTestCase {
    /// Name, final detent, final top, final content offset, the events in order.
    static let expectations: [(String, String, Double, Double, [String])] = [
        ("sheet-open-full", "full", 50, 0, ["willMove(full)", "didMove(full)"]),
        ("sheet-dismiss", "dismissed", 800, 0, ["willMove(dismissed)", "didMove(dismissed)", "dismissed"]),
        ("sheet-cancel", "half", 400, 0, []),
        ("sheet-scroll-handoff", "half", 400, 0, ["willMove(half)", "didMove(half)"]),
        ("sheet-flick", "half", 400, 0, ["willMove(full)", "didMove(full)", "willMove(half)", "didMove(half)"]),
        ("sheet-backdrop-tap", "dismissed", 800, 0, ["willMove(dismissed)", "didMove(dismissed)", "dismissed"]),
        ("sheet-undimmed", "full", 50, 0, ["willMove(full)", "didMove(full)"]),
        ("sheet-tap-steps-down", "half", 400, 0, ["willMove(half)", "didMove(half)"]),
        ("sheet-no-dismiss", "half", 400, 0, []),
        ("sheet-sequential", "half", 400, 0, ["willMove(half)", "didMove(half)"]),
        ("sheet-dismiss-velocity", "dismissed", 800, 0, ["willMove(dismissed)", "didMove(dismissed)", "dismissed"]),
        ("sheet-scroll-expands", "full", 50, 150, ["willMove(full)", "didMove(full)"]),
        ("sheet-handle-at-full", "full", 50, 0, []),
        ("sheet-safe-area", "full", 50, 0, ["willMove(full)", "didMove(full)"]),
        ("sheet-reduced-motion", "full", 50, 0, ["willMove(full)", "didMove(full)"]),
        ("sheet-keyboard", "half", 400, 0, []),
        ("sheet-keyboard-drag", "half", 100, 0, []),
        ("sheet-keyboard-interactive", "half", 400, 0, ["willMove(full)", "didMove(full)", "willMove(half)", "didMove(half)"]),
        ("sheet-keyboard-fill-parent", "half", 428.5, 0,
         ["willMove(full)", "didMove(full)", "willMove(half)", "didMove(half)"]),
    ]

    private func run(_ name: String, fps: Int, file: StaticString = #filePath, line: UInt = #line) throws
        -> (SimulationRun, SheetSurface)
    {
        let scenario = try XCTUnwrap(Scenarios.named(name), "scenario \(name) is registered", file: file, line: line)
        let simulation = Simulation(script: try scenario.gestureScript(), fps: fps)
        let run = simulation.run()
        let surface = try XCTUnwrap(simulation.surface as? SheetSurface, file: file, line: line)
        return (run, surface)
    }

    func testEachScenarioEndsRestingOnItsDetent() throws {
        XCTAssertEqual(Scenario.sheetScenarios.map(\.name), Self.expectations.map(\.0))
        for (name, detent, top, contentOffset, events) in Self.expectations {
            for fps in [60, 120] {
                let (run, surface) = try run(name, fps: fps)
                let last = try XCTUnwrap(run.rows.last)
                func cell(_ column: String) -> SimValue { last[run.columnIndex(column)!] }
                let where_ = "\(name) at \(fps) Hz"
                XCTAssertEqual(cell("sheet_detent"), .text(detent), where_)
                XCTAssertEqual(cell("sheet_top"), .number(top), where_)
                XCTAssertEqual(cell("sheet_velocity"), .number(0), where_)
                XCTAssertEqual(cell("sheet_animating"), .flag(false), where_)
                XCTAssertEqual(cell("sheet_drag"), .text("inactive"), where_)
                XCTAssertEqual(cell("y"), .number(contentOffset), where_)
                XCTAssertEqual(cell("sheet_backdrop_alpha"), .number(detent == "dismissed" ? 0 : 0.5), where_)
                XCTAssertEqual(cell("sheet_background_offset"), .number(detent == "dismissed" ? 0 : -100), where_)
                XCTAssertEqual(cell("sheet_scroll_enabled"), .flag(detent == "full"), where_)
                XCTAssertEqual(surface.events.map { SheetSurface.name($0.event) }, events, where_)
                // The run ended because everything came to rest, not at the time limit.
                XCTAssertLessThan(run.times.last!, 5, where_)
                // Each event is in the row of its frame, once.
                let logged = run.texts("sheet_events").filter { !$0.isEmpty }.flatMap { $0.split(separator: "+") }
                XCTAssertEqual(logged.map(String.init), events, where_)
            }
        }
    }

    /// The chapter's rules, visible in the rows: the releases below the
    /// thresholds come back; at full the sheet stays while the content
    /// scrolls, sits where the content is pulled past its top, returns only
    /// past 120 pt and disables the scroll view 0.5 s later.
    func testRowsShowTheSeedsRules() throws {
        let (cancel, _) = try run("sheet-cancel", fps: 60)
        let tops = cancel.numbers("sheet_top")
        XCTAssertEqual(tops.min()!, 400 - 180, accuracy: 1e-9, "up 180: follows the finger, then back")
        XCTAssertEqual(tops.max()!, 400 + 220, accuracy: 1e-9, "down 220: follows the finger, then back")
        XCTAssertEqual(Set(cancel.texts("sheet_detent")), ["half"])

        let (handoff, surface) = try run("sheet-scroll-handoff", fps: 60)
        let y = handoff.numbers("y"), top = handoff.numbers("sheet_top"), detents = handoff.texts("sheet_detent")
        let finger = handoff.numbers("finger_y"), times = handoff.times
        let enabled = handoff.rows.map { $0[handoff.columnIndex("sheet_scroll_enabled")!] }
        // The ease-in-out drag lifts at the velocity tracker's estimate (its older samples weigh most), so it coasts a little.
        XCTAssertEqual(y.max()!, 200, accuracy: 15, "the content scrolled 200 pt first (and coasted a little)")
        let returnIndex = try XCTUnwrap(detents.firstIndex(of: "half"))
        for i in 0..<returnIndex {
            // The seed's `.offset(y: scrollOffset)`: the reported overscroll, exactly.
            XCTAssertEqual(top[i], 50 + max(0, -y[i]), "row \(i): the sheet sits where the content is pulled")
            XCTAssertLessThanOrEqual(top[i] - 50, 120, "row \(i): at full the sheet follows at most 120 pt")
        }
        XCTAssertGreaterThan(-y[returnIndex], 120, "the return comes once the reported overscroll passes 120 pt")
        // The scroll view rubber-bands, so the finger went about twice as far past the content's top.
        let caught = try XCTUnwrap((0..<returnIndex).first { handoff.texts("step")[$0] == "drag" && y[$0] < 0 })
        let fingerPastTop = finger[returnIndex] - (finger[caught] + y[caught])
        XCTAssertGreaterThan(fingerPastTop, 240)
        XCTAssertLessThan(fingerPastTop, 280)
        let willMove = try XCTUnwrap(surface.events.first)
        XCTAssertEqual(willMove.event, .willMove(to: .half))
        XCTAssertGreaterThan(willMove.time, times[returnIndex - 1], "reported in the frame of its input")
        XCTAssertLessThanOrEqual(willMove.time, times[returnIndex])
        // The scroll view stays enabled 0.5 s after the return, then is disabled.
        for i in returnIndex..<times.count {
            XCTAssertEqual(enabled[i], .flag(times[i] < willMove.time + 0.5 - 1e-9), "row \(i) at t=\(times[i])")
        }
    }

    /// The handle at full: the sheet follows the finger 1:1 down to 250,
    /// the content never moves, and the release springs back to full.
    func testRowsShowTheHandle() throws {
        let (handle, _) = try run("sheet-handle-at-full", fps: 60)
        let top = handle.numbers("sheet_top"), y = handle.numbers("y"), finger = handle.numbers("finger_y")
        let steps = handle.texts("step")
        for i in top.indices {
            XCTAssertEqual(y[i], 0, "row \(i): the content never scrolls")
            XCTAssertEqual(handle.texts("sheet_detent")[i], "full", "row \(i)")
            if steps[i] == "drag" || steps[i] == "hold" {
                XCTAssertEqual(top[i], 50 + (finger[i] - 60), accuracy: 1e-9, "row \(i): the sheet on the finger")
            }
        }
        XCTAssertEqual(top.max()!, 250, accuracy: 1e-9)
    }

    /// The safe area: half at 428.5 on the notched phone, full at 97, and
    /// after the rotation full at 50 at once (a resting sheet takes its
    /// detent's new top, with no event).
    func testRowsShowTheSafeArea() throws {
        let (run, surface) = try run("sheet-safe-area", fps: 60)
        let top = run.numbers("sheet_top"), container = run.numbers("sheet_container")
        XCTAssertEqual(top.first, 428.5)
        let rotated = try XCTUnwrap(container.firstIndex(of: 390))
        XCTAssertEqual(top[rotated - 1], 97, "full below the 47 pt status bar")
        XCTAssertEqual(top[rotated], 50, "full in landscape, no status bar")
        XCTAssertEqual(surface.controller.configuration.safeAreaBottom, 21)
        XCTAssertGreaterThan(top[..<rotated].min()!, 47, "the spring's overshoot stays below the status bar")
    }

    /// Reduced motion: after the release the sheet goes straight up to full,
    /// never past it, and lands 0.25 s after the release.
    func testRowsShowReducedMotion() throws {
        let (run, surface) = try run("sheet-reduced-motion", fps: 60)
        let top = run.numbers("sheet_top"), drag = run.texts("sheet_drag"), times = run.times
        XCTAssertTrue(surface.controller.frame.isReducedMotion)
        let released = try XCTUnwrap(drag.lastIndex(of: "dragging")) + 1
        for i in released..<top.count {
            XCTAssertGreaterThanOrEqual(top[i], 50, "row \(i): never past full")
            XCTAssertLessThanOrEqual(top[i], top[i - 1], "row \(i): straight up")
        }
        let events = surface.events
        let willMove = try XCTUnwrap(events.first { $0.event == .willMove(to: .full) })
        let didMove = try XCTUnwrap(events.first { $0.event == .didMove(to: .full) })
        // didMove comes with the first frame at or past release + 0.25 s.
        XCTAssertGreaterThanOrEqual(didMove.time, willMove.time + 0.25 - 1e-9)
        XCTAssertLessThan(didMove.time, willMove.time + 0.25 + 1.0 / 60)
        XCTAssertEqual(times.count, top.count)
    }

    /// The keyboard: the sheet's top is half's less the keyboard's height
    /// at every row while nothing else moves it (the keyboard's curve, 7,
    /// is ease-in-out over 0.25 s); the drag moves it from where it shows;
    /// after the keyboard goes it rests at half again.
    func testRowsShowTheKeyboard() throws {
        for fps in [60, 120] {
            let (run, surface) = try run("sheet-keyboard", fps: fps)
            let top = run.numbers("sheet_top"), keyboard = run.numbers("sheet_keyboard"), t = run.times
            XCTAssertEqual(surface.controller.configuration.keyboardBehavior, .rise)
            var rising = 0
            for i in t.indices where t[i] >= 0.2 && t[i] <= 0.7 {
                var curve = sd_timing_ease_in_out
                let want = 300 * sd_timing_curve_value(&curve, min(1, (t[i] - 0.2) / 0.25))
                XCTAssertEqual(keyboard[i], want, accuracy: 1e-9, "t = \(t[i])")
                XCTAssertEqual(top[i], 400 - keyboard[i], accuracy: 1e-9, "t = \(t[i])")
                rising += 1
            }
            XCTAssertGreaterThan(rising, 25 * fps / 60)
            XCTAssertEqual(top[try XCTUnwrap(t.firstIndex { $0 >= 0.7 - 1e-9 })], 100)
            // The drag takes the sheet from 100, 40 pt down, and it springs back above the keyboard.
            XCTAssertEqual(top.max(), 400, "never below half")
            XCTAssertGreaterThan(top[try XCTUnwrap(t.firstIndex { $0 >= 1.0 - 1e-9 })], 100)
            XCTAssertEqual(top[try XCTUnwrap(t.firstIndex { $0 >= 1.7 - 1e-9 })], 100, accuracy: 0.5)
            XCTAssertEqual(top.last, 400)
            XCTAssertEqual(keyboard.last, 0)
        }
        // The replay draws the keyboard from that column.
        let (withKeyboard, _) = try run("sheet-keyboard", fps: 60)
        let page = HTMLReplay.page(for: withKeyboard)
        XCTAssertTrue(page.contains("frame.sheet_keyboard") && page.contains("\"sheet_keyboard\""))
        // Without a keyboard behaviour there is no keyboard column.
        let (plain, _) = try run("sheet-open-full", fps: 60)
        XCTAssertNil(plain.columnIndex("sheet_keyboard"))
    }

    /// A drag that begins while the keyboard comes up stays under the
    /// finger: at every drag row the sheet is where the finger took it plus
    /// the finger's travel, while the keyboard's height still grows.
    func testRowsShowTheDragStayingUnderTheFinger() throws {
        for fps in [60, 120] {
            let (run, _) = try run("sheet-keyboard-drag", fps: fps)
            let top = run.numbers("sheet_top"), finger = run.numbers("finger_y"), keyboard = run.numbers("sheet_keyboard")
            let overlap = run.numbers("sheet_keyboard_overlap"), steps = run.texts("step"), t = run.times
            let first = try XCTUnwrap(steps.firstIndex(of: "drag"))
            let grabbed = top[first] - (finger[first] - 500)
            XCTAssertEqual(grabbed, 250, accuracy: 1e-9, "taken 0.25 s into the 0.5 s linear rise from 400 to 100")
            var rising = 0
            for i in steps.indices where steps[i] == "drag" {
                XCTAssertEqual(top[i], grabbed + (finger[i] - 500), "t = \(t[i]): the sheet is under the finger")
                XCTAssertEqual(overlap[i], keyboard[i], "t = \(t[i]): the keyboard covers its own height of the sheet")
                if i > first, keyboard[i] > keyboard[i - 1] { rising += 1 }
            }
            XCTAssertGreaterThan(rising, 5 * fps / 60, "the keyboard rose during the drag")
            XCTAssertEqual(top.last, 100)
            XCTAssertEqual(keyboard.last, 300)
            XCTAssertEqual(overlap.last, 300)
        }
    }

    /// gorhom's "interactive" and "fillParent": the sheet goes to the first
    /// detent's rest top over the keyboard (0, and 47 below a notch), the
    /// content scrolls there under the finger, and the keyboard's going takes
    /// the sheet back to half.
    func testRowsShowInteractiveAndFillParent() throws {
        let (interactive, _) = try run("sheet-keyboard-interactive", fps: 60)
        let top = interactive.numbers("sheet_top"), y = interactive.numbers("y"), t = interactive.times
        let overlap = interactive.numbers("sheet_keyboard_overlap"), steps = interactive.texts("step")
        let up = try XCTUnwrap(t.firstIndex { $0 >= 0.45 - 1e-9 })
        XCTAssertEqual(top[up], 0, "max(0, 50 - 336)")
        XCTAssertEqual(overlap[up], 336)
        for i in steps.indices where steps[i] == "drag" || steps[i] == "hold" {
            XCTAssertEqual(top[i], 0, "t = \(t[i]): the content scrolls, the sheet stays")
        }
        XCTAssertEqual(y[try XCTUnwrap(steps.lastIndex(of: "hold"))], 150, accuracy: 1e-9, "scrolled by the finger's 150 pt")
        XCTAssertEqual(top.last, 400)
        XCTAssertEqual(y.last, 0, "back at half the content is at its top again")
        XCTAssertEqual(overlap.last, 0)

        let (fill, surface) = try run("sheet-keyboard-fill-parent", fps: 60)
        let fillTop = fill.numbers("sheet_top"), ft = fill.times
        XCTAssertEqual(fillTop.first, 428.5)
        XCTAssertEqual(fillTop[try XCTUnwrap(ft.firstIndex { $0 >= 0.5 - 1e-9 })], 47, "the safe area's top")
        XCTAssertEqual(fill.numbers("sheet_keyboard_overlap")[try XCTUnwrap(ft.firstIndex { $0 >= 0.5 - 1e-9 })], 336)
        XCTAssertEqual(surface.controller.configuration.keyboardBehavior, .fillParent)
        XCTAssertEqual(fillTop.last, 428.5)
    }

    /// The keyboard's and reduced motion's columns are in the rows exactly
    /// where they say something, so that every other run keeps its columns.
    func testKeyboardAndReducedMotionColumnsOnlyWhereTheyApply() throws {
        for name in ["sheet-keyboard", "sheet-keyboard-drag", "sheet-keyboard-interactive", "sheet-keyboard-fill-parent"] {
            let (run, _) = try run(name, fps: 60)
            XCTAssertNotNil(run.columnIndex("sheet_keyboard"), name)
            XCTAssertNotNil(run.columnIndex("sheet_keyboard_overlap"), name)
            XCTAssertNil(run.columnIndex("sheet_reduced_motion"), name)
        }
        let (reduced, _) = try run("sheet-reduced-motion", fps: 60)
        XCTAssertNil(reduced.columnIndex("sheet_keyboard"))
        XCTAssertTrue(reduced.rows.allSatisfy { $0[reduced.columnIndex("sheet_reduced_motion")!] == .flag(true) })
        // A keyboard moved over a sheet that ignores it: the columns come with the step.
        let script = try GestureScript(json: """
            {"surface": {"type": "sheet"}, "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
             "steps": [{"do": "surface", "action": "keyboard", "height": 500, "duration": 0.25},
                       {"do": "wait", "duration": 0.05}]}
            """)
        let run = Simulation(script: script, fps: 60).run()
        let overlap = run.numbers("sheet_keyboard_overlap"), top = run.numbers("sheet_top")
        XCTAssertEqual(top.last, 400, "ignored: the sheet stays")
        XCTAssertEqual(overlap.last, 400, "the 500 pt keyboard covers all 400 pt the half sheet shows")
        XCTAssertEqual(run.numbers("sheet_keyboard").last, 500)
        // The run lasts until the keyboard has stopped (0.25 s), though the sheet never moved.
        XCTAssertGreaterThanOrEqual(run.times.last!, 0.25)
        XCTAssertLessThan(run.times.last!, 0.25 + 2.0 / 60)
    }

    /// The detent policies, visible in the rows of their scenarios.
    func testRowsShowThePolicies() throws {
        // Undimmed at half: clear and touch-through until the sheet commits to full.
        let (undimmed, _) = try run("sheet-undimmed", fps: 60)
        let alpha = undimmed.numbers("sheet_backdrop_alpha"), detents = undimmed.texts("sheet_detent")
        let through = undimmed.rows.map { $0[undimmed.columnIndex("sheet_background_interactive")!] }
        for i in alpha.indices {
            XCTAssertEqual(alpha[i], detents[i] == "half" ? 0 : 0.5, "row \(i)")
            XCTAssertEqual(through[i], .flag(detents[i] == "half"), "row \(i)")
        }
        XCTAssertTrue(detents.contains("half") && detents.contains("full"))

        // Interactive dismissal off: 300 pt down shows less than 300 (rubber band), never dismissed.
        let (kept, _) = try run("sheet-no-dismiss", fps: 60)
        let deepest = kept.numbers("sheet_top").max()!
        XCTAssertGreaterThan(deepest, 400 + 100)
        XCTAssertLessThan(deepest, 400 + 300 - 100)
        XCTAssertEqual(Set(kept.texts("sheet_detent")), ["half"])

        // Scrolling expands first: where the content's first line shows
        // (top - y) follows the finger 1:1 through the seam, every frame.
        let (expands, _) = try run("sheet-scroll-expands", fps: 60)
        let top = expands.numbers("sheet_top"), y = expands.numbers("y"), finger = expands.numbers("finger_y")
        let steps = expands.texts("step")
        var seam = 0
        for i in top.indices where steps[i] == "drag" {
            XCTAssertEqual(top[i] - y[i], finger[i] - 300, accuracy: 1e-9, "row \(i)")
            XCTAssertGreaterThanOrEqual(top[i], 50, "row \(i)")
            if i > 0, y[i - 1] == 0, y[i] > 0 { seam = i }
        }
        XCTAssertGreaterThan(seam, 0, "the content took over during the drag")
        XCTAssertEqual(top[seam], 50)
        XCTAssertEqual(top[seam - 1], 50, accuracy: 9, "the frame before the seam is within one frame's travel")
    }

    func testScenariosAreDeterministic() throws {
        for (name, _, _, _, _) in Self.expectations {
            let a = try run(name, fps: 60).0.csv(), b = try run(name, fps: 60).0.csv()
            XCTAssertEqual(a, b, name)
            XCTAssertTrue(a.hasPrefix("t,step,finger_x,finger_y,phase,pan,y,"), name)
        }
    }

    /// 60 and 120 Hz give the same sheet at the 60 Hz times (within 0.5 pt).
    /// The one exception is the overscroll return, which fires at the first
    /// frame the finger is past 120 pt: a 120 Hz clock can see that up to
    /// half a 60 Hz frame earlier, so the compared range ends there.
    func testSixtyAndHundredTwentyHertzAgree() throws {
        for (name, _, _, _, _) in Self.expectations {
            let (slow, slowSurface) = try run(name, fps: 60)
            let (fast, fastSurface) = try run(name, fps: 120)
            var end = Double.infinity
            if name == "sheet-scroll-handoff" { end = slowSurface.events.first!.time - 1.0 / 60 }
            let slowTops = slow.numbers("sheet_top"), fastTops = fast.numbers("sheet_top")
            let slowY = slow.numbers("y"), fastY = fast.numbers("y")
            var compared = 0
            for (n, t) in slow.times.enumerated() where 2 * n < fast.rows.count && t <= end {
                XCTAssertEqual(fast.times[2 * n], t, "\(name): common timestamps")
                XCTAssertEqual(slowTops[n], fastTops[2 * n], accuracy: 0.5, "\(name) sheet_top at t=\(t)")
                XCTAssertEqual(slowY[n], fastY[2 * n], accuracy: 0.5, "\(name) y at t=\(t)")
                compared += 1
            }
            XCTAssertGreaterThan(compared, 50, name)
            XCTAssertEqual(slowSurface.events.map(\.event), fastSurface.events.map(\.event), name)
        }
    }

    func testHTMLReplayDrawsTheSheet() throws {
        let (run, _) = try run("sheet-scroll-handoff", fps: 60)
        let page = HTMLReplay.page(for: run)
        XCTAssertTrue(page.contains("ScrollDriveReplay.surfaces[\"sheet\"]"))
        XCTAssertTrue(page.contains("sheet_backdrop_alpha"))
        XCTAssertTrue(page.contains("\"surfaceType\":\"sheet\""))
    }

    func testScriptErrorsNameThePath() {
        let cases: [(UInt, String, String)] = [
            (#line, #"{"type": "sheet", "detents": ["half", "full"]}"#, "$.surface.detents[1]"),
            (#line, #"{"type": "sheet", "detents": ["full", {"fraction": 2}]}"#, "$.surface.detents[1]"),
            (#line, #"{"type": "sheet", "detents": ["full", "middle"]}"#, "$.surface.detents[1]"),
            (#line, #"{"type": "sheet", "initial": "dismissed", "detents": ["full", "half"]}"#, "$.surface.initial"),
            (#line, #"{"type": "sheet", "upThreshold": -1}"#, "$.surface.upThreshold"),
            (#line, #"{"type": "sheet", "backdropAlpha": 2}"#, "$.surface.backdropAlpha"),
            (#line, #"{"type": "sheet", "projection": 1}"#, "$.surface.projection"),
            (#line, #"{"type": "sheet", "stiffness": 1}"#, "$.surface.stiffness"),
            (#line, #"{"type": "sheet", "backdropTap": "away"}"#, "$.surface.backdropTap"),
            (#line, #"{"type": "sheet", "largestUndimmedDetent": "full", "detents": ["half", "dismissed"]}"#,
             "$.surface.largestUndimmedDetent"),
            (#line, #"{"type": "sheet", "dismissVelocity": -1}"#, "$.surface.dismissVelocity"),
            (#line, #"{"type": "sheet", "sequentialSnapping": "yes"}"#, "$.surface.sequentialSnapping"),
            (#line, #"{"type": "sheet", "keyboard": "float"}"#, "$.surface.keyboard"),
            (#line, #"{"type": "sheet", "keyboard": 1}"#, "$.surface.keyboard"),
        ]
        for (line, surface, path) in cases {
            let json = #"{"surface": \#(surface), "steps": [{"do": "wait", "duration": 0.1}]}"#
            XCTAssertThrowsError(try GestureScript(json: json), line: line) { error in
                XCTAssertEqual((error as? ScriptError)?.path, path, "\(error)", line: line)
            }
        }
        // Detents are checked against the script's own screen: 700 pt does not fit 600.
        let misfit = #"{"surface": {"type": "sheet", "detents": ["full", {"points": 700}, "dismissed"]}, "# +
            #""scrollView": {"height": 600}, "steps": [{"do": "wait", "duration": 0.1}]}"#
        XCTAssertThrowsError(try GestureScript(json: misfit)) { error in
            XCTAssertEqual((error as? ScriptError)?.path, "$.surface.detents[1]")
            XCTAssertTrue("\(error)".contains("on a 600 pt screen (scrollView.height)"), "\(error)")
        }
        // Too large for any container: reported at the detent, not at a key the script does not have.
        let huge = #"{"surface": {"type": "sheet", "detents": ["full", {"points": 6e8}, "dismissed"]}, "# +
            #""steps": [{"do": "wait", "duration": 0.1}]}"#
        XCTAssertThrowsError(try GestureScript(json: huge)) { error in
            XCTAssertEqual((error as? ScriptError)?.path, "$.surface.detents[1]")
        }
        let badAction = #"{"surface": {"type": "sheet"}, "steps": [{"do": "surface", "action": "fly"}]}"#
        XCTAssertThrowsError(try GestureScript(json: badAction)) { error in
            XCTAssertEqual((error as? ScriptError)?.path, "$.steps[0].action")
        }
        // The keyboard action's numbers.
        for (line, step, path) in [
            (#line, #"{"do": "surface", "action": "keyboard"}"#, "$.steps[0].height"),
            (#line, #"{"do": "surface", "action": "keyboard", "height": -1}"#, "$.steps[0].height"),
            (#line, #"{"do": "surface", "action": "keyboard", "height": 300, "duration": 11}"#, "$.steps[0].duration"),
            (#line, #"{"do": "surface", "action": "keyboard", "height": 300, "curve": 5}"#, "$.steps[0].curve"),
            (#line, #"{"do": "surface", "action": "keyboard", "height": 300, "speed": 1}"#, "$.steps[0].speed"),
        ] as [(UInt, String, String)] {
            let json = #"{"surface": {"type": "sheet", "keyboard": "rise"}, "steps": [\#(step)]}"#
            XCTAssertThrowsError(try GestureScript(json: json), line: line) { error in
                XCTAssertEqual((error as? ScriptError)?.path, path, "\(error)", line: line)
            }
        }
    }

    /// Surface actions: a programmatic move and a rotation.
    func testMoveAndResizeActions() throws {
        let json = """
            {"surface": {"type": "sheet"}, "scrollView": {"width": 390, "height": 800},
             "steps": [{"do": "surface", "action": "move", "to": "full"}, {"do": "wait", "duration": 1},
                       {"do": "surface", "action": "resize", "height": 390},
                       {"do": "surface", "action": "move", "to": "half", "animated": false},
                       {"do": "wait", "duration": 0.3}]}
            """
        let simulation = Simulation(script: try GestureScript(json: json), fps: 60)
        let run = simulation.run()
        let surface = try XCTUnwrap(simulation.surface as? SheetSurface)
        XCTAssertEqual(surface.events.map(\.event), [.willMove(to: .full), .didMove(to: .full),
                                                     .willMove(to: .half), .didMove(to: .half)])
        XCTAssertEqual(run.numbers("sheet_top").last, 195)
        XCTAssertEqual(run.numbers("sheet_container").last, 390)
    }
}
