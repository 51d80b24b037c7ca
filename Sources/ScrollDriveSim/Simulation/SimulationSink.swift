import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// What a run's renderers know before its first frame: everything about the
/// run except its rows and how it ended.
public struct SimulationHeader: Sendable {
    /// The script's or scenario's name.
    public let name: String
    /// What the script does, in a sentence.
    public let summary: String
    /// Frames per second of the run's clock.
    public let fps: Int
    /// The columns every row will have, in order.
    public let columns: [SimColumn]
    /// The script's steps with their time spans.
    public let steps: [SimulationRun.StepSpan]
    /// The surface's `type` and the values its HTML drawing reads.
    public let surfaceType: String
    /// The surface's numbers the renderers read (heights, detents, critical points).
    public let surfaceParameters: JSONValue
    /// The surface's drawing for the HTML replay (JavaScript).
    public let htmlDrawing: String
    /// The primary scroll view's frame size (the phone's screen), in points.
    public let screen: CGSize

    /// The index of the column called `name`.
    public func columnIndex(_ name: String) -> Int? { columns.firstIndex { $0.name == name } }
}

/// Receives a run as it is computed: the header, then each frame's row in
/// order, then how the run ended. `Simulation.run(into:)` calls these; a
/// sink that keeps only what it needs (a text writer, the SVG's per-column
/// extremes, the HTML's keyframes) lets a run of any length go through in
/// flat memory.
public protocol SimulationSink: AnyObject {
    /// The run's header, before its first frame.
    func begin(_ header: SimulationHeader) throws
    /// One frame's values, one per column; the array is only valid during the call.
    func row(_ values: [SimValue]) throws
    /// How the run ended, after its last frame.
    func end(outcome: [String]) throws
}

/// A sink that keeps every row: what `Simulation.run()` returns.
final class RunCollector: SimulationSink {
    private var header: SimulationHeader?
    private var rows: [[SimValue]] = []
    private(set) var run: SimulationRun?

    func begin(_ header: SimulationHeader) { self.header = header }
    func row(_ values: [SimValue]) { rows.append(values) }
    func end(outcome: [String]) {
        guard let header else { return }
        run = SimulationRun(header: header, rows: rows, outcome: outcome)
    }
}

/// Text that a writer appends to: collected in memory (for `SimulationRun`'s
/// renderers and tests) or flushed to a file descriptor in fixed-size chunks.
public final class TextOutput {
    private let descriptor: Int32?
    private var buffer: [UInt8] = []
    private var collected = ""
    /// Bytes written so far.
    public private(set) var byteCount = 0
    static let chunk = 1 << 16

    /// Output collected in memory (`text`).
    public init() { descriptor = nil }

    /// Output written to `descriptor` (not closed here) in chunks of 64 KiB.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.chunk)
    }

    /// The text collected so far (in-memory output only).
    public var text: String { collected }

    /// Appends `s`: to memory, or to the descriptor in 64 KiB chunks.
    public func write(_ s: String) throws {
        byteCount += s.utf8.count
        guard descriptor != nil else { collected += s; return }
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Appends the UTF-8 bytes `bytes` (a CSV line), as `write(_:)` would their text.
    public func write(bytes: [UInt8]) throws {
        byteCount += bytes.count
        guard descriptor != nil else { collected += String(decoding: bytes, as: UTF8.self); return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Writes what is buffered.
    public func flush() throws {
        guard let descriptor, !buffer.isEmpty else { return }
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + done, raw.count - done)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputFile.WriteError(path: "fd \(descriptor)", reason: String(cString: strerror(errno)))
            }
            done += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
