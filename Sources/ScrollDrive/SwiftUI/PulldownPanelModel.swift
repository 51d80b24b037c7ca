import Foundation
import Observation

/// WeChat's pull-down mini-program panel for a SwiftUI view: a
/// `PulldownPanelController` fed its three scroll views' geometry and
/// phases and the frame clock, with the frame as an observed value.
///
/// - In: `list` (the chat list), `panel` (the open panel's own scroll
///   view, whose offset is the pull-up distance) and `miniProgramList` (the
///   mini-program list in the panel): each view's `onScrollGeometryChange`
///   and `onScrollPhaseChange`; `tick(at:)` at each display frame while `needsFrames` is true;
///   `close()`, `miniProgramDidOpen()`, `pageDidAppear()`.
/// - Out, observed: `frame` (and `state`), changed at a tick only when a
///   value other than its time differs (everything the views apply: nav
///   bar, indicator, panel, mask, tab bar, interaction, the haptic); each
///   link's scroll target and insets (the chat list's inset, and its offset
///   while the panel opens; the panel's offset during its slow return).
/// - Events: `events`, an `AsyncStream` per loop (`haptic`,
///   `interactionLocked`, `panelOpened`, ...).
///
/// "Will decelerate" is a link's phase `.decelerating` when its drag ends,
/// and "did end decelerating" the first tick that finds it otherwise.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class PulldownPanelModel: RegisteredObservable {
    /// What the panel tells its listeners, as `PulldownPanelController.Event`.
    public typealias Event = PulldownPanelController.Event

    /// The panel as of the latest tick whose values changed (its `time` is
    /// when they first showed).
    public private(set) var frame: PulldownPanelController.Frame {
        get { observed(Keys.frame, storedFrame) }
        set { mutate(Keys.frame) { storedFrame = newValue } }
    }
    /// `frame` as last published (compared without registering an access).
    private var storedFrame: PulldownPanelController.Frame
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
        static let frame: KeyPath<PulldownPanelModel, PulldownPanelController.Frame> = \.frame
        static let needsFrames: KeyPath<PulldownPanelModel, Bool> = \.needsFrames
    }

    /// The chat list's scroll view.
    public let list: ScrollLink
    /// The open panel's (pull-up) scroll view.
    public let panel: ScrollLink
    /// The mini-program list inside the panel.
    public let miniProgramList: ScrollLink

    let controller: PulldownPanelController
    private let channel = EventChannel<Event>()

    /// A panel of `configuration` at rest, closed (clock 0).
    public init(configuration: PulldownPanelController.Configuration = .article) {
        let channel = self.channel
        controller = PulldownPanelController(configuration: configuration) { channel.send($0) }
        storedFrame = controller.frame
        list = ScrollLink { [unowned controller] in controller.set(listScrollable: $0) }
        panel = ScrollLink { [unowned controller] in controller.set(panelScrollable: $0) }
        miniProgramList = ScrollLink { [unowned controller] in controller.set(miniProgramListScrollable: $0) }
        for link in [list, panel, miniProgramList] { link.activityChanged = { [unowned self] in self.updateNeedsFrames() } }
        // The chat list rests below the top bar: its own inset, published
        // as a margin from the start (the system's part comes on top).
        list.setOwnInset(EdgeInsets(top: configuration.topBarHeight))
    }

    private func updateNeedsFrames() {
        let needs = list.isActive || panel.isActive || miniProgramList.isActive || controller.needsFrames
        if needs != storedNeedsFrames { needsFrames = needs }
    }

    /// The panel's state as of `frame`.
    public var state: PulldownPanelController.State { frame.state }

    /// The numbers in force.
    public var configuration: PulldownPanelController.Configuration { controller.configuration }

    /// The clock: the latest time the controller was given (seconds).
    public var time: TimeInterval { controller.time }

    /// Every event from now on, in order, until the model goes away (a new
    /// stream per call: one per `for await` loop).
    public var events: AsyncStream<Event> { channel.stream() }

    /// One display frame at `time` (seconds, the app's clock): finishes due
    /// transitions, drives the scroll views that follow a curve (published
    /// as their links' scroll targets), and publishes the frame when a value
    /// changed. Returns the controller's frame at `time`.
    @discardableResult
    public func tick(at time: TimeInterval) -> PulldownPanelController.Frame {
        flush()
        let next = controller.tick(at: time)
        if !next.hasSameValues(as: storedFrame) { frame = next }
        publish()
        return next
    }

    /// Closes the open panel at the clock, as a pull-up release does. False,
    /// changing nothing, unless the panel is open and settled.
    @discardableResult
    public func close() -> Bool {
        flush()
        defer { publish() }
        return controller.close()
    }

    /// A mini-program was opened from the panel: it closes once
    /// `pageDidAppear()` says the page is on screen.
    public func miniProgramDidOpen() {
        flush()
        controller.miniProgramDidOpen()
        publish()
    }

    /// The mini-program's page has appeared: the panel closes under it.
    public func pageDidAppear() {
        flush()
        controller.pageDidAppear()
        publish()
    }

    /// New numbers (a rotation), the state kept.
    public func reconfigure(_ configuration: PulldownPanelController.Configuration) throws(ConfigurationError) {
        flush()
        try controller.reconfigure(configuration)
        publish()
    }

    private func flush() {
        list.flush()
        panel.flush()
        miniProgramList.flush()
    }

    private func publish() {
        list.publish()
        panel.publish()
        miniProgramList.publish()
        updateNeedsFrames()
    }
}

extension PulldownPanelController.Frame {
    /// Equal but for the time: a model publishes a frame only when this is false.
    func hasSameValues(as other: Self) -> Bool {
        state == other.state && navigationBarTop == other.navigationBarTop
            && navigationBarColour == other.navigationBarColour && indicator == other.indicator
            && containerAlpha == other.containerAlpha && panelAlpha == other.panelAlpha
            && panelScaleX == other.panelScaleX && panelScaleY == other.panelScaleY && panelY == other.panelY
            && maskAlpha == other.maskAlpha && weatherAlpha == other.weatherAlpha && weatherY == other.weatherY
            && tabBarAlpha == other.tabBarAlpha && tabBarY == other.tabBarY && listY == other.listY
            && listInsetTop == other.listInsetTop && listContentOffset == other.listContentOffset
            && isListOffsetDriven == other.isListOffsetDriven && panelContentOffset == other.panelContentOffset
            && isPanelOffsetDriven == other.isPanelOffsetDriven && panelContentHeight == other.panelContentHeight
            && isInteractionEnabled == other.isInteractionEnabled && hapticFired == other.hapticFired
            && listTransition == other.listTransition && panelTransition == other.panelTransition
            && isReducedMotion == other.isReducedMotion
    }
}
