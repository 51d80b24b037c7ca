import CScrollDrive

/// The sheet's C struct as the driver sees it: each verb forwards to its C
/// function (`sd_sheet_step`, `sd_sheet_frame_at`, `sd_sheet_reconfigure`).
extension sd_sheet: CoreSurface {
    typealias CConfiguration = sd_sheet_config
    typealias CEvent = sd_sheet_event
    typealias CActions = sd_sheet_actions
    typealias CFrame = sd_sheet_frame

    static var surfaceName: String { "sheet" }
    static func emptyActions() -> sd_sheet_actions { sd_sheet_actions() }
    static func emptyFrame() -> sd_sheet_frame { sd_sheet_frame() }

    mutating func step(_ event: inout sd_sheet_event, _ actions: inout sd_sheet_actions) -> sd_status {
        sd_sheet_step(&self, &event, &actions, nil)
    }

    static func frame(of core: UnsafePointer<sd_sheet>, at time: Double, _ frame: inout sd_sheet_frame) -> sd_status {
        sd_sheet_frame_at(core, time, &frame)
    }

    mutating func reconfigure(_ configuration: inout sd_sheet_config, _ error: inout sd_error) -> sd_status {
        sd_sheet_reconfigure(&self, &configuration, &error)
    }

    var clock: Double { state.time }
}
