import Foundation
import Observation
@testable import ScrollDrive
import ScrollDriveSim
import XCTest

/// The pull-down panel's SwiftUI model against its controller: every
/// pull-down scenario run on simulated UIScrollViews with a
/// `PulldownPanelController`, recorded as SwiftUI would report the three
/// scroll views, and replayed into a `PulldownPanelModel` in every callback
/// order, with and without `.tracking`: every frame is the controller's.
final class PulldownModelTests: XCTestCase {
    static let scenarios = ["pulldown-open", "pulldown-cancel", "pulldown-close", "pulldown-return",
                            "pulldown-list-close", "pulldown-reduced-motion"]

    static func record(_ script: GestureScript) -> SwiftUIRecording.Run {
        SwiftUIRecording.record(script, as: PulldownSurfaceDescription.self, make: { base, _, recorder in
            let surface = base.makeSurface(scrollView: .init()) as! PulldownSurface
            // The recorder hears each view before the controller: attach again after it.
            surface.controller.set(listScrollable: nil)
            surface.controller.set(panelScrollable: nil)
            surface.controller.set(miniProgramListScrollable: nil)
            for view in surface.scrollViews { recorder.watch(view) }
            surface.controller.set(listScrollable: surface.list)
            surface.controller.set(panelScrollable: surface.panel)
            surface.controller.set(miniProgramListScrollable: surface.applets)
            return surface
        }, expected: { ($0 as! PulldownSurface).controller.frame })
    }

    struct Replay {
        var mismatches: [String] = []
        var changedFrames = 0
        var notifications = 0
        var haptics = 0
    }

    @MainActor
    static func replay(_ run: SwiftUIRecording.Run, order: SwiftUIRecording.Order, reportsTracking: Bool) -> Replay {
        let configuration = (run.inner as! PulldownSurface).controller.configuration
        let model = PulldownPanelModel(configuration: configuration)
        let links = [model.list, model.panel, model.miniProgramList]
        var result = Replay()
        var previous = model.frame
        for callback in SwiftUIRecording.callbacks(run.items, order: order, reportsTracking: reportsTracking) {
            switch callback {
            case let .geometry(view, geometry):
                links[view].geometryChanged(geometry)
            case let .phase(view, phase, geometry):
                links[view].phaseChanged(to: phase, geometry: geometry)
            case let .tick(time, index):
                let expected = run.expected[index] as! PulldownPanelController.Frame
                var frame: PulldownPanelController.Frame?
                result.notifications += ObservationCounter.count { _ = model.frame } during: {
                    frame = model.tick(at: time)
                }
                if !expected.hasSameValues(as: previous) { result.changedFrames += 1 }
                previous = expected
                if expected.hapticFired { result.haptics += 1 }
                if frame != expected || !model.frame.hasSameValues(as: expected) {
                    let a = model.frame.state, b = expected.state
                    result.mismatches.append("t=\(time): model \(a.list) \(a.panel) \(a.applets), controller \(b.list) \(b.panel) \(b.applets)")
                }
            case .app: break
            }
            for link in links {
                if let target = link.scrollTarget { link.targetReachedUnshifted(target) }
            }
        }
        return result
    }

    func testEveryScenarioThroughSwiftUIShapedInputsInEveryOrder() throws {
        for name in Self.scenarios {
            let run = Self.record(try XCTUnwrap(Scenarios.named(name)).gestureScript())
            for order in SwiftUIRecording.Order.allCases {
                for tracking in [true, false] {
                    let replay = MainActor.assumeIsolated {
                        Self.replay(run, order: order, reportsTracking: tracking)
                    }
                    let label = "\(name), \(order), tracking \(tracking)"
                    XCTAssertEqual(replay.mismatches.prefix(3), [], label)
                    XCTAssertEqual(replay.notifications, replay.changedFrames, label)
                    XCTAssertGreaterThan(replay.changedFrames, 10, label)
                }
            }
        }
    }

    /// 10,000 frames and more of opening, closing and returning: one
    /// notification per changed frame, none at rest, the controller's frames.
    func testALongRunNotifiesOncePerChangedFrame() throws {
        let run = Self.record(try SwiftUIRecording.repeated("pulldown-close", times: 40))
        XCTAssertGreaterThan(run.ticks, 10_000)
        let replay = MainActor.assumeIsolated { Self.replay(run, order: .geometryFirst, reportsTracking: true) }
        XCTAssertEqual(replay.mismatches.prefix(3), [])
        XCTAssertEqual(replay.notifications, replay.changedFrames)
        XCTAssertLessThan(replay.changedFrames, run.ticks)   // it rests between gestures
        XCTAssertEqual(replay.haptics, 40)                  // one per pull
    }
}
