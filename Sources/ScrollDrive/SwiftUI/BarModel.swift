import Foundation
import Observation

/// The expandable bar for a SwiftUI view: a `BarController` fed the values
/// SwiftUI gives (a `ScrollView`'s geometry and phase, the frame clock),
/// with what the view draws and does as observed values.
/// `ExpandableBarScrollView` (iOS 18 / macOS 15) shows it:
///
/// ```swift
/// @SwiftUI.State private var bar = BarModel(configuration: Configuration(
///     compactStateHeight: 64, normalStateHeight: 120, expandedStateHeight: 240))
/// // ExpandableBarScrollView(bar) { rows } bar: { SearchBar(progress: $0.transitionProgress) }
/// ```
///
/// - In: `scroll` (the scroll view's geometry and phase), `tick(at:)` at
///   each display frame while `needsFrames` is true, `expand(on:)`.
/// - Out, observed: `frame` (and `state`, read from it), changed at a tick
///   only when a value other than its time differs from the last one, so a
///   view is not re-rendered while nothing moves; `scroll`'s scroll target
///   (the snap after a release, `expand(on:)`'s move), its room inside the
///   content (`contentRoom`, `minimumContentHeight`) and its bottom margin.
/// - Events: `events`, an `AsyncStream` per loop.
///
/// The controller and the core keep every rule: the model only maps
/// SwiftUI's values to the controller's reports (see `ScrollLink`), so AirBar's
/// traces give the same heights bit for bit through it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class BarModel: RegisteredObservable {
    /// What the bar tells its listeners: every state assignment, as `BarController.Event`.
    public typealias Event = BarController.Event

    /// The bar as of the latest tick whose values changed (its `time` is
    /// when they first showed).
    public private(set) var frame: BarController.Frame {
        get { observed(Keys.frame, storedFrame) }
        set { mutate(Keys.frame) { storedFrame = newValue } }
    }
    /// `frame` as last published (compared without registering an access).
    private var storedFrame: BarController.Frame
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
        static let frame: KeyPath<BarModel, BarController.Frame> = \.frame
        static let needsFrames: KeyPath<BarModel, Bool> = \.needsFrames
    }

    /// The scroll view the bar follows.
    public let scroll: ScrollLink

    let controller: BarController
    private let channel = EventChannel<Event>()

    /// A bar of `configuration` over a scroll view that has not reported yet
    /// (its first geometry attaches it, as `BarController.set(scrollable:)`),
    /// with AirBar's default reducer unless told otherwise.
    ///
    /// The bar's room is inside the scroll view's content: `scroll.contentRoom`
    /// (the expanded height) above the app's rows, which are at least
    /// `scroll.minimumContentHeight` tall, so that every place the bar asks
    /// the content to go (its heights, from expanded to compact) lies inside
    /// the content, where `ScrollPosition` is documented to reach.
    /// `ExpandableBarScrollView` lays the content out so.
    public convenience init(configuration: BarController.Configuration,
                            stateReducer: BarController.StateReducer = .default)
    {
        self.init(configuration: configuration, stateReducer: stateReducer, roomInContent: true)
    }

    /// A bar whose room is in the content (`roomInContent`, the public
    /// initialiser's) or in the scroll view's margins, as UIKit's inset is
    /// (for replaying UIKit's reports in tests).
    init(configuration: BarController.Configuration, stateReducer: BarController.StateReducer = .default,
         roomInContent: Bool)
    {
        let channel = self.channel
        controller = BarController(configuration: configuration, stateReducer: stateReducer,
                                   stateObserver: { if channel.hasSubscribers { channel.send(.stateChanged($0)) } })
        storedFrame = controller.frame
        scroll = ScrollLink { [unowned controller] view in
            controller.set(scrollable: view)
            view.reportLayoutPass()
        }
        scroll.activityChanged = { [unowned self] in self.updateNeedsFrames() }
        if roomInContent { placeRoom() }
    }

    /// The room for the heights in force (with a room in the content).
    private func placeRoom() {
        let heights = controller.configuration
        scroll.placeRoom(height: heights.expandedStateHeight, reach: heights.compactStateHeight)
    }

    /// The bar moves only with its scroll view (it has no motion of its own).
    private func updateNeedsFrames() {
        let needs = scroll.isActive
        if needs != storedNeedsFrames { needsFrames = needs }
    }

    /// The link's values published, then `needsFrames` brought up to date.
    private func publish() {
        scroll.publish()
        updateNeedsFrames()
    }

    /// The bar's state as of `frame`.
    public var state: BarController.State {
        BarController.State(offset: frame.offset, isExpandedStateAvailable: frame.isExpandedStateAvailable,
                            configuration: controller.configuration)
    }

    /// The heights in force.
    public var configuration: BarController.Configuration { controller.configuration }

    /// The clock: the latest time the controller accepted (seconds).
    public var time: TimeInterval { controller.time }

    /// Every event from now on, in order, until the model goes away (a new
    /// stream per call: one per `for await` loop).
    public var events: AsyncStream<Event> { channel.stream() }

    /// One display frame at `time` (seconds, the app's clock): hands on the
    /// scroll view's held geometry, moves the clock, and publishes the frame
    /// when a value changed. Returns the controller's frame at `time`.
    @discardableResult
    public func tick(at time: TimeInterval) -> BarController.Frame {
        scroll.flush()
        let next = controller.tick(at: time)
        if !next.hasSameValues(as: storedFrame) { frame = next }
        publish()
        return next
    }

    /// AirBar's `expand(on:)`, at the clock: the scroll target moves the
    /// content to the expanded (on) or normal (off) height, animated.
    public func expand(on: Bool) {
        scroll.flush()
        controller.expand(on: on)
        publish()
    }

    /// New heights, the state kept (`BarController.reconfigure(_:)`): the
    /// new insets are published; the frame at the next tick.
    public func reconfigure(_ configuration: BarController.Configuration) throws(ConfigurationError) {
        scroll.flush()
        try controller.reconfigure(configuration)
        if scroll.contentRoom > 0 { placeRoom() }
        publish()
    }
}

extension BarController.Frame {
    /// Equal but for the time: a model publishes a frame only when this is false.
    func hasSameValues(as other: Self) -> Bool {
        let a = cValue, b = other.cValue
        return a.offset == b.offset && a.height == b.height && a.progress == b.progress && a.range == b.range
            && a.expanded_available == b.expanded_available && a.title_scale == b.title_scale
            && a.large_title_alpha == b.large_title_alpha && a.inline_title_alpha == b.inline_title_alpha
            && a.reduced_motion == b.reduced_motion
    }
}
