import CScrollDrive
import Foundation

/// Pull to refresh and load more, in MJRefresh's model: a header that
/// refreshes when the list is pulled down past a threshold and released,
/// held in view while the app refreshes, and a footer that loads more when
/// the list's end comes near.
///
/// Every rule and number comes from the C core (`sd_refresh_step`,
/// `sd_refresh_frame_at`, `sd_refresh_reconfigure`, `scrolldrive/refresh.h`);
/// the C struct is the only copy of the configuration and the state. This
/// class turns scroll-view reports and app calls into core events and
/// performs the actions the core returns on the attached scroll view.
///
/// **The header.** Idle → pulling while the finger drags the content more
/// than `pullThreshold` below its resting place; a release while pulling
/// (or `beginRefreshing`) starts refreshing: the content inset top becomes
/// inset + header height, so the header stays in view, and the content
/// offset eases there over `beginDuration`. `endRefreshing` (never honoured
/// before `minimumRefreshingTime` has passed: an earlier call takes effect
/// exactly then) scrolls the header away over `endDuration` (done), then
/// gives the inset back (idle).
///
/// **The footer.** Loads (`loadMore`) when the end comes within
/// `footerTriggerDistance` (or `footerTriggerFraction` of the content) of
/// the viewport's bottom, once per approach: it fires again only after the
/// end has left that zone. `endLoading`, `noMoreData` and `resetNoMoreData`
/// come from the app. It waits while the header refreshes, and until the
/// scroll view has reported a content size.
///
/// **Time.** No timers: the caller passes absolute times in seconds.
/// `tick(at:)` once per display frame; while a motion runs
/// (`frame.isAnimating`) each tick sets the scroll view's content offset.
/// App calls take an optional `at:` (without it, the controller's clock);
/// scroll-view reports happen at the controller's clock (the latest tick).
/// Times never run backwards (an earlier time counts as the clock).
///
/// **Per frame.** The controller's receiver (`RefreshReceiver`) is what
/// its scroll view calls: through a `ScrollObserverList` with no reference
/// counting, and with no weak load of the scroll view per report.
///
/// **Threading.** Not `Sendable`: create it, attach the scroll view and
/// feed it on one thread (the main thread in an app). The observer is
/// called synchronously and may call back into the controller (for example
/// `endLoading` from `loadMore`): events raised meanwhile are delivered
/// after the current ones, in order.
public final class RefreshController: ScrollableObserver {
    /// Everything the controller knows and does; this class only forwards.
    let receiver: RefreshReceiver

    /// A surface at rest with `configuration`, clock 0; `observer` receives
    /// the events.
    public init(configuration: Configuration = .mjRefresh, observer: @escaping (Event) -> Void = { _ in }) {
        receiver = RefreshReceiver(configuration: configuration, observer: observer)
    }

    /// A controller over a receiver that holds a valid core (restoring a `Snapshot`).
    init(receiver: RefreshReceiver) { self.receiver = receiver }

    deinit {
        receiver.retire(controller: self)
    }

    // MARK: - Configuration

    /// The configuration in force, as the core holds it.
    public var configuration: Configuration { receiver.configuration }

    /// New numbers (a rotation, new insets), the state kept; the attached
    /// scroll view gets the insets of the new numbers. New durations can
    /// make a motion or a waiting end due at once: it happens now, at the
    /// clock, with its events. Throws, changing nothing, when the core
    /// rejects the numbers.
    public func reconfigure(_ configuration: Configuration) throws(ConfigurationError) {
        try receiver.reconfigure(configuration)
    }

    // MARK: - Reading

    /// The clock: the latest time the core has accepted, seconds.
    public var time: TimeInterval { receiver.time }

    /// The frame at the clock.
    public var frame: Frame { receiver.frame }

    /// The frame at `time` (seconds), changing nothing; nil when `time` is not finite.
    public func frame(at time: TimeInterval) -> Frame? { receiver.frame(at: time) }

    /// The header's and the footer's states at the clock.
    public var state: State { frame.state }

    // MARK: - Inputs

    /// Advances the clock to `time` (seconds): finishes the motions that are
    /// over (and starts an end that was waiting for the minimum refreshing
    /// time), sets the scroll view's content offset while a motion drives
    /// it, and returns the frame at the clock.
    @discardableResult
    public func tick(at time: TimeInterval) -> Frame { receiver.tick(at: time) }

