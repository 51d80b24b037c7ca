import CScrollDrive

/// Why a configuration (or another input) was rejected: the field and the
/// rule it broke, as the C core reports them.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of rule was broken.
    public enum Kind: String, Equatable, Sendable {
        case notFinite = "not finite"
        case negative
        case outOfOrder = "out of order"
        case outOfRange = "out of range"
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
