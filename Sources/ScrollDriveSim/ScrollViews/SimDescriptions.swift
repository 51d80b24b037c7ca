import Foundation
import ScrollDrive

// Readable `print()` output for SimScrollView's public values. Numbers as
// ScrollDrive's descriptions spell them (`readableNumber`).

private func point(_ p: CGPoint) -> String { "(\(readableNumber(p.x)), \(readableNumber(p.y)))" }

extension SimVector: CustomStringConvertible {
    /// `(dx: 0, dy: -600)`, points per second.
    public var description: String { "(dx: \(readableNumber(dx)), dy: \(readableNumber(dy)))" }
}

extension SimScrollView.Phase: CustomStringConvertible {
    /// `idle`, `touching`, `dragging`, `decelerating`, `bouncing` or `animating`.
    public var description: String { rawValue }
}

extension SimScrollView.ScrollRange: CustomStringConvertible {
    /// `-64...2156`: where the content offset rests, points.
    public var description: String { "\(readableNumber(min))...\(readableNumber(max))" }
}

extension SimScrollView.Request: CustomStringConvertible {
    /// `Request(time: 1.5, from: (0, 40), contentOffset: (0, 0), animated: true)`.
    public var description: String {
        "Request(time: \(readableNumber(time)), from: \(point(from)), contentOffset: \(point(contentOffset)), "
            + "animated: \(animated))"
    }
}

extension SimScrollView.Configuration: CustomStringConvertible {
    /// `Configuration(frame: (0, 0, 390, 844), contentSize: (390, 2400), contentOffset: (0, 0),
    /// contentInset: (top: 0, left: 0, bottom: 0, right: 0), bounces: true,
    /// alwaysBounceVertical: true, decelerationRate: 0.998)`.
    public var description: String {
        let i = contentInset
        return "Configuration(frame: (\(readableNumber(frame.minX)), \(readableNumber(frame.minY)), "
            + "\(readableNumber(frame.width)), \(readableNumber(frame.height))), "
            + "contentSize: (\(readableNumber(contentSize.width)), \(readableNumber(contentSize.height))), "
            + "contentOffset: \(point(contentOffset)), contentInset: (top: \(readableNumber(i.top)), "
            + "left: \(readableNumber(i.left)), bottom: \(readableNumber(i.bottom)), right: \(readableNumber(i.right))), "
            + "bounces: \(bounces), alwaysBounceVertical: \(alwaysBounceVertical), "
            + "decelerationRate: \(readableNumber(decelerationRate)))"
    }
}

extension SimScrollView: CustomStringConvertible {
    /// `SimScrollView(name: main, contentOffset: (0, 40), velocity: 600, phase: dragging)`:
    /// what it is doing now (velocity in points per second, y down).
    public var description: String {
        "SimScrollView(name: \(name), contentOffset: \(point(contentOffset)), velocity: \(readableNumber(velocity)), "
            + "phase: \(phase))"
    }
}
