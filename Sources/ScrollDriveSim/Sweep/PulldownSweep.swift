import Foundation
import ScrollDrive

/// The pull-down panel in a sweep: a `PulldownSurface` (a
/// `PulldownPanelController`, which steps `sd_pulldown`, over the chat list,
/// the panel and the mini-program list, each a `SimScrollView`) on the
/// scenarios' 414 x 736 pt screen with a 2400 pt chat list, put in its start
/// state first: closed (untouched) or open (the `pulldown-open` pull: 400 pt
/// down in 0.6 s from y = 150, lifted while moving down at 300 pt/s, then
/// left to open). The finger goes down on the chat list at (207, 150) when
/// closed and on the panel at (207, 650) when open. At rest the panel is
/// open, closed (nothing pulled), or between states (pulled but neither).
/// Surface events are the transitions started and finished and the haptics.
public struct PulldownSweep: SweepSurfaceAdapter {
    public static let valueNames = ["pull_distance", "list_y", "panel_pull_up", "nav_top"]
    public static let surfaceInvariants: [String] = []

    public let configuration: PulldownPanelController.Configuration
    public let stateNames = ["closed", "open", "between states"]
    public let startStates = [0, 1]

    public init(configuration: PulldownPanelController.Configuration) { self.configuration = configuration }

    public func makeSurface(start: Int) -> (surface: PulldownSurface, ready: Double) {
        let surface = PulldownSurface(configuration: configuration)
        guard start == 1 else { return (surface, 0.2) }
        func advance(_ t: Double) {
            for view in surface.scrollViews { view.advance(to: t) }
            surface.advance(to: t)
        }
        func touch(_ phase: SimTouch.Phase, _ t: Double) {
            let y = SweepGesture.translation(distance: 400, duration: 0.6, velocity: 300, at: t - 0.2)
            let v = SweepGesture.fingerVelocity(distance: 400, duration: 0.6, velocity: 300, at: t - 0.2)
            surface.handle(SimTouch(phase: phase, location: CGPoint(x: 207, y: 150 + y), velocity: SimVector(dx: 0, dy: v), time: t))
        }
        advance(0.2)
        touch(.down, 0.2)
        var n = 25
        while Double(n) / 120 < 0.8 {
            advance(Double(n) / 120)
            touch(.moved, Double(n) / 120)
            n += 1
        }
        advance(0.8)
        touch(.up, 0.8)
        while !(surface.isAtRest && surface.scrollViews.allSatisfy(\.isAtRest)), n < 600 {
            advance(Double(n) / 120)
            n += 1
        }
        return (surface, Double(n) / 120)
    }

    public func finger(on surface: PulldownSurface) -> CGPoint {
        surface.state.isOpen ? CGPoint(x: 207, y: 650) : CGPoint(x: 207, y: 150)
    }

    public func values(_ surface: PulldownSurface) -> SIMD4<Double> {
        let s = surface.state
        return SIMD4(Double(s.pullDistance), Double(surface.list.contentOffset.y), Double(s.panelPullUpDistance),
                     Double(surface.frame?.navigationBarTop ?? 0))
    }

    public func state(_ surface: PulldownSurface) -> Int {
        let s = surface.state
        if s.isOpen { return 1 }
        return s.pullDistance == 0 ? 0 : 2
    }

    public func events(_ surface: PulldownSurface) -> Int { surface.events.count }

    public func violations(_ surface: PulldownSurface) -> UInt32 { 0 }
}
