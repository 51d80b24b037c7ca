import Foundation
import Observation
@testable import ScrollDrive
import XCTest

/// The sheet's SwiftUI model: `DragGesture` values into a `SheetModel`
/// against the same drags into a `SheetController`, frame for frame; the
/// two-way detent selection and presentation.
final class SheetModelTests: XCTestCase {
    typealias Detent = SheetController.Detent

    /// A seeded sequence of drags (on the content and on the handle),
    /// releases, backdrop taps and programmatic moves over 10,000 frames at
    /// 60 Hz, into a model as SwiftUI reports them and into a controller as
    /// UIKit does: every frame equal bit for bit, one notification per
    /// changed frame, the selection changed only with the finger up.
    func testDragsThroughTheModelGiveTheControllersFrames() throws {
        try MainActor.assumeIsolated {
            let configuration = try SheetController.Configuration.seed(containerHeight: 800)
            let model = try SheetModel(configuration: configuration, initialDetent: .half)
            let reference = try SheetController(configuration: configuration, initialDetent: .half)
            var rng = DetentRNG(seed: 7)
            var frame = 0, changed = 0, notifications = 0, selectionChanges = 0, selectionChangesWithFingerDown = 0
            var previous = model.frame
            var gesture: (start: Int, length: Int, distance: Double, handle: Bool)?
            var lastSelection = model.selectedDetent
            var programmaticMoves = 0
            while frame < 10_000 {
                let t = Double(frame) / 60
                if gesture == nil, rng.next(100) < 4 {
                    gesture = (frame, 6 + rng.next(40), Double(rng.next(700)) - 400, rng.next(4) == 0)
                } else if gesture == nil, rng.next(1000) < 5 {
                    _ = reference.backdropTapped()   // at the clock, as the model taps
                    model.backdropTapped()
                } else if gesture == nil, rng.next(1000) < 5 {
                    let detent = [Detent.full, .half, .dismissed][rng.next(3)]
                    // Setting the selection to what it is changes nothing (a
                    // controller's move to the detent it is moving to restarts the spring).
                    let before = model.selectedDetent
                    let moved = detent != before && reference.move(to: detent)
                    model.selectedDetent = detent
                    XCTAssertEqual(model.selectedDetent, moved ? detent : before)
                    programmaticMoves += moved ? 1 : 0
                }
                var fingerDown = false
                if let g = gesture {
                    let step = frame - g.start
                    let translation = g.distance * Double(step + 1) / Double(g.length)
                    let value = DragGestureValue(translation: CGSize(width: 0, height: translation),
                                                 velocity: CGSize(width: 0, height: g.distance * 60 / Double(g.length)),
                                                 time: t)
                    if step == 0 {
                        _ = g.handle ? reference.handleDragBegan(at: t) : reference.dragBegan(at: t)
                    }
                    if step < g.length {
                        _ = reference.dragChanged(translation: translation, at: t)
                        g.handle ? model.handleDragChanged(value) : model.dragChanged(value)
                        fingerDown = true
                    } else {
                        _ = reference.dragEnded(velocity: value.velocity.height, at: t)
                        model.dragEnded(value)
                        gesture = nil
                    }
                }
                let expected = reference.tick(at: t)
                var got: SheetController.Frame?
                notifications += ObservationCounter.count { _ = model.frame } during: { got = model.tick(at: t) }
                XCTAssertEqual(got, expected, "frame \(frame)")
                XCTAssertTrue(model.frame.hasSameValues(as: expected), "frame \(frame)")
                if !expected.hasSameValues(as: previous) { changed += 1 }
                previous = expected
                if model.selectedDetent != lastSelection {
                    selectionChanges += 1
                    if fingerDown { selectionChangesWithFingerDown += 1 }
                    lastSelection = model.selectedDetent
                }
                if !fingerDown { XCTAssertEqual(model.selectedDetent, reference.state.detent, "frame \(frame)") }
                frame += 1
            }
            XCTAssertEqual(notifications, changed)
            XCTAssertGreaterThan(changed, 1000)
            XCTAssertLessThan(changed, 10_000)
            XCTAssertGreaterThan(selectionChanges, 20)
            XCTAssertEqual(selectionChangesWithFingerDown, 0)
            XCTAssertGreaterThan(programmaticMoves, 5)
        }
    }

