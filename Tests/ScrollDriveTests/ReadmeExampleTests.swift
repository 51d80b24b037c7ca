import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// The README's, docs/surfaces.md's and the SwiftUI article's Swift examples, kept compiling and checked here.
final class ReadmeExampleTests: XCTestCase {
    func testReadmeBarExample() throws {
        // --- README: Swift example ---
        let configuration = try Configuration(
            validatingCompactStateHeight: 64, normalStateHeight: 120, expandedStateHeight: 240)
        var heights: [CGFloat] = []
        var alphas: [CGFloat] = []
        let controller = BarController(configuration: configuration) { state in
            heights.append(state.height())
            alphas.append(state.value(compactNormalRange: .range(0, 1), normalExpandedRange: .value(1)))
        }
        let scrollView = ManualScrollView(contentSize: CGSize(width: 375, height: 3000),
                                          frame: CGRect(x: 0, y: 0, width: 375, height: 812))
        controller.set(scrollable: scrollView)          // reports height 120
        scrollView.setContentOffset(CGPoint(x: 0, y: -120))
        scrollView.setContentOffset(CGPoint(x: 0, y: -92)) // scrolled 28 pt down: height 92
        // --- end of README example ---
        XCTAssertEqual(heights, [120, 92])
        XCTAssertEqual(alphas[1], 0.5)

        // --- docs/surfaces.md: the controller's shape ---
        var printed: [CGFloat] = []
        let bar = BarController(configuration: configuration) { event in
            if case let .stateChanged(state) = event { printed.append(state.height()) }
        }
        bar.set(scrollable: scrollView)
        let frame = bar.tick(at: 0.5)
        try bar.reconfigure(Configuration(compactStateHeight: 44, normalStateHeight: 88, expandedStateHeight: 160))
        // --- end ---
        XCTAssertEqual(frame.height, 120)
        XCTAssertEqual(frame.transitionProgress, 1)
        XCTAssertEqual(frame.time, 0.5)
        XCTAssertEqual(bar.time, 0.5)
        XCTAssertEqual(printed, [120, 120], "attaching reports; reconfiguring reports the kept state")
        XCTAssertEqual(bar.frame.height, 120, "120 is within 44...160: kept")
        XCTAssertEqual(scrollView.contentInset.top, 88, "the new normal inset")
    }

    /// The README's C example, through the C API from Swift.
    func testReadmeCExample() {
        var config = sd_bar_config(compact: 100, normal: 200, expanded: 300)
        var bar = sd_bar(), err = sd_error(), actions = sd_bar_actions()
        XCTAssertEqual(sd_bar_init(&bar, &config, &err), SD_OK)
        let geometry = sd_scroll_geometry(inset_top: 200, inset_bottom: 0, content_height: 2000, frame_height: 600)
        var e = sd_bar_event_offset(0.0, 0, -200, geometry)
        XCTAssertEqual(sd_bar_step(&bar, &e, &actions, &err), SD_OK)
        XCTAssertEqual(actions.flags, 0)
        e = sd_bar_event_offset(0.016, 0, -150, geometry)
        XCTAssertEqual(sd_bar_step(&bar, &e, &actions, &err), SD_OK)
        XCTAssertEqual(actions.flags, UInt32(SD_BAR_ACTION_STATE))
        var frame = sd_bar_frame()
        XCTAssertEqual(sd_bar_frame_at(&bar, 0.016, &frame), SD_OK)
        XCTAssertEqual(frame.height, 150)
        XCTAssertEqual(frame.progress, 0.5)
    }

