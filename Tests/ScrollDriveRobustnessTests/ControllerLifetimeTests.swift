import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// No cycle and no dangling reference between a controller and its scroll
/// views: a scroll view's list holds each controller's receiver without
/// retaining it per report (ObserverSlot in ScrollObserverList.swift), so
/// these run under AddressSanitizer (`make test-swift-asan`) and
/// ThreadSanitizer (`make test-swift-tsan`) as well as plainly. For each of
/// the four controllers: released while attached, it is freed and its
/// scroll views go on reporting; a scroll view released while attached is
/// freed and the controller goes on working; a controller released from
/// inside its own observer callback, mid-report, is freed once the report
/// is over and nothing after it breaks.
final class ControllerLifetimeTests: XCTestCase {
    private func makeView() -> ManualScrollView {
        ManualScrollView(contentOffset: CGPoint(x: 0, y: 0), contentSize: CGSize(width: 390, height: 3000),
                         frame: CGRect(x: 0, y: 0, width: 390, height: 800))
    }

    /// Moves `view` through a pull at the top and back, as a drag does.
    private func drag(_ view: ManualScrollView, from y: CGFloat = 0) {
        view.setPanGestureState(.began)
        for step in 1...40 {
            view.setContentOffset(CGPoint(x: 0, y: y - CGFloat(step) * 6))
            view.setPanGestureState(.changed)
        }
        view.setPanGestureState(.ended)
        for step in 1...40 { view.setContentOffset(CGPoint(x: 0, y: y - 240 + CGFloat(step) * 6)) }
    }

    /// A controller of each kind attached to `view` (the pull-down to all
    /// three of its roles), reporting to `observer`.
    private func makeControllers(_ view: ManualScrollView, observer: @escaping () -> Void) throws -> [AnyObject] {
        let bar = BarController(configuration: Configuration(compactStateHeight: 64, normalStateHeight: 128,
                                                              expandedStateHeight: 284)) { _ in observer() }
        bar.set(scrollable: view)
        let sheet = try SheetController(configuration: .seed(containerHeight: 800), initialDetent: .full) { _ in
            observer()
        }
        sheet.set(scrollable: view)
        let pulldown = PulldownPanelController { _ in observer() }
        pulldown.set(listScrollable: view)
        let refresh = RefreshController { _ in observer() }
        refresh.set(scrollable: view)
        return [bar, sheet, pulldown, refresh]
    }

    func testControllersReleasedWhileAttachedAreFreed() throws {
        let view = makeView()
        var heard = 0
        var controllers: [AnyObject]? = try makeControllers(view) { heard += 1 }
        let weakOnes = controllers!.map { WeakBox($0) }
        drag(view)
        XCTAssertGreaterThan(heard, 0)
        controllers = nil
        for (i, box) in weakOnes.enumerated() { XCTAssertNil(box.object, "controller \(i) is freed") }
        let before = heard
        drag(view)
        XCTAssertEqual(heard, before, "a freed controller hears nothing")
    }

    func testScrollViewReleasedWhileAttachedIsFreed() throws {
        var view: ManualScrollView? = makeView()
        weak let weakView = view
        var heard = 0
        let controllers = try makeControllers(view!) { heard += 1 }
        drag(view!)
        view = nil
        XCTAssertNil(weakView, "the scroll view is freed")
        // The controllers go on working without it.
        let bar = controllers[0] as! BarController, sheet = controllers[1] as! SheetController
        let pulldown = controllers[2] as! PulldownPanelController, refresh = controllers[3] as! RefreshController
        bar.expand(on: true)
        _ = bar.tick(at: 1)
        XCTAssertTrue(sheet.dragBegan(at: 1.1, contentOffset: 0))
        XCTAssertTrue(sheet.dragChanged(translation: 40, at: 1.2, contentOffset: 0))
        XCTAssertTrue(sheet.dragEnded(velocity: 0, at: 1.3))
        _ = sheet.tick(at: 3)
        _ = pulldown.tick(at: 3)
        _ = refresh.tick(at: 3)
        XCTAssertEqual(refresh.state.header, .refreshing, "the released pull refreshes")
        XCTAssertTrue(refresh.endRefreshing(at: 3))
        _ = refresh.tick(at: 4)
    }

    func testControllerReleasedInsideItsOwnCallbackMidReport() throws {
        let view = makeView()
        var controllers: [AnyObject?] = []
        var releaseIndex: Int?
        var calls = 0
        controllers = try makeControllers(view) {
            calls += 1
            // The first callback (the bar's: it is registered first) drops the
            // bar from inside its own callback; each later one drops the next.
            if let index = releaseIndex, index < controllers.count, controllers[index] != nil {
                controllers[index] = nil
                releaseIndex = index + 1
            }
        }.map { $0 }
        let weakOnes = controllers.map { WeakBox($0!) }
        let after = ManualScrollViewRecorder()
        view.addScrollObserver(after)
        releaseIndex = 0
        drag(view)
        drag(view, from: -240)
        XCTAssertGreaterThan(calls, 0)
        XCTAssertNil(weakOnes[0].object, "the bar dropped itself in its callback and is freed")
        XCTAssertGreaterThan(after.offsets, 0, "observers after a freed controller still hear every report")
        controllers = []
        for box in weakOnes { XCTAssertNil(box.object) }
        drag(view)
    }
}

/// A weak reference in an array.
private final class WeakBox {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// Counts the offsets it hears.
private final class ManualScrollViewRecorder: ScrollableObserver {
    var offsets = 0
    func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) { offsets += 1 }
    func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}
    func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {}
}
