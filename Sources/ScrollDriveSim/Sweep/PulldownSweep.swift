import CScrollDrive
import Foundation
import ScrollDrive

/// The pull-down panel in a sweep: the core's simulated panel
/// (`sd_sim_pulldown`: what a `PulldownSurface` does, a
/// `PulldownPanelController` over the chat list, the panel and the
/// mini-program list) on the scenarios' 414 x 736 pt screen with a 2400 pt
/// chat list, put in its start state first: closed (untouched) or open (the
/// `pulldown-open` pull: 400 pt down in 0.6 s from y = 150, lifted while
/// moving down at 300 pt/s, then left to open). The core runs the gestures
/// (`sd_sweep_pulldown`): the finger goes down on the chat list at
/// (207, 150) when closed and on the panel at (207, 650) when open; at rest
/// the panel is open, closed (nothing pulled), or between states (pulled
/// but neither). Surface events are the transitions started and finished
/// and the haptics.
public struct PulldownSweep: SweepSurfaceAdapter {
    public static let valueNames = ["pull_distance", "list_y", "panel_pull_up", "nav_top"]
    public static let surfaceInvariants: [String] = []

    /// The panel's numbers.
    public let configuration: PulldownPanelController.Configuration
    public let stateNames = ["closed", "open", "between states"]
    /// The states a gesture starts from (indices into `stateNames`).
    public let startStates = [0, 1]

    /// A sweep of a panel with `configuration`.
    public init(configuration: PulldownPanelController.Configuration) { self.configuration = configuration }

    struct Simulation: SweepSimulation {
        var sim = sd_sim_pulldown()

        mutating func touch(_ phase: sd_sim_touch_phase, x: Double, y: Double, velocity: Double, at time: Double) {
            sd_sim_pulldown_touch(&sim, phase, x, y, velocity, time)
        }

        mutating func advance(to time: Double) { sd_sim_pulldown_advance(&sim, time) }

        mutating func isAtRest() -> Bool { sd_sim_pulldown_at_rest(&sim) != 0 }

        var events: Int { Int(sim.events) }
    }

    func makeSimulation(start: Int) -> (simulation: Simulation, ready: Double) {
        var simulation = Simulation()
        var config = configuration.cValue
        // The configuration is validated; the screen's numbers are the scenarios'.
        _ = sd_sim_pulldown_init(&simulation.sim, &config, 2400, nil)
        guard start == 1 else { return (simulation, 0.2) }
        func touch(_ phase: sd_sim_touch_phase, _ t: Double) {
            let y = SweepGesture.translation(distance: 400, duration: 0.6, velocity: 300, at: t - 0.2)
            let v = SweepGesture.fingerVelocity(distance: 400, duration: 0.6, velocity: 300, at: t - 0.2)
            simulation.touch(phase, x: 207, y: 150 + y, velocity: v, at: t)
        }
        simulation.advance(to: 0.2)
        touch(SD_SIM_TOUCH_DOWN, 0.2)
        var n = 25
        while Double(n) / 120 < 0.8 {
            simulation.advance(to: Double(n) / 120)
            touch(SD_SIM_TOUCH_MOVED, Double(n) / 120)
            n += 1
        }
        simulation.advance(to: 0.8)
        touch(SD_SIM_TOUCH_UP, 0.8)
        while !simulation.isAtRest(), n < 600 {
            simulation.advance(to: Double(n) / 120)
            n += 1
        }
        return (simulation, Double(n) / 120)
    }

    static func run(_ start: Simulation, clock: sd_sweep_clock, gesture: sd_sweep_gesture) -> sd_sweep_outcome {
        var start = start
        return sweepOutcome(clock: clock, gesture: gesture) { sd_sweep_pulldown(&start.sim, $0, $1, $2, nil) }
    }

    /// The state `surface` shows (a script sweep's run): the core's rule.
    func state(_ surface: PulldownSurface) -> Int {
        Int(sd_sweep_pulldown_state(surface.state.isOpen ? 1 : 0, Double(surface.state.pullDistance)))
    }

    /// The transitions and haptics so far (a script sweep's run).
    func events(_ surface: PulldownSurface) -> Int { surface.events.count }
}