    /// Starts refreshing as a release would (the header comes into view
    /// over `beginDuration`). False when the header is disabled or already
    /// refreshing or done.
    @discardableResult
    public func beginRefreshing(at time: TimeInterval? = nil) -> Bool {
        receiver.step(sd_refresh_event_begin_refreshing(time ?? self.time))
    }

    /// The app's refresh is over: the header scrolls away, at once or, before
    /// the minimum refreshing time has passed, exactly when it has. False
    /// when the header is not refreshing or its end is already pending.
    @discardableResult
    public func endRefreshing(at time: TimeInterval? = nil) -> Bool {
        receiver.step(sd_refresh_event_end_refreshing(time ?? self.time))
    }

    /// The app's load is over: the footer is idle again (it fires on the
    /// next approach), or at no more data. False when it was not loading.
    @discardableResult
    public func endLoading(noMoreData: Bool = false, at time: TimeInterval? = nil) -> Bool {
        receiver.step(sd_refresh_event_end_loading(time ?? self.time, noMoreData ? 1 : 0))
    }

    /// Everything is loaded: the footer stops firing. False when it already was.
    @discardableResult
    public func noMoreData(at time: TimeInterval? = nil) -> Bool {
        receiver.step(sd_refresh_event_no_more_data(time ?? self.time))
    }

    /// More data may come again (a refresh reloaded the list). False unless at no more data.
    @discardableResult
    public func resetNoMoreData(at time: TimeInterval? = nil) -> Bool {
        receiver.step(sd_refresh_event_reset_no_more_data(time ?? self.time))
    }

    // MARK: - The scroll view

    /// Attaches the scroll view (nil detaches): gives it the surface's
    /// insets, reports its content height and offset to the core, and
    /// observes it.
    public func set(scrollable: (any Scrollable)?) { receiver.set(scrollable: scrollable, controller: self) }

    // MARK: - ScrollableObserver (for scroll views that call the controller itself)

    /// Every offset goes to the core, the ones the controller set included
    /// (a driven offset is the motion's own: the header ignores it, the
    /// footer sees where the end is).
    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        receiver.scrollable(scrollable, didChangeContentOffset: contentOffset)
    }

    public func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
        receiver.scrollable(scrollable, didChangeContentSize: contentSize)
    }

    /// Began and changed mean the finger drags the content; ended, cancelled
    /// and failed are the release, reported to the core with the offset then.
    public func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        receiver.scrollable(scrollable, didChangePanGestureState: panState)
    }
}

extension RefreshController: ReceivingController {
    var scrollReceiver: ScrollReceiver { receiver }
}

/// What a `RefreshController` knows and does (the core's `sd_refresh` in the
/// driver, the attached scroll view, the drag); held by the controller and
/// by the scroll view's `ScrollObserverList`, holding neither strongly.
final class RefreshReceiver: ScrollReceiver {
    private let driver: SurfaceDriver<sd_refresh, RefreshController.Event>
    /// The app's observer of the controller's events.
    private let observer: (RefreshController.Event) -> Void
    private let attachment = ScrollableAttachment()
    /// The attached scroll view's finger drags it (from its pan gesture's reports).
    private var isDragging = false

    convenience init(configuration: RefreshController.Configuration,
                     observer: @escaping (RefreshController.Event) -> Void)
    {
        var config = configuration.cValue
        var core = sd_refresh()
        // The configuration was validated when it was made.
        _ = sd_refresh_init(&core, &config, nil)
        self.init(core: core, observer: observer)
    }

    /// A receiver over a core that is valid (initialised, or a restored snapshot).
    init(core: sd_refresh, observer: @escaping (RefreshController.Event) -> Void) {
        driver = SurfaceDriver(core: core)
        self.observer = observer
    }

    /// The C core as it is now (a copy, for a snapshot).
    var core: sd_refresh { driver.core }

    /// The controller went: stop observing, hear nothing more.
    func retire(controller: any ScrollableObserver) {
        isRetired = true
        attachment.detach(observer: controller)
    }

    var configuration: RefreshController.Configuration {
        RefreshController.Configuration(unchecked: driver.core.config)
    }

    func reconfigure(_ configuration: RefreshController.Configuration) throws(ConfigurationError) {
        try driver.reconfigure(configuration.cValue)
        applyInsets()
        step(sd_refresh_event_frame(time))
    }

    var time: TimeInterval { driver.clock }

    var frame: RefreshController.Frame { RefreshController.Frame(driver.frameAtClock, time: time) }

