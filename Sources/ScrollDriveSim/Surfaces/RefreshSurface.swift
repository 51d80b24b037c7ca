import Foundation
import ScrollDrive

/// Pull to refresh and load more as a script's surface: a `RefreshController`
/// over one full-screen `SimScrollView` (the list), and a simulated app that
/// answers its events: it ends a refresh `refreshTime` seconds after it
/// began, and ends a load `loadTime` seconds after it began by appending
/// `pageHeight` points of content, saying "no more data" after `pages` loads.
///
/// ```json
/// {"type": "refresh", "insetTop": 0, "insetBottom": 0, "headerHeight": 54, "pullThreshold": 54,
///  "beginDuration": 0.25, "endDuration": 0.4, "minimumRefreshingTime": 0,
///  "footerHeight": 44, "triggerDistance": 0, "triggerFraction": 0, "header": true, "footer": true,
///  "reducedMotion": false, "refreshTime": 1, "loadTime": 0.5, "pageHeight": 1000, "pages": 2}
/// ```
///
/// Those are the defaults (MJRefresh's numbers); the viewport is the
/// screen (`scrollView.height`), and the list starts at rest at its top
/// (content offset -`insetTop`) whatever `scrollView.contentOffset` says.
///
/// Actions (the app's calls): `{"do": "surface", "action": "beginRefreshing"}`,
/// `"endRefreshing"`, `"endLoading"` (with `"noMoreData": true` optionally),
/// `"noMoreData"`, `"resetNoMoreData"`; a call the state does not allow is ignored.
public struct RefreshSurfaceDescription: SurfaceDescription {
    public static let type = "refresh"
    public static let summary = "pull to refresh (MJRefresh's header: idle / pulling / refreshing / done) and a footer that loads more"
    public static let keys = numberKeys.map(\.key) + flagKeys.map(\.key) + appKeys.map(\.key)

    /// The configuration's numbers a script may set.
    public struct Numbers: Equatable, Sendable {
        /// The content inset top at rest, I (points; `insetTop`).
        public var insetTop: Double?
        /// The content inset bottom at rest, B (points; `insetBottom`).
        public var insetBottom: Double?
        /// The header's height, h (points; `headerHeight`).
        public var headerHeight: Double?
        /// The pull distance past which a release refreshes (points; `pullThreshold`).
        public var pullThreshold: Double?
        /// The header's begin motion (seconds; `beginDuration`).
        public var beginDuration: Double?
        /// The header's end motion (seconds; `endDuration`).
        public var endDuration: Double?
        /// The least time refreshing lasts (seconds; `minimumRefreshingTime`).
        public var minimumRefreshingTime: Double?
        /// The footer's height (points; `footerHeight`).
        public var footerHeight: Double?
        /// How near the end the footer loads (points; `triggerDistance`).
        public var triggerDistance: Double?
        /// How near the end the footer loads, as a fraction of the content (`triggerFraction`).
        public var triggerFraction: Double?
        /// Whether the header is enabled (`header`).
        public var header: Bool?
        /// Whether the footer is enabled (`footer`).
        public var footer: Bool?
        /// Reduced motion: the header's motions at most 0.2 s (`reducedMotion`).
        public var reducedMotion: Bool?

        public init() {}
    }

    /// The script's number keys, where each goes and the C configuration
    /// field it sets: the one table of them (errors name the key of a field).
    static var numberKeys: [(key: String, field: String, path: WritableKeyPath<Numbers, Double?>)] { [
        ("insetTop", "content_inset_top", \.insetTop), ("insetBottom", "content_inset_bottom", \.insetBottom),
        ("headerHeight", "header_height", \.headerHeight), ("pullThreshold", "pull_threshold", \.pullThreshold),
        ("beginDuration", "begin_duration", \.beginDuration), ("endDuration", "end_duration", \.endDuration),
        ("minimumRefreshingTime", "min_refreshing_time", \.minimumRefreshingTime),
        ("footerHeight", "footer_height", \.footerHeight),
        ("triggerDistance", "footer_trigger_distance", \.triggerDistance),
        ("triggerFraction", "footer_trigger_fraction", \.triggerFraction),
    ] }

