import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

final class SheetControllerTests: XCTestCase {
    typealias Detent = SheetController.Detent
    typealias Event = SheetController.Event

    // MARK: - AppCoda's numbers through the controller

    /// sheet_release.tsv rows that start at half, as whole drags on the controller.
    func testReleasesFromHalfFromTheGoldenTable() throws {
        var checked = 0
        for row in goldenTable("sheet_release.tsv") where row[2] == 1 {
            let where_ = "sheet_release.tsv:\(row.line) \(row.label)"
            let h = try SheetHarness(containerHeight: row[0], options: row[1] == 1 ? [.velocityProjection] : [])
            let expected = h.controller.configuration.detents[Int(row[5])]
            h.drag(row[3], velocity: row[4], at: 0)
            XCTAssertEqual(h.controller.state.detent, expected, where_)
            XCTAssertEqual(h.frame.sheetTop, 400 * row[0] / 800 + row[3], accuracy: 1e-9, "released where the finger left it, \(where_)")
            let landed = h.settle()
            XCTAssertEqual(landed.sheetTop, row[6], where_)
            XCTAssertEqual(landed.state.detent, expected, where_)
            XCTAssertEqual(landed.state.drag, .inactive, where_)
            var events: [Event] = []
            if expected != .half { events = [.willMove(to: expected), .didMove(to: expected)] }
            if expected == .dismissed { events.append(.dismissed) }
            XCTAssertEqual(h.events, events, where_)
            checked += 1
        }
        XCTAssertEqual(checked, 17, "every half row of sheet_release.tsv")
    }

