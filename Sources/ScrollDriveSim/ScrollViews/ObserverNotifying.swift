import ScrollDrive

/// The simulator's scroll views notify their observers in place, once per
/// event, as `ScrollObserverList.notifyInPlace` describes: an observer may
/// add or remove observers from its callback.
protocol ObserverNotifying: AnyObject {
    var observers: ScrollObserverList { get }
}

extension ObserverNotifying {
    /// Calls `body` for each observer, reading the list afresh on every slot.
    func notify(_ body: (any ScrollableObserver) -> Void) {
        observers.notifyInPlace(body)
    }
}
