import Foundation
import ScrollDrive
import XCTest

/// The sheet's detent policies through the Swift API (the decisions are the
/// C core's, tested there at each threshold): configuration, errors, the
/// frame's flag, refusals, and how detents and events print.
final class SheetPolicyTests: XCTestCase {
    private typealias Sheet = SheetController

    private func sheet(_ configuration: Sheet.Configuration, at detent: Sheet.Detent = .half,
                       events: @escaping (Sheet.Event) -> Void = { _ in }) throws -> Sheet
    {
        try Sheet(configuration: configuration, initialDetent: detent, observer: events)
    }

    func testEveryPolicyIsOffByDefault() throws {
        let c = try Sheet.Configuration(containerHeight: 800)
        XCTAssertNil(c.largestUndimmedDetent)
        XCTAssertNil(c.dismissVelocity)
        XCTAssertEqual(c.backdropTap, .dismiss)
        XCTAssertEqual(c.options, [])
    }

    func testConfigurationRoundTripsThePolicies() throws {
        let c = try Sheet.Configuration(
            containerHeight: 800, options: [.interactiveDismissDisabled, .sequentialSnapping, .scrollingExpandsFirst],
            largestUndimmedDetent: .half, backdropTap: .stepDown, dismissVelocity: 1500)
        XCTAssertEqual(c.largestUndimmedDetent, .half)
        XCTAssertEqual(c.backdropTap, .stepDown)
        XCTAssertEqual(c.dismissVelocity, 1500)
        XCTAssertTrue(c.options.isSuperset(of: [.interactiveDismissDisabled, .sequentialSnapping,
                                                .scrollingExpandsFirst, .undimmedDetent, .dismissByVelocity]))
        // The two options a parameter sets are ignored when passed alone.
        let alone = try Sheet.Configuration(containerHeight: 800, options: [.undimmedDetent, .dismissByVelocity])
        XCTAssertNil(alone.largestUndimmedDetent)
        XCTAssertNil(alone.dismissVelocity)
    }

