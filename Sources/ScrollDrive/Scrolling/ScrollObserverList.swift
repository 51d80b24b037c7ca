import Foundation

/// A scroll view's observers, for types that implement `Scrollable`.
/// Notifies in the order observers were added. No observer is kept alive
/// by the list: a scroll view never keeps a controller alive.
///
/// Two kinds of observer, told apart when they are added:
/// - ScrollDrive's controllers (`BarController`, `SheetController`,
///   `PulldownPanelController`, `RefreshController`). Each has an internal
///   receiver, the part of the controller that handles reports and holds
///   nothing that could hold the scroll view or the controller. The list
///   holds the receiver (not the controller), and a report reaches it with
///   no reference counting and no weak load: the per-frame cost is one call.
///   When the controller goes, its `deinit` removes it from the list.
///   `forEach` hands out the receiver: it forwards to the same code as the
///   controller's own `ScrollableObserver` methods.
/// - Everything else, held weakly: an observer that goes away is dropped.
///
/// Observers may add or remove observers from a callback. One removed
/// before its turn is skipped; a receiver removed during a notification is
/// released only once every notification under way has ended, so it never
/// goes away while it is being called. `forEach` calls the observers that
/// were in the list when it started; `notifyInPlace` (the simulator's
/// scroll views) also calls one added meanwhile, with the same change.
///
/// Not thread-safe: one thread (the main thread in an app) adds, removes
/// and notifies, as with the scroll view that owns the list.
///
/// Exclusivity: the list's stored properties are accessed without run-time
/// checks (which would cost more than the rest of a report). No access to
/// them can overlap another: every access is inside this class's methods
/// and ends before any code outside the list runs (the observers are called
/// with no access open; a receiver released by `compact` is released after
/// the new slots are stored, from a local copy). ScrollObserverListTests
/// adds and removes observers from inside (nested) notifications.
public final class ScrollObserverList {
    @exclusivity(unchecked) private var slots: ContiguousArray<ObserverSlot> = []
    /// Notifications under way (they can nest).
    @exclusivity(unchecked) private var notifying = 0
    /// A slot was emptied while a notification was under way.
    @exclusivity(unchecked) private var hasEmptySlots = false

    public init() {}

    deinit {
        for slot in slots { slot.receiver?.release() }
    }

    /// Whether there are live observers.
    public var isEmpty: Bool {
        let current = slots
        return !current.contains { $0.isLive }
    }

    /// Adds `observer` unless it is already in the list.
    public func add(_ observer: any ScrollableObserver) {
        compact()
        let id = ObjectIdentifier(observer)
        let current = slots
        if current.contains(where: { $0.id == id && $0.isLive }) { return }
        if let controller = observer as? any ReceivingController {
            slots.append(ObserverSlot(id: id, receiver: .passRetained(controller.scrollReceiver), box: nil))
        } else {
            slots.append(ObserverSlot(id: id, receiver: nil, box: WeakScrollObserverBox(observer)))
        }
    }

    /// Removes `observer`. During a notification its slot stays (so the
    /// loops' indices hold) but is emptied, so it is skipped.
    public func remove(_ observer: any ScrollableObserver) {
        let id = ObjectIdentifier(observer)
        for index in slots.indices where slots[index].id == id && slots[index].isLive {
            slots[index].removed = true
            slots[index].box?.observer = nil
        }
        hasEmptySlots = true
        compact()
    }

    /// Calls `body` for each live observer that is in the list now (one
    /// added meanwhile is not called this time; one removed before its
    /// turn is skipped).
    public func forEach(_ body: (any ScrollableObserver) -> Void) {
        notify(upTo: slots.count, body)
    }

    /// Calls `body` for each live observer, reading the list afresh on
    /// every slot: an observer added meanwhile hears the same change.
    package func notifyInPlace(_ body: (any ScrollableObserver) -> Void) {
        notify(upTo: .max, body)
    }

    private func notify(upTo limit: Int, _ body: (any ScrollableObserver) -> Void) {
        // One slot to call (a scroll view usually has one observer, a
        // controller): its receiver without the loop's bookkeeping, the
        // same checks in the same order.
        if limit == 1, slots.count == 1, !slots[0].removed, let receiver = slots[0].receiver {
            notifying &+= 1
            ObserverSlot.call(receiver, body)
            notifying &-= 1
            if hasEmptySlots { compact() }
            return
        }
        notifying += 1
        var index = 0
        while index < limit, index < slots.count {
            if !slots[index].removed {
                if let receiver = slots[index].receiver {
                    ObserverSlot.call(receiver, body)
                } else if let observer = slots[index].box?.observer {
                    body(observer)
                }
            }
            index += 1
        }
        notifying -= 1
        if hasEmptySlots { compact() }
    }

