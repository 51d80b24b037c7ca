import Foundation

/// Widths of text as the plots draw it, so that a layout can keep labels
/// apart and inside the picture without a browser.
///
/// The plots name "DejaVu Sans" first; the table holds its advance widths
/// (per 1000 units of the font size, printable ASCII, regular and bold), read
/// from the font's `hmtx` table (DejaVu fonts, version 2.37). Any other
/// character counts as a full em, and every width gets 3 % more, so the
/// estimate errs on the wide side (Helvetica and Arial, the fallbacks, are
/// narrower than DejaVu Sans).
public enum TextMeasure {
    static let regular: [UInt16] = [
        318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636,
        636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295,
        295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838,
        500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521,
        392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
    ]
    static let bold: [UInt16] = [
        348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696,
        696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372,
        372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838,
        500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595,
        478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
    ]

    /// The width in pixels of `text` at `size` pixels (an upper estimate).
    public static func width(_ text: String, size: Double, bold isBold: Bool = false) -> Double {
        let table = isBold ? bold : regular
        var units = 0.0
        for scalar in text.unicodeScalars {
            let v = Int(scalar.value)
            units += (32...126).contains(v) ? Double(table[v - 32]) : 1000
        }
        return units / 1000 * size * 1.03
    }

    /// `text` broken at spaces into lines no wider than `maxWidth` (a word
    /// wider than that gets a line of its own).
    public static func wrap(_ text: String, size: Double, maxWidth: Double, bold: Bool = false) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty, width(candidate, size: size, bold: bold) > maxWidth {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