    func testBadPolicyValuesNameTheField() {
        let rows: [(UInt, () throws -> Sheet.Configuration, String)] = [
            (#line, { try Sheet.Configuration(containerHeight: 800, largestUndimmedDetent: .fraction(0.4)) },
             "undimmed_detent"),
            (#line, { try Sheet.Configuration(containerHeight: 800, dismissVelocity: -.leastNonzeroMagnitude) },
             "dismiss_velocity"),
            (#line, { try Sheet.Configuration(containerHeight: 800, dismissVelocity: .nan) }, "dismiss_velocity"),
        ]
        for (line, make, field) in rows {
            XCTAssertThrowsError(try make(), line: line) { error in
                XCTAssertEqual((error as? ConfigurationError)?.field, field, line: line)
            }
        }
        XCTAssertNoThrow(try Sheet.Configuration(containerHeight: 800, dismissVelocity: 0))
    }

    /// At or below the largest undimmed detent: clear, touches pass, taps do nothing.
    func testLargestUndimmedDetent() throws {
        var events: [Sheet.Event] = []
        let s = try sheet(Sheet.Configuration(containerHeight: 800, largestUndimmedDetent: .half)) { events.append($0) }
        XCTAssertEqual(s.frame.backdropAlpha, 0)
        XCTAssertTrue(s.frame.isBackgroundInteractive)
        XCTAssertTrue(s.backdropTapped(at: 0.1))
        XCTAssertEqual(s.state.detent, .half)
        XCTAssertEqual(events, [])
        XCTAssertTrue(s.move(to: .full, animated: false, at: 0.2))
        XCTAssertEqual(s.frame.backdropAlpha, 0.5)
        XCTAssertFalse(s.frame.isBackgroundInteractive)
        // Without the option the flag is never set.
        let seed = try sheet(Sheet.Configuration(containerHeight: 800))
        XCTAssertFalse(seed.frame.isBackgroundInteractive)
        XCTAssertEqual(seed.frame.backdropAlpha, 0.5)
    }

    func testBackdropTapBehaviours() throws {
        let rows: [(UInt, Sheet.BackdropTap, Sheet.Detent, Sheet.Detent)] = [
            (#line, .dismiss, .full, .dismissed),
            (#line, .stepDown, .full, .half),
            (#line, .stepDown, .half, .dismissed),
            (#line, .nothing, .full, .full),
        ]
        for (line, tap, from, to) in rows {
            let s = try sheet(Sheet.Configuration(containerHeight: 800, backdropTap: tap), at: from)
            XCTAssertTrue(s.backdropTapped(at: 0), line: line)
            XCTAssertEqual(s.state.detent, to, line: line)
        }
    }

    /// A programmatic change while a finger is down is refused, changing nothing.
    func testMoveMidDragIsRefused() throws {
        var events: [Sheet.Event] = []
        let s = try sheet(Sheet.Configuration(containerHeight: 800)) { events.append($0) }
        XCTAssertTrue(s.dragBegan(at: 0, contentOffset: 0))
        XCTAssertFalse(s.move(to: .full, at: 0.05))
        XCTAssertTrue(s.dragChanged(translation: 40, at: 0.1, contentOffset: 0))
        let before = s.frame
        XCTAssertFalse(s.move(to: .full, animated: false, at: 0.1))
        XCTAssertEqual(s.frame, before)
        XCTAssertEqual(events, [])
        XCTAssertTrue(s.dragEnded(velocity: 0, at: 0.2))
        XCTAssertTrue(s.move(to: .full, at: 0.2))
        XCTAssertEqual(events, [.willMove(to: .full)])
        s.tick(at: 2)
        XCTAssertEqual(events, [.willMove(to: .full), .didMove(to: .full)])
    }

    /// Interactive dismissal off: a fast throw down from half comes back, a
    /// backdrop tap does nothing; move(to:) still dismisses.
    func testInteractiveDismissDisabled() throws {
        var events: [Sheet.Event] = []
        let s = try sheet(Sheet.Configuration(containerHeight: 800, options: .interactiveDismissDisabled,
                                              dismissVelocity: 100)) { events.append($0) }
        s.dragBegan(at: 0, contentOffset: 0)
        s.dragChanged(translation: 300, at: 0.1, contentOffset: 0)
        XCTAssertLessThan(s.frame.sheetTop, 700) // rubber-banded below half
        s.dragEnded(velocity: 5000, at: 0.2)
        s.tick(at: 3)
        XCTAssertEqual(s.state.detent, .half)
        XCTAssertEqual(events, [])
        // A modal sheet ignores the backdrop (UIKit's isModalInPresentation).
        XCTAssertTrue(s.backdropTapped(at: 3))
        s.tick(at: 4)
        XCTAssertEqual(s.state.detent, .half)
        XCTAssertEqual(events, [])
        s.move(to: .dismissed, animated: false, at: 3)
        XCTAssertEqual(events, [.willMove(to: .dismissed), .didMove(to: .dismissed), .dismissed])
    }

    /// Detents and events print as code writes them.
    func testDescriptions() {
        let rows: [(UInt, String, String)] = [
            (#line, "\(Sheet.Detent.full)", ".full"),
            (#line, "\(Sheet.Detent.points(50))", ".full"),
            (#line, "\(Sheet.Detent.half)", ".half"),
            (#line, "\(Sheet.Detent.dismissed)", ".dismissed"),
            (#line, "\(Sheet.Detent.points(120))", ".points(120.0)"),
            (#line, "\(Sheet.Detent.fraction(0.4))", ".fraction(0.4)"),
            (#line, "\(Sheet.Detent.fitContent(minimumTop: 80))", ".fitContent(minimumTop: 80.0)"),
            (#line, "\(Sheet.Event.willMove(to: .full))", ".willMove(to: .full)"),
            (#line, "\(Sheet.Event.didMove(to: .fraction(0.75)))", ".didMove(to: .fraction(0.75))"),
            (#line, "\(Sheet.Event.dismissed)", ".dismissed"),
            (#line, "\([Sheet.Event.willMove(to: .half)])", "[.willMove(to: .half)]"),
        ]
        for (line, got, want) in rows { XCTAssertEqual(got, want, line: line) }
    }
}
