import Foundation
import Observation

/// Pull to refresh and load more for a SwiftUI view: a `RefreshController`
/// fed its list's geometry and phase and the frame clock, calling the
/// app's `async` work the way `.refreshable { await ... }` does.
///
/// - In: `scroll` (the list's `onScrollGeometryChange` and
///   `onScrollPhaseChange`), `tick(at:)` at each display frame while `needsFrames` is true,
///   `beginRefreshing()`, `noMoreData()`, `resetNoMoreData()`.
/// - Work: when the header is in place (the controller's `.refresh`), the
///   model calls `refresh` in a task of its own and ends refreshing when it
///   returns, or at once when `cancelRefresh()` cancels it (the closure
///   should stop at cancellation; its later return changes nothing): once
///   per refresh either way. `loadMore` likewise, ending the load with what
///   it returns. These tasks are the only ones a model starts; they hold
///   the model weakly and are cancelled when it goes away.
/// - Out, observed: `frame` (and `state`), changed at a tick only when a
///   value other than its time differs; `scroll`'s insets (the header's
///   room while refreshing) and scroll target (the header's motions).
/// - Events: `events`, an `AsyncStream` per loop.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class RefreshModel: RegisteredObservable {
    /// What the surface tells its listeners, as `RefreshController.Event`.
    public typealias Event = RefreshController.Event

    /// What a load of more data found.
    public enum LoadResult: Sendable {
        /// A page came: the footer loads again on the next approach of the end.
        case loaded
        /// Everything is loaded: the footer stops loading.
        case noMoreData
    }

    /// The surface as of the latest tick whose values changed (its `time`
    /// is when they first showed).
    public private(set) var frame: RefreshController.Frame {
        get { observed(Keys.frame, storedFrame) }
        set { mutate(Keys.frame) { storedFrame = newValue } }
    }
    /// `frame` as last published (compared without registering an access).
    private var storedFrame: RefreshController.Frame
    /// Whether the view must call `tick(at:)` at every display frame
    /// (observed; it changes only when it changes): while a scroll view
    /// moves, holds a geometry for the next tick or asks to be scrolled,
    /// and while the surface moves by itself or a finger is on it. At rest
    /// it is false, so a `TimelineView(.animation(paused: !model.needsFrames))`
    /// stops. The rule: NeedsFrames.swift.
    public private(set) var needsFrames: Bool {
        get { observed(Keys.needsFrames, storedNeedsFrames) }
        set { mutate(Keys.needsFrames) { storedNeedsFrames = newValue } }
    }
    private var storedNeedsFrames = false
    let registrar = ObservationRegistrar()
    /// Each observed property's key path, made once (see `ScrollLink`).
    @MainActor private enum Keys {
        static let frame: KeyPath<RefreshModel, RefreshController.Frame> = \.frame
        static let needsFrames: KeyPath<RefreshModel, Bool> = \.needsFrames
    }

    /// The list's scroll view.
    public let scroll: ScrollLink

    let controller: RefreshController
    private let channel = EventChannel<Event>()
    private let work: Work

    /// A surface of `configuration` at rest (clock 0). `refresh` is the
    /// app's reload, `loadMore` its next page (nil: the footer's loads end
    /// at once, as `.loaded`).
    public init(configuration: RefreshController.Configuration = .mjRefresh,
                refresh: @escaping @MainActor () async -> Void,
                loadMore: (@MainActor () async -> LoadResult)? = nil)
    {
        let channel = self.channel
        let relay = EventRelay<Event>()
        controller = RefreshController(configuration: configuration) { event in
            channel.send(event)
            relay.forward(event)
        }
        work = Work(refresh: refresh, loadMore: loadMore)
        storedFrame = controller.frame
        scroll = ScrollLink { [unowned controller] in controller.set(scrollable: $0) }
        // The insets the controller sets on attaching, published from the
        // start: the first geometry is laid out with them.
        scroll.setOwnInset(EdgeInsets(top: storedFrame.insetTop, bottom: storedFrame.insetBottom))
        relay.target = { [unowned self] event in self.received(event) }
        scroll.activityChanged = { [unowned self] in self.updateNeedsFrames() }
    }

    private func updateNeedsFrames() {
        let needs = scroll.isActive || controller.needsFrames
        if needs != storedNeedsFrames { needsFrames = needs }
    }

    /// The link's values published, then `needsFrames` brought up to date.
    private func publish() {
        scroll.publish()
        updateNeedsFrames()
    }

    /// The header's and footer's states as of `frame`.
    public var state: RefreshController.State { frame.state }

    /// The configuration in force.
    public var configuration: RefreshController.Configuration { controller.configuration }

    /// The clock: the latest time the controller accepted (seconds).
    public var time: TimeInterval { controller.time }

    /// Every event from now on, in order, until the model goes away (a new
    /// stream per call: one per `for await` loop).
    public var events: AsyncStream<Event> { channel.stream() }

    /// A refresh is running (its closure was called and has not ended). Not
    /// observed: the header's state in `frame` is.
    public var isRefreshing: Bool { work.refreshTask != nil }

    /// A load of more data is running. Not observed: the footer's state in `frame` is.
    public var isLoadingMore: Bool { work.loadTask != nil }

    // MARK: The clock and the app's calls

    /// One display frame at `time` (seconds, the app's clock): finishes the
    /// motions that are over (calling `refresh` when the header is in
    /// place) and publishes the frame when a value changed. Returns the
    /// controller's frame at `time`.
    @discardableResult
    public func tick(at time: TimeInterval) -> RefreshController.Frame {
        scroll.flush()
        let next = controller.tick(at: time)
        if !next.hasSameValues(as: storedFrame) { frame = next }
        publish()
        return next
    }

    /// Starts refreshing at the clock as a release would. False when the
    /// header is disabled or already refreshing.
    @discardableResult
    public func beginRefreshing() -> Bool { input { controller.beginRefreshing() } }

    /// Ends a running refresh now: cancels its task and ends refreshing (its
    /// closure's later return changes nothing). False when none runs.
    @discardableResult
    public func cancelRefresh() -> Bool {
        guard let task = work.refreshTask else { return false }
        task.cancel()
        refreshEnded(work.refreshRun)
        return true
    }

    /// Ends a running load now, as `.loaded`: cancels its task (its later
    /// return changes nothing). False when none runs.
    @discardableResult
    public func cancelLoadMore() -> Bool {
        guard let task = work.loadTask else { return false }
        task.cancel()
        loadEnded(work.loadRun, .loaded)
        return true
    }

    /// Everything is loaded: the footer stops firing.
    @discardableResult
    public func noMoreData() -> Bool { input { controller.noMoreData() } }

    /// More data may come again (after a reload).
    @discardableResult
    public func resetNoMoreData() -> Bool { input { controller.resetNoMoreData() } }

    private func input(_ body: () -> Bool) -> Bool {
        scroll.flush()
        defer { publish() }
        return body()
    }

    // MARK: The app's work

    private func received(_ event: Event) {
        switch event {
        case .refresh: startRefresh()
        case .loadMore: startLoad()
        case .headerStateChanged, .footerStateChanged: break
        }
    }

    private func startRefresh() {
        work.refreshRun &+= 1
        let run = work.refreshRun, refresh = work.refresh
        work.refreshTask = Task { [weak self] in
            await refresh()
            self?.refreshEnded(run)
        }
    }

    /// Refresh `run` is over: ends refreshing, once.
    private func refreshEnded(_ run: UInt64) {
        guard run == work.refreshRun, work.refreshTask != nil else { return }
        work.refreshTask = nil
        _ = input { controller.endRefreshing() }
    }

    private func startLoad() {
        guard let loadMore = work.loadMore else {
            // No work to wait for: the load is over at once (the controller
            // takes it after this event's delivery).
            _ = controller.endLoading()
            return
        }
        work.loadRun &+= 1
        let run = work.loadRun
        work.loadTask = Task { [weak self] in
            let result = await loadMore()
            self?.loadEnded(run, result)
        }
    }

    private func loadEnded(_ run: UInt64, _ result: LoadResult) {
        guard run == work.loadRun, work.loadTask != nil else { return }
        work.loadTask = nil
        _ = input { controller.endLoading(noMoreData: result == .noMoreData) }
    }
}

