import CScrollDrive

/// The bar's C surface (`sd_bar`, CCore/include/scrolldrive/bar.h) as the
/// driver sees it: each verb forwards to its C function.
extension sd_bar: CoreSurface {
    typealias CConfiguration = sd_bar_config
    typealias CEvent = sd_bar_event
    typealias CActions = sd_bar_actions
    typealias CFrame = sd_bar_frame

    static var surfaceName: String { "bar" }
    static func emptyActions() -> sd_bar_actions { sd_bar_actions() }
    static func emptyFrame() -> sd_bar_frame { sd_bar_frame() }

    mutating func step(_ event: inout sd_bar_event, _ actions: inout sd_bar_actions) -> sd_status {
        sd_bar_step(&self, &event, &actions, nil)
    }

    static func frame(of core: UnsafePointer<sd_bar>, at time: Double, _ frame: inout sd_bar_frame) -> sd_status {
        sd_bar_frame_at(core, time, &frame)
    }

    mutating func reconfigure(_ configuration: inout sd_bar_config, _ error: inout sd_error) -> sd_status {
        sd_bar_reconfigure(&self, &configuration, &error)
    }

    var clock: Double { time }

    /// A bar at rest with `configuration`, or the core's report.
    static func make(_ configuration: sd_bar_config) throws(ConfigurationError) -> sd_bar {
        var bar = sd_bar(), config = configuration, error = sd_error()
        guard sd_bar_init(&bar, &config, &error) == SD_OK else {
            throw ConfigurationError(surface: surfaceName, error)
        }
        return bar
    }
}

extension sd_bar_actions {
    func has(_ flag: Int) -> Bool { flags & UInt32(flag) != 0 }
}
