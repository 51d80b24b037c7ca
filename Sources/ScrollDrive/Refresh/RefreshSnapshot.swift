import CScrollDrive
import Foundation

// Saving and restoring pull to refresh: its configuration and state in the
// versioned JSON form every surface shares (CoreCoding.swift), checked whole
// by the C core (`sd_refresh_validate`) before a controller takes it.

extension RefreshController {
    /// Everything a refresh controller's core is, its configuration and its
    /// state, to save and restore with `RefreshController(restoring:observer:)`.
    ///
    /// Decoding checks it whole (`sd_refresh_validate`): a corrupt or
    /// tampered save (a state outside its enum, a non-finite offset, a
    /// refresh that starts after the clock, an end motion while not done,
    /// ...) throws `DecodingError.dataCorrupted` at the field's coding path,
    /// naming the core's field and rule, and is never stepped.
    ///
    /// The JSON form (version 1), keyed by the C fields' names
    /// (`sd_refresh_config`, `sd_refresh` in scrolldrive/refresh.h):
    ///
    /// ```json
    /// {"version": 1, "surface": "refresh",
    ///  "configuration": {"header_enabled": 1, "footer_enabled": 1, "options": 0, "content_inset_top": 64,
    ///    "content_inset_bottom": 0, "viewport_height": 667, "header_height": 54, "pull_threshold": 54,
    ///    "begin_duration": 0.25, "end_duration": 0.4, "min_refreshing_time": 0, "footer_height": 44,
    ///    "footer_trigger_distance": 0, "footer_trigger_fraction": 0},
    ///  "state": {"dragging": 0, "offset": -64, "content_height": 2000, "time": 3.5,
    ///    "header": {"state": 0, "transition": 0, "end_requested": 0, "from_offset": 0,
    ///      "held_inset": 64, "refresh_start": 0, "transition_start": 0},
    ///    "footer": {"state": 0, "armed": 1, "content_known": 1}}}
    /// ```
    ///
    /// Every key is required; other keys are ignored; a version other than 1
    /// is refused.
    public struct Snapshot: Hashable, Sendable, SurfaceSnapshot {
        /// The validated C surface.
        package let cValue: sd_refresh

        init(unchecked core: sd_refresh) { cValue = core }

        /// The configuration in force.
        public var configuration: Configuration { Configuration(unchecked: cValue.config) }
        /// The clock, seconds.
        public var time: TimeInterval { cValue.time }

        // Two snapshots are equal when their C structs are, byte for byte.
        public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool { sameBytes(lhs.cValue, rhs.cValue) }

        public func hash(into hasher: inout Hasher) { hashBytes(of: cValue, into: &hasher) }

        /// Writes the JSON form above.
        public func encode(to encoder: any Encoder) throws {
            var c = try encodeSnapshotEnvelope(surface: "refresh", to: encoder)
            try c.encode(configuration, forKey: .configuration)
            var state = c.nestedContainer(keyedBy: FieldKey.self, forKey: .state)
            try Self.fields.encode(cValue, to: &state)
            var header = state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("header"))
            try Self.headerFields.encode(cValue.header, to: &header)
            var footer = state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("footer"))
            try Self.footerFields.encode(cValue.footer, to: &footer)
        }

        /// Reads the JSON form above and checks the surface whole
        /// (`sd_refresh_validate`); see the type's description for what it refuses.
        public init(from decoder: any Decoder) throws {
            let c = try decodeSnapshotEnvelope(surface: "refresh", from: decoder)
            var core = sd_refresh()
            core.config = try c.decode(Configuration.self, forKey: .configuration).cValue
            let state = try c.nestedContainer(keyedBy: FieldKey.self, forKey: .state)
            try Self.fields.decode(into: &core, from: state)
            try Self.headerFields.decode(into: &core.header,
                                         from: state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("header")))
            try Self.footerFields.decode(into: &core.footer,
                                         from: state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("footer")))
            var report = sd_error()
            guard sd_refresh_validate(&core, &report) == SD_OK else {
                throw restoreError(report, decoder: decoder, validator: "sd_refresh_validate")
            }
            cValue = core
        }

        static var fields: CFields<sd_refresh> {
            CFields(words: [("dragging", \.dragging)],
                    numbers: [("offset", \.offset), ("content_height", \.content_height), ("time", \.time)])
        }
        static var headerFields: CFields<sd_refresh_header> {
            CFields(words: [("state", \.state), ("transition", \.transition), ("end_requested", \.end_requested)],
                    numbers: [("from_offset", \.from_offset), ("held_inset", \.held_inset),
                              ("refresh_start", \.refresh_start), ("transition_start", \.transition_start)])
        }
        static var footerFields: CFields<sd_refresh_footer> {
            CFields(words: [("state", \.state), ("armed", \.armed), ("content_known", \.content_known)], numbers: [])
        }
    }

    /// The controller's core as it is now, to save.
    public var snapshot: Snapshot { Snapshot(unchecked: receiver.core) }

    /// A controller that goes on from `snapshot`: the same configuration,
    /// header and footer states, motions and clock. Attach the scroll view
    /// again with `set(scrollable:)`.
    public convenience init(restoring snapshot: Snapshot, observer: @escaping (Event) -> Void = { _ in }) {
        self.init(receiver: RefreshReceiver(core: snapshot.cValue, observer: observer))
    }
}

extension RefreshController.Configuration: Codable {
    private static var fields: CFields<sd_refresh_config> {
        CFields(words: [("header_enabled", \.header_enabled), ("footer_enabled", \.footer_enabled),
                        ("options", \.options)],
                numbers: [("content_inset_top", \.content_inset_top), ("content_inset_bottom", \.content_inset_bottom),
                          ("viewport_height", \.viewport_height), ("header_height", \.header_height),
                          ("pull_threshold", \.pull_threshold), ("begin_duration", \.begin_duration),
                          ("end_duration", \.end_duration), ("min_refreshing_time", \.min_refreshing_time),
                          ("footer_height", \.footer_height), ("footer_trigger_distance", \.footer_trigger_distance),
                          ("footer_trigger_fraction", \.footer_trigger_fraction)])
    }

    /// The configuration as the `configuration` object of `Snapshot`'s JSON form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FieldKey.self)
        try Self.fields.encode(cValue, to: &c)
    }

    /// Reads the `configuration` object and validates it
    /// (`sd_refresh_config_validate`): a configuration the core refuses throws
    /// `DecodingError.dataCorrupted` naming the field and the rule.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        var config = sd_refresh_config()
        try Self.fields.decode(into: &config, from: c)
        do {
            try self.init(validating: config)
        } catch {
            throw configurationError(field: error.field, rule: error.rule, decoder: decoder)
        }
    }
}
