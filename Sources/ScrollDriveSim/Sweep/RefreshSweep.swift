import CScrollDrive
import Foundation
import ScrollDrive

/// Pull to refresh in a sweep: the core's simulated surface
/// (`sd_sim_refresh`: what a `RefreshSurface` does, a `RefreshController`
/// over a full-screen list and the simulated app that ends its refreshes
/// and loads) on the simulator's default 390 x 844 pt screen with 2400 pt
/// of content, put in its start state first: at the top (untouched) or
/// scrolled to 100 pt above the end (the footer just below the screen),
/// then left to rest. The core runs the gestures (`sd_sweep_refresh`): the
/// finger goes down mid-screen at (195, 422); once everything rests (the
/// app's work included: the settle time is the time to idle) a gesture has
/// refreshed, loaded (or loaded the last page: no more data), or left the
/// list at its top or scrolled; "between states" is a header that is not
/// idle or a footer still loading at rest. Surface events are the loads a
/// gesture started: one per approach to the end.
public struct RefreshSweep: SweepSurfaceAdapter {
    public static let valueNames = ["pull_distance", "y", "inset_top", "progress"]
    public static let surfaceInvariants = ["inset top outside rest...rest + header"]

    /// The surface's numbers (its viewport is the screen's height).
    public let configuration: RefreshController.Configuration
    /// How the simulated app answers.
    public let app: RefreshSurfaceDescription.App
    public let stateNames = ["top", "scrolled", "refreshed", "loaded", "no more data", "between states"]
    /// The states a gesture starts from (indices into `stateNames`).
    public let startStates = [0, 1]

    /// A sweep of a surface with `configuration` answered by `app`.
    public init(configuration: RefreshController.Configuration, app: RefreshSurfaceDescription.App = .init()) {
        self.configuration = configuration
        self.app = app
    }

    /// A sweep of the surface `description` describes, on the sweep's screen.
    init(_ description: RefreshSurfaceDescription) throws(ConfigurationError) {
        try self.init(configuration: description.configuration(viewportHeight: 844), app: description.app)
    }

    struct Simulation: SweepSimulation {
        var sim = sd_sim_refresh()

        mutating func touch(_ phase: sd_sim_touch_phase, x: Double, y: Double, velocity: Double, at time: Double) {
            sd_sim_refresh_touch(&sim, phase, x, y, velocity, time)
        }

        mutating func advance(to time: Double) { sd_sim_refresh_advance(&sim, time) }

        mutating func isAtRest() -> Bool { sd_sim_refresh_at_rest(&sim) != 0 }

        var events: Int { Int(sim.load_starts) }
    }

    /// The app's numbers as the core takes them.
    var cApp: sd_sim_refresh_app {
        sd_sim_refresh_app(refresh_time: app.refreshTime, load_time: app.loadTime, page_height: app.pageHeight,
                           pages: app.pages)
    }

    func makeSimulation(start: Int) -> (simulation: Simulation, ready: Double) {
        var simulation = Simulation()
        var config = configuration.cValue
        var view = sd_scroll_view_config_default()
        var app = cApp
        // The configuration and the app are validated; the default screen is valid.
        _ = sd_sim_refresh_init(&simulation.sim, &config, &app, &view, nil)
        guard start == 1 else { return (simulation, 0.2) }
        let sv = simulation.sim.view.sv
        let end = sv.content_height + sv.inset_bottom - sv.frame_height
        sd_sim_refresh_set_offset(&simulation.sim, max(end - 100, -configuration.contentInsetTop), 0)
        var n = 24
        while !simulation.isAtRest(), n < 1200 {
            simulation.advance(to: Double(n) / 120)
            n += 1
        }
        return (simulation, Double(n) / 120)
    }

    static func run(_ start: Simulation, clock: sd_sweep_clock, gesture: sd_sweep_gesture) -> sd_sweep_outcome {
        var start = start
        return sweepOutcome(clock: clock, gesture: gesture) { sd_sweep_refresh(&start.sim, $0, $1, $2, nil) }
    }

    /// The state `surface` shows (a script sweep's run, counted from the
    /// script's start): the core's rule (`sd_sweep_refresh_state`) on the
    /// controller's C core, the surface's events and the list's offset.
    func state(_ surface: RefreshSurface) -> Int {
        var start = sd_sim_refresh(), now = sd_sim_refresh()
        now.core = surface.controller.snapshot.cValue  // the controller's C core as it is
        now.refreshes = UInt32(surface.events.filter { $0.event == .refresh }.count)
        now.load_starts = UInt32(events(surface))
        now.view.sv.offset_y = Double(surface.scrollView.contentOffset.y)
        start.core = now.core
        return Int(sd_sweep_refresh_state(&start, &now))
    }

    /// The loads the footer started so far (a script sweep's run).
    func events(_ surface: RefreshSurface) -> Int { surface.events.filter { $0.event == .loadMore }.count }
}
