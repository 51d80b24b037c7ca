import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// `RefreshController` driven through its scroll view, its frame clock
/// (`tick(at:)`) and the app's calls. The numbers: MJRefresh's header (54)
/// and footer (44) under a 64-point nav bar and a 49-point tab bar, a
/// 600-point viewport; the threshold is a pull distance of 54, i.e. an
/// offset below -118.
final class RefreshControllerTests: XCTestCase {
    typealias Controller = RefreshController

    private var events: [Controller.Event] = []

    private func configuration(minimum: TimeInterval = 1, triggerDistance: CGFloat = 0) throws -> Controller.Configuration {
        try Controller.Configuration(contentInsetTop: 64, contentInsetBottom: 49, viewportHeight: 600,
                                     minimumRefreshingTime: minimum, footerTriggerDistance: triggerDistance)
    }

    /// A controller attached to a 2000-point list resting at its top.
    private func make(_ configuration: Controller.Configuration,
                      observer: ((Controller, Controller.Event) -> Void)? = nil) -> (Controller, ManualScrollView)
    {
        let list = ManualScrollView(contentOffset: CGPoint(x: 0, y: -64), contentSize: CGSize(width: 375, height: 2000),
                                    frame: CGRect(x: 0, y: 0, width: 375, height: 600))
        var hook: (Controller.Event) -> Void = { _ in }
        let controller = Controller(configuration: configuration) { hook($0) }
        hook = { [unowned controller, unowned self] event in
            self.events.append(event)
            observer?(controller, event)
        }
        controller.set(scrollable: list)
        return (controller, list)
    }

    private func ease(_ s: Double) -> Double {
        var curve = sd_timing_ease_in_out
        return sd_timing_curve_value(&curve, s)
    }

    // MARK: - Configuration

