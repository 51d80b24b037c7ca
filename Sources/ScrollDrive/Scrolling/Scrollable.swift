import Foundation

/// Insets of a scroll view's content or indicators, in points.
///
/// ScrollDrive's own type so the API is the same on every platform; the
/// UIKit adapter converts to and from `UIEdgeInsets`.
public struct EdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()
}

/// The states of a scroll view's pan gesture recognizer, as UIKit reports them.
public enum PanGestureState: String, Equatable, Hashable, Sendable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed
}

/// Receives what a `Scrollable` reports. Controllers (`BarController`, ...)
/// conform; so can anything that forwards scroll events by hand, e.g. from a
/// `UIScrollViewDelegate`.
public protocol ScrollableObserver: AnyObject {
    /// The content offset changed to `contentOffset` (points).
    func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint)
    /// The content size changed to `contentSize` (points).
    func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize)
    /// The pan gesture recognizer moved to `state`.
    func scrollable(_ scrollable: any Scrollable, didChangePanGestureState state: PanGestureState)
}

/// A scroll view as ScrollDrive sees it: what a controller reads, what it may
/// set, and how it hears about changes.
///
/// `UIScrollView` conforms through `UIScrollViewAdapter` (Apple platforms);
/// the simulator's `SimScrollView` and the test double `ManualScrollView`
/// conform directly. A conforming type reports every content-offset,
/// content-size and pan-state change to its observers, in the order they
/// happen, and holds its observers weakly.
public protocol Scrollable: AnyObject {
    /// Current content offset, in points (y grows as the content scrolls up).
    var contentOffset: CGPoint { get }
    /// Content inset, in points.
    var contentInset: EdgeInsets { get set }
    /// Scroll indicator inset, in points.
    var scrollIndicatorInsets: EdgeInsets { get set }
    /// Content size, in points.
    var contentSize: CGSize { get }
    /// The scroll view's frame, in points.
    var frame: CGRect { get }
    /// Moves the content offset. Implementations first stop any deceleration;
    /// when `animated`, they animate over 0.25 s (UIKit's ease-in-out), as
    /// AirBar's adapter does.
    func updateContentOffset(_ contentOffset: CGPoint, animated: Bool)
    /// Starts reporting changes to `observer` (held weakly).
    func addScrollObserver(_ observer: any ScrollableObserver)
    /// Stops reporting changes to `observer`.
    func removeScrollObserver(_ observer: any ScrollableObserver)
}

/// A weakly held list of observers, for types that implement `Scrollable`.
/// Notifies in the order observers were added; observers that went away are
/// dropped. Every observer, ScrollDrive's controllers included, is held
/// weakly: a scroll view never keeps a controller alive.
///
/// A class: a scroll view holds its list in a property it never reassigns,
/// and every change goes through the list's methods, which call no code of
/// the caller's while they change it. So no access to the scroll view's
/// property or to the list's storage can overlap another, and the compiler
/// proves it instead of checking every access at run time (the per-frame
/// notification costs no exclusivity check).
///
/// Scroll views notify either with `forEach` (over the observers as they
/// are when it starts), or in place, which lets an observer add or remove
/// observers from its callback with the effect the list promises: one
/// removed before its turn is skipped, one added hears the same change.
/// The loop reads the list afresh on every slot, between
/// `beginNotifying()` and `endNotifying()`:
///
///     observers.beginNotifying()
///     var index = 0
///     while case let .slot(observer) = observers.slot(index) {
///         observer?.scrollable(self, didChangeContentOffset: offset)
///         index += 1
///     }
///     observers.endNotifying()
public final class ScrollObserverList {
    private var slots: [WeakScrollObserverBox] = []
    /// In-place notifications under way (they can nest).
    private var notifying = 0
    /// A slot was emptied while a notification was under way.
    private var hasEmptySlots = false

    public init() {}

    /// Whether there are live observers.
    public var isEmpty: Bool { !slots.contains { $0.observer != nil } }

    /// Adds `observer` unless it is already in the list.
    public func add(_ observer: any ScrollableObserver) {
        compact()
        if slots.contains(where: { $0.observer === observer }) { return }
        // A new array rather than an append in place: each change to
        // `slots` is one short store, never an access open across a call
        // (adding is rare; notifying is per frame).
        slots = slots + [WeakScrollObserverBox(observer)]
    }

    /// Removes `observer`. During a notification its slot stays (so the
    /// loop's indices hold) but is emptied, so it is skipped.
    public func remove(_ observer: any ScrollableObserver) {
        for slot in slots where slot.observer === observer { slot.observer = nil }
        hasEmptySlots = true
        compact()
    }

    /// Calls `body` for each live observer, over the list as it is now: the
    /// observers may add or remove observers meanwhile (one removed before
    /// its turn is skipped; one added is not called this time).
    public func forEach(_ body: (any ScrollableObserver) -> Void) {
        for slot in slots {
            if let observer = slot.observer { body(observer) }
        }
    }

    /// What an in-place notification loop finds at a slot index.
    package enum Slot {
        /// A slot, with its observer (nil when it is gone or was removed).
        case slot((any ScrollableObserver)?)
        /// Past the last slot: the loop is over.
        case end
    }

    /// The slot at `index` (>= 0): the list is read once per slot.
    package func slot(_ index: Int) -> Slot {
        index < slots.count ? .slot(slots[index].observer) : .end
    }

    package func beginNotifying() { notifying += 1 }

    package func endNotifying() {
        notifying -= 1
        if hasEmptySlots { compact() }
    }

    /// Drops empty slots (removed observers, and observers that went
    /// away), unless a notification is iterating over them.
    private func compact() {
        guard notifying == 0 else { return }
        if slots.contains(where: { $0.observer == nil }) { slots = slots.filter { $0.observer != nil } }
        hasEmptySlots = false
    }
}

/// A weak reference to an observer. A class, so that a notification loads
/// the observer from its slot in place (a struct with a weak field would
/// be copied out of the array first: a weak copy and a weak destroy more).
final class WeakScrollObserverBox {
    weak var observer: (any ScrollableObserver)?
    init(_ observer: any ScrollableObserver) { self.observer = observer }
}
