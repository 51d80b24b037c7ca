import CScrollDrive

/// The C side of a surface, as every surface of the core has it: one plain
/// struct (`sd_bar`, `sd_sheet`, `sd_pulldown`) holding the validated
/// configuration and the state, and four verbs. Each surface's struct
/// conforms in its controller's folder; the conformance only forwards to
/// the C functions.
///
/// | verb | C function |
/// |---|---|
/// | `step` | `sd_X_step`: one event in, actions out; commits only on success |
/// | `frame(of:at:)` | `sd_X_frame_at`: what a view shows at a time; pure |
/// | `reconfigure` | `sd_X_reconfigure`: new numbers, state kept |
/// | `clock` | the latest event time the surface accepted (seconds) |
///
/// (`sd_X_init` is called once, by the controller that builds the driver.)
protocol CoreSurface {
    associatedtype CConfiguration
    associatedtype CEvent
    associatedtype CActions
    associatedtype CFrame

    static var surfaceName: String { get }
    static func emptyActions() -> CActions
    static func emptyFrame() -> CFrame

    /// `sd_X_step` without an error record: a controller reads only the
    /// status (the record would cost its writes on every step).
    mutating func step(_ event: inout CEvent, _ actions: inout CActions) -> sd_status
    /// `sd_X_frame_at` on the struct at `core`, read in place (a copy of a
    /// pull-down's 400 bytes per frame would cost more than the glue).
    static func frame(of core: UnsafePointer<Self>, at time: Double, _ frame: inout CFrame) -> sd_status
    mutating func reconfigure(_ configuration: inout CConfiguration, _ error: inout sd_error) -> sd_status
    var clock: Double { get }
}

/// What every controller is made of: the C surface struct (the only copy of
/// the configuration and the state), the queue of events raised during a
/// delivery, and the identities of the scroll views the controller listens
/// to. (Each controller's receiver owns one and keeps its observer.)
///
/// A controller turns what its scroll views report and what the app tells
/// it into core events (`step`), performs the actions the core returns on
/// its scroll views, and hands the resulting events to `emit`. Events are
/// delivered in order and once each, also when the observer calls back into
/// the controller: events raised during a delivery are queued behind the
/// current ones.
///
/// Not thread-safe, like the controllers that own it: one thread (the main
/// thread in an app) creates, drives and observes it.
///
/// Exclusivity. The driver's private stored properties, which are all of a
/// controller's per-frame mutable state the core does not keep, are
/// `@exclusivity(unchecked)` (the package's other such spot is
/// `ScrollObserverList`'s slots, with its invariant there). Swift checks an access
/// to a class's stored property at run time (on Linux each check is a
/// thread-local lookup), several times per frame here. The checks are not
/// needed here, because no access to these
/// properties can overlap another on the one thread the driver is used on:
///   - every access is inside a method of this class and calls out to no
///     Swift code while it lasts: `step`, `reconfigure` and `withCore` hold
///     `storedCore` only across the C function (the core calls nothing
///     back; `withCore`'s callers pass a closure that calls only C, `read`'s
///     one that only reads fields through the pointer), and the
///     queue is read or appended to between observer calls, never during
///     one;
///   - the observer is called with no access open, so whatever it does to
///     the controller (step it, emit, attach another scroll view) starts its
///     own accesses after the driver's have ended.
/// Two threads using one driver at once would be a data race whether or
/// not the accesses were checked (the thread sanitizer reports such races;
/// ThreadingTests runs independent controllers on several threads under
/// it). The invariants are tested in SurfaceDriverTests.
final class SurfaceDriver<Core: CoreSurface, Event> {
    @exclusivity(unchecked) private var storedCore: Core
    @exclusivity(unchecked) private var queued: [Event] = []
    @exclusivity(unchecked) private var isDelivering = false
    @exclusivity(unchecked) private var attachedIDs: (ObjectIdentifier?, ObjectIdentifier?, ObjectIdentifier?)
        = (nil, nil, nil)

    /// The controller keeps its observer and passes it to `emit`: a closure
    /// stored here would be stored at the generic class's abstraction, and
    /// every call would go through a thunk.
    init(core: Core) {
        storedCore = core
    }

    /// The surface struct (a copy). Only `step` and `reconfigure` change it.
    var core: Core { storedCore }

    /// `body` given the surface struct's address, for reading a few of its
    /// fields per frame without copying all of it (a pull-down's is 392
    /// bytes, and a copy is a memcpy). The pointer is valid only inside
    /// `body`, which must only read through it and call only C.
    @inline(__always) func read<R>(_ body: (UnsafePointer<Core>) -> R) -> R {
        withUnsafeMutablePointer(to: &storedCore) { body(UnsafePointer($0)) }
    }

    /// The surface's clock: the latest event time it accepted (seconds).
    var clock: Double { storedCore.clock }

    /// One event. Returns the actions to perform, or nil when the core
    /// rejected the event (then nothing changed, bit for bit).
    func step(_ event: Core.CEvent) -> Core.CActions? {
        var event = event
        var actions = Core.emptyActions()
        guard storedCore.step(&event, &actions) == SD_OK else { return nil }
        return actions
    }

