import Foundation
import ScrollDrive
import XCTest

/// The bar's scroll policy through the Swift API (the rules are the C
/// core's, tested there at each threshold): configuration, errors, equality,
/// and one behaviour each through the controller.
final class BarPolicyTests: XCTestCase {
    private typealias Config = BarController.Configuration

    func testAirBarInitialiserHasNoPolicy() throws {
        let airbar = Config(compactStateHeight: 60, normalStateHeight: 120, expandedStateHeight: 200)
        XCTAssertEqual(airbar.scrollPolicy, [])
        let validated = try Config(validatingCompactStateHeight: 60, normalStateHeight: 120, expandedStateHeight: 200)
        XCTAssertEqual(validated, airbar)
        let policy = try Config(validatingCompactStateHeight: 60, normalStateHeight: 120, expandedStateHeight: 200,
                                scrollPolicy: [.exitUntilCollapsed, .snapByDirection, .expandWheneverAtTop])
        XCTAssertEqual(policy.scrollPolicy, [.exitUntilCollapsed, .snapByDirection, .expandWheneverAtTop])
        XCTAssertNotEqual(policy, airbar)
        XCTAssertEqual(Set([policy, airbar, validated]).count, 2)
    }

    func testBothSnapsAreRejected() {
        XCTAssertThrowsError(try Config(validatingCompactStateHeight: 60, normalStateHeight: 120,
                                        expandedStateHeight: 200, scrollPolicy: [.snapByDirection, .noSnap])) { error in
            XCTAssertEqual((error as? ConfigurationError)?.field, "policy")
        }
        XCTAssertThrowsError(try Config(validatingCompactStateHeight: 60, normalStateHeight: 120,
                                        expandedStateHeight: 200, scrollPolicy: .init(rawValue: 1 << 6))) { error in
            XCTAssertEqual((error as? ConfigurationError)?.field, "policy")
        }
    }

    /// The frame's large title, through the controller.
    func testLargeTitleFrame() throws {
        let c = try Config(validatingCompactStateHeight: 44, normalStateHeight: 96, expandedStateHeight: 140,
                           scrollPolicy: .largeTitle)
        let bar = BarController(configuration: c, stateObserver: { _ in })
        let view = BarTestScrollView(top: 96)
        bar.set(scrollable: view)
        let rows: [(UInt, CGFloat, CGFloat, CGFloat)] = [
            (#line, -96, 1, 1),      // large
            (#line, -83, 1, 0.5),    // three quarters up: half each
            (#line, -70, 1, 0),      // halfway: gone
            (#line, -20, 1, 0),      // inline
        ]
        for (line, y, scale, largeAlpha) in rows {
            view.scroll(to: y)
            XCTAssertEqual(bar.frame.titleScale, scale, line: line)
            XCTAssertEqual(bar.frame.largeTitleAlpha, largeAlpha, line: line)
            XCTAssertEqual(bar.frame.inlineTitleAlpha, 1 - largeAlpha, line: line)
        }
    }

    /// Exit until collapsed through the controller: a scroll back up inside
    /// the content leaves the bar compact; at the content's top edge it grows.
    func testExitUntilCollapsedThroughTheController() throws {
        let rows: [(UInt, BarController.ScrollPolicy, [CGFloat])] = [
            (#line, [], [60, 120, 120]),
            (#line, .exitUntilCollapsed, [60, 60, 90]),
        ]
        for (line, policy, heights) in rows {
            let c = try Config(validatingCompactStateHeight: 60, normalStateHeight: 120, expandedStateHeight: 200,
                               scrollPolicy: policy)
            let bar = BarController(configuration: c, stateObserver: { _ in })
            let view = BarTestScrollView()
            bar.set(scrollable: view)
            var got: [CGFloat] = []
            for y: CGFloat in [-120, 400] { view.scroll(to: y) }
            got.append(bar.state.height())
            view.scroll(to: 200)
            got.append(bar.state.height())
            view.scroll(to: -90)
            got.append(bar.state.height())
            XCTAssertEqual(got, heights, line: line)
        }
    }

    /// Reduced motion through the controller: a release's snap goes to the
    /// scroll view's short ease-out, to the same target; a scroll view
    /// written for AirBar (no such method) gets the ordinary animated move.
    func testReducedMotionSnapsThroughTheShortEaseOut() throws {
        for (policy, short) in [(BarController.ScrollPolicy.reducedMotion, true), ([], false)] {
            let c = try Config(validatingCompactStateHeight: 60, normalStateHeight: 120, expandedStateHeight: 200,
                               scrollPolicy: policy)
            let bar = BarController(configuration: c, stateObserver: { _ in })
            let view = ShortEaseOutScrollView()
            bar.set(scrollable: view)
            XCTAssertEqual(bar.frame.isReducedMotion, short)
            view.pan(.began)
            for y: CGFloat in [-120, -100, -80] { view.scroll(to: y) }
            view.pan(.ended)
            XCTAssertEqual(view.moves.map(\.y), [-60], "80 pt tall, nearer compact: 20 pt on")
            XCTAssertEqual(view.moves.map(\.short), [short])
            let airbar = BarTestScrollView()
            let other = BarController(configuration: c, stateObserver: { _ in })
            other.set(scrollable: airbar)
            for y: CGFloat in [-120, -80] { airbar.scroll(to: y) }
            // The default implementation forwards to updateContentOffset(_:animated: true).
            airbar.updateContentOffsetWithShortEaseOut(CGPoint(x: 0, y: -60))
            XCTAssertEqual(airbar.contentOffset.y, -60)
        }
    }
}

/// A scroll view that records which kind of animated move it was asked for.
private final class ShortEaseOutScrollView: Scrollable {
    private(set) var contentOffset = CGPoint(x: 0, y: -120)
    var contentInset = EdgeInsets(top: 120, left: 0, bottom: 0, right: 0)
    var scrollIndicatorInsets: EdgeInsets = .zero
    var contentSize = CGSize(width: 390, height: 2400)
    var frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    private(set) var moves: [(y: CGFloat, short: Bool)] = []
    private var observers = ScrollObserverList()

    func scroll(to y: CGFloat) {
        contentOffset.y = y
        observers.forEach { $0.scrollable(self, didChangeContentOffset: contentOffset) }
    }

    func pan(_ state: PanGestureState) { observers.forEach { $0.scrollable(self, didChangePanGestureState: state) } }

    func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        if animated { moves.append((contentOffset.y, false)) }
        scroll(to: contentOffset.y)
    }

    func updateContentOffsetWithShortEaseOut(_ contentOffset: CGPoint) {
        moves.append((contentOffset.y, true))
        scroll(to: contentOffset.y)
    }

    func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }
}

/// A minimal scroll view for the bar: offsets as the test sets them.
private final class BarTestScrollView: Scrollable {
    private(set) var contentOffset: CGPoint
    var contentInset: EdgeInsets
    var scrollIndicatorInsets: EdgeInsets = .zero
    var contentSize = CGSize(width: 390, height: 2400)
    var frame = CGRect(x: 0, y: 0, width: 390, height: 844)
    private var observers = ScrollObserverList()

    init(top: CGFloat = 120) {
        contentOffset = CGPoint(x: 0, y: -top)
        contentInset = EdgeInsets(top: top, left: 0, bottom: 0, right: 0)
    }

    func scroll(to y: CGFloat) {
        contentOffset.y = y
        observers.forEach { $0.scrollable(self, didChangeContentOffset: contentOffset) }
    }

    func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) { scroll(to: contentOffset.y) }
    func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }
}
