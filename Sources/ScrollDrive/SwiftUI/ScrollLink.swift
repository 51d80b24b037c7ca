import Foundation
import Observation

/// A model's side of one SwiftUI scroll view: what the view reports goes in
/// (one call per modifier), what the surface asks of the view comes out as
/// observed values the view applies.
///
/// In, from the view's modifiers:
/// - `onScrollGeometryChange(for: ScrollViewGeometry.self, ...)`: `geometryChanged(_:)`;
/// - `onScrollPhaseChange`: `phaseChanged(to:geometry:)` with the context's geometry.
///
/// Out, observed (each changes only when its value does):
/// - `scrollTarget`: a content offset the surface wants (the bar's snap,
///   the pull-down driving the chat list), with where `ScrollPosition` goes
///   for it and the view's shift; acknowledge it with `scrollTargetApplied(_:)`
///   once applied (`apply(_:to:)` does both);
/// - `contentInsets` and `indicatorInsets`: the margins the surface sets,
///   only its own edges (the system's part SwiftUI adds is not in them), for
///   `contentMargins`;
/// - `contentRoom` and `minimumContentHeight`: the room a view places above
///   the app's content and the least height of that content (the bar's; 0
///   for the other surfaces);
/// - `contentShift`: the offset the view applies to the scroll view
///   (`offset(y:)`), non-zero only while a surface holds the content beyond
///   an edge;
/// - `isScrollEnabled`: for `scrollDisabled` (a sheet's inner list is
///   enabled only at its first detent).
///
/// The controller works in its own numbers, not SwiftUI's: SwiftUI's
/// `contentInsets` hold the safe area and the app's margins besides the
/// link's, so the link tells the system's part from the margins it
/// published and measures the offsets it reports from the controller's own
/// insets (see `ScrollSpace.swift`).
///
/// How phases become the pan states a controller hears (UIKit's), and why
/// the result does not depend on the order SwiftUI calls the two modifiers
/// in within a frame, nor on whether it reports `.tracking`: see
/// <doc:ScrollDriveInSwiftUI>. In short: `.interacting` begins the pan before
/// the frame's geometry and ends it after; geometry outside a drag is held
/// until the frame's phase change or the model's next `tick(at:)`.
///
/// The first geometry attaches the surface's controller to the view (a
/// link without one never reaches the controller). Non-finite geometry is
/// ignored.
///
/// Observation: the class conforms to `Observable` with its registrar
/// written out (what the `@Observable` macro generates), so that each
/// property's key path is made once rather than at every access; a
/// property is written only when its value changes.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class ScrollLink: RegisteredObservable {
    /// A content offset the surface asks for, until the view acknowledges it
    /// (`scrollTargetApplied(_:)`) or the surface asks for another; nil when
    /// nothing is asked.
    public private(set) var scrollTarget: ScrollTarget? {
        get { observed(Keys.scrollTarget, stored.scrollTarget) }
        set { mutate(Keys.scrollTarget) { stored.scrollTarget = newValue } }
    }
    /// The content insets the surface set (points); zero until it sets any.
    public private(set) var contentInsets: EdgeInsets {
        get { observed(Keys.contentInsets, stored.contentInsets) }
        set { mutate(Keys.contentInsets) { stored.contentInsets = newValue } }
    }
    /// The scroll indicator insets the surface set (points); zero until it sets any.
    public private(set) var indicatorInsets: EdgeInsets {
        get { observed(Keys.indicatorInsets, stored.indicatorInsets) }
        set { mutate(Keys.indicatorInsets) { stored.indicatorInsets = newValue } }
    }
    /// The room above the app's content, inside the scroll view's content
    /// (points; 0: none): the bar's, its expanded height.
    public private(set) var contentRoom: CGFloat {
        get { observed(Keys.contentRoom, stored.contentRoom) }
        set { mutate(Keys.contentRoom) { stored.contentRoom = newValue } }
    }
    /// The least height of the app's content under the room (points; 0
    /// without a room): enough for the surface's last target to lie inside
    /// the content.
    public private(set) var minimumContentHeight: CGFloat {
        get { observed(Keys.minimumContentHeight, stored.minimumContentHeight) }
        set { mutate(Keys.minimumContentHeight) { stored.minimumContentHeight = newValue } }
    }
    /// The view's shift, down positive (points), as of the last target applied.
    public private(set) var contentShift: CGFloat {
        get { observed(Keys.contentShift, stored.contentShift) }
        set { mutate(Keys.contentShift) { stored.contentShift = newValue } }
    }
    /// Whether the user may scroll the content (the surface may switch it off).
    public private(set) var isScrollEnabled: Bool {
        get { observed(Keys.isScrollEnabled, stored.isScrollEnabled) }
        set { mutate(Keys.isScrollEnabled) { stored.isScrollEnabled = newValue } }
    }

    /// The observed values as last published (compared without registering an access).
    private var stored = (scrollTarget: ScrollTarget?.none, contentInsets: EdgeInsets.zero,
                          indicatorInsets: EdgeInsets.zero, isScrollEnabled: true, contentRoom: CGFloat(0),
                          minimumContentHeight: CGFloat(0), contentShift: CGFloat(0))
    let registrar = ObservationRegistrar()
    /// The view's `targetRevision` when `scrollTarget` was last brought up to date.
    private var publishedTargetRevision: UInt64 = 0

    /// Each observed property's key path, made once (a key path literal is
    /// looked up at every use).
    @MainActor private enum Keys {
        static let scrollTarget: KeyPath<ScrollLink, ScrollTarget?> = \.scrollTarget
        static let contentInsets: KeyPath<ScrollLink, EdgeInsets> = \.contentInsets
        static let indicatorInsets: KeyPath<ScrollLink, EdgeInsets> = \.indicatorInsets
        static let isScrollEnabled: KeyPath<ScrollLink, Bool> = \.isScrollEnabled
        static let contentRoom: KeyPath<ScrollLink, CGFloat> = \.contentRoom
        static let minimumContentHeight: KeyPath<ScrollLink, CGFloat> = \.minimumContentHeight
        static let contentShift: KeyPath<ScrollLink, CGFloat> = \.contentShift
    }

    /// The scroll view as the controller sees it.
    let view = LinkedScrollView()
    /// Attaches the model's controller to `view` (at the first geometry).
    private let attach: @MainActor (LinkedScrollView) -> Void

    init(attach: @escaping @MainActor (LinkedScrollView) -> Void) {
        self.attach = attach
    }

    /// The phase the view last reported (not observed: it changes with every gesture).
    public var phase: ScrollViewPhase { view.phase }

    /// The scroll view needs the model's frames: it is moving (a finger
    /// drags it, it decelerates, or a scroll animates), it holds a geometry
    /// for the next tick, or it has a scroll target for the view to apply.
    var isActive: Bool { view.isActive }

    /// Called after an input that changed `isActive` has been published (the
    /// model's `needsFrames` rule; the model also checks after its own calls).
    var activityChanged: (@MainActor () -> Void)?

    /// The view's geometry changed (`onScrollGeometryChange`). The first
    /// one attaches the controller. Ignored when a number is not finite.
    public func geometryChanged(_ geometry: ScrollViewGeometry) {
        if !view.hasGeometry {
            guard geometry.isFinite else { return }
            view.start(with: geometry)
            attach(view)
        } else {
            view.receive(geometry)
        }
        publish()
    }

    /// The scroll view's container as a layout gives it: its size and the
    /// safe area SwiftUI insets its content by (a `GeometryReader` around
    /// the scroll view, read in `onChange(of:initial: true)`, which Apple
    /// documents to run as the view appears). Before the scroll view has
    /// reported a geometry, this attaches the controller to one made of
    /// them: the content at its top edge and not measured yet. So the
    /// surface asks for its rest (the bar's) without waiting for a report
    /// Apple does not promise before the first scroll. Ignored once the
    /// scroll view has reported, or when a number is not finite.
    public func containerAppeared(size: CGSize, safeArea: EdgeInsets) {
        guard !view.hasGeometry else { return }
        let insets = InsetAdjustment.total(own: stored.contentInsets, system: safeArea)
        geometryChanged(ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: -insets.top),
                                           contentSize: CGSize(width: size.width, height: 0),
                                           contentInsets: insets, containerSize: size))
    }

    /// The view's scroll phase changed (`onScrollPhaseChange`); `geometry`
    /// is the change's context geometry, when the view has it.
    public func phaseChanged(to phase: ScrollViewPhase, geometry: ScrollViewGeometry? = nil) {
        if !view.hasGeometry, let geometry {
            geometryChanged(geometry)
        }
        view.receive(phase, geometry: geometry)
        publish()
    }

    /// Sets the scroll view's own insets before its controller attaches
    /// (the pull-down's chat list below its top bar), and publishes them.
    func setOwnInset(_ inset: EdgeInsets) {
        view.contentInset = inset
        publish()
    }

    /// Places a room of `height` above the app's content that the content
    /// extends `reach` below (`LinkedScrollView.placeRoom`), and publishes it.
    func placeRoom(height: CGFloat, reach: CGFloat) {
        view.placeRoom(height: height, reach: reach)
        publish()
    }

    /// The view has applied `target` (or a later one): `scrollTarget`
    /// becomes nil unless the surface has asked for another since, and
    /// `contentShift` becomes the target's.
    public func scrollTargetApplied(_ target: ScrollTarget) {
        view.acknowledge(target)
        publish()
    }

    /// Hands on a geometry held outside a drag (before any other input to
    /// the controller, and at every tick).
    func flush() { view.flush() }

    /// Copies what the controller asked of the view into the observed
    /// properties, each only when it changed.
    func publish() {
        // The view counts its target's changes (a request, or the same one
        // placed again for new margins): one comparison a publish.
        let revision = view.targetRevision
        if revision != publishedTargetRevision {
            publishedTargetRevision = revision
            let target = view.target
            if target != stored.scrollTarget { scrollTarget = target }
        }
        let margins = view.publishedMargins
        if margins != stored.contentInsets { contentInsets = margins }
        if view.layoutChangedSincePublish {
            view.layoutPublished()
            if view.room != stored.contentRoom { contentRoom = view.room }
            if view.shift != stored.contentShift { contentShift = view.shift }
            let least = view.minimumContentHeight
            if least != stored.minimumContentHeight { minimumContentHeight = least }
        }
        if let inset = view.requestedIndicatorInset, inset != stored.indicatorInsets { indicatorInsets = inset }
        let enabled = view.isScrollEnabled
        if enabled != stored.isScrollEnabled { isScrollEnabled = enabled }
        if view.takeActivityFlip() { activityChanged?() }
    }
}

