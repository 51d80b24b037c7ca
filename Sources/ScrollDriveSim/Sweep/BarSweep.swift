import CScrollDrive
import Foundation
import ScrollDrive

/// The 3-state bar in a sweep: a `BarSurface` (a `BarController`, which steps
/// `sd_bar`, over a `SimScrollView`, whose physics are the C core's
/// `simstep` functions) over the simulator's default 2400 pt feed, put in
/// its start state first: normal (untouched, at the top), compact (the feed
/// scrolled to 1200 pt at once) or expanded (`expand(on: true)`, its 0.25 s
/// animation over). The finger goes down at (195, 422), mid-screen. The bar
/// rests on a state when its height is exactly one of the three; a surface
/// event is a content-offset request the controller makes (a snap).
public struct BarSweep: SweepSurfaceAdapter {
    public static let valueNames = ["bar_height", "bar_progress", "y", "inset_top"]
    public static let surfaceInvariants = ["height outside compact...expanded"]

    public let configuration: BarController.Configuration
    public let stateNames = ["compact", "normal", "expanded", "between states"]
    public let startStates = [0, 1, 2]

    public init(configuration: BarController.Configuration) { self.configuration = configuration }

    public func makeSurface(start: Int) -> (surface: BarSurface, ready: Double) {
        let view = SimScrollView(configuration: SimScrollView.Configuration())
        let surface = BarSurface(configuration: configuration, scrollView: view)
        switch start {
        case 0: view.updateContentOffset(CGPoint(x: 0, y: 1200), animated: false)
        case 2:
            surface.perform(SurfaceAction(name: "expand", arguments: []))
            view.advance(to: SD_SCROLL_ANIMATION_DURATION)
        default: break
        }
        return (surface, 0.5)
    }

    public func finger(on surface: BarSurface) -> CGPoint { CGPoint(x: 195, y: 422) }

    public func values(_ surface: BarSurface) -> SIMD4<Double> {
        let state = surface.state
        return SIMD4(Double(state.height()), Double(state.transitionProgress()),
                     Double(surface.scrollView.contentOffset.y), Double(surface.scrollView.contentInset.top))
    }

    public func state(_ surface: BarSurface) -> Int {
        switch surface.state.height() {
        case configuration.compactStateHeight: 0
        case configuration.normalStateHeight: 1
        case configuration.expandedStateHeight: 2
        default: 3
        }
    }

    public func events(_ surface: BarSurface) -> Int { surface.scrollView.requests.count }

    public func violations(_ surface: BarSurface) -> UInt32 {
        let height = surface.state.height()
        return (configuration.compactStateHeight...configuration.expandedStateHeight).contains(height) ? 0 : 1
    }
}
