import CScrollDrive
import Foundation

// Saving and restoring a sheet: its configuration and its state as a
// versioned JSON form (`Codable`), checked whole by the C core
// (`sd_sheet_validate`) before a controller takes it.

extension SheetController {
    /// Everything a sheet is, its configuration and its state, to save (for
    /// state restoration across a relaunch) and restore with
    /// `SheetController(restoring:observer:)`.
    ///
    /// A snapshot is always one the core accepts: making one from a
    /// controller copies a valid sheet, and decoding one checks it whole
    /// (`sd_sheet_validate`): a corrupt or tampered state (a detent past the
    /// configuration's, a non-finite position, a spring that starts after
    /// the clock, ...) throws `DecodingError.dataCorrupted` whose coding path
    /// ends at the field and whose description names the core's field and
    /// rule, and is never stepped.
    ///
    /// The JSON form (version 1), every number a JSON number:
    ///
    /// ```json
    /// {"version": 1, "surface": "sheet",
    ///  "configuration": {"container_height": 800, "content_height": 0,
    ///    "detents": [{"kind": "points", "value": 50}, {"kind": "fraction", "value": 0.5}, {"kind": "dismissed", "value": 0}],
    ///    "options": 0, "up_threshold": 0.25, "down_threshold": 0.3, "overscroll_return": 120,
    ///    "backdrop_alpha": 0.5, "background_shift": 100, "background_duration": 0.2,
    ///    "spring": {"stiffness": 200, "damping": 25, "mass": 1}, "spring_initial_velocity": 10,
    ///    "deceleration_rate": 0.998, "flick_velocity": 500, "undimmed_detent": 0, "backdrop_tap": 0,
    ///    "dismiss_velocity": 0, "safe_area_top": 0, "safe_area_bottom": 0, "keyboard": 0},
    ///  "state": {"detent": 1, "drag": 0, "flags": 0, "time": 0, "top": 400, "velocity": 0,
    ///    "translation": 0, "drag_time": 0, "drag_base": 0, "content_offset": 0,
    ///    "spring_from": 0, "spring_velocity": 0, "spring_to": 0, "spring_start": 0,
    ///    "spring_duration": 0, "spring_rate": 0, "background_from": -100, "background_start": 0,
    ///    "scroll_disable_time": 0, "keyboard_from": 0, "keyboard_to": 0, "keyboard_start": 0,
    ///    "keyboard_duration": 0, "keyboard_curve": 0, "keyboard_detent": null, "move_curve": 0,
    ///    "drag_anchor": 0}}
    /// ```
    ///
    /// The keys are the C fields' names (`sd_sheet_config`, `sd_sheet_state`
    /// in scrolldrive/sheet.h, whose comments say what each holds); a detent's
    /// kind is `"fraction"`, `"points"`, `"fitContent"` or `"dismissed"`.
    /// Every key is required; other keys are ignored. A version other than 1
    /// is refused.
    public struct Snapshot: Hashable, Sendable, SurfaceSnapshot {
        /// The version of the JSON form this type writes and reads.
        public static let version = 1

        /// The validated C sheet.
        package let cValue: sd_sheet

        /// A sheet the core holds (valid).
        init(unchecked sheet: sd_sheet) { cValue = sheet }

        /// The configuration in force.
        public var configuration: Configuration { Configuration(unchecked: cValue.config) }
        /// The clock, seconds.
        public var time: TimeInterval { cValue.state.time }
        /// The detent the sheet rests at or moves to.
        public var detent: Detent { configuration.detents[Int(cValue.state.detent)] }

        // Two snapshots are equal when their C structs are, byte for byte.
        public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool { sameBytes(lhs.cValue, rhs.cValue) }

        public func hash(into hasher: inout Hasher) { hashBytes(of: cValue, into: &hasher) }

        /// Writes the JSON form above.
        public func encode(to encoder: any Encoder) throws {
            var c = try encodeSnapshotEnvelope(surface: "sheet", to: encoder)
            try c.encode(configuration, forKey: .configuration)
            var state = c.nestedContainer(keyedBy: FieldKey.self, forKey: .state)
            try Self.stateFields.encode(cValue.state, to: &state)
        }

        /// Reads the JSON form above and checks the sheet whole
        /// (`sd_sheet_validate`); see the type's description for what it refuses.
        public init(from decoder: any Decoder) throws {
            let c = try decodeSnapshotEnvelope(surface: "sheet", from: decoder)
            var sheet = sd_sheet()
            sheet.config = try c.decode(Configuration.self, forKey: .configuration).cValue
            try Self.stateFields.decode(into: &sheet.state, from: c.nestedContainer(keyedBy: FieldKey.self, forKey: .state))
            var report = sd_error()
            guard sd_sheet_validate(&sheet, &report) == SD_OK else {
                throw restoreError(report, decoder: decoder, validator: "sd_sheet_validate")
            }
            cValue = sheet
        }

