import ScrollDrive

/// A scroll view of this package that notifies its observers in place, once
/// per event, as `ScrollObserverList` describes: an observer may add or
/// remove observers from its callback.
protocol ObserverNotifying: AnyObject {
    var observers: ScrollObserverList { get }
}

extension ObserverNotifying {
    /// The notification loop: the list is read afresh on every slot, between
    /// `beginNotifying()` and `endNotifying()`.
    func notify(_ body: (any ScrollableObserver) -> Void) {
        observers.beginNotifying()
        var index = 0
        while case let .slot(observer) = observers.slot(index) {
            if let observer { body(observer) }
            index += 1
        }
        observers.endNotifying()
    }
}
