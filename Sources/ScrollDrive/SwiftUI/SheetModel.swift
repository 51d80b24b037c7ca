import Foundation
import Observation

/// The bottom sheet for a SwiftUI view: a `SheetController` fed a
/// `DragGesture`'s values, its inner scroll view's geometry and phase and
/// the frame clock, with the sheet's frame and a two-way detent selection
/// as observed values.
///
/// - In: `dragChanged(_:)` / `dragEnded(_:)` from a `DragGesture` on the
///   sheet's content (`handleDragChanged(_:)` on its handle),
///   `dragCancelled()`, `backdropTapped()`, `inner` (the list inside the
///   sheet), `tick(at:)` at each display frame while `needsFrames` is true, `keyboardWillChange(...)`
///   and `layoutChanged(...)` (the container and its safe area).
/// - Two-way: `selectedDetent` (setting it moves the sheet with its
///   spring; a drag changes it when the release commits a move, never
///   while the finger is down) and `isPresented` (false dismisses; a drag
///   or a backdrop tap that dismisses makes it false). A change is
///   published once, when the move is committed (`willMove`), and never
///   when the detent stays.
/// - Out, observed: `frame` (and `state`), changed at a tick only when a
///   value other than its time differs; `inner`'s scroll switch and scroll
///   target (the list held at its top while the sheet has the finger).
/// - Events: `events`, an `AsyncStream` per loop (`willMove`, `didMove`, `dismissed`).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class SheetModel: RegisteredObservable {
    /// What the sheet tells its listeners, as `SheetController.Event`.
    public typealias Event = SheetController.Event
    /// A detent of the sheet's configuration.
    public typealias Detent = SheetController.Detent

    /// The sheet as of the latest tick whose values changed (its `time` is
    /// when they first showed).
    public private(set) var frame: SheetController.Frame {
        get { observed(Keys.frame, storedFrame) }
        set { mutate(Keys.frame) { storedFrame = newValue } }
    }
    /// `frame` as last published (compared without registering an access).
    private var storedFrame: SheetController.Frame
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
        static let frame: KeyPath<SheetModel, SheetController.Frame> = \.frame
        static let selection: KeyPath<SheetModel, SheetController.Detent> = \.selectedDetent
        static let needsFrames: KeyPath<SheetModel, Bool> = \.needsFrames
    }
    /// The detent the sheet rests at or is committed to move to (observed as `selectedDetent`).
    private var selection: Detent {
        get { observed(Keys.selection, storedSelection) }
        set { mutate(Keys.selection) { storedSelection = newValue } }
    }
    private var storedSelection: Detent

    /// The scroll view inside the sheet.
    public let inner: ScrollLink

    let controller: SheetController
    private let channel = EventChannel<Event>()
    /// A finger is on the sheet (between the first drag change and its end).
    private var isDragging = false
    /// The drag's gesture state reset with no `onEnded` yet: the next tick cancels it.
    private var cancelAtNextTick = false
    /// The detent `isPresented = true` brings the sheet back to.
    private var presentedDetent: Detent

    /// A sheet of `configuration` resting at `initialDetent` (clock 0).
    /// Throws when the detent is not one of the configuration's.
    public init(configuration: SheetController.Configuration, initialDetent: Detent) throws(ConfigurationError) {
        let channel = self.channel
        let relay = EventRelay<Event>()
        controller = try SheetController(configuration: configuration, initialDetent: initialDetent) { event in
            channel.send(event)
            relay.forward(event)
        }
        storedFrame = controller.frame
        storedSelection = initialDetent
        presentedDetent = initialDetent != .dismissed
            ? initialDetent : configuration.detents.first { $0 != .dismissed } ?? initialDetent
        inner = ScrollLink { [unowned controller] view in controller.set(scrollable: view) }
        relay.target = { [unowned self] event in self.received(event) }
        inner.activityChanged = { [unowned self] in self.updateNeedsFrames() }
    }

    private func updateNeedsFrames() {
        // A drag the model holds is one the core holds too: checked first, it
        // spares the core's call on every frame of a drag.
        let needs = isDragging || inner.isActive || cancelAtNextTick || controller.needsFrames
        if needs != storedNeedsFrames { needsFrames = needs }
    }

    /// The link's values published, then `needsFrames` brought up to date.
    private func publish() {
        inner.publish()
        updateNeedsFrames()
    }

    /// The sheet's state as of `frame`.
    public var state: SheetController.State { frame.state }

    /// The configuration in force.
    public var configuration: SheetController.Configuration { controller.configuration }

    /// The clock: the latest time the controller accepted (seconds).
    public var time: TimeInterval { controller.time }

    /// Every event from now on, in order, until the model goes away (a new
    /// stream per call: one per `for await` loop).
    public var events: AsyncStream<Event> { channel.stream() }

    // MARK: Two-way values

    /// The detent the sheet rests at or is committed to (SwiftUI's
    /// `presentationDetents(_:selection:)` binding). Setting it moves the
    /// sheet there with its spring, from the clock; while a finger is on
    /// the sheet, or for a detent the configuration does not have, the
    /// setting is refused and the value stays, and its observers are told
    /// to read it again (a `Picker` bound to it shows the detent the sheet
    /// keeps, not the refused one).
    public var selectedDetent: Detent {
        get { selection }
        set { move(to: newValue) }
    }

    /// Whether the sheet is shown (`selectedDetent` is not `.dismissed`).
    /// False dismisses it (as `selectedDetent = .dismissed`); true brings it
    /// back to the detent it was last shown at.
    public var isPresented: Bool {
        get { selection != .dismissed }
        set {
            guard newValue != (storedSelection != .dismissed) else { return }
            move(to: newValue ? presentedDetent : .dismissed)
        }
    }

    private func move(to detent: Detent) {
        guard detent != storedSelection else { return }
        inner.flush()
        if !controller.move(to: detent) {
            // Refused: the value stays, and a binding that wrote the refused one reads it again.
            mutate(Keys.selection) {}
        }
        publish()
    }

    /// A committed move (`willMove`) becomes the selection, unless a finger is down.
    private func received(_ event: Event) {
        if case .willMove = event, !isDragging { syncSelection() }
    }

    private func syncSelection() {
        let detent = controller.state.detent
        guard detent != storedSelection else { return }
        selection = detent
        if detent != .dismissed { presentedDetent = detent }
    }

    // MARK: The finger

    /// A `DragGesture` on the sheet's content changed (`onChanged`): the
    /// first change of a drag begins it, with the inner list's offset as the
    /// view last reported it.
    public func dragChanged(_ value: DragGestureValue) { drag(value, onHandle: false) }

    /// A `DragGesture` on the sheet's handle (outside its content) changed:
    /// the sheet itself follows the finger at any detent.
    public func handleDragChanged(_ value: DragGestureValue) { drag(value, onHandle: true) }

    private func drag(_ value: DragGestureValue, onHandle: Bool) {
        inner.flush()
        if !isDragging {
            isDragging = onHandle ? controller.handleDragBegan(at: value.time) : controller.dragBegan(at: value.time)
        }
        if isDragging { controller.dragChanged(translation: value.translation.height, at: value.time) }
        publish()
    }

    /// The drag ended (`onEnded`): the sheet springs to the detent the
    /// release picks, and `selectedDetent` becomes that detent.
    public func dragEnded(_ value: DragGestureValue) { endDrag(velocity: value.velocity.height, at: value.time) }

    /// The drag was cancelled: a release at rest.
    public func dragCancelled(at time: TimeInterval? = nil) { endDrag(velocity: 0, at: time) }

    /// The drag gesture's `@GestureState` was reset, which SwiftUI does when
    /// a drag ends and when the system cancels one (it calls no `onEnded`
    /// then). Whether `onEnded` comes before or after the reset is not
    /// documented, so the reset only marks the drag: the next `tick(at:)`
    /// ends it as a cancel, at that tick's time, unless `dragEnded(_:)`
    /// came meanwhile.
    public func dragGestureReset() {
        if isDragging { cancelAtNextTick = true }
        updateNeedsFrames()
    }

    /// The drag gesture's `@GestureState` changed (`onChange(of:)` on it):
    /// false is its reset (`dragGestureReset()`); true, a drag beginning,
    /// changes nothing (its values come with `dragChanged(_:)`).
    public func dragGestureActiveChanged(_ isActive: Bool) {
        if !isActive { dragGestureReset() }
    }

    private func endDrag(velocity: CGFloat, at time: TimeInterval?) {
        cancelAtNextTick = false
        guard isDragging else { return }
        inner.flush()
        controller.dragEnded(velocity: velocity, at: time)
        isDragging = false
        syncSelection()
        publish()
    }

    /// A tap on the backdrop, at the clock: what the configuration's
    /// `backdropTap` says (by default a dismissal, which makes
    /// `isPresented` false).
    public func backdropTapped() {
        inner.flush()
        controller.backdropTapped()
        publish()
    }

    // MARK: Keyboard and layout

    /// The keyboard moves (`SheetController.keyboardWillChange`): its top
    /// in the container, its animation's duration and curve, at the clock.
    @discardableResult
    public func keyboardWillChange(top: CGFloat, duration: TimeInterval, curve: Int = 7) -> Bool {
        inner.flush()
        defer { publish() }
        return controller.keyboardWillChange(top: top, duration: duration, curve: curve)
    }

    /// The container's height and safe area (a `GeometryReader`'s size and
    /// `safeAreaInsets`; nil: unchanged), as `SheetController.resize`.
    /// Throws, changing nothing, when the detents do not fit.
    public func layoutChanged(containerHeight: CGFloat, safeAreaTop: CGFloat? = nil, safeAreaBottom: CGFloat? = nil,
                              contentHeight: CGFloat? = nil) throws(ConfigurationError)
    {
        inner.flush()
        _ = try controller.resize(containerHeight: containerHeight, contentHeight: contentHeight,
                                  safeAreaTop: safeAreaTop, safeAreaBottom: safeAreaBottom)
        publish()
    }

    // MARK: The clock

    /// One display frame at `time` (seconds, the app's clock): lands a
    /// spring that ended, and publishes the frame when a value changed.
    /// Returns the controller's frame at `time`.
    @discardableResult
    public func tick(at time: TimeInterval) -> SheetController.Frame {
        inner.flush()
        if cancelAtNextTick { dragCancelled(at: time) }
        let next = controller.tick(at: time)
        if !next.hasSameValues(as: storedFrame) { frame = next }
        publish()
        return next
    }
}

/// Hands a controller's events to a model created after the controller
/// (the controller's observer is fixed before the model's `self` exists).
final class EventRelay<Event> {
    var target: ((Event) -> Void)?
    func forward(_ event: Event) { target?(event) }
}

extension SheetController.Frame {
    /// Equal but for the time: a model publishes a frame only when this is false.
    func hasSameValues(as other: Self) -> Bool {
        sheetTop == other.sheetTop && velocity == other.velocity && backdropAlpha == other.backdropAlpha
            && backgroundOffset == other.backgroundOffset && isInnerScrollEnabled == other.isInnerScrollEnabled
            && contentOffset == other.contentOffset && isContentScrolling == other.isContentScrolling
            && isAnimating == other.isAnimating && isBackgroundInteractive == other.isBackgroundInteractive
            && isReducedMotion == other.isReducedMotion && state == other.state
    }
}
