import Foundation
@testable import ScrollDrive
import XCTest

/// The arithmetic between SwiftUI's numbers and a controller's, and every
/// surface on a notched phone (59 pt safe area at the top, 34 at the
/// bottom) through a scroll view that only does what Apple documents.
final class ScrollSpaceTests: XCTestCase {
    // MARK: The system's part of the insets

    func testTheSystemsPartIsToldFromThePublishedMarginsWhicheverComesFirst() {
        var split = InsetSplit()
        XCTAssertTrue(split.reported(EdgeInsets(top: 59, bottom: 34)))
        XCTAssertEqual(split.system, EdgeInsets(top: 59, bottom: 34))
        // Margins published, the report laid out with them.
        split.published(EdgeInsets(top: 120))
        XCTAssertFalse(split.reported(EdgeInsets(top: 179, bottom: 34)))
        XCTAssertEqual(split.system, EdgeInsets(top: 59, bottom: 34))
        // Margins published, then a report still laid out with the old ones: the same system.
        split.published(EdgeInsets(top: 240))
        XCTAssertFalse(split.reported(EdgeInsets(top: 179, bottom: 34)))
        XCTAssertEqual(split.system, EdgeInsets(top: 59, bottom: 34))
        XCTAssertFalse(split.reported(EdgeInsets(top: 299, bottom: 34)))
        XCTAssertEqual(split.system, EdgeInsets(top: 59, bottom: 34))
        // The system itself changes (a rotation to landscape: no top inset, 21 below).
        XCTAssertTrue(split.reported(EdgeInsets(top: 240, bottom: 21)))
        XCTAssertEqual(split.system, EdgeInsets(top: 0, bottom: 21))
    }

    // MARK: Where ScrollPosition goes

    func testEveryPlaceIsAnEdgeOrAnOffsetInsideTheContentAndTheShiftMakesUpTheRest() {
        // 59 pt system, 54 pt margin (a refreshing header), 2000 pt of content in 844.
        let space = ScrollSpace(system: EdgeInsets(top: 59, bottom: 34), margins: EdgeInsets(top: 54), room: 0, shift: 0)
        func place(_ y: CGFloat) -> (ScrollPlacement, CGFloat) {
            let p = space.placement(for: y, contentHeight: 2000, containerHeight: 844)
            return (p.placement, p.shift)
        }
        XCTAssertEqual(space.controllerOffset(-113), -54, "at the top edge the controller is at its own inset")
        XCTAssertTrue(place(-54) == (.top, 0))
        XCTAssertTrue(place(300) == (.offset(241), 0))
        XCTAssertTrue(place(1249) == (.bottom, 0), "2000 + 34 - 844 = 1190 in SwiftUI's numbers: the bottom edge")
        XCTAssertTrue(place(-100) == (.top, 46), "46 pt above the top edge: the view shifts down 46")
        XCTAssertTrue(place(-20) == (.top, -34), "inside the margins: from the top edge, shifted up")
        XCTAssertTrue(place(1300) == (.bottom, -51), "51 pt past the bottom edge: shifted up")
        // With a room of 240: the controller's -240 is the content's top.
        let room = ScrollSpace(system: EdgeInsets(top: 59), margins: .zero, room: 240, shift: 0)
        XCTAssertEqual(room.controllerOffset(-59), -240)
        XCTAssertTrue(room.placement(for: -120, contentHeight: 3240, containerHeight: 844) == (.offset(61), 0))
        XCTAssertTrue(room.placement(for: -240, contentHeight: 3240, containerHeight: 844) == (.top, 0))
    }

    // MARK: Each surface on a notched phone

    @MainActor
    private static func airBar() -> BarModel {
        BarModel(configuration: Configuration(compactStateHeight: 64, normalStateHeight: 120, expandedStateHeight: 240))
    }