/// An `Observable` class with its registrar written out: the links and the
/// models. Each observed property reads through `observed` and writes
/// through `mutate` with a key path made once (a `static let`), and keeps
/// its value in a stored copy the class compares without an access.
@MainActor
protocol RegisteredObservable: Observable, AnyObject {
    var registrar: ObservationRegistrar { get }
}

extension RegisteredObservable {
    /// `value`, with the access registered for `keyPath` (a getter's body).
    @inline(__always)
    func observed<Value>(_ keyPath: KeyPath<Self, Value>, _ value: Value) -> Value {
        registrar.access(self, keyPath: keyPath)
        return value
    }

    /// Runs `body` (the stored copy's write) as the mutation of `keyPath`.
    @inline(__always)
    func mutate<Value>(_ keyPath: KeyPath<Self, Value>, _ body: () -> Void) {
        registrar.withMutation(of: self, keyPath: keyPath, body)
    }
}

/// The event streams of a model: one continuation per `for await` loop,
/// each given every event once and in order from when it subscribed.
/// A subscriber that stopped listening is dropped at the next event; the
/// streams finish when the model (the owner of this channel) goes away.
final class EventChannel<Event: Sendable> {
    private var continuations: [AsyncStream<Event>.Continuation] = []

    /// A new subscriber's stream.
    func stream() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .unbounded)
        continuations.append(continuation)
        return stream
    }

    /// Whether anyone subscribed (a caller can skip making an event nobody hears).
    var hasSubscribers: Bool { !continuations.isEmpty }

    /// Hands `event` to every subscriber (nothing at all without one).
    func send(_ event: Event) {
        guard !continuations.isEmpty else { return }
        continuations.removeAll { continuation in
            if case .terminated = continuation.yield(event) { return true }
            return false
        }
    }

    deinit {
        for continuation in continuations { continuation.finish() }
    }
}
