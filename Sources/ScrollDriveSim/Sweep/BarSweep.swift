import CScrollDrive
import Foundation
import ScrollDrive

/// The 3-state bar in a sweep: the core's simulated bar (`sd_sim_bar`: what
/// a `BarSurface` does, a `BarController` over a `SimScrollView`) over the
/// simulator's default 2400 pt feed, put in its start state first: normal
/// (untouched, at the top), compact (the feed scrolled to 1200 pt at once)
/// or expanded (`expand(on: true)`, its 0.25 s animation over). The core
/// runs the gestures (`sd_sweep_bar`): the finger goes down at (195, 422),
/// mid-screen; the bar rests on a state when its height is exactly one of
/// the three; a surface event is a content-offset request the controller
/// makes (a snap).
public struct BarSweep: SweepSurfaceAdapter {
    public static let valueNames = ["bar_height", "bar_progress", "y", "inset_top"]
    public static let surfaceInvariants = ["height outside compact...expanded"]

    /// The bar's numbers.
    public let configuration: BarController.Configuration
    public let stateNames = ["compact", "normal", "expanded", "between states"]
    /// The states a gesture starts from (indices into `stateNames`).
    public let startStates = [0, 1, 2]

    /// A sweep of a bar with `configuration`.
    public init(configuration: BarController.Configuration) { self.configuration = configuration }

    /// The simulated bar and the numbers its states are read against.
    struct Simulation: SweepSimulation {
        var sim = sd_sim_bar()

        mutating func touch(_ phase: sd_sim_touch_phase, x: Double, y: Double, velocity: Double, at time: Double) {
            sd_sim_bar_touch(&sim, phase, x, y, velocity, time)
        }

        mutating func advance(to time: Double) { sd_sim_bar_advance(&sim, time) }

        mutating func isAtRest() -> Bool { sd_sim_bar_at_rest(&sim) != 0 }

        var events: Int { Int(sim.requests) }
    }

    func makeSimulation(start: Int) -> (simulation: Simulation, ready: Double) {
        var simulation = Simulation()
        var config = configuration.cValue
        var view = sd_scroll_view_config_default()
        // The configuration is validated and the default scroll view is valid.
        _ = sd_sim_bar_init(&simulation.sim, &config, &view, nil)
        switch start {
        case 0: sd_sim_bar_set_offset(&simulation.sim, 0, 1200, 0)
        case 2:
            sd_sim_bar_expand(&simulation.sim)
            simulation.advance(to: SD_SCROLL_ANIMATION_DURATION)
        default: break
        }
        return (simulation, 0.5)
    }

    static func run(_ start: Simulation, clock: sd_sweep_clock, gesture: sd_sweep_gesture) -> sd_sweep_outcome {
        var start = start
        return sweepOutcome(clock: clock, gesture: gesture) { sd_sweep_bar(&start.sim, $0, $1, $2, nil) }
    }

    /// The state `surface` shows (a script sweep's run): the core's rule.
    func state(_ surface: BarSurface) -> Int {
        var config = configuration.cValue
        return Int(sd_sweep_bar_state(&config, Double(surface.state.height())))
    }

    /// The controller's content-offset requests so far (a script sweep's run).
    func events(_ surface: BarSurface) -> Int { surface.scrollView.requests.count }
}