    /// Every target was reached where the controller asked: nothing was clamped.
    @MainActor
    private static func assertReached(_ view: DocumentedScrollView, _ message: String, line: UInt = #line) {
        guard let last = view.applied.last else { return XCTFail("no target", line: line) }
        XCTAssertEqual(view.link.view.space.controllerOffset(view.y), last.contentOffset.y, message, line: line)
    }

    /// `count` display frames after `t`: a tick, then the view applies what
    /// it is asked; each frame the view must show the content where the
    /// controller has it (to the rounding of an edge plus a shift, 1e-9 pt).
    /// Returns the view's shift at each frame.
    @MainActor
    private static func framesShowingTheControllersOffset(_ view: DocumentedScrollView, _ count: Int, t: inout Double,
                                                          tick: (Double) -> Void, line: UInt = #line) -> [CGFloat]
    {
        var shifts: [CGFloat] = []
        for _ in 0..<count {
            t += 1.0 / 60
            tick(t)
            view.applyTarget()
            shifts.append(view.link.contentShift)
            XCTAssertEqual(view.link.view.space.controllerOffset(view.y), view.link.view.contentOffset.y,
                           accuracy: 1e-9, "t \(t): the view shows the content where the controller has it", line: line)
        }
        return shifts
    }

    func testTheBarRestsAtItsHeightsBelowTheSafeAreaWithEveryTargetInsideTheContent() {
        MainActor.assumeIsolated {
            let bar = Self.airBar()
            XCTAssertEqual(bar.scroll.contentRoom, 240, "the room is there before the first geometry")
            let view = DocumentedScrollView(link: bar.scroll)
            view.report()
            XCTAssertEqual(view.applied.count, 1, "attaching asks for the bar's rest, and the view acknowledges it")
            XCTAssertEqual(view.applied[0].placement, .offset(61), "240 - 120 - 59: inside the content")
            Self.assertReached(view, "the rest")
            var t = 0.0
            bar.tick(at: t)
            XCTAssertEqual(bar.frame.height, 120)
            XCTAssertEqual(view.rowsTop, 59 + 120, "the first row clears the safe area and the bar")
            XCTAssertEqual(bar.scroll.contentInsets, .zero, "no margin: the room is in the content")
            XCTAssertEqual(bar.scroll.minimumContentHeight, 844 - 59 - 64)

            // Up 40 and let go: 80 is nearer compact; the snap lands inside the content.
            view.drag(by: 40) { _ in t += 1.0 / 60; bar.tick(at: t) }
            XCTAssertEqual(view.applied.count, 2)
            Self.assertReached(view, "the snap to compact")
            t += 1.0 / 60
            bar.tick(at: t)
            XCTAssertEqual(bar.frame.height, 64)
            XCTAssertEqual(view.rowsTop, 59 + 64)

            // expand(on:): the content's top edge.
            bar.expand(on: true)
            view.applyTarget()
            XCTAssertEqual(view.applied.last?.placement, .top)
            Self.assertReached(view, "expanded")
            t += 1.0 / 60
            bar.tick(at: t)
            XCTAssertEqual(bar.frame.height, 240)
            XCTAssertEqual(view.rowsTop, 59 + 240)
            XCTAssertEqual(view.applied.map(\.contentShift), [0, 0, 0], "the bar never shifts the view")
        }
    }

    func testAFlingIntoTheRoomReturnsToTheBarsInsetAsUIKitBouncesBack() {
        MainActor.assumeIsolated {
            let bar = Self.airBar()
            let view = DocumentedScrollView(link: bar.scroll)
            view.report()
            view.drag(by: 600)
            var t = 0.0
            bar.tick(at: t)
            let targets = view.applied.count
            // A fling down decelerates to the content's top: the room's top.
            view.setPhase(.decelerating)
            while view.y > view.topEdge {
                view.move(to: max(view.topEdge, view.y - 40))
                view.report()
                t += 1.0 / 60
                bar.tick(at: t)
            }
            view.setPhase(.idle)
            XCTAssertEqual(view.applied.count, targets + 1, "settled above the inset: back to it")
            XCTAssertEqual(view.applied.last?.contentOffset.y, -120)
            Self.assertReached(view, "the return")
            t += 1.0 / 60
            bar.tick(at: t)
            XCTAssertEqual(bar.frame.height, 120)
            XCTAssertEqual(view.rowsTop, 59 + 120)
        }
    }

    func testShortContentStillCollapsesTheBarInsideTheContent() {
        MainActor.assumeIsolated {
            let bar = Self.airBar()
            let view = DocumentedScrollView(link: bar.scroll, rowsHeight: 300)
            view.report()
            Self.assertReached(view, "the rest")
            XCTAssertEqual(view.contentHeight, 240 + 721, "the rows stretched to the least height")
            var t = 0.0
            view.drag(by: 40) { _ in t += 1.0 / 60; bar.tick(at: t) }
            Self.assertReached(view, "the snap to compact")
            XCTAssertEqual(view.applied.last?.placement, .offset(117), "compact is the content's last offset: 961 - 844")
            t += 1.0 / 60
            bar.tick(at: t)
            XCTAssertEqual(bar.frame.height, 64)
            XCTAssertEqual(bar.scroll.contentInsets.bottom, 0, "no bottom margin: the room is in the content")
        }
    }

    func testRefreshAtRestIsNotPulled() {
        MainActor.assumeIsolated {
            let refresh = RefreshModel(refresh: {})
            let view = DocumentedScrollView(link: refresh.scroll)
            view.report()
            let frame = refresh.tick(at: 0.1)
            XCTAssertEqual(frame.pullDistance, 0, "the safe area is not a pull")
            XCTAssertEqual(frame.state.header, .idle)
            XCTAssertEqual(refresh.scroll.view.contentOffset.y, -refresh.scroll.contentInsets.top)
            XCTAssertFalse(refresh.needsFrames)
        }
    }

    func testThePulldownListKeepsItsInsetOverAPullAndReturn() {
        MainActor.assumeIsolated {
            let pulldown = PulldownPanelModel()
            let top = pulldown.configuration.topBarHeight
            XCTAssertEqual(pulldown.list.contentInsets, EdgeInsets(top: top), "published before the first geometry")
            let view = DocumentedScrollView(link: pulldown.list)
            view.report()
            var t = 0.0
            pulldown.tick(at: t)
            XCTAssertEqual(pulldown.list.view.contentOffset.y, -top, "at rest below the top bar, not the safe area too")
            var insets: Set<CGFloat> = []
            view.drag(by: -30) { _ in
                t += 1.0 / 60
                pulldown.tick(at: t)
                insets.insert(pulldown.list.contentInsets.top)
                insets.insert(pulldown.list.view.contentInset.top)
            }
            view.setPhase(.decelerating)
            while view.y < view.topEdge {
                view.move(to: min(view.topEdge, view.y + 5))
                view.report()
                t += 1.0 / 60
                pulldown.tick(at: t)
                insets.insert(pulldown.list.contentInsets.top)
            }
            view.setPhase(.idle)
            pulldown.tick(at: t + 1)
            XCTAssertEqual(insets, [top], "the list's inset is stable")
            XCTAssertEqual(pulldown.list.view.contentOffset.y, -top)
            XCTAssertEqual(pulldown.frame.listY, 0)
        }
    }

    func testTheContainerAttachesTheBarBeforeAnyScrollReport() {
        MainActor.assumeIsolated {
            let bar = Self.airBar()
            // A GeometryReader's first value: 844 pt tall, 59 / 34 safe area; no scroll report yet.
            bar.scroll.containerAppeared(size: CGSize(width: 390, height: 844), safeArea: EdgeInsets(top: 59, bottom: 34))
            let target = try? XCTUnwrap(bar.scroll.scrollTarget, "the bar asks for its rest at once")
            XCTAssertEqual(target?.contentOffset.y, -120)
            XCTAssertEqual(target?.placement, .offset(61), "inside the content, which is at least its least height")
            XCTAssertEqual(bar.scroll.minimumContentHeight, 844 - 59 - 64)
            XCTAssertEqual(bar.scroll.contentInsets.bottom, 0, "no room needed below: the rows are tall enough")
            // The scroll view's own report later changes nothing but the sizes.
            bar.scroll.containerAppeared(size: CGSize(width: 390, height: 600), safeArea: .zero)
            XCTAssertEqual(bar.scroll.minimumContentHeight, 844 - 59 - 64, "a second container value is ignored")
            let view = DocumentedScrollView(link: bar.scroll)
            view.applyTarget()
            view.report()
            bar.tick(at: 0.1)
            XCTAssertEqual(bar.frame.height, 120)
            XCTAssertEqual(view.rowsTop, 59 + 120)
        }
    }

    /// A pull past the threshold on a notched phone: the header's motion
    /// holds the content above the top edge, which the view shows as the
    /// edge plus a shift; every frame the content is where the controller
    /// says, and the shift is gone once the header rests.
    func testARefreshHoldsThePullWithAShiftAndEndsWithoutOne() {
        MainActor.assumeIsolated {
            let refresh = RefreshModel(refresh: {})
            let view = DocumentedScrollView(link: refresh.scroll)
            view.report()
            var t = 0.0
            refresh.tick(at: t)
            view.drag(by: -120) { _ in t += 1.0 / 60; refresh.tick(at: t) }
            let shifts = Self.framesShowingTheControllersOffset(view, 60, t: &t) { refresh.tick(at: $0) }
            XCTAssertEqual(refresh.frame.state.header, .refreshing)
            XCTAssertTrue(shifts.contains { $0 > 0 }, "the pull was held beyond the top edge")
            XCTAssertEqual(shifts.last, 0, "at rest the view is not shifted")
            XCTAssertEqual(view.applied.last?.placement, .top)
            XCTAssertEqual(refresh.scroll.view.contentOffset.y, -refresh.scroll.contentInsets.top,
                           "refreshing, the header's room is the own top inset: \(refresh.scroll.contentInsets.top)")
        }
    }

    /// WeChat's pull past the opening point on a notched phone: the list is
    /// pinned where the finger left it and driven while the panel opens,
    /// inside the margin the pull-down grows and beyond what
    /// `ScrollPosition` reaches, which the view shows as the top edge plus a
    /// shift; every frame the content is where the controller has it, and
    /// once the panel is open the list rests at its own inset, unshifted
    /// (the reset comes in the frame that also gives the inset back, and is
    /// placed again for it).
    func testThePulldownOpensWithTheListHeldBeyondItsTopByAShift() {
        MainActor.assumeIsolated {
            let pulldown = PulldownPanelModel(configuration: .wechat)
            let top = pulldown.configuration.topBarHeight
            let view = DocumentedScrollView(link: pulldown.list)
            view.report()
            var t = 0.0
            pulldown.tick(at: t)
            // Down past criticalPoint1, moving down as the finger lifts.
            view.drag(by: -(pulldown.configuration.criticalPoint1 + 60), steps: 20) { _ in
                t += 1.0 / 60
                pulldown.tick(at: t)
            }
            let shifts = Self.framesShowingTheControllersOffset(view, 120, t: &t) { pulldown.tick(at: $0) }
            XCTAssertTrue(pulldown.state.isOpen, "the panel opened")
            XCTAssertTrue(shifts.contains { $0 != 0 }, "the list was held where ScrollPosition does not reach")
            XCTAssertEqual(shifts.last, 0, "open, the view is not shifted")
            XCTAssertEqual(view.applied.last?.placement, .top, "the list back at its top once the panel is open")
            XCTAssertEqual(pulldown.list.contentInsets.top, top, "the list's own inset, not the safe area too")
        }
    }
}
