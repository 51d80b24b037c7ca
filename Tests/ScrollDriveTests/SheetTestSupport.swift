import Foundation
import ScrollDrive
import XCTest

/// A scroll view that can be disabled, applies every content-offset request
/// at once (as UIScrollView does when not animated) and records them.
final class SheetTestScrollView: ScrollEnabling {
    private(set) var contentOffset: CGPoint = .zero
    var contentInset: EdgeInsets = .zero
    var scrollIndicatorInsets: EdgeInsets = .zero
    var contentSize = CGSize(width: 390, height: 2000)
    var frame = CGRect(x: 0, y: 0, width: 390, height: 750)
    var isScrollEnabled = true {
        didSet { enabledChanges.append(isScrollEnabled) }
    }
    /// Every value `isScrollEnabled` was set to, oldest first.
    private(set) var enabledChanges: [Bool] = []
    /// Every y a controller asked for, oldest first.
    private(set) var requests: [CGFloat] = []
    private var observers = ScrollObserverList()

    /// The user scrolls the content to `y`.
    func scroll(to y: CGFloat) { setOffset(y) }

    func updateContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        requests.append(contentOffset.y)
        setOffset(contentOffset.y)
    }

    private func setOffset(_ y: CGFloat) {
        contentOffset.y = y
        observers.forEach { $0.scrollable(self, didChangeContentOffset: contentOffset) }
    }

    func addScrollObserver(_ observer: any ScrollableObserver) { observers.add(observer) }
    func removeScrollObserver(_ observer: any ScrollableObserver) { observers.remove(observer) }
}

/// A sheet controller with its scroll view, recording every event with the
/// frame the controller shows when it is delivered.
final class SheetHarness {
    typealias Detent = SheetController.Detent
    typealias Frame = SheetController.Frame

    let scrollView = SheetTestScrollView()
    var controller: SheetController!
    private(set) var events: [SheetController.Event] = []
    private(set) var framesAtEvents: [Frame] = []
    /// Called after an event is recorded (to test re-entrant observers).
    var onEvent: ((SheetController.Event) -> Void)?

    init(containerHeight: CGFloat = 800, detent: Detent = .half, options: SheetController.Options = [],
         attach: Bool = true, file: StaticString = #filePath, line: UInt = #line) throws
    {
        let configuration = try SheetController.Configuration(containerHeight: containerHeight, options: options)
        controller = try SheetController(configuration: configuration, initialDetent: detent) { [unowned self] in
            self.events.append($0)
            self.framesAtEvents.append(self.controller.frame)
            self.onEvent?($0)
        }
        if attach { controller.set(scrollable: scrollView) }
    }

    var frame: Frame { controller.frame }

    /// Forgets the events recorded so far.
    func clearEvents() {
        events.removeAll()
        framesAtEvents.removeAll()
    }

    /// Ticks at `hz` on the grid k / hz from the first grid time after the
    /// clock through `end` (inclusive), returning the frames.
    @discardableResult
    func tick(through end: TimeInterval, hz: Double = 60) -> [Frame] {
        var frames: [Frame] = []
        var k = (controller.time * hz).rounded(.down) + 1
        while k / hz <= end + 1e-12 {
            frames.append(controller.tick(at: k / hz))
            k += 1
        }
        return frames
    }

    /// Ticks at `hz` until the spring has landed, failing past `limit`
    /// seconds from now; returns the landing frame.
    @discardableResult
    func settle(hz: Double = 60, limit: TimeInterval = 3, file: StaticString = #filePath, line: UInt = #line)
        -> Frame
    {
        let start = controller.time
        var k = (start * hz).rounded(.down) + 1
        var frame = controller.frame
        while controller.isAnimating {
            guard k / hz - start <= limit else {
                XCTFail("the sheet did not land within \(limit) s", file: file, line: line)
                break
            }
            frame = controller.tick(at: k / hz)
            k += 1
        }
        return frame
    }

    /// One whole drag on the sheet: down at `t`, moved by `translation`
    /// (in one step at t + 0.1, the content at `contentOffset`), released at
    /// `velocity` at t + 0.1.
    func drag(_ translation: CGFloat, velocity: CGFloat = 0, at t: TimeInterval? = nil,
              contentOffset: CGFloat? = nil, file: StaticString = #filePath, line: UInt = #line)
    {
        let t = t ?? controller.time
        XCTAssertTrue(controller.dragBegan(at: t), "drag began", file: file, line: line)
        XCTAssertTrue(controller.dragChanged(translation: translation, at: t + 0.1, contentOffset: contentOffset),
                      "drag changed", file: file, line: line)
        XCTAssertTrue(controller.dragEnded(velocity: velocity, at: t + 0.1), "drag ended", file: file, line: line)
    }
}
