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
/// dropped.
///
/// Per-frame cost. ScrollDrive's controllers register a `ScrollObserverCore`
/// that holds everything their per-frame path touches; the list keeps that
/// core (never the controller itself, which stays free to go away) and the
/// controller marks it dead in `deinit`. Other observers are held weakly.
/// Loading a weak reference, or retaining an object for a call, costs
/// atomic read-modify-writes that take longer than the whole bar reduction;
/// the scroll views of this package notify cores in place instead (see
/// `liveCore(at:)`), with no weak load, no retain and no copy of the list.
public struct ScrollObserverList {
    @usableFromInline
    struct Entry {
        // No weak reference in here: a weak field makes the struct
        // address-only, and every read of an entry would copy it (a weak
        // copy, a retain and a release per observer per event).

        /// Keeps the core or the box below alive.
        let owner: AnyObject
        /// Set for ScrollDrive's controllers: their core, live while `isLive`.
        @usableFromInline let core: Unmanaged<ScrollObserverCore>?
        /// Set for any other observer, which the box holds weakly.
        @usableFromInline unowned(unsafe) let box: WeakScrollObserverBox?
        /// Removed while a notification was under way (kept so indices hold,
        /// and the core alive, until the notification ends).
        @usableFromInline var removed = false

        init(_ observer: any ScrollableObserver) {
            if let owner = observer as? any ScrollObserverCoreOwner {
                let core = owner.scrollObserverCore
                self.owner = core
                self.core = Unmanaged.passUnretained(core)
                box = nil
            } else {
                let box = WeakScrollObserverBox(observer)
                owner = box
                self.box = box
                core = nil
            }
        }

        /// The core, when it is a live one (not retained: the entry keeps it).
        @inlinable
        var liveCore: Unmanaged<ScrollObserverCore>? {
            guard !removed, let core, core._withUnsafeGuaranteedRef({ $0.isLive }) else { return nil }
            return core
        }

        /// The observer (for a core, its controller), retained for the
        /// caller, or nil when it is gone.
        @inlinable
        var liveObserver: (any ScrollableObserver)? {
            if removed { return nil }
            if let core { return core._withUnsafeGuaranteedRef { $0.isLive ? $0.observer : nil } }
            return box?.observer
        }

        var isLive: Bool { liveObserver != nil }

        func holds(_ other: any ScrollableObserver) -> Bool {
            if removed { return false }
            if let core {
                guard let owner = other as? any ScrollObserverCoreOwner else { return false }
                return core.takeUnretainedValue() === owner.scrollObserverCore
            }
            return box?.observer === other
        }
    }

    @usableFromInline var entries: [Entry] = []
    /// In-place notifications under way (they can nest).
    @usableFromInline var notifying = 0

    public init() {}

    /// Whether there are live observers.
    public var isEmpty: Bool { !entries.contains { $0.isLive } }

    /// Adds `observer` unless it is already in the list.
    public mutating func add(_ observer: any ScrollableObserver) {
        if notifying == 0 { entries.removeAll { !$0.isLive } }
        if entries.contains(where: { $0.holds(observer) }) { return }
        entries.append(Entry(observer))
    }

    /// Removes `observer`.
    public mutating func remove(_ observer: any ScrollableObserver) {
        if notifying == 0 {
            entries.removeAll { !$0.isLive || $0.holds(observer) }
        } else {
            // A notification is iterating by index: mark, do not move.
            for index in entries.indices where entries[index].holds(observer) { entries[index].removed = true }
        }
    }

    /// Calls `body` for each live observer, over a copy of the list: the
    /// observers may add or remove observers meanwhile.
    public func forEach(_ body: (any ScrollableObserver) -> Void) {
        for entry in entries {
            if let observer = entry.liveObserver { body(observer) }
        }
    }

    // In-place notification, for the scroll views of this package, which
    // notify once per frame. The scroll view loops over the slots, reading
    // its stored list afresh each time (no copy, no retain), between
    // `beginNotifying()` and `endNotifying()`, so that observers removed by
    // a callback are marked instead of moved and their cores stay alive
    // until the loop ends; observers added meanwhile are notified too:
    //
    //     observers.beginNotifying()
    //     var index = 0
    //     while index < observers.slotCount {
    //         if let core = observers.liveCore(at: index) {
    //             core._withUnsafeGuaranteedRef { $0.contentOffsetChanged(self, offset) }
    //         } else if let observer = observers.liveObserver(at: index) {
    //             observer.scrollable(self, didChangeContentOffset: offset)
    //         }
    //         index += 1
    //     }
    //     observers.endNotifying()

    /// Slots, live or not: the bound of a notification loop.
    @inlinable package var slotCount: Int { entries.count }

    /// The live core in slot `index` (< `slotCount`), not retained: the list
    /// keeps it alive until `endNotifying()`, even if it is removed meanwhile.
    @inlinable package func liveCore(at index: Int) -> Unmanaged<ScrollObserverCore>? {
        entries[index].liveCore
    }

    /// The observer in slot `index` (< `slotCount`), retained, or nil when it is gone.
    @inlinable package func liveObserver(at index: Int) -> (any ScrollableObserver)? {
        entries[index].liveObserver
    }

    @inlinable package mutating func beginNotifying() { notifying += 1 }
    @inlinable package mutating func endNotifying() { notifying -= 1 }
}

/// The part of a ScrollDrive controller that scroll views notify: it holds
/// all the state and the observer closure the controller's per-frame path
/// uses, so a scroll view can keep it alive (strongly) without keeping the
/// controller alive, and can call it without retaining it. The controller
/// sets `isLive` to false first thing in its `deinit`. By default each event
/// goes to `observer` (the controller); subclasses handle the per-frame ones
/// themselves. Single-threaded, like the controllers.
@usableFromInline
package class ScrollObserverCore {
    @usableFromInline @exclusivity(unchecked) package final var isLive = true
    /// The controller; valid while `isLive`.
    @usableFromInline @exclusivity(unchecked) package final unowned(unsafe) var observer: (any ScrollableObserver)?

    init() {}

    package func contentOffsetChanged(_ scrollable: any Scrollable, _ contentOffset: CGPoint) {
        if isLive, let observer { observer.scrollable(scrollable, didChangeContentOffset: contentOffset) }
    }

    package func contentSizeChanged(_ scrollable: any Scrollable, _ contentSize: CGSize) {
        if isLive, let observer { observer.scrollable(scrollable, didChangeContentSize: contentSize) }
    }

    package func panGestureStateChanged(_ scrollable: any Scrollable, _ state: PanGestureState) {
        if isLive, let observer { observer.scrollable(scrollable, didChangePanGestureState: state) }
    }
}

/// A weak reference to an observer that has no `ScrollObserverCore`.
@usableFromInline
final class WeakScrollObserverBox {
    @usableFromInline @exclusivity(unchecked) weak var observer: (any ScrollableObserver)?
    init(_ observer: any ScrollableObserver) { self.observer = observer }
}

/// A controller that registers its `ScrollObserverCore` in its place.
protocol ScrollObserverCoreOwner: AnyObject {
    var scrollObserverCore: ScrollObserverCore { get }
}
