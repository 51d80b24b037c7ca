import ScrollDrive

/// A scroll view of this package that notifies its observers in place, once
/// per event, as `ScrollObserverList` describes: ScrollDrive's controllers
/// through their cores (neither retained nor weakly loaded), other observers
/// through their `ScrollableObserver` methods.
protocol ObserverNotifying: AnyObject {
    var observers: ScrollObserverList { get set }
}

extension ObserverNotifying {
    /// The notification loop. It reads the stored list afresh on every slot
    /// (no copy of the list) between `beginNotifying()` and `endNotifying()`,
    /// so an observer may add or remove observers from its callback.
    @inline(__always)
    func notify(core: (ScrollObserverCore) -> Void, other: (any ScrollableObserver) -> Void) {
        observers.beginNotifying()
        var index = 0
        while index < observers.slotCount {
            if let observerCore = observers.liveCore(at: index) {
                observerCore._withUnsafeGuaranteedRef { core($0) }
            } else if let observer = observers.liveObserver(at: index) {
                other(observer)
            }
            index += 1
        }
        observers.endNotifying()
    }
}
