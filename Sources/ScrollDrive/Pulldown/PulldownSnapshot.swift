import CScrollDrive
import Foundation

// Saving and restoring the pull-down panel: its configuration and state in
// the versioned JSON form every surface shares (CoreCoding.swift), checked
// whole by the C core (`sd_pulldown_validate`) before a controller takes it.

extension PulldownPanelController {
    /// Everything a pull-down controller's core is (configuration, the chat
    /// list's, the panel's and the mini-programs list's machines, the clock),
    /// to save and restore with `PulldownPanelController(restoring:observer:)`.
    ///
    /// Decoding checks it whole (`sd_pulldown_validate`): a phase or
    /// transition a machine never runs, a lock without its transition, a
    /// non-finite offset, a transition that starts after the clock, ...
    /// throws `DecodingError.dataCorrupted` at the field's coding path,
    /// naming the core's field and rule, and is never stepped.
    ///
    /// The JSON form (version 1) is keyed by the C fields' names
    /// (`sd_pulldown_config`, `sd_pulldown_list_state`,
    /// `sd_pulldown_panel_state`, `sd_pulldown_applets_state` in
    /// scrolldrive/pulldown*.h), colours as `{"red", "green", "blue"}`:
    ///
    /// ```json
    /// {"version": 1, "surface": "pulldown",
    ///  "configuration": {"cp0": 60, "cp1": 90, "cp2": 130, "cp3": 240, "screen_height": 736, ..., "options": 0,
    ///    "list_colour": {"red": 237, "green": 237, "blue": 237}, "open_colour": {...}},
    ///  "state": {"time": 1.5,
    ///    "list": {"phase": 0, "transition": 0, "locked": 0, "offset": -64, ...},
    ///    "panel": {"phase": 0, "transition": 0, "locked": 0, "dragging": 0, "offset": 0, ...},
    ///    "applets": {"close_pending": 0, "drag_start_offset": 0, "drag_end_offset": 0}}}
    /// ```
    ///
    /// Every key is required; other keys are ignored; a version other than 1
    /// is refused.
    public struct Snapshot: Hashable, Sendable, SurfaceSnapshot {
        /// The validated C surface.
        package let cValue: sd_pulldown

        init(unchecked core: sd_pulldown) { cValue = core }

        /// The configuration in force.
        public var configuration: Configuration { Configuration(unchecked: cValue.config) }
        /// The clock, seconds.
        public var time: TimeInterval { cValue.time }

        // Two snapshots are equal when their C structs are, byte for byte.
        public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool { sameBytes(lhs.cValue, rhs.cValue) }

        public func hash(into hasher: inout Hasher) { hashBytes(of: cValue, into: &hasher) }