    /// A view showing the surface needs frames at the clock (`sd_refresh_needs_frames`).
    var needsFrames: Bool { driver.read { sd_refresh_needs_frames($0, $0.pointee.time) != 0 } }

    func frame(at time: TimeInterval) -> RefreshController.Frame? {
        driver.frame(at: time).map { RefreshController.Frame($0, time: time) }
    }

    @inline(__always)
    func tick(at time: TimeInterval) -> RefreshController.Frame {
        step(sd_refresh_event_frame(time))
        let frame = self.frame
        if frame.isOffsetDriven, let scrollable = attachment.scrollable, scrollable.contentOffset.y != frame.contentOffset {
            scrollable.updateContentOffset(CGPoint(x: scrollable.contentOffset.x, y: frame.contentOffset), animated: false)
        }
        return frame
    }

    func set(scrollable: (any Scrollable)?, controller: any ScrollableObserver) {
        attachment.attach(scrollable, observer: controller)
        driver.setAttached(scrollable)
        isDragging = false
        guard let scrollable else { return }
        applyInsets()
        step(sd_refresh_event_content_size(time, Double(scrollable.contentSize.height)))
        step(sd_refresh_event_offset(time, Double(scrollable.contentOffset.y), 0))
    }

    // MARK: Reports (per frame: the reporting scroll view, no weak load)

    override func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {
        guard driver.isAttached(scrollable) else { return }
        step(sd_refresh_event_offset(time, Double(contentOffset.y), isDragging ? 1 : 0), on: scrollable)
    }

    override func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
        guard driver.isAttached(scrollable) else { return }
        step(sd_refresh_event_content_size(time, Double(contentSize.height)), on: scrollable)
    }

    override func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        guard driver.isAttached(scrollable) else { return }
        switch panState {
        case .began, .changed:
            isDragging = true
        case .ended, .cancelled, .failed:
            guard isDragging else { return }
            isDragging = false
            step(sd_refresh_event_offset(time, Double(scrollable.contentOffset.y), 0), on: scrollable)
        case .possible:
            break
        }
    }

    // MARK: Stepping the core and performing its actions

    /// One core step; false (nothing changed) when the core rejects the
    /// event. `scrollable`: the attached scroll view when the caller has it
    /// at hand (a report); otherwise it is looked up only if the actions
    /// need it.
    @discardableResult
    func step(_ event: sd_refresh_event, on scrollable: (any Scrollable)? = nil) -> Bool {
        guard let actions = driver.step(event) else { return false }
        perform(actions, on: scrollable)
        return true
    }

    /// The insets the core says the scroll view has (after attaching or reconfiguring).
    private func applyInsets() {
        guard let scrollable = attachment.scrollable else { return }
        let frame = self.frame
        scrollable.contentInset.top = frame.insetTop
        scrollable.contentInset.bottom = frame.insetBottom
    }

    /// Performs what a step asked for, in the order `sd_refresh_actions`
    /// documents (the inset, then the offset), then emits the events.
    private func perform(_ actions: sd_refresh_actions, on reporting: (any Scrollable)?) {
        func has(_ flag: Int) -> Bool { actions.flags & UInt32(flag) != 0 }
        if has(SD_REFRESH_ACTION_SET_INSET_TOP | SD_REFRESH_ACTION_SET_OFFSET),
           let scrollable = reporting ?? attachment.scrollable
        {
            if has(SD_REFRESH_ACTION_SET_INSET_TOP) { scrollable.contentInset.top = actions.inset_top }
            if has(SD_REFRESH_ACTION_SET_OFFSET) {
                scrollable.updateContentOffset(CGPoint(x: scrollable.contentOffset.x, y: actions.offset), animated: false)
            }
        }
        guard has(SD_REFRESH_ACTION_HEADER_STATE | SD_REFRESH_ACTION_FOOTER_STATE | SD_REFRESH_ACTION_REFRESH
            | SD_REFRESH_ACTION_LOAD) else { return }
        let state = driver.core
        var events: [RefreshController.Event] = []
        if has(SD_REFRESH_ACTION_HEADER_STATE) { events.append(.headerStateChanged(RefreshController.HeaderState(state.header.state))) }
        if has(SD_REFRESH_ACTION_REFRESH) { events.append(.refresh) }
        if has(SD_REFRESH_ACTION_FOOTER_STATE) { events.append(.footerStateChanged(RefreshController.FooterState(state.footer.state))) }
        if has(SD_REFRESH_ACTION_LOAD) { events.append(.loadMore) }
        driver.emit(contentsOf: events, to: observer)
    }
}
