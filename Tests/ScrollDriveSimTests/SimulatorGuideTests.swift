import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// docs/simulator.md's examples: each one runs here as the page shows it
/// (the code between the `--- docs/simulator.md: NAME ---` markers is the
/// page's block of that name, checked by `testThePageShowsTheseExamples`),
/// and every line it prints is checked.
final class SimulatorGuideTests: XCTestCase {
    /// What each example prints, line by line (the page shows the same lines).
    static let printedLines: [String: [String]] = [
        "bar": [
            "State(offset: -120, progress: 1, range: normalExpanded, expandedAvailable: false, heights: 64/120/240)",
            "120.0 -120.0",
            "stateChanged(State(offset: -90, progress: 0.4642857142857143, range: compactNormal, "
                + "expandedAvailable: false, heights: 64/120/240))",
            "Request(time: 0.08333333333333333, from: (0, -90), contentOffset: (0, -64), animated: true)",
            "Frame(time: 0.5833333333333334, height: 64, progress: 0, range: compactNormal, expandedAvailable: false, "
                + "titleScale: 1, largeTitleAlpha: 0, inlineTitleAlpha: 1)",
            "SimScrollView(name: scroll, contentOffset: (0, -64), velocity: 0, phase: idle)",
        ],
        "sheet": [
            "State(detent: .half, detentIndex: 1, drag: inactive, position: 400) false",
            "[.willMove(to: .full)]",
            "[.willMove(to: .full), .didMove(to: .full)]",
            "Frame(time: 0.85, sheetTop: 50, velocity: 0, backdropAlpha: 0.5, backgroundOffset: -100, contentOffset: 0, "
                + "innerScrollEnabled: true, contentScrolling: false, animating: false, backgroundInteractive: false, "
                + "state: State(detent: .full, detentIndex: 0, drag: inactive, position: 50))",
            "100.0 50.0 true",
        ],
        "pull-down": [
            "pulling 134.78357380688124 [haptic]",
            "[haptic, interactionLocked, interactionUnlocked, panelOpened]",
            // Open: panel alpha 1, mask 0.6, the nav bar and list at H - T = 736 - 64.
            "1.0 0.6 672.0 672.0 true",
        ],
        "refresh": [
            "State(header: pulling, footer: idle) [headerStateChanged(pulling)]",
            "[headerStateChanged(pulling), headerStateChanged(refreshing)]",
            // Refreshing: the inset top 64 + 54 holds the 54 pt header in view;
            // the app was told to refresh when the 0.25 s begin motion ended.
            "refresh Frame(time: 0.6333333333333333, header: refreshing, footer: idle, animating: false, offsetDriven: false, "
                + "pullDistance: 54, progress: 1, headerTop: -54, headerVisibleHeight: 54, insetTop: 118, "
                + "insetBottom: 44, contentOffset: -118, footerTop: 3000, remainingDistance: 2318)",
            "[headerStateChanged(done), headerStateChanged(idle)]",
            // The footer's bottom (3000 + 44) is 3044 - (-64 + 844) below the viewport's.
            "Frame(time: 1.1333333333333333, header: idle, footer: idle, animating: false, offsetDriven: false, "
                + "pullDistance: 0, progress: 0, headerTop: -54, headerVisibleHeight: 0, insetTop: 64, "
                + "insetBottom: 44, contentOffset: -64, footerTop: 3000, remainingDistance: 2264)",
        ],
        "observer": [
            "pan began, offset 10.0, pan changed, pan ended",
        ],
    ]

    /// Lines the examples' `print` wrote.
    private var printed: [String] = []