    func testReadmeSheetExample() throws {
        // --- docs/surfaces.md: sheet example ---
        var events: [SheetController.Event] = []
        let sheet = try SheetController(configuration: .seed(containerHeight: 800), initialDetent: .half) {
            events.append($0)
        }
        sheet.dragBegan(at: 0)
        sheet.dragChanged(translation: -250, at: 0.2)   // up 250 pt: more than 25% of 800
        sheet.dragEnded(velocity: 0, at: 0.25)          // willMove(to: .full)
        var frame = sheet.tick(at: 0.25)
        for i in 1...60 { frame = sheet.tick(at: 0.25 + Double(i) / 60) }   // a second of 60 Hz frames
        // frame.sheetTop is 50 (full), frame.backdropAlpha 0.5; events: willMove(to: .full), didMove(to: .full)
        // --- end of README example ---
        XCTAssertEqual(frame.sheetTop, 50)
        XCTAssertEqual(frame.backdropAlpha, 0.5)
        XCTAssertEqual(events, [.willMove(to: .full), .didMove(to: .full)])
    }

    func testReadmePulldownExample() throws {
        let chatList = ManualScrollView(contentOffset: CGPoint(x: 0, y: -64)), panelList = ManualScrollView()
        var events: [PulldownPanelController.Event] = []
        // --- docs/surfaces.md: pull-down example ---
        let panel = PulldownPanelController(configuration: .wechat) { event in
            events.append(event)   // .stateChanged, .haptic, .interactionLocked/Unlocked, .panelOpened/Closed
        }
        panel.set(listScrollable: chatList)     // the chat list's scroll view
        panel.set(panelScrollable: panelList)   // the panel's own list
        let frame = panel.tick(at: 0)           // then once per display frame, with its timestamp
        // apply frame.navigationBarColour, frame.indicator, frame.panelAlpha, ... to the views

        let indicator = PulldownPanelController.Configuration.article.indicator(pullDistance: 110)!
        // indicator.centre.scale == 1.5, indicator.left.x == -8, indicator.right.x == 8
        // --- end of README example ---
        XCTAssertEqual(events, [.stateChanged(panel.state)], "attaching the list records its offset")
        XCTAssertEqual(frame.navigationBarColour.hex, "#EDEDED")
        XCTAssertEqual(panel.time, 0)
        XCTAssertEqual(indicator.centre.scale, 1.5)
        XCTAssertEqual(indicator.left.x, -8)
        XCTAssertEqual(indicator.right.x, 8)
    }

    /// The DocC article's model on its own ("Building your own view on a
    /// model"): the bar fed what a SwiftUI scroll view reports, its room
    /// inside the content.
    func testSwiftUIModelExample() {
        MainActor.assumeIsolated {
            // --- ScrollDriveInSwiftUI.md: the bar on its own ---
            let bar = BarModel(configuration: Configuration(
                compactStateHeight: 64, normalStateHeight: 120, expandedStateHeight: 240))
            // The content: the bar's room (240), then 3000 pt of rows.
            var geometry = ScrollViewGeometry(contentSize: CGSize(width: 390, height: 240 + 3000),
                                              containerSize: CGSize(width: 390, height: 844))
            bar.scroll.geometryChanged(geometry)            // attaches the bar; it asks for its rest
            XCTAssertEqual(bar.scroll.scrollTarget?.placement, .offset(120), "120 pt down the room")
            if let target = bar.scroll.scrollTarget {       // .offset(120): 120 pt down the room
                geometry.contentOffset.y = 120
                bar.scroll.scrollTargetApplied(target)
            }
            XCTAssertNil(bar.scroll.scrollTarget)
            bar.scroll.phaseChanged(to: .interacting, geometry: geometry)   // a drag at the top
            geometry.contentOffset.y = 80                                   // pulled 40 pt down
            bar.scroll.geometryChanged(geometry)
            let changes = ObservationCounter.count { _ = bar.frame } during: { _ = bar.tick(at: 0.1) }
            let frame = bar.frame
            // --- end of the example ---
            XCTAssertEqual(bar.scroll.contentInsets.top, 0, "the room is in the content, not a margin")
            XCTAssertEqual(frame.height, 160)
            XCTAssertEqual(frame.transitionProgress, 1.3333333333333335)   // 2 + (80 / 120) * (1 - 2), AirBar's order
            XCTAssertEqual(changes, 1)
            XCTAssertEqual(ObservationCounter.count { _ = bar.frame } during: { _ = bar.tick(at: 0.2) }, 0)
        }
    }
}