    /// Drops emptied slots (removed observers, observers that went away)
    /// and releases removed receivers, unless a notification is iterating
    /// over them.
    private func compact() {
        guard notifying == 0 else { return }
        hasEmptySlots = false
        let old = slots
        guard old.contains(where: { !$0.isLive }) else { return }
        // Decided once per slot, and released only after the kept slots are
        // stored: a release may run deinits that retire other receivers.
        var kept = ContiguousArray<ObserverSlot>(), dropped: [Unmanaged<ScrollReceiver>] = []
        for slot in old {
            if slot.isLive { kept.append(slot) } else if let receiver = slot.receiver { dropped.append(receiver) }
        }
        slots = kept
        for receiver in dropped { receiver.release() }
    }
}

/// A ScrollDrive controller: it registers with scroll views under its own
/// identity, and its `receiver` handles the reports.
protocol ReceivingController: ScrollableObserver {
    var scrollReceiver: ScrollReceiver { get }
}

/// The part of a controller that handles what its scroll views report:
/// every per-report rule and all the state they touch. It holds no strong
/// reference to a scroll view or to its controller (the controller holds
/// it), so a list holding it makes no cycle. Each controller's receiver is
/// a subclass that overrides the three reports it handles.
class ScrollReceiver: ScrollableObserver {
    /// Set by the controller's `deinit`: its receiver hears nothing more,
    /// and lists drop it (also one the controller was added to by hand).
    final var isRetired = false

    func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {}
    func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {}
    func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState) {}
}

/// A weak reference to an observer. A class, so that a notification loads
/// the observer from its slot in place (a struct with a weak field would
/// be copied out of the array first: a weak copy and a weak destroy more).
final class WeakScrollObserverBox {
    weak var observer: (any ScrollableObserver)?
    init(_ observer: any ScrollableObserver) { self.observer = observer }
}

/// One observer in a `ScrollObserverList`: a controller's receiver, or a
/// weakly held observer of any other kind.
///
/// The package's only unmanaged reference. A receiver is
/// retained by hand (`Unmanaged.passRetained` in `ScrollObserverList.add`)
/// and released by hand when its slot is dropped (`compact`, the list's
/// `deinit`), so that a report can call it without retaining and releasing
/// it around the call, which is most of what a report would otherwise cost.
/// The call is safe because the list keeps this invariant:
///   - a slot's receiver holds +1 from the moment the slot is added until
///     the slot is dropped;
///   - a slot is dropped only when no notification is under way (removal
///     during one only marks the slot), so a receiver being called, or
///     about to be called by a loop, cannot be released by anything the
///     call does: not by the controller going away (its `deinit` removes
///     it), nor by the observer removing or adding observers.
/// `ScrollObserverListTests` checks it: a controller released from inside
/// its own observer callback, removals and additions during (nested)
/// notifications, all of which also run under AddressSanitizer
/// (`make test-swift-asan`) and ThreadSanitizer.
struct ObserverSlot {
    /// The identity the observer was added under (a controller's own).
    let id: ObjectIdentifier
    /// A controller's receiver, retained by the list while the slot exists.
    let receiver: Unmanaged<ScrollReceiver>?
    /// Any other observer, held weakly.
    let box: WeakScrollObserverBox?
    /// Removed while a notification was under way; dropped afterwards.
    var removed = false

    init(id: ObjectIdentifier, receiver: Unmanaged<ScrollReceiver>?, box: WeakScrollObserverBox?) {
        self.id = id
        self.receiver = receiver
        self.box = box
    }

    /// Not removed, and its observer (or the receiver's controller) still exists.
    var isLive: Bool {
        guard !removed else { return false }
        if let receiver { return !receiver._withUnsafeGuaranteedRef(\.isRetired) }
        return box?.observer != nil
    }

    /// Calls `body` with `receiver`, which the list keeps alive meanwhile,
    /// unless its controller has gone.
    @inline(__always)
    static func call(_ receiver: Unmanaged<ScrollReceiver>, _ body: (any ScrollableObserver) -> Void) {
        receiver._withUnsafeGuaranteedRef { if !$0.isRetired { body($0) } }
    }
}
