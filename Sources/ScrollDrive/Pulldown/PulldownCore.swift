import CScrollDrive

/// The pull-down panel's C surface (`scrolldrive/pulldown.h`) as the driver
/// sees it: each verb forwards to its C function.
extension sd_pulldown: CoreSurface {
    static var surfaceName: String { "pulldown" }
    static func emptyActions() -> sd_pulldown_actions { sd_pulldown_actions() }
    static func emptyFrame() -> sd_pulldown_frame { sd_pulldown_frame() }

    mutating func step(_ event: inout sd_pulldown_event, _ actions: inout sd_pulldown_actions) -> sd_status {
        sd_pulldown_step(&self, &event, &actions, nil)
    }

    static func frame(of core: UnsafePointer<sd_pulldown>, at time: Double, _ frame: inout sd_pulldown_frame) -> sd_status {
        sd_pulldown_frame_at(core, time, &frame)
    }

    mutating func reconfigure(_ configuration: inout sd_pulldown_config, _ error: inout sd_error) -> sd_status {
        sd_pulldown_reconfigure(&self, &configuration, &error)
    }

    var clock: Double { time }
}