    func testPresetAndRules() throws {
        let m = Controller.Configuration.mjRefresh
        XCTAssertEqual([m.headerHeight, m.pullThreshold, m.footerHeight, m.viewportHeight], [54, 54, 44, 667])
        XCTAssertEqual([m.beginDuration, m.endDuration, m.minimumRefreshingTime], [0.25, 0.4, 0])
        XCTAssertEqual([m.footerTriggerDistance, m.contentInsetTop, m.contentInsetBottom], [0, 0, 0])
        XCTAssertEqual(m.footerTriggerFraction, 0)
        XCTAssertTrue(m.isHeaderEnabled && m.isFooterEnabled)
        XCTAssertEqual(try Controller.Configuration(), m)
        XCTAssertEqual(m.pullDistance(contentOffset: -100), 100)
        XCTAssertEqual(try configuration().pullDistance(contentOffset: -100), 36)
        XCTAssertNil(m.pullDistance(contentOffset: .nan))
        let rows: [(line: UInt, make: () throws(ConfigurationError) -> Controller.Configuration, field: String,
                    kind: ConfigurationError.Kind)] = [
            (#line, { () throws(ConfigurationError) in try .init(viewportHeight: 0) }, "viewport_height", .negative),
            (#line, { () throws(ConfigurationError) in try .init(pullThreshold: .nan) }, "pull_threshold", .notFinite),
            (#line, { () throws(ConfigurationError) in try .init(minimumRefreshingTime: -1) }, "min_refreshing_time", .negative),
            (#line, { () throws(ConfigurationError) in try .init(footerTriggerFraction: 1.0.nextUp) },
             "footer_trigger_fraction", .outOfRange),
            (#line, { () throws(ConfigurationError) in try .init(headerHeight: 1e6.nextUp) }, "header_height", .outOfRange),
        ]
        for row in rows {
            do {
                _ = try row.make()
                XCTFail("accepted", line: row.line)
            } catch {
                XCTAssertEqual(error.surface, "refresh", line: row.line)
                XCTAssertEqual(error.field, row.field, line: row.line)
                XCTAssertEqual(error.kind, row.kind, line: row.line)
            }
        }
        XCTAssertNoThrow(try Controller.Configuration(footerTriggerFraction: 1))
    }

    // MARK: - The header

    func testAttachSetsTheInsets() throws {
        let (controller, list) = make(try configuration())
        XCTAssertEqual(list.contentInset.top, 64)
        XCTAssertEqual(list.contentInset.bottom, 49 + 44)
        XCTAssertEqual(controller.state, Controller.State(header: .idle, footer: .idle))
        XCTAssertEqual(events, [])
    }

    /// Pulling past the threshold (one ulp below -118), releasing: refreshing,
    /// the inset held at 118, the offset eased to -118 over 0.25 s.
    func testPullAndReleaseRefreshes() throws {
        let (controller, list) = make(try configuration())
        controller.tick(at: 1)
        list.setPanGestureState(.began)
        list.setContentOffset(CGPoint(x: 0, y: -100))
        list.setContentOffset(CGPoint(x: 0, y: -118))
        XCTAssertEqual(controller.state.header, .idle, "a pull distance of exactly 54 is not beyond it")
        list.setContentOffset(CGPoint(x: 0, y: (-118.0).nextDown))
        XCTAssertEqual(events, [.headerStateChanged(.pulling)])
        XCTAssertEqual(controller.frame.progress, 1)
        list.setContentOffset(CGPoint(x: 0, y: -200))
        list.setPanGestureState(.ended)
        // The app is told to refresh when the begin motion ends (MJRefresh).
        XCTAssertEqual(events, [.headerStateChanged(.pulling), .headerStateChanged(.refreshing)])
        XCTAssertEqual(list.contentInset.top, 118)
        XCTAssertTrue(controller.frame.isAnimating)
        // Each tick sets the eased offset.
        for t in [1.05, 1.125, 1.2] {
            let frame = controller.tick(at: t)
            let want = -200 + (-118 - -200) * ease((t - 1) / 0.25)
            XCTAssertEqual(frame.contentOffset, want)
            XCTAssertTrue(frame.isOffsetDriven)
            XCTAssertEqual(list.requests.last, .init(contentOffset: CGPoint(x: 0, y: want), animated: false))
        }
        XCTAssertEqual(events.last, .headerStateChanged(.refreshing))
        let frame = controller.tick(at: 1.25)
        XCTAssertEqual(events, [.headerStateChanged(.pulling), .headerStateChanged(.refreshing), .refresh])
        XCTAssertFalse(frame.isAnimating)
        XCTAssertEqual(list.requests.last, .init(contentOffset: CGPoint(x: 0, y: -118), animated: false))
        XCTAssertEqual(frame.state.header, .refreshing)
        XCTAssertEqual([frame.headerTop, frame.headerVisibleHeight, frame.insetTop], [-54, 54, 118])
    }

    /// A release at or above the threshold, or a pull back above it, does not refresh.
    func testPullBackBeforeReleaseDoesNotRefresh() throws {
        let (controller, list) = make(try configuration())
        list.setPanGestureState(.began)
        list.setContentOffset(CGPoint(x: 0, y: -200))
        list.setContentOffset(CGPoint(x: 0, y: -118))
        list.setPanGestureState(.ended)
        XCTAssertEqual(events, [.headerStateChanged(.pulling), .headerStateChanged(.idle)])
        XCTAssertEqual(list.contentInset.top, 64)
        XCTAssertEqual(controller.state.header, .idle)
    }

    /// While refreshing, scrolling the content up lowers the held inset to
    /// max(64, min(118, -y)), so the header scrolls away with the content.
    func testInsetHeldWhileRefreshing() throws {
        let (controller, list) = make(try configuration())
        XCTAssertTrue(controller.beginRefreshing(at: 0))
        controller.tick(at: 0.25)
        let rows: [(line: UInt, y: CGFloat, inset: CGFloat)] = [
            (#line, -118, 118), (#line, -100, 100), (#line, -64, 64), (#line, 200, 64), (#line, -150, 118),
        ]
        list.setPanGestureState(.began)
        for row in rows {
            list.setContentOffset(CGPoint(x: 0, y: row.y))
            XCTAssertEqual(list.contentInset.top, row.inset, line: row.line)
            XCTAssertEqual(controller.frame.insetTop, row.inset, line: row.line)
        }
        list.setPanGestureState(.ended)
        XCTAssertEqual(controller.state.header, .refreshing, "a release while refreshing changes nothing")
        XCTAssertFalse(controller.beginRefreshing(), "already refreshing")
    }

    /// The minimum refreshing time (1 s): an end at 0.5 s takes effect at
    /// exactly 1 s; the end motion then runs 0.4 s and gives the inset back.
    func testMinimumRefreshingTime() throws {
        let (controller, list) = make(try configuration())
        XCTAssertFalse(controller.endRefreshing(at: 0), "not refreshing")
        controller.beginRefreshing(at: 0)
        controller.tick(at: 0.25)
        XCTAssertTrue(controller.endRefreshing(at: 0.5))
        XCTAssertFalse(controller.endRefreshing(at: 0.6), "an end is already pending")
        XCTAssertEqual(events, [.headerStateChanged(.refreshing), .refresh])
        XCTAssertEqual(controller.tick(at: 0.99).state.header, .refreshing)
        XCTAssertEqual(controller.frame(at: 1.0)?.state.header, .done, "the frame knows without a tick")
        let done = controller.tick(at: 1.1)
        XCTAssertEqual(events.last, .headerStateChanged(.done))
        // (The core's elapsed time is 1.1 - 1.0, not 0.1: the same bits here.)
        XCTAssertEqual(done.contentOffset, -118 + (-64 - -118) * ease((1.1 - 1.0) / 0.4))
        XCTAssertEqual(done.progress, 1 - ease((1.1 - 1.0) / 0.4))
        XCTAssertEqual(list.contentInset.top, 118, "held until the end motion is over")
        let idle = controller.tick(at: 1.4)
        XCTAssertEqual(events.last, .headerStateChanged(.idle))
        XCTAssertEqual(idle.state.header, .idle)
        XCTAssertEqual(list.contentInset.top, 64)
        XCTAssertEqual(list.requests.last, .init(contentOffset: CGPoint(x: 0, y: -64), animated: false))
    }

    /// Without a minimum, an end after the begin motion takes effect at once.
    func testEndWithoutMinimum() throws {
        let (controller, _) = make(try configuration(minimum: 0))
        controller.beginRefreshing(at: 2)
        controller.tick(at: 2.3)
        XCTAssertTrue(controller.endRefreshing())
        XCTAssertEqual(events, [.headerStateChanged(.refreshing), .refresh, .headerStateChanged(.done)])
        XCTAssertFalse(controller.beginRefreshing(), "done: not yet idle")
    }

    // MARK: - The footer

    /// Trigger distance 100: the zone begins at y = 2000 + 49 + 44 - 600 - 100
    /// = 1393. One load per approach; out of the zone and back in is a new one.
    func testFooterFiresOncePerApproach() throws {
        let (controller, list) = make(try configuration(triggerDistance: 100))
        list.setPanGestureState(.began)
        list.setContentOffset(CGPoint(x: 0, y: (1393.0).nextDown))
        XCTAssertEqual(events, [])
        list.setContentOffset(CGPoint(x: 0, y: 1393))
        XCTAssertEqual(events, [.footerStateChanged(.loading), .loadMore])
        list.setContentOffset(CGPoint(x: 0, y: 1450))
        XCTAssertTrue(controller.endLoading())
        XCTAssertFalse(controller.endLoading(), "not loading")
        list.setContentOffset(CGPoint(x: 0, y: 1493))
        list.setContentOffset(CGPoint(x: 0, y: 1400))
        XCTAssertEqual(events, [.footerStateChanged(.loading), .loadMore, .footerStateChanged(.idle)])
        list.setContentOffset(CGPoint(x: 0, y: 1300))
        list.setContentOffset(CGPoint(x: 0, y: 1393))
        XCTAssertEqual(events.filter { $0 == .loadMore }.count, 2)
        XCTAssertEqual(controller.frame.remainingDistance, 100)
        XCTAssertEqual(controller.frame.footerTop, 2000)
        // No more data: no load until reset.
        XCTAssertTrue(controller.endLoading(noMoreData: true))
        XCTAssertEqual(events.last, .footerStateChanged(.noMoreData))
        list.setContentOffset(CGPoint(x: 0, y: 0))
        list.setContentOffset(CGPoint(x: 0, y: 1450))
        XCTAssertEqual(events.filter { $0 == .loadMore }.count, 2)
        XCTAssertFalse(controller.noMoreData())
        XCTAssertTrue(controller.resetNoMoreData())
        list.setContentOffset(CGPoint(x: 0, y: 1460))
        XCTAssertEqual(events.filter { $0 == .loadMore }.count, 3)
    }

    /// An observer that ends the load from `loadMore` (new content appended):
    /// the events still come in order, and the grown content re-arms the footer.
    func testObserverEndsTheLoadFromTheEvent() throws {
        var list: ManualScrollView!
        let made = make(try configuration(triggerDistance: 100)) { controller, event in
            guard event == .loadMore else { return }
            list.setContentSize(CGSize(width: 375, height: list.contentSize.height + 1000))
            controller.endLoading()
        }
        list = made.1
        list.setContentOffset(CGPoint(x: 0, y: 1400))
        XCTAssertEqual(events, [.footerStateChanged(.loading), .loadMore, .footerStateChanged(.idle)])
        list.setContentOffset(CGPoint(x: 0, y: 2393))
        XCTAssertEqual(events.filter { $0 == .loadMore }.count, 2)
        XCTAssertEqual(made.0.frame.footerTop, 4000, "each load appended 1000 points")
    }

    // MARK: - docs/surfaces.md's example

    func testReadmeExample() throws {
        var reloads = 0, pages = 0
        func reload() { reloads += 1 }
        func loadNextPage() { pages += 1 }
        let tableView = ManualScrollView(contentOffset: CGPoint(x: 0, y: -64), contentSize: CGSize(width: 375, height: 3000),
                                         frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        // --- docs/surfaces.md: pull to refresh ---
        let refresh = RefreshController(configuration: try .init(contentInsetTop: 64, minimumRefreshingTime: 1)) { event in
            switch event {
            case .refresh: reload()                                   // then refresh.endRefreshing()
            case .loadMore: loadNextPage()                            // then refresh.endLoading()
            case .headerStateChanged, .footerStateChanged: break      // e.g. "Release to refresh"
            }
        }
        refresh.set(scrollable: tableView)      // a Scrollable; it gets the insets
        refresh.beginRefreshing(at: 0)          // or a pull past 54 pt and a release
        let frame = refresh.tick(at: 0.25)      // frame.insetTop 118, frame.contentOffset -118, frame.progress 1
        refresh.endRefreshing(at: 0.5)          // before the 1 s minimum: the header goes at 1 s exactly
        // --- end ---
        XCTAssertEqual([frame.insetTop, frame.contentOffset, frame.progress], [118, -118, 1])
        XCTAssertEqual([reloads, pages], [1, 0])
        XCTAssertEqual(refresh.frame(at: 0.999)?.state.header, .refreshing)
        XCTAssertEqual(refresh.frame(at: 1.0)?.state.header, .done)
        XCTAssertEqual(tableView.contentInset.top, 118)
    }

    // MARK: - Time, rejects, reconfigure

    func testRejectedInputsChangeNothing() throws {
        let (controller, _) = make(try configuration())
        controller.tick(at: 1)
        let before = controller.frame
        XCTAssertFalse(controller.beginRefreshing(at: .nan))
        XCTAssertFalse(controller.beginRefreshing(at: -1))
        XCTAssertFalse(controller.resetNoMoreData())
        controller.tick(at: .infinity)
        XCTAssertEqual(controller.time, 1)
        XCTAssertEqual(controller.frame, before)
        XCTAssertNil(controller.frame(at: .nan))
        XCTAssertEqual(events, [])
        let off = Controller(configuration: try Controller.Configuration(isHeaderEnabled: false))
        XCTAssertFalse(off.beginRefreshing())
    }

    func testReconfigureKeepsTheStateAndAppliesInsets() throws {
        let (controller, list) = make(try configuration())
        controller.beginRefreshing(at: 0)
        controller.tick(at: 0.3)
        XCTAssertThrowsError(try controller.reconfigure(try Controller.Configuration(viewportHeight: 0)))
        let taller = try Controller.Configuration(base: try configuration(), contentInsetBottom: 83, viewportHeight: 812)
        try controller.reconfigure(taller)
        XCTAssertEqual(controller.configuration, taller)
        XCTAssertEqual(controller.state.header, .refreshing)
        XCTAssertEqual(list.contentInset.bottom, 83 + 44)
        XCTAssertEqual(list.contentInset.top, 118)
    }
}