    /// The script's true/false keys: whether the header and the footer are enabled.
    static var flagKeys: [(key: String, path: WritableKeyPath<Numbers, Bool?>)] { [
        ("header", \.header), ("footer", \.footer), ("reducedMotion", \.reducedMotion),
    ] }

    /// The simulated app's keys, their defaults and where they go.
    static var appKeys: [(key: String, initial: Double, path: WritableKeyPath<App, Double>)] { [
        ("refreshTime", 1, \.refreshTime), ("loadTime", 0.5, \.loadTime),
        ("pageHeight", 1000, \.pageHeight), ("pages", 2, \.pages),
    ] }

    /// How the simulated app answers: seconds it takes to refresh and to
    /// load, the points a load appends, the loads there are (then no more data).
    public struct App: Equatable, Sendable {
        /// Seconds the app takes to refresh once told to (`refreshTime`).
        public var refreshTime: Double
        /// Seconds the app takes to load a page (`loadTime`).
        public var loadTime: Double
        /// Points of content a loaded page adds (`pageHeight`).
        public var pageHeight: Double
        /// Pages there are to load before no more data (`pages`).
        public var pages: Double

        /// An app that refreshes in 1 s and loads two pages of 1000 pt, 0.5 s each, unless told otherwise.
        public init(refreshTime: Double = 1, loadTime: Double = 0.5, pageHeight: Double = 1000, pages: Double = 2) {
            self.refreshTime = refreshTime
            self.loadTime = loadTime
            self.pageHeight = pageHeight
            self.pages = pages
        }
    }

    /// The configuration's numbers the script set (nil: the default).
    public let numbers: Numbers
    /// How the simulated app answers.
    public let app: App

    /// A description with these numbers and this app.
    public init(numbers: Numbers = Numbers(), app: App = App()) {
        self.numbers = numbers
        self.app = app
    }

    /// The controller's configuration on a screen `viewportHeight` tall.
    public func configuration(viewportHeight: CGFloat) throws(ConfigurationError) -> RefreshController.Configuration {
        let n = numbers
        func points(_ x: Double?) -> CGFloat? { x.map { CGFloat($0) } }
        return try RefreshController.Configuration(
            contentInsetTop: points(n.insetTop), contentInsetBottom: points(n.insetBottom),
            viewportHeight: viewportHeight, headerHeight: points(n.headerHeight),
            pullThreshold: points(n.pullThreshold), beginDuration: n.beginDuration, endDuration: n.endDuration,
            minimumRefreshingTime: n.minimumRefreshingTime, footerHeight: points(n.footerHeight),
            footerTriggerDistance: points(n.triggerDistance), footerTriggerFraction: n.triggerFraction,
            isHeaderEnabled: n.header, isFooterEnabled: n.footer, reducedMotion: n.reducedMotion)
    }

    // MARK: Reading scripts

    public static func decode(_ object: JSONObject) throws(ScriptError) -> RefreshSurfaceDescription {
        var numbers = Numbers()
        for entry in numberKeys {
            if let node = object[entry.key] { numbers[keyPath: entry.path] = try node.number() }
        }
        for entry in flagKeys {
            if let node = object[entry.key] { numbers[keyPath: entry.path] = try node.bool() }
        }
        var app = App()
        for entry in appKeys {
            app[keyPath: entry.path] = try object[entry.key]?.nonNegativeNumber() ?? entry.initial
        }
        if let node = object["pages"], app.pages != app.pages.rounded() { throw node.error("must be a whole number") }
        for (key, value, unit) in [("refreshTime", app.refreshTime, "seconds"), ("loadTime", app.loadTime, "seconds"),
                                   ("pageHeight", app.pageHeight, "points")] {
            if let node = object[key], value > 1e6 { throw node.error("must be <= 1e6 (\(unit))") }
        }
        let description = RefreshSurfaceDescription(numbers: numbers, app: app)
        // The screen is not known yet: check the rest on a stand-in viewport
        // (the real one, the script's scrollView.height, is > 0 and is checked too).
        do {
            _ = try description.configuration(viewportHeight: 667)
        } catch {
            throw ScriptError(path: path(of: error.field, in: object), error.rule)
        }
        return description
    }

