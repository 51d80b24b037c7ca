import Foundation
import ScrollDrive
import XCTest

/// A scroll view for the panel's tests: it moves only when told to, reports
/// every change, performs `updateContentOffset` at once (recording it), and
/// says whether it is decelerating as the test sets it.
final class PulldownTestScrollView: DeceleratingScrollable {
    struct Request: Equatable {
        let y: CGFloat
        let animated: Bool
    }

    private(set) var contentOffset: CGPoint
    var contentInset: EdgeInsets
    var scrollIndicatorInsets: EdgeInsets = .zero
    var contentSize: CGSize
    var frame: CGRect
    var isDecelerating = false
    private(set) var requests: [Request] = []
    /// Called before the test moves the content or pans (not before the
    /// controller's own `updateContentOffset`).
    var willReport: () -> Void = {}
    private var observers = ScrollObserverList()

    init(y: CGFloat, insetTop: CGFloat = 0, height: CGFloat = 736, contentHeight: CGFloat = 4000) {
        contentOffset = CGPoint(x: 0, y: y)
        contentInset = EdgeInsets(top: insetTop)
        contentSize = CGSize(width: 414, height: contentHeight)
        frame = CGRect(x: 0, y: 0, width: 414, height: height)
    }

    /// Moves the content (a finger or a deceleration would) and reports it.
    func scroll(to y: CGFloat) {
        willReport()
        contentOffset.y = y
        observers.forEach { $0.scrollable(self, didChangeContentOffset: contentOffset) }
    }

    func pan(_ state: PanGestureState) {
        willReport()
        observers.forEach { $0.scrollable(self, didChangePanGestureState: state) }
    }

    /// Stops any deceleration, moves at once (animated or not), reports a change.
    func updateContentOffset(_ offset: CGPoint, animated: Bool) {
        requests.append(Request(y: offset.y, animated: animated))
        isDecelerating = false
        guard offset != contentOffset else { return }
        contentOffset = offset
        observers.forEach { $0.scrollable(self, didChangeContentOffset: offset) }
    }

    func clearRequests() { requests.removeAll() }

    func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }
}

/// A controller over the three test scroll views with a test-owned clock,
/// recording every frame it ticked and every event reported.
///
/// Scroll views report at the controller's clock; a report the test makes
/// after moving `time` on first brings the controller's clock there with a
/// tick (as a display's frame would have), so it happens at `time`.
final class PulldownHarness {
    typealias Controller = PulldownPanelController

    let configuration: Controller.Configuration
    let list: PulldownTestScrollView
    let panel: PulldownTestScrollView
    let miniPrograms: PulldownTestScrollView
    /// The clock: scroll events are stamped with it, `tick()` ticks at it.
    var time: TimeInterval = 0
    var frames: [Controller.Frame] = []
    var states: [Controller.State] = []
    var events: [Controller.Event] = []
    private(set) var controller: Controller!

    init(_ configuration: Controller.Configuration = .article) {
        self.configuration = configuration
        list = PulldownTestScrollView(y: -configuration.topBarHeight, insetTop: configuration.topBarHeight,
                                      height: configuration.screenHeight)
        panel = PulldownTestScrollView(y: 0, height: configuration.screenHeight,
                                       contentHeight: configuration.screenHeight * 20)
        miniPrograms = PulldownTestScrollView(y: configuration.searchBarHeight, height: 400)
        controller = Controller(configuration: configuration, observer: { [unowned self] event in
            self.events.append(event)
            if case .stateChanged(let state) = event { self.states.append(state) }
        })
        for view in [list, panel, miniPrograms] {
            view.willReport = { [unowned self] in
                if self.controller.time < self.time { self.controller.tick(at: self.time) }
            }
        }
        controller.set(listScrollable: list)
        controller.set(panelScrollable: panel)
        controller.set(miniProgramListScrollable: miniPrograms)
    }

    var state: Controller.State { controller.state }
    var frame: Controller.Frame { frames.last! }

    /// The chat-list content offset for pull distance `d`.
    func y(_ d: CGFloat) -> CGFloat { -(configuration.topBarHeight + d) }

    /// Ticks at the current time.
    @discardableResult
    func tick() -> Controller.Frame {
        let frame = controller.tick(at: time)
        XCTAssertEqual(controller.time, time, "tick at \(time) not taken")
        frames.append(frame)
        return frame
    }

    /// Advances the clock by `dt` and ticks.
    @discardableResult
    func step(_ dt: TimeInterval = 1.0 / 60) -> Controller.Frame {
        time += dt
        return tick()
    }

    /// Ticks at 60 Hz until `time` reaches `end` (the last tick exactly at `end`).
    func run(until end: TimeInterval, hz: Double = 60) {
        let start = time
        var k = 1.0
        while start + k / hz < end {
            time = start + k / hz
            tick()
            k += 1
        }
        time = end
        tick()
    }

    /// A drag on the chat list through pull distances `distances`, one per
    /// 60 Hz frame, ticking after each; the drag is left in progress.
    func pullList(_ distances: [CGFloat], begin: Bool = true) {
        if begin { list.pan(.began) }
        for d in distances {
            time += 1.0 / 60
            list.scroll(to: y(d))
            list.pan(.changed)
            tick()
        }
    }

    /// Pulls the list from rest to `d` in 10 steps (moving down all the way).
    func pullList(to d: CGFloat) {
        pullList((1...10).map { d * CGFloat($0) / 10 })
    }

    /// Ends the chat list's drag.
    func releaseList(decelerating: Bool = false) {
        list.isDecelerating = decelerating
        list.pan(.ended)
    }

    /// Opens the panel: pull to `d`, release, let the opening finish.
    func open(pull d: CGFloat = 150) {
        pullList(to: d)
        XCTAssertEqual(state.listPhase, .pulling)
        releaseList()
        run(until: time + configuration.transitionDuration)
        XCTAssertTrue(state.isOpen, "the panel did not open")
        list.clearRequests()
        panel.clearRequests()
        miniPrograms.clearRequests()
    }

    /// A drag on the open panel through pull-up distances `offsets`, one per
    /// 60 Hz frame; the drag is left in progress.
    func dragPanel(_ offsets: [CGFloat], begin: Bool = true) {
        if begin { panel.pan(.began) }
        for u in offsets {
            time += 1.0 / 60
            panel.scroll(to: u)
            panel.pan(.changed)
            tick()
        }
    }

    /// A drag on the mini-program list from `from` to `to`, ended.
    func dragMiniPrograms(from: CGFloat, to: CGFloat, decelerating: Bool = false) {
        miniPrograms.scroll(to: from)
        miniPrograms.pan(.began)
        time += 1.0 / 60
        miniPrograms.scroll(to: to)
        miniPrograms.pan(.changed)
        miniPrograms.isDecelerating = decelerating
        miniPrograms.pan(.ended)
    }
}