/// The app's closures and the tasks running them; cancels them when the
/// model (its only owner) goes away.
private final class Work {
    let refresh: @MainActor () async -> Void
    let loadMore: (@MainActor () async -> RefreshModel.LoadResult)?
    var refreshTask: Task<Void, Never>?
    var loadTask: Task<Void, Never>?
    var refreshRun: UInt64 = 0
    var loadRun: UInt64 = 0

    init(refresh: @escaping @MainActor () async -> Void,
         loadMore: (@MainActor () async -> RefreshModel.LoadResult)?)
    {
        self.refresh = refresh
        self.loadMore = loadMore
    }

    deinit {
        refreshTask?.cancel()
        loadTask?.cancel()
    }
}

extension RefreshController.Frame {
    /// Equal but for the time: a model publishes a frame only when this is false.
    func hasSameValues(as other: Self) -> Bool {
        state == other.state && isAnimating == other.isAnimating && isOffsetDriven == other.isOffsetDriven
            && pullDistance == other.pullDistance && progress == other.progress && headerTop == other.headerTop
            && headerVisibleHeight == other.headerVisibleHeight && insetTop == other.insetTop
            && insetBottom == other.insetBottom && contentOffset == other.contentOffset
            && footerTop == other.footerTop && remainingDistance == other.remainingDistance
            && isReducedMotion == other.isReducedMotion
    }
}
