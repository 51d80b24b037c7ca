import Foundation
import ScrollDrive
import XCTest

/// `print()` of the bar's, the sheet's and the refresh surface's public
/// values (issue 15): names and numbers, never the C structs behind them.
/// The pull-down's are in PulldownDescriptionTests.
final class DescriptionTests: XCTestCase {
    private func assertReadable(_ text: String, line: UInt = #line) {
        for raw in ["sd_", "__C", "cValue", "ScrollDrive."] {
            XCTAssertFalse(text.contains(raw), "\(raw) in \(text)", line: line)
        }
    }

    func testNumbersAreShortestRoundTripWithoutTrailingZero() {
        let rows: [(UInt, Double, String)] = [
            (#line, 170, "170"), (#line, -0.0, "-0"), (#line, 0.7, "0.7"), (#line, 1.4, "1.4"),
            (#line, 26.0 / 56, "0.4642857142857143"), (#line, 1e-7, "1e-07"), (#line, 1e16, "1e+16"),
            (#line, .nan, "nan"), (#line, -.infinity, "-inf"), (#line, 0.1 + 0.2, "0.30000000000000004"),
        ]
        for (line, x, expected) in rows {
            XCTAssertEqual(readableNumber(x), expected, line: line)
            if x.isFinite { XCTAssertEqual(Double(readableNumber(x)), x, line: line) }
        }
        XCTAssertEqual(readableNumber(CGFloat(120)), "120")
    }

    func testBar() throws {
        let configuration = BarController.Configuration(compactStateHeight: 100, normalStateHeight: 200,
                                                        expandedStateHeight: 300)
        let rows: [(UInt, BarController.State, String)] = [
            (#line, .init(offset: -170, isExpandedStateAvailable: false, configuration: configuration),
             "State(offset: -170, progress: 0.7, range: compactNormal, expandedAvailable: false, heights: 100/200/300)"),
            (#line, .init(offset: -240, isExpandedStateAvailable: true, configuration: configuration),
             "State(offset: -240, progress: 1.4, range: normalExpanded, expandedAvailable: true, heights: 100/200/300)"),
        ]
        for (line, state, expected) in rows {
            XCTAssertEqual("\(state)", expected, line: line)
            XCTAssertEqual("\(BarController.Event.stateChanged(state))", "stateChanged(\(expected))", line: line)
        }
        XCTAssertEqual("\(configuration)", "Configuration(heights: 100/200/300, policy: [])")
        let notched = try BarController.Configuration(validatingCompactStateHeight: 44, normalStateHeight: 96,
                                                       expandedStateHeight: 140, scrollPolicy: [.largeTitle], safeAreaTop: 47)
        XCTAssertEqual("\(notched)", "Configuration(heights: 44/96/140, policy: [largeTitle], safeAreaTop: 47)")
        XCTAssertEqual("\(BarController.ScrollPolicy([.snapByDirection, .largeTitle]))", "[snapByDirection, largeTitle]")
        XCTAssertEqual("\(BarController.ScrollPolicy(rawValue: 1 << 30).union(.noSnap))", "[noSnap, rawValue: 1073741824]")
        XCTAssertEqual("\(BarController.State.StateRange.normalExpanded)", "normalExpanded")

        var events: [BarController.Event] = []
        let bar = BarController(configuration: configuration) { events.append($0) }
        let frame = bar.tick(at: 0.5)
        XCTAssertEqual("\(frame)", "Frame(time: 0.5, height: 200, progress: 1, range: normalExpanded, "
            + "expandedAvailable: false, titleScale: 1, largeTitleAlpha: 1, inlineTitleAlpha: 0)")
        for text in ["\(frame)", "\(bar.state)", "\(configuration)"] { assertReadable(text) }
    }

    func testSheet() throws {
        XCTAssertEqual("\(SheetController.DragState.inactive)", "inactive")
        XCTAssertEqual("\(SheetController.DragState.pressing)", "pressing")
        XCTAssertEqual("\(SheetController.DragState.dragging(translation: -12.5))", "dragging(translation: -12.5)")
        // A detent prints as the case it was made from where one matches.
        let rows: [(UInt, SheetController.State, String)] = [
            (#line, .init(detent: .points(50), detentIndex: 0, drag: .inactive, position: 50),
             "State(detent: .full, detentIndex: 0, drag: inactive, position: 50)"),
            (#line, .init(detent: .fraction(0.4), detentIndex: 1, drag: .dragging(translation: 30), position: 350.5),
             "State(detent: .fraction(0.4), detentIndex: 1, drag: dragging(translation: 30), position: 350.5)"),
            (#line, .init(detent: .dismissed, detentIndex: 2, drag: .pressing, position: 800),
             "State(detent: .dismissed, detentIndex: 2, drag: pressing, position: 800)"),
        ]
        for (line, state, expected) in rows { XCTAssertEqual("\(state)", expected, line: line) }

        let sheet = try SheetController(configuration: .seed(containerHeight: 800), initialDetent: .half)
        let frame = sheet.tick(at: 0.25)
        XCTAssertEqual("\(frame)", "Frame(time: 0.25, sheetTop: 400, velocity: 0, backdropAlpha: 0.5, "
            + "backgroundOffset: -100, contentOffset: 0, innerScrollEnabled: false, contentScrolling: false, "
            + "animating: false, backgroundInteractive: false, "
            + "state: State(detent: .half, detentIndex: 1, drag: inactive, position: 400))")
        assertReadable("\(frame)")
    }

    func testRefresh() throws {
        XCTAssertEqual(RefreshController.HeaderState.allCases.map { "\($0)" }, ["idle", "pulling", "refreshing", "done"])
        XCTAssertEqual(RefreshController.FooterState.allCases.map { "\($0)" }, ["idle", "loading", "noMoreData"])
        XCTAssertEqual("\(RefreshController.State(header: .refreshing, footer: .noMoreData))",
                       "State(header: refreshing, footer: noMoreData)")
        let events: [RefreshController.Event] = [.headerStateChanged(.pulling), .refresh, .footerStateChanged(.loading),
                                                 .loadMore]
        XCTAssertEqual("\(events)", "[headerStateChanged(pulling), refresh, footerStateChanged(loading), loadMore]")

        let refresh = RefreshController(configuration: try .init(contentInsetTop: 64))
        refresh.beginRefreshing(at: 0)
        let frame = refresh.tick(at: 0.125)
        // Halfway through the 0.25 s begin motion: ease-in-out at one half is one half, 27 of 54 pt.
        XCTAssertEqual("\(frame)", "Frame(time: 0.125, header: refreshing, footer: idle, animating: true, "
            + "offsetDriven: true, pullDistance: 27, progress: 1, headerTop: -54, headerVisibleHeight: 27, "
            + "insetTop: 118, insetBottom: 44, contentOffset: -91, footerTop: 0, remainingDistance: -532)")
        assertReadable("\(frame)")
    }
}
