import CScrollDrive
import Foundation
import ScrollDrive
import ScrollDriveSim
import XCTest

/// Random inputs through a `RefreshController` over a scroll view that follows it:
/// offsets walking around the top and the end (and of any size), content
/// sizes, pan states in any order, ticks whose clock stands still, runs
/// backwards or jumps (NaN and negative times included), the app's calls in
/// any state, and new configurations. After every input the invariants are
/// checked: MJRefresh's transitions only, each reported once; the inset held
/// exactly while refreshing or done; the minimum refreshing time; the footer
/// loading at most once per approach of the end; finite frames in range.
final class RefreshPropertyTests: XCTestCase {
    /// A scroll view that moves where it is told at once and reports it, as
    /// UIScrollView's `setContentOffset(_:animated: false)` does.
    final class FollowingScrollView: Scrollable {
        private(set) var contentOffset: CGPoint
        var contentInset: EdgeInsets = .zero
        var scrollIndicatorInsets: EdgeInsets = .zero
        private(set) var contentSize: CGSize
        var frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        private var observers = ScrollObserverList()

        init(contentOffset: CGPoint, contentSize: CGSize) {
            self.contentOffset = contentOffset
            self.contentSize = contentSize
        }

        func setContentOffset(_ offset: CGPoint) {
            contentOffset = offset
            observers.forEach { $0.scrollable(self, didChangeContentOffset: offset) }
        }

        func setContentSize(_ size: CGSize) {
            contentSize = size
            observers.forEach { $0.scrollable(self, didChangeContentSize: size) }
        }

        func setPanGestureState(_ state: PanGestureState) {
            observers.forEach { $0.scrollable(self, didChangePanGestureState: state) }
        }