        /// The state's fields by their C names (`sd_sheet_state`).
        static var stateFields: CFields<sd_sheet_state> {
            CFields(words: [("detent", \.detent), ("drag", \.drag), ("flags", \.flags),
                            ("keyboard_curve", \.keyboard_curve), ("move_curve", \.move_curve)],
                    optionalWords: [("keyboard_detent", \.keyboard_detent, SD_SHEET_NO_DETENT)],
                    numbers: [("time", \.time), ("top", \.top), ("velocity", \.velocity), ("translation", \.translation),
                              ("drag_time", \.drag_time), ("drag_base", \.drag_base), ("content_offset", \.content_offset),
                              ("spring_from", \.spring_from), ("spring_velocity", \.spring_velocity),
                              ("spring_to", \.spring_to), ("spring_start", \.spring_start),
                              ("spring_duration", \.spring_duration), ("spring_rate", \.spring_rate),
                              ("background_from", \.background_from), ("background_start", \.background_start),
                              ("scroll_disable_time", \.scroll_disable_time), ("keyboard_from", \.keyboard_from),
                              ("keyboard_to", \.keyboard_to), ("keyboard_start", \.keyboard_start),
                              ("keyboard_duration", \.keyboard_duration), ("drag_anchor", \.drag_anchor)])
        }
    }

    /// The sheet as it is now, to save.
    public var snapshot: Snapshot { Snapshot(unchecked: receiver.core) }

    /// A controller that goes on from `snapshot` (a sheet saved with
    /// `snapshot` and decoded again): the same configuration, detent, clock,
    /// spring or drag. Attach the scroll view again with `set(scrollable:)`.
    public convenience init(restoring snapshot: Snapshot, observer: @escaping (Event) -> Void = { _ in }) {
        self.init(receiver: SheetReceiver(sheet: snapshot.cValue, observer: observer))
    }
}

extension SheetController.Configuration: Codable {
    /// The configuration's flat fields by their C names (`sd_sheet_config`;
    /// the detents and the spring are written apart).
    private static var fields: CFields<sd_sheet_config> {
        CFields(words: [("options", \.options), ("undimmed_detent", \.undimmed_detent), ("backdrop_tap", \.backdrop_tap),
                        ("keyboard", \.keyboard)],
                numbers: [("container_height", \.container_height), ("content_height", \.content_height),
                          ("up_threshold", \.up_threshold), ("down_threshold", \.down_threshold),
                          ("overscroll_return", \.overscroll_return), ("backdrop_alpha", \.backdrop_alpha),
                          ("background_shift", \.background_shift), ("background_duration", \.background_duration),
                          ("spring_initial_velocity", \.spring_initial_velocity),
                          ("deceleration_rate", \.deceleration_rate), ("flick_velocity", \.flick_velocity),
                          ("dismiss_velocity", \.dismiss_velocity), ("safe_area_top", \.safe_area_top),
                          ("safe_area_bottom", \.safe_area_bottom)])
    }
    private static var kinds: [(String, sd_sheet_detent_kind)] { [
        ("fraction", SD_SHEET_DETENT_FRACTION), ("points", SD_SHEET_DETENT_POINTS),
        ("fitContent", SD_SHEET_DETENT_FIT_CONTENT), ("dismissed", SD_SHEET_DETENT_DISMISSED),
    ] }

    private struct SpringFields: Codable { var stiffness, damping, mass: Double }
    private struct DetentFields: Codable { var kind: String; var value: Double }

    /// The configuration as the `configuration` object of `Snapshot`'s JSON form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FieldKey.self)
        try Self.fields.encode(cValue, to: &c)
        try c.encode(SpringFields(stiffness: cValue.spring.stiffness, damping: cValue.spring.damping,
                                  mass: cValue.spring.mass), forKey: FieldKey("spring"))
        var config = cValue
        let detents = (0..<detentCount).map { i -> DetentFields in
            let d = sd_sheet_config_detent(&config, UInt32(i))
            let kind = Self.kinds.first { $0.1.rawValue == d.kind }?.0 ?? "dismissed"
            return DetentFields(kind: kind, value: d.value)
        }
        try c.encode(detents, forKey: FieldKey("detents"))
    }

    /// Reads the `configuration` object and validates it
    /// (`sd_sheet_config_validate`): a configuration the core refuses throws
    /// `DecodingError.dataCorrupted` naming the field and the rule.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        var config = sd_sheet_config_default(1)
        try Self.fields.decode(into: &config, from: c)
        let spring = try c.decode(SpringFields.self, forKey: FieldKey("spring"))
        config.spring = sd_spring(stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass)
        let detents = try c.decode([DetentFields].self, forKey: FieldKey("detents"))
        config.detent_count = UInt32(clamping: detents.count)
        for index in 0..<Int(SD_SHEET_MAX_DETENTS) {
            var detent = sd_sheet_detent()
            if index < detents.count {
                guard let kind = Self.kinds.first(where: { $0.0 == detents[index].kind })?.1 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: FieldKey("detents"), in: c,
                        debugDescription: "detent \(index): kind must be fraction, points, fitContent or dismissed")
                }
                detent = sd_sheet_detent(kind: kind.rawValue, reserved: 0, value: detents[index].value)
            }
            _ = sd_sheet_config_set_detent(&config, UInt32(index), detent)
        }
        do {
            try self.init(validating: config)
        } catch {
            throw configurationError(field: error.field, rule: error.rule, decoder: decoder)
        }
    }
}