    /// The JSON path of a C configuration field.
    private static func path(of field: String, in object: JSONObject) -> String {
        object.node.path(of: numberKeys.first { $0.field == field }?.key ?? field)
    }

    static let actions = ["beginRefreshing", "endRefreshing", "endLoading", "noMoreData", "resetNoMoreData"]

    public static func validate(action: SurfaceAction, at node: JSONNode) throws(ScriptError) {
        let object = try node.object()
        guard actions.contains(action.name) else {
            throw ScriptError(path: node.path(of: "action"),
                              "unknown refresh action \"\(action.name)\" (expected one of: \(actions.joined(separator: ", ")))")
        }
        try object.allowOnly(["do", "action"] + (action.name == "endLoading" ? ["noMoreData"] : []))
        _ = try object["noMoreData"]?.bool()
    }

    /// The viewport must be one the core accepts (`scrollView.height`, at most 1e6).
    public func check(scrollView: SimScrollView.Configuration, surface node: JSONNode) throws(ScriptError) {
        do {
            _ = try configuration(viewportHeight: scrollView.frame.height)
        } catch {
            throw ScriptError(path: node.path(of: "type"),
                              "\(error.field) \(error.rule) (the screen's height, scrollView.height)")
        }
    }

    public var htmlParameters: JSONValue {
        let c = (try? configuration(viewportHeight: 667)) ?? .mjRefresh
        return .object([
            JSONMember("insetTop", .number(c.contentInsetTop)),
            JSONMember("insetBottom", .number(c.contentInsetBottom)),
            JSONMember("headerHeight", .number(c.headerHeight)),
            JSONMember("footerHeight", .number(c.isFooterEnabled ? c.footerHeight : 0)),
        ])
    }

    public func makeSurface(scrollView: SimScrollView.Configuration) -> any SimSurface {
        // Checked against the screen when the script was read (`check`).
        let configuration = (try? configuration(viewportHeight: scrollView.frame.height)) ?? .mjRefresh
        var list = scrollView
        list.contentOffset = CGPoint(x: list.contentOffset.x, y: -configuration.contentInsetTop)
        return RefreshSurface(configuration: configuration, app: app,
                              scrollView: SimScrollView(name: "list", configuration: list))
    }

    /// The resting offset (-inset top) and where the header is wholly in
    /// view (-(inset top + header height)) on the points chart; the
    /// header's and footer's events (pulling, refreshing, refresh, done,
    /// load more, ...) marked where they happen; the values panel leads with
    /// the header's and the footer's states.
    public static func plotGuide(parameters: JSONValue, screen: CGSize) -> PlotGuide {
        var references: [PlotGuide.Reference] = []
        if let inset = parameters[member: "insetTop"]?.numberValue {
            references.append(.init(-inset, "rest \(SVGPlot.tickLabel(-inset))"))
            if let header = parameters[member: "headerHeight"]?.numberValue {
                references.append(.init(-(inset + header), "header in view \(SVGPlot.tickLabel(-(inset + header)))"))
            }
        }
        return PlotGuide(
            pointsAxis: "content offset, inset (pt)", progressAxis: "header progress",
            references: references,
            watches: [.init("refresh_events", .events)],
            mainColumns: ["t", "step", "phase", "y", "vy", "refresh_header", "refresh_footer", "refresh_pull",
                          "refresh_progress", "refresh_inset_top", "refresh_events"])
    }