        func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) { setContentOffset(contentOffset) }
        func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
        func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }
    }

    typealias Controller = RefreshController

    enum Input: CustomStringConvertible {
        case offset(Double)
        case contentSize(Double)
        case pan(PanGestureState)
        case tick(Double)
        case begin, end, endLoading(Bool), noMoreData, reset
        case reconfigure(Controller.Configuration)

        var description: String {
            switch self {
            case let .offset(y): return "offset \(y)"
            case let .contentSize(h): return "content height \(h)"
            case let .pan(s): return "pan \(s)"
            case let .tick(t): return "tick \(t)"
            case .begin: return "beginRefreshing()"
            case .end: return "endRefreshing()"
            case let .endLoading(n): return "endLoading(noMoreData: \(n))"
            case .noMoreData: return "noMoreData()"
            case .reset: return "resetNoMoreData()"
            case let .reconfigure(c): return "reconfigure(threshold \(c.pullThreshold), min \(c.minimumRefreshingTime), trigger \(c.footerTriggerDistance)/\(c.footerTriggerFraction))"
            }
        }
    }

    static func configuration(_ draw: inout Draw) -> Controller.Configuration {
        // Valid by construction: the draws stay inside the rules.
        try! Controller.Configuration(
            contentInsetTop: draw.element([0, 64, 88]), contentInsetBottom: draw.element([0, 49, 83]),
            viewportHeight: draw.element([600, 667, 812]), headerHeight: draw.element([54, 80]),
            pullThreshold: draw.element([54, 30, 100]), beginDuration: draw.element([0, 0.25]),
            endDuration: draw.element([0, 0.4]), minimumRefreshingTime: draw.element([0, 0.5, 1]),
            footerTriggerDistance: draw.element([0, 100, 300]), footerTriggerFraction: draw.element([0, 0.1, 0.5]),
            isHeaderEnabled: draw.chance(0.9), isFooterEnabled: draw.chance(0.9))
    }

    static func input(_ draw: inout Draw, view: FollowingScrollView, clock: Double) -> Input {
        switch draw.int(0...19) {
        case 0...7:
            let y = view.contentOffset.y.isFinite ? view.contentOffset.y : -64
            if draw.chance(0.8) { return .offset(y + draw.double(-60...60, wild: 0.02)) }
            return .offset(draw.element([-200, -64, 0, view.contentSize.height - 500, view.contentSize.height]))
        case 8: return .contentSize(draw.double(0...5000, wild: 0.05))
        case 9...10: return .pan(draw.element(PanGestureState.allCases))
        case 11...14:
            switch draw.int(0...6) {
            case 0: return .tick(clock)
            case 1: return .tick(clock - 0.5)
            case 2: return .tick(draw.element([.nan, .infinity, -.infinity, -1]))
            case 3: return .tick(clock + 2)
            default: return .tick(clock + 1.0 / 60)
            }
        case 15: return draw.chance(0.5) ? .begin : .end
        case 16: return .endLoading(draw.chance(0.3))
        case 17: return draw.chance(0.5) ? .noMoreData : .reset
        case 18: return .end
        default: return .reconfigure(configuration(&draw))
        }
    }

    static func allowed(_ a: Controller.HeaderState, _ b: Controller.HeaderState, _ input: Input) -> Bool {
        var isOffset = false, isRelease = false, isBegin = false
        if case .offset = input { isOffset = true }
        if case let .pan(s) = input, [.ended, .cancelled, .failed].contains(s) { isRelease = true }
        if case .begin = input { isBegin = true }
        switch (a, b) {
        case _ where a == b: return true
        case (.idle, .pulling): return isOffset
        // (A release goes back to idle when a reconfigure disabled the header mid-pull.)
        case (.pulling, .idle): return isOffset || isRelease
        case (.pulling, .refreshing): return isOffset || isRelease || isBegin
        case (.idle, .refreshing): return isBegin
        // The end (and its finish) come with the input that ends them or any later one.
        case (.refreshing, .done), (.refreshing, .idle), (.done, .idle): return true
        // ... and a pull may follow in the same step.
        case (.refreshing, .pulling), (.done, .pulling): return isOffset
        default: return false
        }
    }

    @discardableResult
    static func run(seed: UInt64, count: Int, perController: Int) -> Int {
        var draw = Draw(seed: seed)
        var index = 0
        while index < count {
            var events: [Controller.Event] = []
            let controller = Controller(configuration: configuration(&draw)) { events.append($0) }
            let view = FollowingScrollView(contentOffset: CGPoint(x: 0, y: -controller.configuration.contentInsetTop),
                                        contentSize: CGSize(width: 375, height: 2000))
            controller.set(scrollable: view)
            var clock = 0.0
            var refreshStart: Double?
            var awaitingRefresh = false
            var loadedInThisApproach = controller.state.footer == .loading
            // The offset and content height the core holds: the latest it accepted.
            var coreY = Double(view.contentOffset.y), coreHeight = 2000.0
            var trail: [String] = []
            for _ in 0..<min(perController, count - index) {
                index += 1
                let input = self.input(&draw, view: view, clock: clock)
                let before = controller.state
                trail.append("#\(index) \(before.header)/\(before.footer) y \(view.contentOffset.y): \(input)")
                if trail.count > 30 { trail.removeFirst() }
                events.removeAll()
                func check(_ ok: Bool, _ message: String) -> Bool {
                    require(ok, message, seed: seed, index: index, event: trail.joined(separator: "\n"))
                }
                switch input {
                case let .offset(y): view.setContentOffset(CGPoint(x: 0, y: y))
                case let .contentSize(h): view.setContentSize(CGSize(width: 375, height: h))
                case let .pan(s): view.setPanGestureState(s)
                case let .tick(t):
                    controller.tick(at: t)
                    let good = t.isFinite && t >= 0
                    guard check(controller.time == (good ? max(clock, t) : clock), "the clock is not the latest time taken")
                    else { return 1 }
                case .begin: controller.beginRefreshing()
                case .end: controller.endRefreshing()
                case let .endLoading(n): controller.endLoading(noMoreData: n)
                case .noMoreData: controller.noMoreData()
                case .reset: controller.resetNoMoreData()
                case let .reconfigure(c):
                    try! controller.reconfigure(c)
                    guard check(controller.configuration == c, "reconfigure did not take the numbers") else { return 1 }
                }
                clock = controller.time
                let after = controller.state
                let c = controller.configuration
                let frame = controller.frame

                // Only MJRefresh's transitions; each state change reported once, in order.
                guard check(allowed(before.header, after.header, input), "header \(before.header) -> \(after.header)")
                else { return 1 }
                let headerEvents = events.compactMap { e -> Controller.HeaderState? in
                    if case let .headerStateChanged(s) = e { return s } else { return nil }
                }
                let footerEvents = events.compactMap { e -> Controller.FooterState? in
                    if case let .footerStateChanged(s) = e { return s } else { return nil }
                }
                // The app is asked to refresh once per refreshing, when its begin
                // motion ends (MJRefresh): in this input or a later one.
                if headerEvents.contains(.refreshing) { awaitingRefresh = true }
                let refreshes = events.filter { $0 == .refresh }.count
                guard check(headerEvents.last.map { $0 == after.header } ?? (before.header == after.header),
                            "header events \(headerEvents) for \(before.header) -> \(after.header)"),
                      check(footerEvents.last.map { $0 == after.footer } ?? (before.footer == after.footer),
                            "footer events \(footerEvents) for \(before.footer) -> \(after.footer)"),
                      check(refreshes == 0 || (refreshes == 1 && awaitingRefresh), "refresh without refreshing")
                else { return 1 }
                if refreshes == 1 { awaitingRefresh = false }
                if headerEvents.contains(.refreshing) { refreshStart = clock }

                // The minimum refreshing time (and the begin motion) before any end.
                if headerEvents.contains(.done), let start = refreshStart {
                    let hold = max(c.minimumRefreshingTime, c.beginDuration)
                    guard check(clock >= start + hold - 1e-9, "done at \(clock), refreshing began at \(start)")
                    else { return 1 }
                }

                // The inset: held while refreshing or done, within [I, I + h]; I otherwise.
                let holding = after.header == .refreshing || after.header == .done
                let inset = view.contentInset.top
                guard check(!holding || (c.contentInsetTop...(c.contentInsetTop + c.headerHeight)).contains(inset) ||
                            before.header == .idle || before.header == .pulling || input.isReconfigure,
                            "held inset \(inset) outside [I, I + h]"),
                      check(holding || inset == c.contentInsetTop || input.isReconfigure,
                            "inset \(inset) while \(after.header)")
                else { return 1 }

                // The footer: once per approach. An approach ends when the end
                // leaves the zone (as the scroll view reports it).
                let loads = events.filter { $0 == .loadMore }.count
                guard check(loads <= 1, "\(loads) loads in one input"),
                      check(loads == 0 || !loadedInThisApproach, "a second load in one approach")
                else { return 1 }
                if loads == 1 { loadedInThisApproach = true }
                if view.contentOffset.y.isFinite { coreY = view.contentOffset.y }
                if (0...1e6).contains(view.contentSize.height) { coreHeight = view.contentSize.height }
                let h = coreHeight
                let remaining = (h + c.contentInsetBottom + (c.isFooterEnabled ? c.footerHeight : 0))
                    - (coreY + c.viewportHeight)
                if remaining > max(c.footerTriggerDistance, c.footerTriggerFraction * h) { loadedInThisApproach = false }

                // Frames are finite and in range.
                let values = [frame.pullDistance, frame.progress, frame.headerTop, frame.headerVisibleHeight,
                              frame.insetTop, frame.insetBottom, frame.contentOffset, frame.footerTop,
                              frame.remainingDistance]
                guard check(values.allSatisfy(\.isFinite), "frame not finite: \(frame)"),
                      check((0...1).contains(frame.progress), "progress \(frame.progress)"),
                      check((0...c.headerHeight).contains(frame.headerVisibleHeight), "header visible \(frame.headerVisibleHeight)")
                else { return 1 }
            }
            // Every refresh ends: the finger lifts, the app ends, ticks run past the minimum and the motions.
            view.setPanGestureState(.ended)
            controller.endRefreshing()
            for k in 1...3 { controller.tick(at: clock + 2 * Double(k)) }
            let state = controller.state
            guard require(!controller.frame.isAnimating && state.header == .idle || !controller.configuration.isHeaderEnabled && state.header != .refreshing,
                          "header \(state.header) 6 s after the last input", seed: seed, index: index, event: "final ticks"),
                  require(view.contentInset.top == controller.configuration.contentInsetTop, "inset not given back",
                          seed: seed, index: index, event: "final ticks")
            else { return 1 }
        }
        return 0
    }

    func testRandomInputSequencesKeepTheInvariants() {
        for seed in UInt64(1)...200 {
            if Self.run(seed: seed, count: 200, perController: 200) > 0 { return }
        }
    }

    /// A soak: 100,000 seeded inputs, every invariant after each.
    func testHundredThousandRandomEvents() {
        XCTAssertEqual(Self.run(seed: 0x2EF5, count: 100_000, perController: 5_000), 0)
    }
}

extension RefreshPropertyTests.Input {
    var isReconfigure: Bool { if case .reconfigure = self { return true } else { return false } }
}
