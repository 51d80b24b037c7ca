import CScrollDrive
import Foundation

// Saving and restoring the bar: its configuration and state in the
// versioned JSON form every surface shares (CoreCoding.swift), checked whole
// by the C core (`sd_bar_validate`) before a controller takes it.

extension BarController {
    /// Everything a bar controller's core is (its configuration, its state,
    /// what it tracks of the scroll view, its clock), to save and restore
    /// with `BarController(restoring:stateReducer:stateObserver:)`. A custom
    /// reducer is code, not state: pass it again when restoring.
    ///
    /// Decoding checks it whole (`sd_bar_validate`): a height outside compact
    /// ... expanded, a non-finite tracked offset, a flag other than 0 or 1,
    /// ... throws `DecodingError.dataCorrupted` at the field's coding path,
    /// naming the core's field and rule, and is never stepped.
    ///
    /// The JSON form (version 1), keyed by the C fields' names (`sd_bar_config`,
    /// `sd_bar_state`, `sd_bar_tracking` in scrolldrive/bar*.h):
    ///
    /// ```json
    /// {"version": 1, "surface": "bar",
    ///  "configuration": {"compact": 44, "normal": 88, "expanded": 140, "policy": 0, "safe_area_top": 0},
    ///  "state": {"offset": -88, "expanded_available": 0, "time": 2.5,
    ///    "tracking": {"has_previous": 1, "has_content_size": 1, "previous_x": 0, "previous_y": 120,
    ///      "content_width": 375, "content_height": 3000, "frame_height": 812, "pan_y": 0}}}
    /// ```
    ///
    /// Every key is required but `frame_height`, which snapshots written
    /// before the bar recorded it lack (then 0: the next layout report runs
    /// AirBar's rules again); other keys are ignored; a version other than 1
    /// is refused.
    public struct Snapshot: Hashable, Sendable, SurfaceSnapshot {
        /// The validated C bar.
        package let cValue: sd_bar

        init(unchecked core: sd_bar) { cValue = core }

        /// The configuration in force.
        public var configuration: Configuration { Configuration(unchecked: cValue.config) }
        /// The bar's state (AirBar's `State`).
        public var state: State { State(cValue.state, configuration: configuration) }
        /// The clock, seconds.
        public var time: TimeInterval { cValue.time }

        // Two snapshots are equal when their C structs are, byte for byte.
        public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool { sameBytes(lhs.cValue, rhs.cValue) }

        public func hash(into hasher: inout Hasher) { hashBytes(of: cValue, into: &hasher) }

        /// Writes the JSON form above.
        public func encode(to encoder: any Encoder) throws {
            var c = try encodeSnapshotEnvelope(surface: "bar", to: encoder)
            try c.encode(configuration, forKey: .configuration)
            var state = c.nestedContainer(keyedBy: FieldKey.self, forKey: .state)
            try Self.stateFields.encode(cValue.state, to: &state)
            try state.encode(cValue.time, forKey: FieldKey("time"))
            var tracking = state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("tracking"))
            try Self.trackingFields.encode(cValue.tracking, to: &tracking)
            try tracking.encode(cValue.tracking.frame_height, forKey: FieldKey("frame_height"))
        }

        /// Reads the JSON form above and checks the bar whole
        /// (`sd_bar_validate`); see the type's description for what it refuses.
        public init(from decoder: any Decoder) throws {
            let c = try decodeSnapshotEnvelope(surface: "bar", from: decoder)
            var core = sd_bar()
            core.config = try c.decode(Configuration.self, forKey: .configuration).cValue
            let state = try c.nestedContainer(keyedBy: FieldKey.self, forKey: .state)
            try Self.stateFields.decode(into: &core.state, from: state)
            core.time = try state.decode(Double.self, forKey: FieldKey("time"))
            let tracking = try state.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("tracking"))
            try Self.trackingFields.decode(into: &core.tracking, from: tracking)
            core.tracking.frame_height = try tracking.decodeIfPresent(Double.self, forKey: FieldKey("frame_height")) ?? 0
            var report = sd_error()
            guard sd_bar_validate(&core, &report) == SD_OK else {
                throw restoreError(report, decoder: decoder, validator: "sd_bar_validate")
            }
            cValue = core
        }

        static var stateFields: CFields<sd_bar_state> {
            CFields(words: [("expanded_available", \.expanded_available)], numbers: [("offset", \.offset)])
        }
        static var trackingFields: CFields<sd_bar_tracking> {
            CFields(words: [("has_previous", \.has_previous), ("has_content_size", \.has_content_size)],
                    numbers: [("previous_x", \.previous_x), ("previous_y", \.previous_y),
                              ("content_width", \.content_width), ("content_height", \.content_height),
                              ("pan_y", \.pan_y)])
        }
    }

    /// The controller's core as it is now, to save.
    public var snapshot: Snapshot { Snapshot(unchecked: receiver.core) }

    /// A controller that goes on from `snapshot`, with `stateReducer` (the
    /// default one unless the app used its own) and `stateObserver`. Attach
    /// the scroll view again with `set(scrollable:)`.
    public convenience init(restoring snapshot: Snapshot, stateReducer: StateReducer = .default,
                            stateObserver: @escaping StateObserver = { _ in })
    {
        self.init(receiver: BarReceiver(core: snapshot.cValue, stateReducer: stateReducer, observer: stateObserver))
    }
}

extension BarController.Configuration: Codable {
    private static var fields: CFields<sd_bar_config> {
        CFields(words: [("policy", \.policy)],
                numbers: [("compact", \.compact), ("normal", \.normal), ("expanded", \.expanded),
                          ("safe_area_top", \.safe_area_top)])
    }

    /// The configuration as the `configuration` object of `Snapshot`'s JSON form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FieldKey.self)
        try Self.fields.encode(cValue, to: &c)
    }

    /// Reads the `configuration` object and validates it
    /// (`sd_bar_config_validate`): a configuration the core refuses throws
    /// `DecodingError.dataCorrupted` naming the field and the rule.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        var config = sd_bar_config()
        try Self.fields.decode(into: &config, from: c)
        var report = sd_error()
        guard sd_bar_config_validate(&config, &report) == SD_OK else {
            throw configurationError(field: report.field.map { String(cString: $0) } ?? "configuration",
                                     rule: report.rule.map { String(cString: $0) } ?? "is not valid", decoder: decoder)
        }
        self.init(unchecked: config)
    }
}