    public static let htmlDrawing = """
        ScrollDriveReplay.surfaces["refresh"] = function (stage, run) {
          var el = ScrollDriveReplay.el, cfg = run.surface;
          var list = ScrollDriveReplay.list(stage, { rowHeight: 72 });
          // The header and the footer move with the content (content y = -headerHeight and content_height).
          var header = el(stage, "div", "position:absolute;left:0;width:100%;z-index:2;background:#f2f2f2;" +
            "text-align:center;font:13px sans-serif;color:#555;overflow:hidden;height:" + cfg.headerHeight + "px");
          var arrow = el(header, "div", "display:inline-block;width:22px;height:22px;margin-right:8px;vertical-align:middle;" +
            "border-radius:50%;border:3px solid #bbb;box-sizing:border-box");
          var headerText = el(header, "span", "vertical-align:middle;line-height:" + cfg.headerHeight + "px");
          var footer = el(stage, "div", "position:absolute;left:0;width:100%;z-index:2;background:#f2f2f2;" +
            "text-align:center;font:13px sans-serif;color:#555;height:" + cfg.footerHeight + "px;line-height:" + cfg.footerHeight + "px");
          var nav = el(stage, "div", "position:absolute;left:0;top:0;width:100%;z-index:3;background:rgba(248,248,248,.96);" +
            "border-bottom:1px solid #ddd;font:600 17px sans-serif;text-align:center;height:" + cfg.insetTop + "px;" +
            "line-height:" + (cfg.insetTop * 1.5) + "px;display:" + (cfg.insetTop > 0 ? "block" : "none"));
          nav.textContent = "Inbox";
          var tab = el(stage, "div", "position:absolute;left:0;bottom:0;width:100%;z-index:3;background:rgba(248,248,248,.96);" +
            "border-top:1px solid #ddd;height:" + cfg.insetBottom + "px;display:" + (cfg.insetBottom > 0 ? "block" : "none"));
          var words = { idle: "Pull down to refresh", pulling: "Release to refresh", refreshing: "Refreshing\\u2026", done: "Done" };
          var footerWords = { idle: "Load more", loading: "Loading\\u2026", noMoreData: "No more data" };
          return function (frame) {
            list.scrollTo(frame.y, frame.content_height);
            var state = frame.refresh_header || "idle";
            header.style.top = (-frame.y - cfg.headerHeight) + "px";
            headerText.textContent = words[state] || state;
            var p = frame.refresh_progress || 0;
            arrow.style.borderColor = state === "refreshing" ? "#2a8af6" : "#bbb";
            arrow.style.borderTopColor = "#2a8af6";
            arrow.style.transform = "rotate(" + (p * 360) + "deg)";
            footer.style.top = (frame.content_height - frame.y) + "px";
            footer.style.display = cfg.footerHeight > 0 ? "block" : "none";
            footer.textContent = footerWords[frame.refresh_footer] || frame.refresh_footer || "";
          };
        };
        """
}

/// A `RefreshController` driven by a `SimScrollView`, and a simulated app
/// that ends its refreshes and loads after the description's times (at
/// exactly those times, whatever the frame rate).
public final class RefreshSurface: SampledSurface {
    /// One event and when it was reported.
    public struct LoggedEvent: Equatable, Sendable {
        /// When it happened (seconds).
        public let time: Double
        /// What the controller told its observer.
        public let event: RefreshController.Event
    }

    /// The controller under test.
    public let controller: RefreshController
    /// The list it watches.
    public let scrollView: SimScrollView
    /// How the simulated app answers the controller's events.
    public let app: RefreshSurfaceDescription.App
    /// Every event the controller reported, oldest first.
    public private(set) var events: [LoggedEvent] = []
    /// The loads the app has finished.
    public private(set) var loads = 0
    private var rowEvents: [String] = []
    /// When the app's refresh and load end (nil: none under way).
    private var refreshDue: Double?
    private var loadDue: Double?

    /// A controller of `configuration` on a list of `scrollView`, answered by `app`.
    public init(configuration: RefreshController.Configuration, app: RefreshSurfaceDescription.App = .init(),
                scrollView: SimScrollView)
    {
        self.scrollView = scrollView
        self.app = app
        fields = configuration.reducedMotion
            ? Self.columns + [.flag("refresh_reduced_motion", \.frame.isReducedMotion)] : Self.columns
        var hook: (RefreshController.Event) -> Void = { _ in }
        controller = RefreshController(configuration: configuration) { hook($0) }
        hook = { [unowned self] event in self.heard(event) }
        controller.set(scrollable: scrollView)
    }

    /// An event as traces spell it: `header(pulling)`, `refresh`, `footer(loading)`, `loadMore`.
    public static func name(_ event: RefreshController.Event) -> String {
        switch event {
        case let .headerStateChanged(state): return "header(\(state.rawValue))"
        case .refresh: return "refresh"
        case let .footerStateChanged(state): return "footer(\(state.rawValue))"
        case .loadMore: return "loadMore"
        }
    }

