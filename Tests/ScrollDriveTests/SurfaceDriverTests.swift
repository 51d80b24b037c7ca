import CScrollDrive
import Foundation
@testable import ScrollDrive
import ScrollDriveSim
import XCTest

/// The invariants that let `SurfaceDriver` keep a controller's per-frame
/// state without run-time exclusivity checks: whatever an observer does from
/// its callback (emit, step the core, attach another scroll view, remove
/// observers, drop the last reference to the controller), events keep their
/// order and the state stays the one a plain C caller gets.
final class SurfaceDriverTests: XCTestCase {
    private static let config = sd_bar_config(compact: 100, normal: 200, expanded: 300)
    /// What the bar's scroll view shows after `set(scrollable:)` in these tests.
    private static let geometry = sd_scroll_geometry(inset_top: 200, inset_bottom: 0, content_height: 2000,
                                                     frame_height: 600)

    /// A driver and the observer its controller would pass to `emit`.
    final class ObservedDriver {
        let driver: SurfaceDriver<sd_bar, Int>
        let observer: (Int) -> Void
        init(_ driver: SurfaceDriver<sd_bar, Int>, _ observer: @escaping (Int) -> Void) {
            self.driver = driver
            self.observer = observer
        }
        var core: sd_bar { driver.core }
        func step(_ event: sd_bar_event) -> sd_bar_actions? { driver.step(event) }
        func emit(_ event: Int) { driver.emit(event, to: observer) }
        func emit(contentsOf events: [Int]) { driver.emit(contentsOf: events, to: observer) }
    }

    private func makeDriver(_ observer: @escaping (Int) -> Void) throws -> ObservedDriver {
        ObservedDriver(SurfaceDriver(core: try sd_bar.make(Self.config)), observer)
    }

    private func makeView() -> ManualScrollView {
        ManualScrollView(contentSize: CGSize(width: 0, height: 2000), frame: CGRect(x: 0, y: 0, width: 0, height: 600))
    }

    // MARK: Order of delivery

