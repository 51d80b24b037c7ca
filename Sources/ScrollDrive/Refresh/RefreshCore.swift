import CScrollDrive

/// The refresh surface's C struct (`scrolldrive/refresh.h`) as the driver
/// sees it: each verb forwards to its C function (`sd_refresh_step`,
/// `sd_refresh_frame_at`, `sd_refresh_reconfigure`).
extension sd_refresh: CoreSurface {
    static var surfaceName: String { "refresh" }
    static func emptyActions() -> sd_refresh_actions { sd_refresh_actions() }
    static func emptyFrame() -> sd_refresh_frame { sd_refresh_frame() }

    mutating func step(_ event: inout sd_refresh_event, _ actions: inout sd_refresh_actions) -> sd_status {
        sd_refresh_step(&self, &event, &actions, nil)
    }

    static func frame(of core: UnsafePointer<sd_refresh>, at time: Double, _ frame: inout sd_refresh_frame) -> sd_status {
        sd_refresh_frame_at(core, time, &frame)
    }

    mutating func reconfigure(_ configuration: inout sd_refresh_config, _ error: inout sd_error) -> sd_status {
        sd_refresh_reconfigure(&self, &configuration, &error)
    }

    var clock: Double { time }
}
