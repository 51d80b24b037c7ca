import CScrollDrive
import Foundation
import ScrollDrive

/// The 3-state bar in a sweep: the core's simulated bar (`sd_sim_bar`: what
/// a `BarSurface` does, a `BarController` over a `SimScrollView`) over the
/// simulator's default 2400 pt feed, put in its start state first: normal
/// (untouched, at the top), compact (the feed scrolled to 1200 pt at once)
/// or expanded (`expand(on: true)`, its 0.25 s animation over). The finger
/// goes down at (195, 422), mid-screen. The bar rests on a state when its
/// height is exactly one of the three; a surface event is a content-offset
/// request the controller makes (a snap).
public struct BarSweep: SweepSurfaceAdapter {
    public static let valueNames = ["bar_height", "bar_progress", "y", "inset_top"]
    public static let surfaceInvariants = ["height outside compact...expanded"]

    public let configuration: BarController.Configuration
    public let stateNames = ["compact", "normal", "expanded", "between states"]
    public let startStates = [0, 1, 2]

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

    func finger(on simulation: inout Simulation) -> (x: Double, y: Double) { (195, 422) }

    func values(_ simulation: inout Simulation) -> SIMD4<Double> {
        let offset = simulation.sim.bar.state.offset
        return SIMD4(-offset, sd_bar_progress(&simulation.sim.bar.config, offset), simulation.sim.view.sv.offset_y,
                     simulation.sim.view.sv.inset_top)
    }

    // The heights are read from the simulated bar's own configuration (the
    // same numbers as `configuration`'s, without a call into ScrollDrive per frame).

    func state(_ simulation: inout Simulation) -> Int {
        Self.state(height: -simulation.sim.bar.state.offset, simulation.sim.bar.config)
    }

    func violations(_ simulation: inout Simulation) -> UInt32 {
        let height = -simulation.sim.bar.state.offset, c = simulation.sim.bar.config
        return height >= c.compact && height <= c.expanded ? 0 : 1
    }

    /// The state of a bar of this height: one of the three heights exactly, else between states.
    static func state(height: Double, _ c: sd_bar_config) -> Int {
        switch height {
        case c.compact: 0
        case c.normal: 1
        case c.expanded: 2
        default: 3
        }
    }

    /// The state `surface` shows (a script sweep's run).
    func state(_ surface: BarSurface) -> Int { Self.state(height: surface.state.height(), configuration.cValue) }

    /// The controller's content-offset requests so far (a script sweep's run).
    func events(_ surface: BarSurface) -> Int { surface.scrollView.requests.count }
}
