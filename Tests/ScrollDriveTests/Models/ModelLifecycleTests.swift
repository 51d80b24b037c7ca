import Foundation
@testable import ScrollDrive
import XCTest

/// What every model promises beyond its frames: its event streams (each
/// event once, in order, ending with the model), no retain cycle among
/// model, controller, links and streams, and refresh's async work ending
/// refreshing exactly once.
final class ModelLifecycleTests: XCTestCase {
    static let geometry = ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: -120),
                                             contentSize: CGSize(width: 390, height: 3000),
                                             containerSize: CGSize(width: 390, height: 844))

    /// Two streams hear the bar's events once each and in order; a third,
    /// taken later, only what comes after; all end when the model goes.
    func testEventsOnceInOrderAndEndingWithTheModel() async throws {
        let (first, second, late, expected) = await MainActor.run {
            var model: BarModel? = BarModel(configuration: Configuration(
                compactStateHeight: 60, normalStateHeight: 120, expandedStateHeight: 200), roomInContent: false)
            let first = model!.events, second = model!.events
            model!.scroll.geometryChanged(Self.geometry)   // attaches: the state is reported
            model!.scroll.phaseChanged(to: .interacting, geometry: Self.geometry)   // pan began assigns
            let late = model!.events
            // The view applies the insets the bar asks for (its content margins).
            var moved = Self.geometry
            moved.contentInsets = model!.scroll.contentInsets
            XCTAssertEqual(moved.contentInsets.top, 200)   // a drag began at the top: expanded is offered
            var expected: [CGFloat] = []
            for y in stride(from: -110.0, through: 0, by: 10) {
                moved.contentOffset.y = y
                model!.scroll.geometryChanged(moved)
                model!.tick(at: (y + 120) / 600)
                expected.append(model!.controller.state.offset)
            }
            weak let gone = model
            model = nil
            XCTAssertNil(gone)
            return (first, second, late, expected)
        }
        func offsets(_ stream: AsyncStream<BarModel.Event>) async -> [CGFloat] {
            var out: [CGFloat] = []
            for await case let .stateChanged(state) in stream { out.append(state.offset) }
            return out
        }
        let a = await offsets(first), b = await offsets(second), c = await offsets(late)
        // The same events in both, and from the late one's subscription on in it.
        XCTAssertEqual(a, b)
        XCTAssertEqual(Array(a.suffix(c.count)), c)
        XCTAssertLessThan(c.count, a.count)
        // At least one event per move (each move assigns the state), ending where the bar ended.
        XCTAssertGreaterThanOrEqual(c.count, expected.count)
        XCTAssertEqual(c.last, expected.last)
        XCTAssertEqual(expected.last, -60)
    }

    /// A listener that stops listening is dropped: later events go to the others.
    func testAStoppedListenerIsDropped() async {
        let (kept, model) = await MainActor.run { () -> (AsyncStream<SheetModel.Event>, SheetModel) in
            let model = try! SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .half)
            return (model.events, model)
        }
        let task = Task { for await _ in await MainActor.run(body: { model.events }) {} }
        task.cancel()
        await task.value
        await MainActor.run {
            model.selectedDetent = .full
            for i in 0...90 { model.tick(at: Double(i) / 60) }
        }
        var got: [SheetModel.Event] = []
        for await event in kept {
            got.append(event)
            if got.count == 2 { break }
        }
        XCTAssertEqual(got, [.willMove(to: .full), .didMove(to: .full)])
    }

    /// Every model, attached and used, goes away with its controller and
    /// links when the app lets go of it (nothing holds it in a cycle), also
    /// with a stream and a running refresh outstanding.
    func testNoRetainCycle() throws {
        try MainActor.assumeIsolated {
            weak var bar: BarModel?, barController: BarController?, link: ScrollLink?
            weak var sheet: SheetModel?, sheetController: SheetController?
            weak var pulldown: PulldownPanelModel?, pulldownController: PulldownPanelController?
            weak var refresh: RefreshModel?, refreshController: RefreshController?
            var streams: [Any] = []
            do {
                let b = BarModel(configuration: Configuration(compactStateHeight: 60, normalStateHeight: 120,
                                                              expandedStateHeight: 200), roomInContent: false)
                b.scroll.geometryChanged(Self.geometry)
                b.tick(at: 0)
                streams.append(b.events)
                bar = b; barController = b.controller; link = b.scroll

                let s = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .half)
                s.inner.geometryChanged(Self.geometry)
                s.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: -300), time: 0.1))
                s.dragEnded(DragGestureValue(translation: CGSize(width: 0, height: -300), time: 0.2))
                streams.append(s.events)
                sheet = s; sheetController = s.controller

                let p = PulldownPanelModel()
                p.list.geometryChanged(Self.geometry)
                p.tick(at: 0)
                streams.append(p.events)
                pulldown = p; pulldownController = p.controller

                let r = RefreshModel(refresh: { try? await Task.sleep(nanoseconds: 10_000_000_000) })
                r.scroll.geometryChanged(Self.geometry)
                r.beginRefreshing()
                r.tick(at: 1)   // the header is in place: the refresh closure's task starts
                XCTAssertTrue(r.isRefreshing)
                streams.append(r.events)
                refresh = r; refreshController = r.controller
            }
            XCTAssertNil(bar); XCTAssertNil(barController); XCTAssertNil(link)
            XCTAssertNil(sheet); XCTAssertNil(sheetController)
            XCTAssertNil(pulldown); XCTAssertNil(pulldownController)
            XCTAssertNil(refresh); XCTAssertNil(refreshController)
            XCTAssertEqual(streams.count, 4)
        }
    }

    /// The refresh closure's return ends refreshing once; a cancelled
    /// refresh ends at once, and its closure's later return does not end the
    /// next refresh.
    func testRefreshEndsExactlyOnceCancellationIncluded() async {
        let (gate, model) = await MainActor.run {
            let gate = Gate()
            return (gate, RefreshModel(configuration: .mjRefresh, refresh: { await gate.wait() }))
        }
        func header() async -> RefreshController.HeaderState { await MainActor.run { model.controller.state.header } }
        await MainActor.run {
            model.scroll.geometryChanged(ScrollViewGeometry(contentSize: CGSize(width: 390, height: 3000),
                                                            containerSize: CGSize(width: 390, height: 844)))
            model.beginRefreshing()
            model.tick(at: 0.3)   // in place: `refresh` is called
        }
        await RefreshModelTests.settle { MainActor.assumeIsolated { gate.calls == 1 } }
        let calls = await gate.calls
        XCTAssertEqual(calls, 1)
        let refreshing = await header()
        XCTAssertEqual(refreshing, .refreshing)
        // Cancelled: refreshing ends now, once.
        let cancelled = await MainActor.run { model.cancelRefresh() }
        XCTAssertTrue(cancelled)
        let ended = await header()
        XCTAssertEqual(ended, .done)
        let again = await MainActor.run { model.cancelRefresh() }
        XCTAssertFalse(again)
        // A second refresh; the first closure returns meanwhile (it ignored
        // its cancellation): the second keeps refreshing.
        await MainActor.run {
            model.tick(at: 1)   // the header has gone
            model.beginRefreshing(); model.tick(at: 1.3)
        }
        await RefreshModelTests.settle { MainActor.assumeIsolated { gate.calls == 2 } }
        await MainActor.run { gate.open() }   // both closures return
        await RefreshModelTests.settle { MainActor.assumeIsolated { !model.isRefreshing } }
        let second = await header()
        XCTAssertEqual(second, .done)   // the second refresh's return ended it
        let events = await MainActor.run { model.controller.state }
        XCTAssertEqual(events.header, .done)
    }

    /// A load returns `.noMoreData`: the footer says so.
    func testLoadMoreEndsWithItsResult() async {
        let model = await MainActor.run {
            RefreshModel(refresh: {}, loadMore: { .noMoreData })
        }
        await MainActor.run {
            model.scroll.geometryChanged(ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: 0),
                                                            contentSize: CGSize(width: 390, height: 300),
                                                            containerSize: CGSize(width: 390, height: 844)))
            model.tick(at: 0.1)
        }
        await RefreshModelTests.settle { MainActor.assumeIsolated { model.controller.state.footer == .noMoreData } }
        let footer = await MainActor.run { model.controller.state.footer }
        XCTAssertEqual(footer, .noMoreData)
    }
}
