import Foundation

/// Numbers as text that people read and programs parse back exactly.
public enum NumberText {
    /// The shortest decimal that parses back to the same `Double`, bit for
    /// bit (Swift's `description`, which is Steele and White's / Ryu's
    /// shortest round-trip spelling), without a trailing ".0": 1.4 prints as
    /// `1.4` (where `%.17g` gives `1.3999999999999999`), -240 as `-240`,
    /// 1e-05 as `1e-05`; NaN as `nan`, infinities as `inf` and `-inf`.
    public static func shortest(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x.isInfinite { return x > 0 ? "inf" : "-inf" }
        let s = x.description
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
}

extension BarTrace.Row {
    /// The names of a row's fields, in `shortestText` order.
    public static let fieldNames = ["offset", "available", "height", "progress", "insetTop", "target"]

    /// `offset available height progress insetTop target`, numbers in their
    /// shortest round-trip spelling (`NumberText.shortest`).
    public var shortestText: String {
        let n = NumberText.shortest
        return [n(offset), available ? "1" : "0", n(height), n(progress), n(insetTop), n(target)]
            .joined(separator: " ")
    }
}