    /// Setting the selection moves the sheet with its spring; one change, once.
    func testSettingTheSelectionMovesTheSheet() throws {
        try MainActor.assumeIsolated {
            let model = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .half)
            let changes = ObservationCounter.count { _ = model.selectedDetent } during: { model.selectedDetent = .full }
            XCTAssertEqual(changes, 1)
            XCTAssertEqual(model.selectedDetent, .full)
            XCTAssertEqual(ObservationCounter.count { _ = model.selectedDetent } during: { model.selectedDetent = .full }, 0)
            var frame = model.tick(at: 0)
            XCTAssertEqual(frame.sheetTop, 400)
            for i in 1...90 { frame = model.tick(at: Double(i) / 60) }
            XCTAssertEqual(frame.sheetTop, 50)
            XCTAssertEqual(model.frame.sheetTop, 50)
        }
    }

    /// While the finger is down the selection does not change: a setting is
    /// refused, and the overscroll return (a move the core commits with the
    /// finger down) shows in the selection when the finger lifts.
    func testTheSelectionNeverChangesWhileTheFingerIsDown() throws {
        try MainActor.assumeIsolated {
            let model = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .full)
            model.inner.geometryChanged(ScrollViewGeometry(contentSize: CGSize(width: 390, height: 3000),
                                                           containerSize: CGSize(width: 390, height: 750)))
            model.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: 10), time: 0.1))
            // Refused, a finger is down: the value stays, and its observers are told once to read it
            // again (a Picker bound to it goes back to what the sheet keeps).
            let reread = ObservationCounter.count { _ = model.selectedDetent } during: { model.selectedDetent = .half }
            XCTAssertEqual(reread, 1)
            XCTAssertEqual(model.selectedDetent, .full)
            let counter = NotificationCount()
            withObservationTracking { _ = model.selectedDetent } onChange: { counter.count += 1 }
            // The inner list is pulled down past its top: past 120 pt the sheet goes to half.
            var t = 0.1
            for pull in stride(from: 20.0, through: 200, by: 20) {
                t += 1.0 / 60
                model.inner.geometryChanged(ScrollViewGeometry(contentOffset: CGPoint(x: 0, y: -pull),
                                                               contentSize: CGSize(width: 390, height: 3000),
                                                               containerSize: CGSize(width: 390, height: 750)))
                model.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: pull * 2), time: t))
                model.tick(at: t)
            }
            XCTAssertEqual(model.controller.state.detent, .half)   // the core has committed the return
            XCTAssertEqual(model.selectedDetent, .full)            // the selection waits for the finger
            XCTAssertEqual(counter.count, 0)
            model.dragEnded(DragGestureValue(translation: CGSize(width: 0, height: 400), time: t + 0.1))
            XCTAssertEqual(model.selectedDetent, .half)
            XCTAssertEqual(counter.count, 1)
        }
    }

    /// A drag the system cancels (SwiftUI resets the gesture state and calls
    /// no `onEnded`) ends at the next tick as a release at rest; a drag that
    /// ends normally, with `onEnded` before or after the reset, keeps its
    /// release (its velocity and translation pick the detent).
    func testAGestureStateResetWithoutAnEndIsACancel() throws {
        try MainActor.assumeIsolated {
            // Cancelled: the sheet goes back to half, and can then be dismissed.
            let cancelled = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .half)
            cancelled.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: -60), time: 0.1))
            cancelled.dragGestureReset()
            XCTAssertTrue(cancelled.controller.state.drag.isActive, "the reset alone decides nothing")
            cancelled.tick(at: 0.2)
            XCTAssertFalse(cancelled.controller.state.drag.isActive, "the next tick ended it as a cancel")
            for k in 1...90 { cancelled.tick(at: 0.2 + Double(k) / 60) }
            XCTAssertEqual(cancelled.frame.sheetTop, 400)
            cancelled.isPresented = false
            XCTAssertEqual(cancelled.selectedDetent, .dismissed, "no longer refused for a finger that left")
            // Ended normally, the end before or after the reset: the release picks full (250 pt up).
            for endFirst in [true, false] {
                let sheet = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .half)
                sheet.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: -250), time: 0.1))
                let end = DragGestureValue(translation: CGSize(width: 0, height: -250), time: 0.15)
                if endFirst { sheet.dragEnded(end); sheet.dragGestureReset() } else { sheet.dragGestureReset(); sheet.dragEnded(end) }
                sheet.tick(at: 0.2)
                XCTAssertEqual(sheet.selectedDetent, .full, "end first: \(endFirst)")
            }
        }
    }

    /// What `bottomSheet` hands on from its `@GestureState`: true (a drag
    /// beginning) decides nothing, false is the reset above.
    func testTheGestureStatesChangesAreRoutedAsTheComponentDoes() throws {
        try MainActor.assumeIsolated {
            let sheet = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .half)
            sheet.dragGestureActiveChanged(true)
            sheet.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: -60), time: 0.1))
            sheet.dragGestureActiveChanged(true)
            sheet.tick(at: 0.15)
            XCTAssertTrue(sheet.controller.state.drag.isActive, "a drag beginning is no cancel")
            sheet.dragGestureActiveChanged(false)
            XCTAssertTrue(sheet.needsFrames, "the cancel waits for the next tick")
            sheet.tick(at: 0.2)
            XCTAssertFalse(sheet.controller.state.drag.isActive, "the next tick ended it as a cancel")
        }
    }

    /// A release back where it started changes nothing: no notification.
    func testAReleaseThatStaysFiresNoChange() throws {
        try MainActor.assumeIsolated {
            let model = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .half)
            let changes = ObservationCounter.count { _ = model.selectedDetent } during: {
                model.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: -100), time: 0.1))
                model.dragEnded(DragGestureValue(translation: CGSize(width: 0, height: -100), time: 0.2))
            }
            XCTAssertEqual(changes, 0)
            XCTAssertEqual(model.selectedDetent, .half)
            // Past the threshold: one change, at the release.
            let up = ObservationCounter.count { _ = model.selectedDetent } during: {
                model.dragChanged(DragGestureValue(translation: CGSize(width: 0, height: -250), time: 0.3))
                model.dragEnded(DragGestureValue(translation: CGSize(width: 0, height: -250), time: 0.4))
            }
            XCTAssertEqual(up, 1)
            XCTAssertEqual(model.selectedDetent, .full)
        }
    }

    /// `isPresented`: false dismisses, true brings the sheet back where it
    /// was; a backdrop tap or a drag that dismisses makes it false.
    func testIsPresentedBothWays() throws {
        try MainActor.assumeIsolated {
            let model = try SheetModel(configuration: .seed(containerHeight: 800), initialDetent: .half)
            XCTAssertTrue(model.isPresented)
            model.selectedDetent = .full
            model.isPresented = false
            XCTAssertFalse(model.isPresented)
            XCTAssertEqual(model.selectedDetent, .dismissed)
            model.isPresented = true
            XCTAssertEqual(model.selectedDetent, .full)
            for i in 0...90 { model.tick(at: Double(i) / 60) }
            model.backdropTapped()
            XCTAssertFalse(model.isPresented)
            model.isPresented = true
            XCTAssertEqual(model.selectedDetent, .full)
            model.selectedDetent = .half   // a release from half dismisses past 30% of the container
            for i in 91...200 { model.tick(at: Double(i) / 60) }
            XCTAssertTrue(model.isPresented)
            model.handleDragChanged(DragGestureValue(translation: CGSize(width: 0, height: 600), time: 3.4))
            model.dragEnded(DragGestureValue(translation: CGSize(width: 0, height: 600), time: 3.5))
            XCTAssertFalse(model.isPresented)
        }
    }
}

/// A small seeded generator (SplitMix64's steps).
struct DetentRNG {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