    /// AppCoda's four numbers, spelled out.
    func testSeedThresholdsAt800() throws {
        let cases: [(UInt, CGFloat, Detent, CGFloat)] = [
            (#line, -201, .full, 50), (#line, -199, .half, 400), (#line, 241, .dismissed, 800), (#line, 239, .half, 400),
        ]
        for (line, translation, detent, top) in cases {
            let h = try SheetHarness()
            XCTAssertEqual(h.frame.sheetTop, 400, line: line)
            h.drag(translation, at: 0)
            XCTAssertEqual(h.settle().sheetTop, top, line: line)
            XCTAssertEqual(h.controller.state.detent, detent, line: line)
        }
    }

    /// sheet_overscroll.tsv: at full, the inner content pulled down past its
    /// top by `overscroll` in one drag, with AppCoda's hand-off (the sheet
    /// sits where the scroll view reports the content) and UIKit's
    /// (`.overscrollFollowsFinger`: the content pinned, the sheet on the finger).
    func testOverscrollReturnFromTheGoldenTable() throws {
        for options: SheetController.Options in [[], .overscrollFollowsFinger] {
            let follows = !options.isEmpty
            for row in goldenTable("sheet_overscroll.tsv") {
                let where_ = "sheet_overscroll.tsv:\(row.line) \(row.label) \(follows ? "UIKit" : "seed")"
                let overscroll = row[1], returns = row[2] == 1
                let h = try SheetHarness(containerHeight: row[0], detent: .full, options: options)
                XCTAssertTrue(h.scrollView.isScrollEnabled, where_)
                XCTAssertTrue(h.controller.dragBegan(at: 0))
                h.scrollView.scroll(to: -overscroll) // the scroll view follows the finger past its top
                XCTAssertTrue(h.controller.dragChanged(translation: overscroll, at: 0.1))
                XCTAssertEqual(h.frame.sheetTop, row[3], where_)
                XCTAssertEqual(h.controller.state.detentIndex, Int(row[4]), where_)
                XCTAssertEqual(h.scrollView.contentOffset.y, follows ? 0 : -overscroll,
                               "pinned at its top (UIKit) or where the scroll view put it (seed), \(where_)")
                XCTAssertEqual(h.events, returns ? [.willMove(to: .half)] : [], where_)
                // After a return the scroll view stays enabled for 0.5 s.
                XCTAssertTrue(h.scrollView.isScrollEnabled, where_)
                XCTAssertEqual(h.controller.isAnimating, returns, where_)

                // Back up 40 pt: a returning sheet ignores the rest of the drag
                // (its spring runs on), the others follow the finger (UIKit) or
                // the content (seed).
                let springing = try XCTUnwrap(h.controller.frame(at: 0.15)).sheetTop
                if !follows { h.scrollView.scroll(to: -(overscroll - 40)) }
                XCTAssertTrue(h.controller.dragChanged(translation: overscroll - 40, at: 0.15))
                XCTAssertEqual(h.frame.sheetTop, returns ? springing : row[3] - 40, where_)
                XCTAssertTrue(h.controller.dragEnded(velocity: 0, at: 0.15))
                h.controller.tick(at: 0.59)
                XCTAssertTrue(h.scrollView.isScrollEnabled, where_)
                h.controller.tick(at: 0.6)
                XCTAssertEqual(h.scrollView.isScrollEnabled, !returns, "disabled 0.5 s after the return, \(where_)")
                let landed = h.settle()
                XCTAssertEqual(landed.sheetTop, returns ? 400 : 50, where_)
                XCTAssertEqual(h.events, returns ? [.willMove(to: .half), .didMove(to: .half)] : [], where_)
                if returns { XCTAssertEqual(h.scrollView.contentOffset.y, 0, where_) }
            }
        }
    }

    // MARK: - Inner scroll hand-off

    /// AppCoda's sheet at full: the content scrolls with the finger, and past
    /// its top the sheet sits as far below full as the scroll view reports
    /// the content pulled (rubber band included), whatever the finger did.
    func testSeedSheetFollowsTheReportedOverscroll() throws {
        let h = try SheetHarness(detent: .full)
        XCTAssertTrue(h.controller.dragBegan(at: 0))
        var t = 0.0
        for (translation, reported) in [(50.0, -20.0), (150.0, -61.0), (250.0, -100.0), (100.0, -10.0), (60.0, 5.0)] {
            t += 1.0 / 60
            h.scrollView.scroll(to: reported)
            XCTAssertTrue(h.controller.dragChanged(translation: translation, at: t))
            XCTAssertEqual(h.frame.sheetTop, 50 + max(0, -reported), "translation \(translation)")
            XCTAssertEqual(h.scrollView.contentOffset.y, reported, "the content keeps its offset")
            XCTAssertTrue(h.frame.isContentScrolling)
        }
        XCTAssertEqual(h.events, [])
        // A handle drag at full moves the sheet itself and springs back to full.
        XCTAssertTrue(h.controller.dragEnded(velocity: 0, at: t))
        _ = h.settle()
        let start = h.controller.time
        XCTAssertTrue(h.controller.handleDragBegan(at: start))
        XCTAssertTrue(h.controller.dragChanged(translation: 200, at: start + 0.1))
        XCTAssertEqual(h.frame.sheetTop, 250)
        XCTAssertFalse(h.frame.isContentScrolling)
        XCTAssertTrue(h.controller.dragEnded(velocity: 2000, at: start + 0.1))
        XCTAssertEqual(h.settle().sheetTop, 50)
        XCTAssertEqual(h.controller.state.detent, .full)
        XCTAssertEqual(h.events, [])
    }

    /// UIKit's hand-off at full (`.overscrollFollowsFinger`): the content
    /// scrolls with the finger, then the sheet takes the finger past the
    /// content's top, then gives it back; the content never jumps on screen
    /// (its top is at sheet top - content offset).
    func testHandOffKeepsTheContentUnderTheFinger() throws {
        let h = try SheetHarness(detent: .full, options: .overscrollFollowsFinger)
        h.scrollView.scroll(to: 200)
        func contentTopOnScreen() -> CGFloat { h.frame.sheetTop - h.scrollView.contentOffset.y }
        let grabbed = contentTopOnScreen() // -150
        XCTAssertTrue(h.controller.dragBegan(at: 0))
        var t = 0.0
        // Finger down 100, 200, then 250, 300 (past the top), back up to 150, 100.
        for (translation, scrolled) in [(100.0, 100.0), (200.0, 0.0), (250.0, -50.0), (300.0, -50.0),
                                         (200.0, 0.0), (150.0, 10.0), (100.0, 60.0)] {
            t += 1.0 / 60
            // A real scroll view moves first; while the sheet holds the
            // finger it only sees the part since the core pinned it.
            let offset = h.frame.isContentScrolling ? 200 - translation : scrolled
            h.scrollView.scroll(to: offset)
            XCTAssertTrue(h.controller.dragChanged(translation: translation, at: t))
            XCTAssertEqual(contentTopOnScreen(), grabbed + translation, accuracy: 1e-9,
                           "translation \(translation): sheet \(h.frame.sheetTop), content \(h.scrollView.contentOffset.y)")
            XCTAssertGreaterThanOrEqual(h.frame.sheetTop, 50)
        }
        XCTAssertTrue(h.frame.isContentScrolling)
        XCTAssertTrue(h.controller.dragEnded(velocity: 0, at: t))
        XCTAssertEqual(h.frame.sheetTop, 50)
        XCTAssertEqual(h.controller.state.detent, .full)
        XCTAssertEqual(h.events, [])
    }

    func testInnerScrollEnabledOnlyAtFull() throws {
        let h = try SheetHarness(detent: .half)
        XCTAssertFalse(h.scrollView.isScrollEnabled)
        XCTAssertFalse(h.frame.isInnerScrollEnabled)
        XCTAssertTrue(h.controller.move(to: .full))
        XCTAssertTrue(h.scrollView.isScrollEnabled, "enabled as soon as the move to full is committed")
        XCTAssertTrue(h.frame.isInnerScrollEnabled)
        h.settle()
        h.scrollView.scroll(to: 300)
        XCTAssertTrue(h.controller.move(to: .half))
        XCTAssertFalse(h.scrollView.isScrollEnabled)
        XCTAssertEqual(h.scrollView.contentOffset.y, 0, "content back at its top when full is left")
        XCTAssertEqual(h.scrollView.enabledChanges, [false, true, false])
    }

    /// A scroll view that cannot be disabled is held at the core's offset.
    func testScrollViewWithoutEnablingIsHeldWhileDisabled() throws {
        let c = try SheetController.Configuration(containerHeight: 800)
        let sheet = try SheetController(configuration: c, initialDetent: .half)
        let scrollView = ManualScrollView(contentOffset: CGPoint(x: 0, y: 30))
        sheet.set(scrollable: scrollView)
        XCTAssertEqual(scrollView.requests.map(\.contentOffset.y), [0])
        scrollView.setContentOffset(CGPoint(x: 0, y: 12))
        XCTAssertEqual(scrollView.requests.map(\.contentOffset.y), [0, 0])
        XCTAssertEqual(scrollView.requests.map(\.animated), [false, false])
        XCTAssertTrue(sheet.move(to: .full, animated: false))
        scrollView.setContentOffset(CGPoint(x: 0, y: 80)) // enabled now: left alone
        XCTAssertEqual(scrollView.requests.count, 2)
        sheet.set(scrollable: nil)
        XCTAssertTrue(sheet.move(to: .half, animated: false))
        scrollView.setContentOffset(CGPoint(x: 0, y: 90)) // detached: left alone
        XCTAssertEqual(scrollView.requests.count, 2)
    }

    // MARK: - Events

    func testEventsFireOncePerTransitionInOrder() throws {
        let h = try SheetHarness()
        XCTAssertTrue(h.controller.move(to: .full, at: 0))
        XCTAssertEqual(h.events, [.willMove(to: .full)])
        let frames = h.tick(through: 2)
        XCTAssertEqual(h.events, [.willMove(to: .full), .didMove(to: .full)])
        // didMove came with the landing frame, not before.
        let landing = try XCTUnwrap(frames.firstIndex { !$0.isAnimating })
        XCTAssertTrue(frames[..<landing].allSatisfy(\.isAnimating))
        XCTAssertEqual(h.framesAtEvents[1].sheetTop, 50)
        XCTAssertFalse(h.framesAtEvents[1].isAnimating)
        XCTAssertEqual(h.framesAtEvents[1].time, frames[landing].time)

        h.clearEvents()
        XCTAssertTrue(h.controller.backdropTapped(at: 2))
        XCTAssertEqual(h.events, [.willMove(to: .dismissed)])
        h.tick(through: 4)
        XCTAssertEqual(h.events, [.willMove(to: .dismissed), .didMove(to: .dismissed), .dismissed])
        XCTAssertEqual(h.framesAtEvents[1].sheetTop, 800)
        XCTAssertEqual(h.framesAtEvents[2].sheetTop, 800)

        // Nothing more: more ticks, a move to where it is, a drag on a dismissed sheet.
        h.clearEvents()
        h.tick(through: 5)
        XCTAssertTrue(h.controller.move(to: .dismissed))
        XCTAssertFalse(h.controller.dragBegan())
        XCTAssertEqual(h.events, [])
    }

    func testMoveWithoutAnimationReportsAtOnce() throws {
        let h = try SheetHarness()
        XCTAssertTrue(h.controller.move(to: .dismissed, animated: false, at: 1))
        XCTAssertEqual(h.events, [.willMove(to: .dismissed), .didMove(to: .dismissed), .dismissed])
        XCTAssertEqual(h.frame.sheetTop, 800)
        XCTAssertFalse(h.controller.isAnimating)
        XCTAssertFalse(h.frame.state.isPresented)
    }

    func testInterruptedMoveReportsTheSecondTarget() throws {
        let h = try SheetHarness()
        XCTAssertTrue(h.controller.move(to: .full, at: 0))
        h.tick(through: 0.1)
        XCTAssertTrue(h.controller.isAnimating)
        XCTAssertTrue(h.controller.move(to: .dismissed, at: 0.1))
        XCTAssertEqual(h.controller.state.detent, .dismissed)
        h.settle()
        XCTAssertEqual(h.events, [.willMove(to: .full), .willMove(to: .dismissed), .didMove(to: .dismissed),
                                  .dismissed])
        XCTAssertEqual(h.frame.sheetTop, 800)
    }

    /// A spring grabbed by the finger and released back towards the detent
    /// it was moving to lands once, on that detent.
    func testGrabbedMoveLandsOnce() throws {
        let h = try SheetHarness()
        XCTAssertTrue(h.controller.move(to: .full, at: 0))
        h.tick(through: 0.05)
        XCTAssertTrue(h.controller.dragBegan(at: 0.05))
        XCTAssertFalse(h.controller.isAnimating)
        h.tick(through: 0.5) // held: no landing while the finger is down
        XCTAssertEqual(h.events, [.willMove(to: .full)])
        XCTAssertTrue(h.controller.dragChanged(translation: -20, at: 0.5))
        XCTAssertTrue(h.controller.dragEnded(velocity: 0, at: 0.5))
        h.settle()
        XCTAssertEqual(h.events, [.willMove(to: .full), .didMove(to: .full)])
        XCTAssertEqual(h.frame.sheetTop, 50)
    }

    /// An observer that moves the sheet from inside a callback still sees
    /// every event once and in order.
    func testReentrantObserverKeepsOrder() throws {
        let h = try SheetHarness()
        var moved = false
        h.onEvent = { [unowned h] event in
            if event == .willMove(to: .full), !moved {
                moved = true
                XCTAssertTrue(h.controller.move(to: .dismissed, animated: false))
            }
        }
        XCTAssertTrue(h.controller.move(to: .full, animated: false))
        XCTAssertEqual(h.events, [.willMove(to: .full), .didMove(to: .full), .willMove(to: .dismissed),
                                  .didMove(to: .dismissed), .dismissed])
        XCTAssertEqual(h.frame.sheetTop, 800)
    }

    // MARK: - Backdrop and background

    func testBackdropAndBackgroundFollowThePresentedState() throws {
        let h = try SheetHarness()
        XCTAssertEqual(h.frame.backdropAlpha, 0.5)
        XCTAssertEqual(h.frame.backgroundOffset, -100)
        XCTAssertTrue(h.controller.backdropTapped(at: 1))
        XCTAssertEqual(h.frame.backdropAlpha, 0, "the seed hides the backdrop once dismissal is decided")
        XCTAssertEqual(h.frame.backgroundOffset, -100, "the background starts its 0.2 s move")
        let mid = try XCTUnwrap(h.controller.frame(at: 1.1)).backgroundOffset
        XCTAssertTrue(mid > -100 && mid < 0, "\(mid)")
        XCTAssertEqual(try XCTUnwrap(h.controller.frame(at: 1.25)).backgroundOffset, 0)
        XCTAssertNil(h.controller.frame(at: .nan))
    }

    // MARK: - Bad input

    func testNonFiniteInputIsIgnoredWithTheStateUnchanged() throws {
        let h = try SheetHarness()
        // Mid-drag and mid-spring, so there is state to disturb.
        XCTAssertTrue(h.controller.move(to: .full, at: 0))
        h.tick(through: 0.1)
        XCTAssertTrue(h.controller.dragBegan(at: 0.1))
        XCTAssertTrue(h.controller.dragChanged(translation: 30, at: 0.12))
        let before = h.frame, time = h.controller.time, configuration = h.controller.configuration
        let requests = h.scrollView.requests, events = h.events

        let rejected: [(UInt, () -> Bool)] = [
            (#line, { h.controller.dragChanged(translation: .nan, at: 0.13) }),
            (#line, { h.controller.dragChanged(translation: .infinity, at: 0.13) }),
            (#line, { h.controller.dragChanged(translation: 40, at: .nan) }),
            (#line, { h.controller.dragChanged(translation: 40, at: -1) }),
            (#line, { h.controller.dragChanged(translation: 40, at: 0.13, contentOffset: .nan) }),
            (#line, { h.controller.dragEnded(velocity: .nan, at: 0.13) }),
            (#line, { h.controller.dragEnded(velocity: -.infinity) }),
            (#line, { h.controller.dragBegan() }), // already dragging
            (#line, { h.controller.move(to: .half, at: .nan) }),
            (#line, { h.controller.move(to: .fraction(0.9)) }), // not a detent of this sheet
            (#line, { h.controller.backdropTapped(at: .infinity) }),
            (#line, { h.controller.tick(at: .nan) != before }),
            (#line, { h.controller.tick(at: -.infinity) != before }),
            (#line, { (try? h.controller.resize(containerHeight: .nan)) ?? false }),
            (#line, { (try? h.controller.resize(containerHeight: 600, contentHeight: .nan)) ?? false }),
        ]
        for (line, input) in rejected {
            XCTAssertFalse(input(), line: line)
            XCTAssertEqual(h.frame, before, line: line)
            XCTAssertEqual(h.controller.time, time, line: line)
            XCTAssertEqual(h.controller.configuration, configuration, line: line)
            XCTAssertEqual(h.scrollView.requests, requests, line: line)
            XCTAssertEqual(h.events, events, line: line)
        }
        // Still works afterwards.
        XCTAssertTrue(h.controller.dragChanged(translation: 40, at: 0.13))
        XCTAssertEqual(h.frame.state.drag, .dragging(translation: 40))
    }

    func testDragInputsNeedADrag() throws {
        let h = try SheetHarness()
        XCTAssertFalse(h.controller.dragChanged(translation: 10))
        XCTAssertFalse(h.controller.dragEnded(velocity: 0))
        XCTAssertEqual(h.controller.state, SheetController.State(detent: .half, detentIndex: 1, drag: .inactive,
                                                                 position: 400))
        XCTAssertTrue(h.controller.dragBegan(at: 0))
        XCTAssertEqual(h.controller.state.drag, .pressing)
        XCTAssertTrue(h.controller.dragChanged(translation: -12, at: 0.1))
        XCTAssertEqual(h.controller.state.drag, .dragging(translation: -12))
        XCTAssertEqual(h.controller.state.position, 388)
        XCTAssertEqual(h.controller.state.drag.translation, -12)
    }

    // MARK: - Rotation

    func testResizeKeepsTheDetent() throws {
        let h = try SheetHarness()
        XCTAssertTrue(try h.controller.resize(containerHeight: 390))
        XCTAssertEqual(h.frame.sheetTop, 195)
        XCTAssertEqual(h.controller.state.detent, .half)
        XCTAssertEqual(h.controller.configuration.containerHeight, 390)
        XCTAssertTrue(try h.controller.resize(containerHeight: 800))
        XCTAssertEqual(h.frame.sheetTop, 400)

        XCTAssertTrue(h.controller.move(to: .full, animated: false))
        XCTAssertTrue(try h.controller.resize(containerHeight: 390))
        XCTAssertEqual(h.frame.sheetTop, 50)
        XCTAssertEqual(h.events, [.willMove(to: .full), .didMove(to: .full)], "a resize fires nothing")

        // The detents do not fit: rejected, nothing changes.
        let before = h.frame
        XCTAssertThrowsError(try h.controller.resize(containerHeight: 45)) { error in
            XCTAssertEqual((error as! ConfigurationError).field, "detent0")
        }
        XCTAssertEqual(h.frame, before)
        XCTAssertEqual(h.controller.configuration.containerHeight, 390)
    }

    func testResizeDuringAMoveLandsOnTheNewTop() throws {
        let h = try SheetHarness(detent: .full)
        XCTAssertTrue(h.controller.move(to: .half, at: 0))
        h.tick(through: 0.1)
        let before = h.frame
        XCTAssertEqual(h.controller.time, 0.1)
        XCTAssertTrue(try h.controller.resize(containerHeight: 390))
        XCTAssertEqual(h.frame.sheetTop, before.sheetTop, "retargeted from where it is")
        XCTAssertEqual(h.frame.velocity, before.velocity)
        let landed = h.settle()
        XCTAssertEqual(landed.sheetTop, 195)
        XCTAssertEqual(h.events, [.willMove(to: .half), .didMove(to: .half)])
    }

    func testReconfigureKeepsTheStateAndNamesAMissingDetent() throws {
        let h = try SheetHarness()
        let other = try SheetController.Configuration(containerHeight: 600, detents: [.points(80), .fraction(0.6)],
                                                      options: .rubberBand, upThreshold: 0.1)
        try h.controller.reconfigure(other)
        XCTAssertEqual(h.controller.configuration, other)
        XCTAssertEqual(h.controller.state.detentIndex, 1)
        XCTAssertEqual(h.controller.state.detent, .fraction(0.6))
        XCTAssertEqual(h.frame.sheetTop, 360)
        XCTAssertEqual(h.events, [], "a reconfigure fires nothing")
        let before = h.frame
        XCTAssertThrowsError(try h.controller.reconfigure(.init(containerHeight: 600, detents: [.half]))) { error in
            XCTAssertEqual((error as! ConfigurationError).field, "detent_count")
        }
        XCTAssertEqual(h.frame, before)
        XCTAssertEqual(h.controller.configuration, other)
    }

    func testFitContentFollowsTheContentHeight() throws {
        let c = try SheetController.Configuration(containerHeight: 800, contentHeight: 300,
                                                  detents: [.full, .fitContent(minimumTop: 100), .dismissed])
        let sheet = try SheetController(configuration: c, initialDetent: .fitContent(minimumTop: 100))
        XCTAssertEqual(sheet.frame.sheetTop, 500)
        XCTAssertTrue(try sheet.resize(containerHeight: 800, contentHeight: 650))
        XCTAssertEqual(sheet.frame.sheetTop, 150)
        XCTAssertTrue(try sheet.resize(containerHeight: 800, contentHeight: 900))
        XCTAssertEqual(sheet.frame.sheetTop, 100)
        XCTAssertEqual(sheet.configuration.contentHeight, 900)
    }
}