        /// Writes the JSON form above.
        public func encode(to encoder: any Encoder) throws {
            var c = try encodeSnapshotEnvelope(surface: "pulldown", to: encoder)
            try c.encode(configuration, forKey: .configuration)
            var state = c.nestedContainer(keyedBy: FieldKey.self, forKey: .state)
            try state.encode(cValue.time, forKey: FieldKey("time"))
            var list = state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("list"))
            try Self.listFields.encode(cValue.list, to: &list)
            var panel = state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("panel"))
            try Self.panelFields.encode(cValue.panel, to: &panel)
            var applets = state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("applets"))
            try Self.appletsFields.encode(cValue.applets, to: &applets)
        }

        /// Reads the JSON form above and checks the surface whole
        /// (`sd_pulldown_validate`); see the type's description for what it refuses.
        public init(from decoder: any Decoder) throws {
            let c = try decodeSnapshotEnvelope(surface: "pulldown", from: decoder)
            var core = sd_pulldown()
            core.config = try c.decode(Configuration.self, forKey: .configuration).cValue
            let state = try c.nestedContainer(keyedBy: FieldKey.self, forKey: .state)
            core.time = try state.decode(Double.self, forKey: FieldKey("time"))
            try Self.listFields.decode(into: &core.list,
                                       from: state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("list")))
            try Self.panelFields.decode(into: &core.panel,
                                        from: state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("panel")))
            try Self.appletsFields.decode(into: &core.applets,
                                          from: state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("applets")))
            var report = sd_error()
            guard sd_pulldown_validate(&core, &report) == SD_OK else {
                throw restoreError(report, decoder: decoder, validator: "sd_pulldown_validate")
            }
            cValue = core
        }

        static var listFields: CFields<sd_pulldown_list_state> {
            CFields(words: [("phase", \.phase), ("transition", \.transition), ("haptic_armed", \.haptic_armed),
                            ("haptic_pending", \.haptic_pending), ("haptic_frame", \.haptic_frame), ("locked", \.locked)],
                    numbers: [("offset", \.offset), ("last_offset", \.last_offset), ("release_offset", \.release_offset),
                              ("release_distance", \.release_distance), ("close_panel_offset", \.close_panel_offset),
                              ("transition_start", \.transition_start)])
        }
        static var panelFields: CFields<sd_pulldown_panel_state> {
            CFields(words: [("phase", \.phase), ("transition", \.transition), ("dragging", \.dragging), ("locked", \.locked)],
                    numbers: [("offset", \.offset), ("last_offset", \.last_offset), ("from_offset", \.from_offset),
                              ("transition_start", \.transition_start)])
        }
        static var appletsFields: CFields<sd_pulldown_applets_state> {
            CFields(words: [("close_pending", \.close_pending)],
                    numbers: [("drag_start_offset", \.drag_start_offset), ("drag_end_offset", \.drag_end_offset)])
        }
    }

    /// The controller's core as it is now, to save.
    public var snapshot: Snapshot { Snapshot(unchecked: receiver.core) }

    /// A controller that goes on from `snapshot`: the same configuration,
    /// machines and clock. Attach the scroll views again.
    public convenience init(restoring snapshot: Snapshot, observer: @escaping (Event) -> Void = { _ in }) {
        self.init(receiver: PulldownReceiver(core: snapshot.cValue, observer: observer))
    }
}

extension PulldownPanelController.Configuration: Codable {
    private static var fields: CFields<sd_pulldown_config> {
        CFields(words: [("options", \.options)],
                numbers: [("cp0", \.cp0), ("cp1", \.cp1), ("cp2", \.cp2), ("cp3", \.cp3),
                          ("screen_height", \.screen_height), ("top_bar_height", \.top_bar_height),
                          ("tab_bar_height", \.tab_bar_height), ("transition_duration", \.transition_duration),
                          ("close_duration", \.close_duration), ("return_duration", \.return_duration),
                          ("return_split_time", \.return_split_time), ("return_split_distance", \.return_split_distance),
                          ("ball_spread", \.ball_spread), ("ball_max_scale", \.ball_max_scale),
                          ("min_indicator_height", \.min_indicator_height), ("reveal_panel_alpha", \.reveal_panel_alpha),
                          ("reveal_mask_alpha", \.reveal_mask_alpha), ("open_mask_alpha", \.open_mask_alpha),
                          ("panel_scale_x", \.panel_scale_x), ("panel_scale_y", \.panel_scale_y),
                          ("panel_scale_gain", \.panel_scale_gain), ("panel_content_screens", \.panel_content_screens),
                          ("search_bar_height", \.search_bar_height), ("close_drag_distance", \.close_drag_distance)])
    }
    private static var colourFields: CFields<sd_pulldown_rgb> {
        CFields(words: [], numbers: [("red", \.red), ("green", \.green), ("blue", \.blue)])
    }

    /// The configuration as the `configuration` object of `Snapshot`'s JSON form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FieldKey.self)
        try Self.fields.encode(cValue, to: &c)
        var list = c.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("list_colour"))
        try Self.colourFields.encode(cValue.list_colour, to: &list)
        var open = c.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("open_colour"))
        try Self.colourFields.encode(cValue.open_colour, to: &open)
    }

    /// Reads the `configuration` object and validates it
    /// (`sd_pulldown_config_validate`): a configuration the core refuses
    /// throws `DecodingError.dataCorrupted` naming the field and the rule.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        var config = sd_pulldown_config_article()
        try Self.fields.decode(into: &config, from: c)
        try Self.colourFields.decode(into: &config.list_colour,
                                     from: c.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("list_colour")))
        try Self.colourFields.decode(into: &config.open_colour,
                                     from: c.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("open_colour")))
        do {
            try self.init(validating: config)
        } catch {
            throw configurationError(field: error.field, rule: error.rule, decoder: decoder)
        }
    }
}