    /// Each row: what is emitted from outside, what the observer emits when
    /// it is handed a given event, and the order the observer must see.
    func testEventsRaisedDuringDeliveryComeAfterTheCurrentOnes() throws {
        let reactions: [Int: [Int]] = [1: [10, 11, 12], 10: [100], 2: [20]]
        let rows: [(emitted: [[Int]], expected: [Int], line: UInt)] = [
            ([[1]], [1, 10, 11, 12, 100], #line),
            ([[1], [2]], [1, 10, 11, 12, 100, 2, 20], #line),
            ([[1, 2]], [1, 2, 10, 11, 12, 20, 100], #line),
            ([[3], [1, 3]], [3, 1, 3, 10, 11, 12, 100], #line),
            ([[]], [], #line),
        ]
        for row in rows {
            var seen: [Int] = []
            var driver: ObservedDriver!
            driver = try makeDriver { event in
                seen.append(event)
                // 10, 11 and 12 are one emit each; 100 comes as a sequence.
                for reaction in reactions[event] ?? [] {
                    if reaction == 100 { driver.emit(contentsOf: [reaction]) } else { driver.emit(reaction) }
                }
            }
            for batch in row.emitted {
                if batch.count == 1 { driver.emit(batch[0]) } else { driver.emit(contentsOf: batch) }
            }
            XCTAssertEqual(seen, row.expected, line: row.line)
            // The queue is empty afterwards: the next event is delivered alone.
            seen = []
            driver.emit(7)
            XCTAssertEqual(seen, [7], line: row.line)
        }
    }

    /// An observer that steps the core while one of its events is being
    /// delivered sees, and leaves, exactly the state a C caller stepping the
    /// same events gets.
    func testObserverSteppingTheCoreMidDeliveryMatchesTheCCore() throws {
        var reference = try sd_bar.make(Self.config)
        var actions = sd_bar_actions()
        var expected: [Double] = []
        for y in [-200.0, -150, -120] {
            var event = sd_bar_event_offset(0, 0, y, Self.geometry)
            XCTAssertEqual(sd_bar_step(&reference, &event, &actions, nil), SD_OK)
            expected.append(reference.state.offset)
        }
        XCTAssertEqual(expected, [-200, -150, -120])

        var seen: [Double] = []
        var driver: ObservedDriver!
        driver = try makeDriver { event in
            seen.append(driver.core.state.offset)
            if event < 3 {
                let y = [-150.0, -120][event - 1]
                XCTAssertNotNil(driver.step(sd_bar_event_offset(0, 0, y, Self.geometry)))
                driver.emit(event + 1)
            }
        }
        XCTAssertNotNil(driver.step(sd_bar_event_offset(0, 0, -200, Self.geometry)))
        driver.emit(1)
        XCTAssertEqual(seen, expected)
        XCTAssertEqual(withUnsafeBytes(of: driver.core) { Array($0) }, withUnsafeBytes(of: reference) { Array($0) },
                       "the driver's struct is bit-identical to the C caller's")
    }

    /// A rejected event changes nothing, also from inside a delivery.
    func testRejectedEventMidDeliveryChangesNothing() throws {
        var driver: ObservedDriver!
        var before: [UInt8] = []
        var after: [UInt8] = []
        driver = try makeDriver { _ in
            before = withUnsafeBytes(of: driver.core) { Array($0) }
            XCTAssertNil(driver.step(sd_bar_event_offset(0, 0, .nan, Self.geometry)))
            after = withUnsafeBytes(of: driver.core) { Array($0) }
        }
        XCTAssertNotNil(driver.step(sd_bar_event_offset(0, 0, -200, Self.geometry)))
        driver.emit(1)
        XCTAssertFalse(before.isEmpty)
        XCTAssertEqual(before, after)
    }

    // MARK: Controllers on scroll views

    /// Records what one bar controller reports, by name.
    private final class Log {
        var entries: [String] = []
    }

    func testObserverRemovedMidNotificationHearsNothingMore() {
        let view = makeView()
        let log = Log()
        var second: BarController!
        let first = BarController(configuration: .init(compactStateHeight: 100, normalStateHeight: 200,
                                                         expandedStateHeight: 300)) { state in
            log.entries.append("first \(state.height())")
            // On its third report (the second offset) the first controller
            // removes the second one, whose turn comes next.
            if log.entries.filter({ $0.hasPrefix("first") }).count == 3 { view.removeScrollObserver(second) }
        }
        second = BarController(configuration: .init(compactStateHeight: 100, normalStateHeight: 200,
                                                     expandedStateHeight: 300)) { state in
            log.entries.append("second \(state.height())")
        }
        first.set(scrollable: view)
        second.set(scrollable: view)
        for y in [-200.0, -150, -120, -110] { view.setContentOffset(CGPoint(x: 0, y: y)) }
        XCTAssertEqual(log.entries, ["first 200.0", "second 200.0", "first 150.0", "second 150.0", "first 120.0",
                                     "first 110.0"])
    }

    func testControllerRemovingItselfMidNotificationHearsNothingMore() {
        let view = makeView()
        var heights: [CGFloat] = []
        var controller: BarController!
        controller = BarController(configuration: .init(compactStateHeight: 100, normalStateHeight: 200,
                                                         expandedStateHeight: 300)) { state in
            heights.append(state.height())
            if heights.count == 2 { view.removeScrollObserver(controller) }
        }
        controller.set(scrollable: view)
        for y in [-200.0, -150, -120] { view.setContentOffset(CGPoint(x: 0, y: y)) }
        XCTAssertEqual(heights, [200, 150])
        XCTAssertEqual(controller.state.offset, -150)
    }

    /// A controller whose last reference goes while it is attached (outside
    /// any callback, and inside its observer while the driver still has
    /// events queued) is released; the scroll view carries on.
    func testControllerReleasedWhileAttached() {
        let view = makeView()
        weak var released: BarController?
        do {
            let controller = BarController(configuration: .init(compactStateHeight: 100, normalStateHeight: 200,
                                                                 expandedStateHeight: 300)) { _ in }
            controller.set(scrollable: view)
            view.setContentOffset(CGPoint(x: 0, y: -200))
            released = controller
        }
        XCTAssertNil(released, "the scroll view does not keep it alive")
        view.setContentOffset(CGPoint(x: 0, y: -150))
        view.setPanGestureState(.began)

        var heights: [CGFloat] = []
        var owner: BarController?
        weak var weakOwner: BarController?
        do {
            let controller = BarController(configuration: .init(compactStateHeight: 100, normalStateHeight: 200,
                                                                 expandedStateHeight: 300)) { state in
                heights.append(state.height())
                if heights.count == 2 {
                    // Raises a nested report (queued), then drops the last reference.
                    view.setPanGestureState(.began)
                    owner = nil
                }
            }
            owner = controller
            weakOwner = controller
            controller.set(scrollable: view)
        }
        view.setContentOffset(CGPoint(x: 0, y: -150))  // the first offset after attaching is only recorded
        view.setContentOffset(CGPoint(x: 0, y: -120))  // 30 points down: the bar goes from 200 to 170
        XCTAssertNil(owner)
        XCTAssertNil(weakOwner, "released once the notification returned")
        XCTAssertEqual(heights, [200, 170, 170], "the queued report was still delivered, after the current one")
        view.setContentOffset(CGPoint(x: 0, y: -110))
        XCTAssertEqual(heights.count, 3, "a released controller hears nothing more")
    }

    /// An observer that attaches another scroll view mid-delivery: the
    /// report of the new attachment comes after the current one, and only
    /// the new scroll view is heard from then on.
    func testAttachingAnotherScrollViewMidDelivery() {
        let old = makeView(), new = makeView()
        var heights: [CGFloat] = []
        var controller: BarController!
        controller = BarController(configuration: .init(compactStateHeight: 100, normalStateHeight: 200,
                                                         expandedStateHeight: 300)) { state in
            heights.append(state.height())
            if heights.count == 2 { controller.set(scrollable: new) }
        }
        controller.set(scrollable: old)
        old.setContentOffset(CGPoint(x: 0, y: -200))
        old.setContentOffset(CGPoint(x: 0, y: -150))
        XCTAssertEqual(heights, [200, 150, 150])
        old.setContentOffset(CGPoint(x: 0, y: -120))
        XCTAssertEqual(heights.count, 3, "the old scroll view is no longer heard")
        new.setContentOffset(CGPoint(x: 0, y: -150))  // the first offset after attaching is only recorded
        new.setContentOffset(CGPoint(x: 0, y: -130))
        XCTAssertEqual(heights, [200, 150, 150, 130])
    }
}