    private func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    func testBarOnASimScrollView() {
        // --- docs/simulator.md: bar ---
        let scrollView = SimScrollView(configuration: .init(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), contentSize: CGSize(width: 390, height: 3000)))
        var events: [BarController.Event] = []
        let bar = BarController(configuration: .init(compactStateHeight: 64, normalStateHeight: 120,
                                                     expandedStateHeight: 240)) { events.append($0) }
        bar.set(scrollable: scrollView)
        // A device's layout pass reports the content offset soon after; the bar
        // measures every scroll from the first offset it hears.
        bar.scrollable(scrollView, didChangeContentOffset: scrollView.contentOffset)
        print(bar.state)
        print(scrollView.contentInset.top, scrollView.contentOffset.y)
        // One display frame: the scroll view's clock, then the bar's.
        var frameNumber = 0
        func nextFrame() {
            frameNumber += 1
            scrollView.advance(to: Double(frameNumber) / 60)
            bar.tick(at: Double(frameNumber) / 60)
        }
        // The finger drags the content 30 pt up in five frames; the bar shrinks with it
        // (every assignment of the state is an event: the last one is at 90 pt).
        scrollView.touchDown(at: CGPoint(x: 200, y: 600))
        for step in 1...5 {
            nextFrame()
            scrollView.touchMoved(to: CGPoint(x: 200, y: 600 - 6 * Double(step)),
                                  fingerVelocity: SimVector(dx: 0, dy: -360))
        }
        print(events.last!)
        // It lifts between heights: the bar asks the scroll view to animate to the nearest one.
        scrollView.touchUp(at: CGPoint(x: 200, y: 570), fingerVelocity: .zero)
        print(scrollView.requests.last!)
        for _ in 1...30 { nextFrame() }
        print(bar.frame)
        print(scrollView)
        // --- end ---
        XCTAssertEqual(printed, Self.printedLines["bar"])
    }

    func testSheetWithItsInnerScrollView() throws {
        // --- docs/simulator.md: sheet ---
        // The sheet's content: a scroll view as tall as the sheet at full (800 - 50).
        let content = SimScrollView(name: "content", configuration: .init(
            frame: CGRect(x: 0, y: 0, width: 390, height: 750), contentSize: CGSize(width: 390, height: 2000)))
        var events: [SheetController.Event] = []
        let sheet = try SheetController(configuration: .seed(containerHeight: 800), initialDetent: .half) {
            events.append($0)
        }
        sheet.set(scrollable: content)
        print(sheet.state, sheet.frame.isInnerScrollEnabled)
        // The finger drags the sheet up 250 pt (more than 25% of 800) and lifts.
        sheet.dragBegan(at: 0)
        sheet.dragChanged(translation: -250, at: 0.2)
        sheet.dragEnded(velocity: 0, at: 0.25)
        print(events)
        // The spring runs on the caller's clock: tick until it has landed.
        var frameNumber = 15                     // 0.25 s at 60 Hz
        while sheet.isAnimating {
            frameNumber += 1
            sheet.tick(at: Double(frameNumber) / 60)
        }
        print(events)
        print(sheet.frame)
        // At full the content has the finger first: it scrolls and the sheet stays.
        // Each drag input reads the content offset, so move the scroll view first.
        var t = sheet.time
        content.advance(to: t)
        content.touchDown(at: CGPoint(x: 200, y: 500))
        sheet.dragBegan(at: t)
        for step in 1...4 {
            t += 1.0 / 60
            content.advance(to: t)
            content.touchMoved(to: CGPoint(x: 200, y: 500 - 25 * Double(step)),
                               fingerVelocity: SimVector(dx: 0, dy: -1500))
            sheet.dragChanged(translation: -25 * Double(step), at: t)
        }
        print(content.contentOffset.y, sheet.frame.sheetTop, sheet.frame.isContentScrolling)
        // --- end ---
        XCTAssertEqual(printed, Self.printedLines["sheet"])
    }

    func testPulldownPanelOnTwoSimScrollViews() {
        // --- docs/simulator.md: pull-down ---
        let c = PulldownPanelController.Configuration.article
        // The chat list under a 64 pt top bar, and the panel's own list.
        let list = SimScrollView(name: "list", configuration: .init(
            frame: CGRect(x: 0, y: 0, width: 414, height: c.screenHeight),
            contentSize: CGSize(width: 414, height: 2400),
            contentOffset: CGPoint(x: 0, y: -c.topBarHeight), contentInset: EdgeInsets(top: c.topBarHeight)))
        let panelList = SimScrollView(name: "panel", configuration: .init(
            frame: CGRect(x: 0, y: c.topBarHeight, width: 414, height: c.screenHeight - c.topBarHeight),
            contentSize: CGSize(width: 414, height: c.panelContentScreens * c.screenHeight)))
        var events: [PulldownPanelController.Event] = []
        let panel = PulldownPanelController(configuration: c) { event in
            if case .stateChanged = event { return }   // every change; keep the rest
            events.append(event)
        }
        panel.set(listScrollable: list)
        panel.set(panelScrollable: panelList)
        var frameNumber = 0
        func nextFrame() {
            frameNumber += 1
            let t = Double(frameNumber) / 60
            list.advance(to: t)
            panelList.advance(to: t)
            panel.tick(at: t)
        }
        // The finger pulls the list down 300 pt; past the top it rubber-bands.
        list.touchDown(at: CGPoint(x: 200, y: 200))
        for step in 1...10 {
            nextFrame()
            list.touchMoved(to: CGPoint(x: 200, y: 200 + 30 * Double(step)),
                            fingerVelocity: SimVector(dx: 0, dy: 1800))
        }
        print(panel.state.listPhase, panel.state.pullDistance, events)
        // Released while pulling: the panel opens in 0.35 s, interaction locked meanwhile.
        list.touchUp(at: CGPoint(x: 200, y: 500), fingerVelocity: SimVector(dx: 0, dy: 1800))
        for _ in 1...30 { nextFrame() }
        print(events)
        let f = panel.frame
        print(f.panelAlpha, f.maskAlpha, f.navigationBarTop, f.listY, f.isInteractionEnabled)
        // --- end ---
        // The list moved 134.78 pt of the finger's 300 (UIKit's rubber band, motion.h):
        // past cp1 (90) while moving down, so pulling, with the one haptic.
        XCTAssertEqual(printed, Self.printedLines["pull-down"])
    }

    func testRefreshOnASimScrollView() throws {
        // --- docs/simulator.md: refresh ---
        let list = SimScrollView(name: "list", configuration: .init(
            frame: CGRect(x: 0, y: 0, width: 390, height: 844), contentSize: CGSize(width: 390, height: 3000),
            contentOffset: CGPoint(x: 0, y: -64), contentInset: EdgeInsets(top: 64)))
        var events: [RefreshController.Event] = []
        // The configuration carries the scroll view's inset top and height (the footer uses it).
        let refresh = RefreshController(configuration: try .init(contentInsetTop: 64, viewportHeight: 844)) {
            events.append($0)
        }
        refresh.set(scrollable: list)
        var frameNumber = 0
        func nextFrame() {
            frameNumber += 1
            list.advance(to: Double(frameNumber) / 60)
            refresh.tick(at: Double(frameNumber) / 60)
        }
        // The finger pulls the list down 160 pt (rubber-banding past the top) and lifts.
        list.touchDown(at: CGPoint(x: 200, y: 300))
        for step in 1...8 {
            nextFrame()
            list.touchMoved(to: CGPoint(x: 200, y: 300 + 20 * Double(step)),
                            fingerVelocity: SimVector(dx: 0, dy: 1200))
        }
        print(refresh.state, events)
        list.touchUp(at: CGPoint(x: 200, y: 460), fingerVelocity: .zero)
        print(events)
        for _ in 1...30 { nextFrame() }
        print(events.last!, refresh.frame)
        // The app's work is done: the header scrolls away and the inset goes back.
        refresh.endRefreshing(at: refresh.time)
        for _ in 1...30 { nextFrame() }
        print(events.suffix(2))
        print(refresh.frame)
        // --- end ---
        XCTAssertEqual(printed, Self.printedLines["refresh"])
    }

    func testYourOwnObserver() {
        // --- docs/simulator.md: observer ---
        final class Log: ScrollableObserver {
            var lines: [String] = []
            func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
                lines.append("offset \(contentOffset.y)")
            }
            func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}
            func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {
                lines.append("pan \(state)")
            }
        }
        let scrollView = SimScrollView()
        let log = Log()
        scrollView.addScrollObserver(log)        // held weakly: keep `log` alive
        scrollView.touchDown(at: CGPoint(x: 200, y: 400))
        scrollView.advance(to: 1.0 / 60)
        scrollView.touchMoved(to: CGPoint(x: 200, y: 390), fingerVelocity: SimVector(dx: 0, dy: -600))
        // Lifted without speed, inside its bounds: the content stays where it is.
        scrollView.touchUp(at: CGPoint(x: 200, y: 390), fingerVelocity: .zero)
        scrollView.advance(to: 1)
        print(log.lines.joined(separator: ", "))
        // --- end ---
        XCTAssertEqual(printed, Self.printedLines["observer"])
    }

    /// The page's Swift blocks are this file's examples, in order, and the
    /// text block after each is what it prints.
    func testThePageShowsTheseExamples() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/simulator.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        // The examples here: name and code (dedented by the method body's 8 spaces).
        var examples: [(name: String, code: String)] = []
        var name: String?
        var lines: [String] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("// --- docs/simulator.md: "), text.hasSuffix(" ---") {
                name = String(text.dropFirst("// --- docs/simulator.md: ".count).dropLast(" ---".count))
                lines = []
            } else if text == "// --- end ---", let current = name {
                examples.append((current, lines.joined(separator: "\n")))
                name = nil
            } else if name != nil {
                lines.append(line.hasPrefix("        ") ? String(line.dropFirst(8)) : String(line))
            }
        }
        // The page's fenced blocks, in order, with their language.
        var blocks: [(language: String, text: String)] = []
        var fence: String?
        lines = []
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let language = fence {
                    blocks.append((language, lines.joined(separator: "\n")))
                    fence = nil
                } else {
                    fence = String(line.dropFirst(3))
                    lines = []
                }
            } else if fence != nil {
                lines.append(String(line))
            }
        }
        let swiftBlocks = blocks.enumerated().filter { $0.element.language == "swift" }
        XCTAssertEqual(swiftBlocks.map(\.element.text), examples.map(\.code))
        XCTAssertEqual(examples.map(\.name), ["bar", "sheet", "pull-down", "refresh", "observer"])
        for ((index, _), example) in zip(swiftBlocks, examples) {
            let next = index + 1 < blocks.count ? blocks[index + 1] : nil
            XCTAssertEqual(next?.language, "text", "the block after \(example.name)")
            XCTAssertEqual(next?.text.split(separator: "\n").map(String.init), Self.printedLines[example.name],
                           example.name)
        }
    }
}