    /// Runs `body` on the surface struct in place: for a C entry point
    /// other than the four verbs (the bar's `sd_bar_report_offset`), which,
    /// like them, commits only on success. `body` must call only C.
    @inline(__always) func withCore<R>(_ body: (inout Core) -> R) -> R {
        body(&storedCore)
    }

    /// The frame at `time`, or nil when the core rejects the time (not finite).
    func frame(at time: Double) -> Core.CFrame? {
        var frame = Core.emptyFrame()
        guard read({ Core.frame(of: $0, at: time, &frame) }) == SD_OK else { return nil }
        return frame
    }

    /// The frame at the clock (always finite, so the core never rejects it).
    var frameAtClock: Core.CFrame {
        var frame = Core.emptyFrame()
        _ = read { Core.frame(of: $0, at: $0.pointee.clock, &frame) }
        return frame
    }

    /// New numbers, the state kept. Throws the core's report and changes
    /// nothing when the core rejects them (e.g. a detent index the new
    /// configuration does not have).
    func reconfigure(_ configuration: Core.CConfiguration) throws(ConfigurationError) {
        var configuration = configuration
        var error = sd_error()
        if storedCore.reconfigure(&configuration, &error) != SD_OK {
            throw ConfigurationError(surface: Core.surfaceName, error)
        }
    }

    // MARK: Delivering events

    /// Hands `event` to `observer` (the controller's): now, or after the
    /// events already being delivered when the observer itself caused this
    /// one. Inlined into the controller, so the event goes to the observer
    /// from where the controller built it, not from a copy.
    @inline(__always) func emit(_ event: Event, to observer: (Event) -> Void) {
        if isDelivering {
            queued.append(event)
            return
        }
        // Nothing is being delivered, so nothing is queued: call the
        // observer directly, then deliver what it raised meanwhile (usually
        // nothing: then no call).
        isDelivering = true
        observer(event)
        if !queued.isEmpty { deliverQueued(to: observer) }
        isDelivering = false
    }

    /// Hands `events` (those of one step, e.g. a sheet's willMove, didMove
    /// and dismissed) to `observer` in order, all of them before any event
    /// the observer causes meanwhile.
    func emit(contentsOf events: some Sequence<Event>, to observer: (Event) -> Void) {
        queued.append(contentsOf: events)
        guard !isDelivering else { return }
        isDelivering = true
        deliverQueued(to: observer)
        isDelivering = false
    }

    /// Delivers the queue in order, including what the observer appends to
    /// it meanwhile, then empties it. Each element is read (a short access)
    /// before the observer is called, with no access open during the call.
    private func deliverQueued(to observer: (Event) -> Void) {
        var index = 0
        while index < queued.count {
            let next = queued[index]
            index += 1
            observer(next)
        }
        if index > 0 { queued.removeAll(keepingCapacity: true) }
    }

    // MARK: The attached scroll views' identities

    /// Records which scroll view the controller listens to in `role`
    /// (0...2: the pull-down has three; nil: none), for `role(of:)`. The
    /// controller keeps the weak references itself (`ScrollableAttachment`);
    /// these are only their identities, checked on every report without a
    /// weak load.
    func setAttached(_ scrollable: (any Scrollable)?, role: Int = 0) {
        let id = scrollable.map(ObjectIdentifier.init)
        switch role {
        case 0: attachedIDs.0 = id
        case 1: attachedIDs.1 = id
        default: attachedIDs.2 = id
        }
    }

    /// The first role `scrollable` is recorded in by `setAttached`, or nil.
    /// The scroll view reporting is alive, so only an object made at the
    /// address of a dead attached one, and registered with the controller
    /// by hand, could pass for it.
    func role(of scrollable: any Scrollable) -> Int? {
        let id = ObjectIdentifier(scrollable), ids = attachedIDs
        if ids.0 == id { return 0 }
        if ids.1 == id { return 1 }
        if ids.2 == id { return 2 }
        return nil
    }

    /// Whether `scrollable` is the one recorded in role 0.
    func isAttached(_ scrollable: any Scrollable) -> Bool {
        ObjectIdentifier(scrollable) == attachedIDs.0
    }
}

/// One scroll view a controller is attached to, in one role (the bar's
/// scroll view, the sheet's inner scroll view, the pull-down's chat list,
/// panel and mini-program list), held weakly. A class, so that reading the
/// scroll view is one weak load (a struct with a weak field would be copied
/// out of its owner first); a receiver keeps its attachments in `let`s.
final class ScrollableAttachment {
    private(set) weak var scrollable: (any Scrollable)?

    init() {}

    /// Detaches the current scroll view (if any) from `observer` and
    /// attaches `scrollable` (nil: none). `observer` is registered with it
    /// now, or later with `startObserving` when the controller must prepare
    /// the scroll view first (the bar preconfigures it).
    func attach(_ scrollable: (any Scrollable)?, observer: any ScrollableObserver, observingNow: Bool = true) {
        self.scrollable?.removeScrollObserver(observer)
        self.scrollable = scrollable
        if observingNow { scrollable?.addScrollObserver(observer) }
    }

    /// Registers `observer` with the attached scroll view.
    func startObserving(_ observer: any ScrollableObserver) {
        scrollable?.addScrollObserver(observer)
    }

    /// Stops observing (when the controller goes).
    func detach(observer: any ScrollableObserver) {
        scrollable?.removeScrollObserver(observer)
    }
}