    /// The app hears an event at the run's time (the scroll view's clock:
    /// a scroll report steps the controller before the frame's tick).
    private func heard(_ event: RefreshController.Event) {
        let now = max(controller.time, scrollView.time)
        events.append(LoggedEvent(time: now, event: event))
        rowEvents.append(Self.name(event))
        switch event {
        case .refresh: refreshDue = now + app.refreshTime
        case .loadMore: loadDue = now + app.loadTime
        default: break
        }
    }

    public var scrollViews: [SimScrollView] { [scrollView] }

    /// What one row shows: the controller's frame and the events since the previous row.
    public struct Sample {
        /// The controller's frame at the sample's time.
        public let frame: RefreshController.Frame
        /// The events since the previous sample, as traces spell them.
        public let events: [String]

        /// The header's state, as traces spell it.
        public var header: String { frame.state.header.rawValue }
        /// The footer's state, as traces spell it.
        public var footer: String { frame.state.footer.rawValue }
        /// The events joined with +, as the events column writes them.
        public var eventList: String { events.joined(separator: "+") }
    }

    /// The columns, fixed for the run; `refresh_reduced_motion` only with reduced motion on.
    public let fields: [SimField<Sample>]

    private static var columns: [SimField<Sample>] { [
        .text("refresh_header", \.header),
        .text("refresh_footer", \.footer),
        .number("refresh_pull", chart: .points, \.frame.pullDistance),
        .number("refresh_progress", unit: "", chart: .progress, \.frame.progress),
        .number("refresh_header_visible", \.frame.headerVisibleHeight),
        .number("refresh_inset_top", chart: .points, \.frame.insetTop),
        .number("refresh_inset_bottom", \.frame.insetBottom),
        .number("refresh_remaining", \.frame.remainingDistance),
        .flag("refresh_animating", \.frame.isAnimating),
        .text("refresh_events", \.eventList),
    ] }

    public func sample() -> Sample? {
        defer { rowEvents.removeAll() }
        return Sample(frame: controller.frame, events: rowEvents)
    }

    /// The app's work that is due ends at its own time, then the controller ticks.
    public func advance(to time: Double) {
        while let due = [refreshDue, loadDue].compactMap({ $0 }).min(), due <= time {
            if due == refreshDue {
                refreshDue = nil
                controller.endRefreshing(at: due)
            } else {
                loadDue = nil
                finishLoad(at: due)
            }
        }
        controller.tick(at: time)
    }

    /// The load appends a page; after the last page there is no more data.
    private func finishLoad(at time: Double) {
        loads += 1
        controller.tick(at: time)
        let size = scrollView.contentSize
        scrollView.setContentSize(CGSize(width: size.width, height: size.height + app.pageHeight))
        controller.endLoading(noMoreData: Double(loads) >= app.pages, at: time)
    }

    /// At rest when no motion runs and the app has nothing under way.
    public var isAtRest: Bool { !controller.frame.isAnimating && refreshDue == nil && loadDue == nil }

    public func perform(_ action: SurfaceAction) {
        switch action.name {
        case "beginRefreshing": controller.beginRefreshing()
        case "endRefreshing":
            if controller.endRefreshing() { refreshDue = nil }
        case "endLoading":
            let noMore = action.arguments.first { $0.key == "noMoreData" }?.value == .bool(true)
            if controller.endLoading(noMoreData: noMore) { loadDue = nil }
        case "noMoreData":
            if controller.noMoreData() { loadDue = nil }
        case "resetNoMoreData": controller.resetNoMoreData()
        default: break
        }
    }

    public func summary() -> [String] {
        let frame = controller.frame
        var lines = ["refresh: header \(frame.state.header.rawValue), footer \(frame.state.footer.rawValue), inset top \(JSONValue.number(frame.insetTop)), content \(JSONValue.number(frame.footerTop)) pt after \(loads) load(s)"]
        for logged in events {
            lines.append("refresh: t=\(String(format: "%.3f", logged.time)) s \(Self.name(logged.event))")
        }
        return lines
    }
}
