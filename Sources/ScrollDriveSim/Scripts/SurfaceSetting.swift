import Foundation

/// How a command line changes a key of a script's `surface` object:
/// `simulate --set`, `compare --set-a` / `--set-b` and `sweep --set` all read
/// their keys and values here, so the same spelling works in each.
///
/// A key is written bare (`upThreshold`) or prefixed with the surface's type
/// (`sheet.upThreshold`); a value is `on` / `off` / `true` / `false`, a JSON
/// value (a number, `[50, 80, 120, 220]`, `"text"`, `null`), or else the
/// text itself as a string (`preset=wechat`). A number that is not finite
/// (`nan`, `inf`, `1e400`) is refused, saying so.
public enum SurfaceSetting {
    /// What is wrong with one key or value (the caller names the argument).
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// The rule it breaks.
        public let message: String
        public var description: String { message }
    }

    /// The key `path` names on a surface of type `surface`: the text after
    /// `surface.`, or `path` itself when it has no surface's prefix. A prefix
    /// naming another kind of surface is a problem.
    public static func key(_ path: some StringProtocol, surface: String) throws(Problem) -> String {
        let path = String(path)
        if let dot = path.firstIndex(of: ".") {
            let prefix = String(path[..<dot]), rest = String(path[path.index(after: dot)...])
            if prefix == surface {
                guard !rest.isEmpty else { throw Problem(message: "no key after \"\(surface).\"") }
                return rest
            }
            if SurfaceRegistry.named(prefix) != nil {
                throw Problem(message: "\"\(prefix).\" names the \(prefix) surface, not the \(surface) this runs")
            }
        }
        guard !path.isEmpty else { throw Problem(message: "expected KEY=VALUE") }
        return path
    }

    /// One value as the command line spells it (see the type's description).
    public static func value(_ text: some StringProtocol) throws(Problem) -> JSONValue {
        let text = String(text).trimmingCharacters(in: .whitespaces)
        switch text {
        case "": throw Problem(message: "empty value")
        case "on", "true": return .bool(true)
        case "off", "false": return .bool(false)
        default: break
        }
        if isNonFiniteNumber(text) {
            throw Problem(message: "\(text) is not a finite number (non-finite numbers, NaN, infinities or 1e400, are refused)")
        }
        return (try? JSONValue(parsing: text)) ?? .string(text)
    }

    /// Whether `text` reads as a number that no double holds finitely: NaN
    /// or an infinity in any spelling, or a literal past the double range.
    static func isNonFiniteNumber(_ text: String) -> Bool {
        let word = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "+-"))
        if ["nan", "inf", "infinity"].contains(word) { return true }
        guard let first = text.first, "+-.0123456789".contains(first), let number = Double(text) else { return false }
        return !number.isFinite
    }
}
