import CScrollDrive

/// Why a configuration (or another input) was rejected: the field and the
/// rule it broke, as the C core reports them.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of rule was broken.
    public enum Kind: String, Equatable, Sendable {
        /// A NaN or infinite number (`SD_ERR_NOT_FINITE`).
        case notFinite = "not finite"
        /// A negative number where only 0 or more is allowed (`SD_ERR_NEGATIVE`).
        case negative
        /// Numbers in the wrong order, e.g. normal below compact (`SD_ERR_ORDER`).
        case outOfOrder = "out of order"
        /// A number or choice outside its range (`SD_ERR_RANGE`).
        case outOfRange = "out of range"
        /// Any other rule the core names (`SD_ERR_STATE`, `SD_ERR_NULL`).
        case invalid
    }

    /// The surface whose configuration this is ("bar", "sheet", "pulldown", ...).
    public let surface: String
    /// The field, with the C core's name (e.g. "normal", "cp1").
    public let field: String
    /// The rule, in words (e.g. "must be >= compact").
    public let rule: String
    /// The kind of rule.
    public let kind: Kind

    /// An error about `field` of `surface`'s configuration, breaking `rule`.
    public init(surface: String, field: String, rule: String, kind: Kind) {
        self.surface = surface
        self.field = field
        self.rule = rule
        self.kind = kind
    }

    /// Builds the error from a C report (`sd_error`).
    init(surface: String, _ error: sd_error) {
        self.surface = surface
        self.field = error.field.map { String(cString: $0) } ?? "?"
        self.rule = error.rule.map { String(cString: $0) } ?? "invalid"
        switch error.status {
        case SD_ERR_NOT_FINITE: kind = .notFinite
        case SD_ERR_NEGATIVE: kind = .negative
        case SD_ERR_ORDER: kind = .outOfOrder
        case SD_ERR_RANGE: kind = .outOfRange
        default: kind = .invalid
        }
    }

    public var description: String { "invalid \(surface) configuration: \(field) \(rule)" }

    /// Runs a C validator and throws its report when it rejects.
    static func check(surface: String, _ validate: (UnsafeMutablePointer<sd_error>) -> sd_status)
        throws(ConfigurationError)
    {
        var report = sd_error()
        if validate(&report) != SD_OK { throw ConfigurationError(surface: surface, report) }
    }
}
