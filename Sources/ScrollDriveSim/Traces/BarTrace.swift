import Foundation
import ScrollDrive

/// A text trace of scroll-view events for an expandable bar, and its replay
/// through a `BarController` (the `scrolldrive bar replay` command).
///
/// One event per line; blank lines and lines starting with `#` are skipped:
/// - `cfg COMPACT NORMAL EXPANDED`: a new controller (default reducer) over a
///   fresh all-zero `ManualScrollView`, attached with `set(scrollable:)`.
///   Must come before any other event.
/// - `geom FRAME_HEIGHT CONTENT_HEIGHT`: the frame height is set, then the
///   content height (reported; only a real change re-runs preconfigure).
/// - `off Y`: the content offset y changes (x stays); `nan`/`inf` allowed.
/// - `pan began|changed|ended|cancelled`.
/// - `expand 0|1`.
/// - `pre [Y]`: preconfigure a fresh, unattached all-zero scroll view whose
///   content offset y is Y (default 0).
public struct BarTrace: Equatable, Sendable {
    /// One line of a trace: what happens to the bar.
    public enum Event: Equatable, Sendable {
        /// `config C N E`: a new controller with these heights.
        case configure(BarController.Configuration)
        /// `geometry FRAME CONTENT`: the scroll view's frame and content heights.
        case geometry(frameHeight: Double, contentHeight: Double)
        /// `offset Y`: the scroll view reports content offset y.
        case offset(Double)
        /// `pan STATE`: the pan recognizer reports a state.
        case pan(PanGestureState)
        /// `expand 0|1`: expand(on:).
        case expand(Bool)
        /// `pre [Y]`: preconfigure a fresh scroll view at content offset y.
        case preconfigure(y: Double)
    }

    /// An event and the 1-based line it came from.
    public struct Line: Equatable, Sendable {
        /// The line's number, from 1.
        public let number: Int
        /// What the line says.
        public let event: Event
    }

    /// A line that could not be read.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        /// The line's number, from 1.
        public let line: Int
        /// What is wrong with it.
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The trace's events, in order.
    public let lines: [Line]

    /// Parses a whole trace; the first bad line throws, naming its number.
    public init(parsing text: String) throws(ParseError) {
        var lines: [Line] = []
        var configured = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let command = words.first, !command.hasPrefix("#") else { continue }
            let args = Array(words.dropFirst())
            func fail(_ message: String) -> ParseError { ParseError(line: number, message: message) }
            func numbers(_ count: ClosedRange<Int>, _ usage: String) throws(ParseError) -> [Double] {
                guard count.contains(args.count) else { throw fail("expected `\(usage)`") }
                var values: [Double] = []
                for arg in args {
                    guard let value = Double(arg) else { throw fail("`\(arg)` is not a number (in `\(usage)`)") }
                    values.append(value)
                }
                return values
            }
            let event: Event
            switch command {
            case "cfg":
                let v = try numbers(3...3, "cfg COMPACT NORMAL EXPANDED")
                do {
                    event = .configure(try BarController.Configuration(
                        validatingCompactStateHeight: v[0], normalStateHeight: v[1], expandedStateHeight: v[2]))
                } catch {
                    throw fail(error.description)
                }
                configured = true
            case "geom":
                let v = try numbers(2...2, "geom FRAME_HEIGHT CONTENT_HEIGHT")
                event = .geometry(frameHeight: v[0], contentHeight: v[1])
            case "off":
                event = .offset(try numbers(1...1, "off Y")[0])
            case "pan":
                guard args.count == 1, let state = PanGestureState(rawValue: args[0]),
                      [.began, .changed, .ended, .cancelled].contains(state)
                else { throw fail("expected `pan began|changed|ended|cancelled`") }
                event = .pan(state)
            case "expand":
                guard args.count == 1, args[0] == "0" || args[0] == "1" else { throw fail("expected `expand 0|1`") }
                event = .expand(args[0] == "1")
            case "pre":
                event = .preconfigure(y: try numbers(0...1, "pre [Y]").first ?? 0)
            default:
                throw fail("unknown event `\(command)` (expected cfg, geom, off, pan, expand or pre)")
            }
            if !configured { throw fail("the first event must be `cfg COMPACT NORMAL EXPANDED`") }
            lines.append(Line(number: number, event: event))
        }
        self.lines = lines
    }

    /// One output row: the latest reported state, the attached scroll view's
    /// top inset and the content offset y requested while handling the event
    /// (NaN when none). On a `pre` row the last two describe the fresh view.
    public struct Row: Equatable, Sendable {
        /// The bar's offset (-height), points.
        public let offset: Double
        /// Whether the expanded state is available.
        public let available: Bool
        /// The bar's height, points.
        public let height: Double
        /// The transition progress, 0...2.
        public let progress: Double
        /// The scroll view's content inset top, points.
        public let insetTop: Double
        /// The content offset y asked for while handling the event (NaN: none).
        public let target: Double

        /// `offset available height progress insetTop target`, numbers as `%.17g`.
        public var text: String {
            func g(_ x: Double) -> String { x.isNaN ? "nan" : String(format: "%.17g", x) }
            return [g(offset), available ? "1" : "0", g(height), g(progress), g(insetTop), g(target)]
                .joined(separator: " ")
        }
    }

    /// Replays the trace; one row per event.
    public func replay() -> [Row] {
        var rows: [Row] = []
        var controller: BarController?
        var scrollView = ManualScrollView()
        var reported: BarController.State?
        for line in lines {
            var seen = scrollView.requests.count
            switch line.event {
            case let .configure(configuration):
                scrollView = ManualScrollView()
                seen = 0
                let next = BarController(configuration: configuration) { reported = $0 }
                controller = next
                next.set(scrollable: scrollView)
            case let .geometry(frameHeight, contentHeight):
                scrollView.frame.size.height = frameHeight
                scrollView.setContentSize(CGSize(width: scrollView.contentSize.width, height: contentHeight))
            case let .offset(y):
                scrollView.setContentOffset(CGPoint(x: scrollView.contentOffset.x, y: y))
            case let .pan(state):
                scrollView.setPanGestureState(state)
            case let .expand(on):
                controller?.expand(on: on)
            case let .preconfigure(y):
                let fresh = ManualScrollView(contentOffset: CGPoint(x: 0, y: y))
                controller?.preconfigure(scrollable: fresh)
                rows.append(row(reported, insetTop: fresh.contentInset.top,
                                target: fresh.requests.last.map { Double($0.contentOffset.y) } ?? .nan))
                continue
            }
            let target = scrollView.requests.count > seen ? scrollView.requests.last!.contentOffset.y : .nan
            rows.append(row(reported, insetTop: scrollView.contentInset.top, target: target))
        }
        return rows
    }

    private func row(_ state: BarController.State?, insetTop: Double, target: Double) -> Row {
        // A `cfg` line always reports a state first, so `state` is set.
        let s = state ?? BarController.State(offset: .nan, isExpandedStateAvailable: false,
                                             configuration: .init(compactStateHeight: 0, normalStateHeight: 0,
                                                                  expandedStateHeight: 0))
        return Row(offset: s.offset, available: s.isExpandedStateAvailable, height: s.height(),
                   progress: s.transitionProgress(), insetTop: insetTop, target: target)
    }
}
