import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// `ScrollObserverList` keeps no observer alive (controllers through their
/// receivers, the rest weakly); these tests pin down that it stays safe when
/// observers come and go, even from inside a notification (they also run
/// under AddressSanitizer and ThreadSanitizer: the list calls a receiver
/// without retaining it, see ObserverSlot.swift).
final class ScrollObserverListTests: XCTestCase {
    private static let configuration = BarController.Configuration(
        compactStateHeight: 100, normalStateHeight: 200, expandedStateHeight: 300)

    /// Records the offsets it hears about and can run an action on the next one.
    private final class Recorder: ScrollableObserver {
        var offsets: [CGFloat] = []
        var onOffset: (() -> Void)?
        func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
            offsets.append(contentOffset.y)
            let action = onOffset
            onOffset = nil
            action?()
        }
        func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}
        func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {}
    }

    private func makeView() -> ManualScrollView {
        ManualScrollView(contentSize: CGSize(width: 0, height: 2000), frame: CGRect(x: 0, y: 0, width: 0, height: 600))
    }

    func testControllerReleasedInsideItsOwnObserverCallback() {
        let view = makeView()
        var controller: BarController?
        weak var weakController: BarController?
        var heights: [CGFloat] = []
        var releaseOnNext = false
        do {
            let made = BarController(configuration: Self.configuration) { state in
                heights.append(state.height())
                if releaseOnNext { controller = nil }  // the last reference goes, mid-notification
            }
            controller = made
            weakController = made
            made.set(scrollable: view)
        }
        let after = Recorder()
        view.addScrollObserver(after)
        view.setContentOffset(CGPoint(x: 0, y: -200))
        view.setContentOffset(CGPoint(x: 0, y: -150))
        XCTAssertEqual(heights.last, 150)
        releaseOnNext = true
        view.setContentOffset(CGPoint(x: 0, y: -120))
        XCTAssertNil(controller)
        XCTAssertNil(weakController, "the controller is gone")
        XCTAssertEqual(heights.last, 120, "the report that released it was delivered")
        XCTAssertEqual(after.offsets, [-200, -150, -120], "observers after it are still notified")
        let reports = heights.count
        view.setContentOffset(CGPoint(x: 0, y: -100))
        XCTAssertEqual(heights.count, reports, "a released controller hears nothing more")
        XCTAssertEqual(after.offsets.last, -100)
    }

    func testObserverRemovedDuringNotificationIsSkipped() {
        let view = makeView()
        let first = Recorder(), second = Recorder()
        view.addScrollObserver(first)
        view.addScrollObserver(second)
        first.onOffset = { view.removeScrollObserver(second) }
        view.setContentOffset(CGPoint(x: 0, y: 10))
        XCTAssertEqual(first.offsets, [10])
        XCTAssertEqual(second.offsets, [], "removed before its turn")
        view.setContentOffset(CGPoint(x: 0, y: 20))
        XCTAssertEqual(first.offsets, [10, 20])
        XCTAssertEqual(second.offsets, [])
    }

    /// An observer removed inside a nested notification (an observer moved
    /// the offset from its callback) keeps its slot until the outer
    /// notification is over too: compacting when the inner one ends would
    /// shift the outer loop's indices and skip the next observer.
    func testRemovalInsideNestedNotificationKeepsTheOuterLoopsOrder() {
        let view = makeView()
        let a = Recorder(), b = Recorder(), c = Recorder()
        for observer in [a, b, c] { view.addScrollObserver(observer) }
        a.onOffset = { view.setContentOffset(CGPoint(x: 0, y: 2)) }
        b.onOffset = { view.removeScrollObserver(a) }  // first heard inside the nested notification
        view.setContentOffset(CGPoint(x: 0, y: 1))
        XCTAssertEqual(a.offsets, [1, 2])
        XCTAssertEqual(b.offsets, [2, 1])
        XCTAssertEqual(c.offsets, [2, 1])
        view.setContentOffset(CGPoint(x: 0, y: 3))
        XCTAssertEqual(a.offsets, [1, 2], "removed")
        XCTAssertEqual(b.offsets, [2, 1, 3])
        XCTAssertEqual(c.offsets, [2, 1, 3])
        view.addScrollObserver(a)
        c.onOffset = { XCTAssertEqual(a.offsets, [1, 2], "added again: last in line") }
        view.setContentOffset(CGPoint(x: 0, y: 4))
        XCTAssertEqual(a.offsets, [1, 2, 4])
    }

    func testObserverAddedDuringNotificationHearsTheSameChange() {
        let view = makeView()
        let first = Recorder(), late = Recorder()
        view.addScrollObserver(first)
        first.onOffset = { view.addScrollObserver(late) }
        view.setContentOffset(CGPoint(x: 0, y: 5))
        view.setContentOffset(CGPoint(x: 0, y: 6))
        XCTAssertEqual(late.offsets, [5, 6])
        view.addScrollObserver(late)
        view.setContentOffset(CGPoint(x: 0, y: 7))
        XCTAssertEqual(late.offsets, [5, 6, 7], "added once only")
    }

    func testOtherObserversAreHeldWeakly() {
        let list = ScrollObserverList()
        var recorder: Recorder? = Recorder()
        weak let weakRecorder = recorder
        list.add(recorder!)
        XCTAssertFalse(list.isEmpty)
        recorder = nil
        XCTAssertNil(weakRecorder)
        XCTAssertTrue(list.isEmpty)
        var calls = 0
        list.forEach { _ in calls += 1 }
        XCTAssertEqual(calls, 0)
    }

    func testControllersAreHeldWithoutKeepingThemAlive() {
        let list = ScrollObserverList()
        var controller: BarController? = BarController(configuration: Self.configuration) { _ in }
        weak let weakController = controller
        list.add(controller!)
        var seen: [ObjectIdentifier] = []
        list.forEach { seen.append(ObjectIdentifier($0)) }
        XCTAssertEqual(seen.count, 1)
        XCTAssertNotEqual(seen, [ObjectIdentifier(controller!)], "forEach hands out the controller's receiver")
        list.add(controller!)
        seen = []
        list.forEach { seen.append(ObjectIdentifier($0)) }
        XCTAssertEqual(seen.count, 1, "added once only")
        controller = nil
        XCTAssertNil(weakController)
        XCTAssertTrue(list.isEmpty)
        seen = []
        list.forEach { seen.append(ObjectIdentifier($0)) }
        XCTAssertEqual(seen, [], "a controller's receiver is not called once the controller is gone")
    }

    /// What `forEach` hands out for a controller is its receiver: a report
    /// through it reaches the controller as one made to the controller does.
    func testTheReceiverForwardsToTheController() {
        let view = makeView()
        var heights: [CGFloat] = []
        let controller = BarController(configuration: Self.configuration) { heights.append($0.height()) }
        controller.set(scrollable: view)
        let list = ScrollObserverList()
        list.add(controller)
        var handedOut: [any ScrollableObserver] = []
        list.forEach { handedOut.append($0) }
        XCTAssertEqual(handedOut.count, 1)
        view.setContentOffset(CGPoint(x: 0, y: -200))
        handedOut[0].scrollable(view, didChangeContentOffset: CGPoint(x: 0, y: -170))
        XCTAssertEqual(heights.last, 170)
        controller.scrollable(view, didChangeContentOffset: CGPoint(x: 0, y: -160))
        XCTAssertEqual(heights.last, 160)
        XCTAssertEqual(controller.state.height(), 160)
    }

    func testRemovedControllerStopsHearing() {
        let view = makeView()
        var heights: [CGFloat] = []
        let controller = BarController(configuration: Self.configuration) { heights.append($0.height()) }
        controller.set(scrollable: view)
        view.setContentOffset(CGPoint(x: 0, y: -200))
        view.setContentOffset(CGPoint(x: 0, y: -180))
        let reports = heights.count
        view.removeScrollObserver(controller)
        view.setContentOffset(CGPoint(x: 0, y: -150))
        XCTAssertEqual(heights.count, reports)
    }
}
