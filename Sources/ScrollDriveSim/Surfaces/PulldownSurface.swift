import CScrollDrive
import Foundation
import ScrollDrive

/// WeChat's pull-down mini-program panel as a script's surface:
/// `{"type": "pulldown", "preset": "article"}`, optionally with
/// `"criticalPoints": [60, 90, 130, 240]`, `"screenHeight"`, `"topBarHeight"`,
/// `"tabBarHeight"` (points) and `"reducedMotion": true` (the short
/// transitions). A `PulldownPanelController` over three
/// `SimScrollView`s, laid out as the article's views are:
/// - `list` (primary): the chat list, full screen, content inset top =
///   top bar height, resting at content offset -topBarHeight;
/// - `panel`: the open panel's pull-up scroll view, below the top bar,
///   20 screens of content;
/// - `applets`: the mini-program list at the top of the panel
///   (`appletsHeight` points high), resting with its 57 pt search bar
///   scrolled out of sight.
/// The script's `scrollView` gives the screen width and the chat list's
/// content height; the screen height is the configuration's.
public struct PulldownSurfaceDescription: SurfaceDescription {
    public static let type = "pulldown"
    public static let summary = "WeChat's pull-down mini-program panel over a chat list (pull down to open, pull the panel up to close)"
    public static let keys = ["preset", "reducedMotion"] + configurationKeys.map(\.key)

    /// The script keys that set configuration numbers, each with the C
    /// core's fields it sets: the one place keys and fields are matched
    /// (a rejected configuration is reported at the key of its field).
    static let configurationKeys: [(key: String, fields: [String])] = [
        ("criticalPoints", ["cp0", "cp1", "cp2", "cp3"]),
        ("screenHeight", ["screen_height"]),
        ("topBarHeight", ["top_bar_height"]),
        ("tabBarHeight", ["tab_bar_height"]),
    ]

    /// The height of the mini-program panel at the top of the screen: the
    /// article's top bar + two rows of 102 + 48 + 74 + 50 points (the core's
    /// `sd_sim_pulldown_applets_height`, which its simulated panel uses too).
    public static func appletsHeight(topBarHeight: Double) -> Double { sd_sim_pulldown_applets_height(topBarHeight) }

    /// The panel's numbers (a preset and the script's keys).
    public let configuration: PulldownPanelController.Configuration

    /// A description of a panel with `configuration`.
    public init(configuration: PulldownPanelController.Configuration = .article) {
        self.configuration = configuration
    }

    public static func decode(_ object: JSONObject) throws(ScriptError) -> PulldownSurfaceDescription {
        var base = PulldownPanelController.Configuration.article
        if let node = object["preset"] {
            switch try node.string() {
            case "article": base = .article
            case "wechat": base = .wechat
            case let other: throw node.error("unknown preset \"\(other)\" (expected article or wechat)")
            }
        }
        var points = [base.criticalPoint0, base.criticalPoint1, base.criticalPoint2, base.criticalPoint3]
        if let node = object["criticalPoints"] {
            let items = try node.array()
            guard items.count == 4 else { throw node.error("must hold 4 numbers (cp0 < cp1 < cp2 < cp3)") }
            points = []
            for item in items { points.append(try item.number()) }
        }
        let screenHeight = try object["screenHeight"]?.number() ?? base.screenHeight
        let topBarHeight = try object["topBarHeight"]?.number() ?? base.topBarHeight
        let tabBarHeight = try object["tabBarHeight"]?.number() ?? base.tabBarHeight
        let reducedMotion = try object["reducedMotion"]?.bool() ?? false
        do {
            return PulldownSurfaceDescription(configuration: try PulldownPanelController.Configuration(
                base: base, criticalPoint0: points[0], criticalPoint1: points[1], criticalPoint2: points[2],
                criticalPoint3: points[3], screenHeight: screenHeight, topBarHeight: topBarHeight,
                tabBarHeight: tabBarHeight, reducedMotion: reducedMotion))
        } catch {
            let key = configurationKeys.first { $0.fields.contains(error.field) }?.key ?? error.field
            throw ScriptError(path: object.node.path(of: key), "\(error.field) \(error.rule)")
        }
    }

    static let actions = ["close", "open-mini-program", "page-appeared"]

    /// `close` (`close()`), `open-mini-program` (`miniProgramDidOpen()`) and
    /// `page-appeared` (`pageDidAppear()`).
    public static func validate(action: SurfaceAction, at node: JSONNode) throws(ScriptError) {
        guard actions.contains(action.name) else {
            throw ScriptError(path: node.path(of: "action"),
                              "unknown pulldown action \"\(action.name)\" (expected one of: \(actions.joined(separator: ", ")))")
        }
        if let extra = action.arguments.first(where: { $0.key != "action" }) {
            throw ScriptError(path: node.path(of: extra.key), "unknown key (expected one of: do, action)")
        }
    }

    public var htmlParameters: JSONValue {
        let c = configuration
        return .object([
            JSONMember("criticalPoints", .array([c.criticalPoint0, c.criticalPoint1, c.criticalPoint2,
                                                 c.criticalPoint3].map { .number($0) })),
            JSONMember("screenHeight", .number(c.screenHeight)),
            JSONMember("topBarHeight", .number(c.topBarHeight)),
            JSONMember("tabBarHeight", .number(c.tabBarHeight)),
            JSONMember("searchBarHeight", .number(c.searchBarHeight)),
            JSONMember("appletsHeight", .number(Self.appletsHeight(topBarHeight: c.topBarHeight))),
            JSONMember("listColour", .string(c.listColour.hex)),
        ])
    }

    public func makeSurface(scrollView: SimScrollView.Configuration) -> any SimSurface {
        PulldownSurface(configuration: configuration, screenWidth: scrollView.frame.width,
                        listContentHeight: scrollView.contentSize.height, safeAreaInsets: scrollView.safeAreaInsets,
                        contentInsetAdjustmentBehavior: scrollView.contentInsetAdjustmentBehavior)
    }

    /// The critical points on the points chart (the pull distance is judged
    /// against them); the transitions and haptics marked; the three scroll
    /// views' velocities.
    public static func plotGuide(parameters: JSONValue, screen: CGSize) -> PlotGuide {
        var references: [PlotGuide.Reference] = []
        if case let .array(points)? = parameters[member: "criticalPoints"] {
            for (k, point) in points.enumerated() {
                guard let value = point.numberValue else { continue }
                references.append(.init(value, "cp\(k) \(SVGPlot.tickLabel(value))"))
            }
        }
        return PlotGuide(
            pointsAxis: "pull distance, offsets (pt)", progressAxis: "alpha, scale", references: references,
            velocities: ["vy", "panel_vy", "applets_vy"],
            watches: [.init("pulldown_list_transition", .changes, prefix: "list "),
                      .init("pulldown_panel_transition", .changes, prefix: "panel "),
                      .init("pulldown_haptic", .flag(on: "haptic", off: ""))],
            mainColumns: ["t", "step", "phase", "y", "pulldown_pull_distance", "pulldown_list_phase",
                          "pulldown_panel_phase", "pulldown_list_transition", "pulldown_panel_transition",
                          "pulldown_open", "pulldown_panel_alpha", "pulldown_mask_alpha", "pulldown_haptic"])
    }

    public static let htmlDrawing = """
        ScrollDriveReplay.surfaces["pulldown"] = function (stage, run) {
          var R = ScrollDriveReplay, cfg = run.surface;
          var H = cfg.screenHeight, T = cfg.topBarHeight, TB = cfg.tabBarHeight, AH = cfg.appletsHeight;
          function num(v, d) { return v === null || v === undefined ? d : v; }
          stage.style.background = cfg.listColour;
          // The panel container: dark mask, weather layer, mini-program panel.
          var container = R.el(stage, "div", "position:absolute;left:0;top:0;width:100%;height:100%;z-index:1");
          var mask = R.el(container, "div", "position:absolute;left:0;top:0;width:100%;height:100%;background:#1b1b2e");
          var weather = R.el(container, "div", "position:absolute;left:0;top:0;width:100%;height:100%;" +
            "background:linear-gradient(#26355c,#5a4d7c 60%,#8a6f95)");
          // Clouds low in the weather layer, below the panel's rows (the panel covers the top AH points).
          [[30, 0.2, 120], [220, 0.32, 150], [110, 0.45, 110]].forEach(function (c) {
            R.el(weather, "div", "position:absolute;left:" + c[0] + "px;top:" + (AH + c[1] * (H - AH)) + "px;width:" +
              c[2] + "px;height:" + (c[2] * 0.4) + "px;border-radius:" + c[2] + "px;background:rgba(255,255,255,.18)");
          });
          var panel = R.el(container, "div", "position:absolute;left:0;top:0;width:100%;height:" + AH + "px;" +
            "transform-origin:50% 0;overflow:hidden");
          // The mini-program list: below the top bar, its content scrolled by applets_y
          // (57 at rest: the search bar is out of sight until pulled down).
          var appletViewport = R.el(panel, "div", "position:absolute;left:0;top:" + T + "px;width:100%;bottom:0;overflow:hidden");
          var appletContent = R.el(appletViewport, "div", "position:absolute;left:0;top:0;width:100%");
          var search = R.el(appletContent, "div", "margin:10px 16px;height:" + (cfg.searchBarHeight - 20) + "px;" +
            "border-radius:8px;background:rgba(255,255,255,.25);color:#eee;font:14px sans-serif;line-height:" +
            (cfg.searchBarHeight - 20) + "px;text-align:center");
          search.textContent = "Search mini programs";
          var apps = [[["Bike", "#f5a623"], ["Food", "#f56c6c"], ["Taxi", "#3aa0ff"], ["Tickets", "#9b59b6"]],
                      [["Weather", "#2ec4b6"], ["Maps", "#4caf50"], ["Games", "#ff7f50"], ["Shop", "#e84393"]]];
          ["Recently used", "My mini programs"].forEach(function (title, s) {
            var head = R.el(appletContent, "div", "padding:14px 16px 6px;color:#ddd;font:13px sans-serif");
            head.textContent = title;
            var row = R.el(appletContent, "div", "display:flex;justify-content:space-around;height:102px");
            apps[s].forEach(function (app) {
              var cell = R.el(row, "div", "width:72px;text-align:center;padding-top:12px");
              var icon = R.el(cell, "div", "width:52px;height:52px;margin:0 auto;border-radius:14px;background:" + app[1] +
                ";color:#fff;font:600 22px/52px sans-serif");
              icon.textContent = app[0].charAt(0);
              R.el(cell, "div", "margin-top:6px;color:#eee;font:12px sans-serif;white-space:nowrap").textContent = app[0];
            });
          });
          // The three-ball indicator above the list.
          var indicator = R.el(stage, "div", "position:absolute;left:0;top:0;width:100%;z-index:2");
          var balls = [-1, 0, 1].map(function () {
            return R.el(indicator, "div", "position:absolute;left:50%;width:8px;height:8px;margin:-4px 0 0 -4px;" +
              "border-radius:50%;background:#9a9a9a");
          });
          // The chat list (its frame moves with list_y), the nav bar, the tab bar.
          var listFrame = R.el(stage, "div", "position:absolute;left:0;top:0;width:100%;height:100%;z-index:3");
          var chats = [["Mum", "Dinner on Sunday?", "18:42"], ["Project team", "Anna: the build is green", "18:15"],
                       ["Li Wei", "See you at the station", "17:58"], ["File Transfer", "[Photo]", "16:30"],
                       ["Climbing club", "Tom: Saturday 9:00 at the wall", "15:02"], ["Dad", "[Voice message]", "14:47"],
                       ["Subscriptions", "Weekend reading list", "12:10"], ["Chen Jing", "Thanks!", "Yesterday"]];
          var list = R.list(listFrame, { rowHeight: 72, row: function (i, row, h) {
            var chat = chats[i % chats.length];
            R.el(row, "div", "position:absolute;left:16px;top:12px;width:48px;height:48px;border-radius:6px;background:hsl(" +
              ((i * 47) % 360) + ",45%,65%);color:#fff;font:600 20px/48px sans-serif;text-align:center").textContent = chat[0].charAt(0);
            R.el(row, "div", "position:absolute;left:76px;right:90px;top:13px;font:16px sans-serif;color:#111;" +
              "white-space:nowrap;overflow:hidden;text-overflow:ellipsis").textContent = chat[0];
            R.el(row, "div", "position:absolute;left:76px;right:16px;top:38px;font:13px sans-serif;color:#888;" +
              "white-space:nowrap;overflow:hidden;text-overflow:ellipsis").textContent = chat[1];
            R.el(row, "div", "position:absolute;right:16px;top:14px;font:12px sans-serif;color:#aaa").textContent = chat[2];
          } });
          var nav = R.el(stage, "div", "position:absolute;left:0;width:100%;height:" + T + "px;z-index:4;" +
            "box-sizing:border-box;padding-top:" + (T - 40) + "px;text-align:center;font:600 17px sans-serif;color:#111");
          nav.textContent = "WeChat";
          var tab = R.el(stage, "div", "position:absolute;left:0;width:100%;height:" + TB + "px;z-index:4;" +
            "background:#f7f7f7;border-top:1px solid #ddd;display:flex;justify-content:space-around;" +
            "align-items:center;font:12px sans-serif;color:#555");
          ["Chats", "Contacts", "Discover", "Me"].forEach(function (n) { R.el(tab, "div").textContent = n; });
          var badge = R.el(stage, "div", "position:absolute;right:10px;top:" + (T + 8) + "px;z-index:6;padding:2px 8px;" +
            "border-radius:10px;background:#07c160;color:#fff;font:12px sans-serif;display:none");
          badge.textContent = "haptic";
          return function (f) {
            container.style.opacity = num(f.pulldown_container_alpha, 0);
            mask.style.opacity = num(f.pulldown_mask_alpha, 0);
            weather.style.opacity = num(f.pulldown_weather_alpha, 0);
            weather.style.transform = "translateY(" + num(f.pulldown_weather_y, 0) + "px)";
            panel.style.opacity = num(f.pulldown_panel_alpha, 0);
            panel.style.transform = "translateY(" + num(f.pulldown_panel_y, 0) + "px) scale(" +
              num(f.pulldown_panel_scale_x, 1) + "," + num(f.pulldown_panel_scale_y, 1) + ")";
            appletContent.style.transform = "translateY(" + (-num(f.applets_y, 0)) + "px)";
            var ih = num(f.pulldown_indicator_height, 0);
            indicator.style.height = ih + "px";
            indicator.style.opacity = num(f.pulldown_indicator_alpha, 0);
            var parts = [["left", 1, "x"], ["centre", "scale", 0], ["right", 1, "x"]];
            parts.forEach(function (p, i) {
              var name = "pulldown_" + p[0] + "_";
              var scale = p[1] === "scale" ? num(f[name + "scale"], 0) : 1;
              var x = p[2] === "x" ? num(f[name + "x"], 0) : 0;
              balls[i].style.top = (ih / 2) + "px";
              balls[i].style.opacity = num(f[name + "alpha"], 0);
              balls[i].style.transform = "translateX(" + x + "px) scale(" + scale + ")";
            });
            listFrame.style.transform = "translateY(" + num(f.pulldown_list_y, 0) + "px)";
            list.scrollTo(f.y, f.content_height);
            nav.style.top = num(f.pulldown_nav_top, 0) + "px";
            nav.style.background = f.pulldown_nav_colour || cfg.listColour;
            tab.style.top = num(f.pulldown_tab_bar_y, H - TB) + "px";
            tab.style.opacity = num(f.pulldown_tab_bar_alpha, 1);
            badge.style.display = f.pulldown_haptic ? "block" : "none";
          };
        };
        """
}

/// A `PulldownPanelController` driven by three `SimScrollView`s, with the
/// panel's frame in every row.
///
/// Touches go where a finger would land on the article's views: while the
/// panel is closed, to the chat list; while it is open, to the mini-program
/// list when they start inside the panel at the top, else to the panel's
/// pull-up scroll view. A touch that starts while the controller has
/// interaction locked (opening, restoring, closing) goes nowhere, as a
/// view with user interaction disabled would have it.
public final class PulldownSurface: SampledSurface {
    /// The controller this surface drives.
    public typealias Controller = PulldownPanelController

    /// What happened, for the summary and for tests: a transition started or
    /// finished, a haptic fired, at a time (seconds).
    public struct Event: Equatable, Sendable {
        /// When it happened (seconds).
        public let time: Double
        /// What happened, as traces spell it.
        public let what: String
    }

    /// The controller under test.
    public let controller: Controller
    /// The chat list.
    public let list: SimScrollView
    /// The open panel's own (pull-up) list.
    public let panel: SimScrollView
    /// The mini-program list inside the panel.
    public let applets: SimScrollView
    /// The latest tick's frame.
    public private(set) var frame: Controller.Frame?
    /// Transitions and haptics, oldest first.
    public private(set) var events: [Event] = []
    /// Haptics fired during the run.
    public private(set) var haptics = 0
    private var hapticSinceRow = false
    private var touchTarget: SimScrollView?
    private let appletsHeight: Double

    /// A controller of `configuration` over a chat list of `listContentHeight`
    /// points on a `screenWidth`-point screen. The chat list has the
    /// screen's safe area (`safeAreaInsets`, none by default) under
    /// `contentInsetAdjustmentBehavior`; it rests below the top bar either
    /// way (its own inset is the top bar's height less what the system adds).
    public init(configuration: Controller.Configuration, screenWidth: Double = 414, listContentHeight: Double = 2400,
                safeAreaInsets: EdgeInsets = .zero,
                contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic) {
        let c = configuration
        fields = c.reducedMotion ? Self.columns + [.flag("pulldown_reduced_motion", \.frame.isReducedMotion)] : Self.columns
        let width = screenWidth
        let listView = SimScrollView(name: "list", configuration: SimScrollView.Configuration(
            frame: CGRect(x: 0, y: 0, width: width, height: c.screenHeight),
            contentSize: CGSize(width: width, height: listContentHeight),
            contentOffset: CGPoint(x: 0, y: -c.topBarHeight),
            contentInset: EdgeInsets(top: c.topBarHeight - contentInsetAdjustmentBehavior.systemPart(of: safeAreaInsets).top),
            safeAreaInsets: safeAreaInsets, contentInsetAdjustmentBehavior: contentInsetAdjustmentBehavior))
        list = listView
        panel = SimScrollView(name: "panel", configuration: SimScrollView.Configuration(
            frame: CGRect(x: 0, y: c.topBarHeight, width: width, height: c.screenHeight - c.topBarHeight),
            contentSize: CGSize(width: width, height: c.panelContentScreens * c.screenHeight)))
        appletsHeight = PulldownSurfaceDescription.appletsHeight(topBarHeight: c.topBarHeight)
        applets = SimScrollView(name: "applets", configuration: SimScrollView.Configuration(
            frame: CGRect(x: 0, y: 0, width: width, height: appletsHeight),
            contentSize: CGSize(width: width, height: appletsHeight + SD_SIM_APPLETS_EXTRA_CONTENT),
            contentOffset: CGPoint(x: 0, y: c.searchBarHeight)))
        var previous: Controller.State?
        var record: (String) -> Void = { _ in }
        // Transitions are recorded at the run's time: every scroll view is
        // advanced to it before the surface and before a touch.
        controller = Controller(configuration: configuration, observer: { event in
            guard case .stateChanged(let state) = event else { return }
            defer { previous = state }
            guard let before = previous else { return }
            for (was, now) in [(before.listTransition, state.listTransition),
                               (before.panelTransition, state.panelTransition)]
            where was != now {
                if was != .none { record("\(was.rawValue) finished") }
                if now != .none { record("\(now.rawValue) started") }
            }
        })
        previous = controller.state
        record = { [unowned self, listView] what in self.events.append(Event(time: listView.time, what: what)) }
        controller.set(listScrollable: list)
        controller.set(panelScrollable: panel)
        controller.set(miniProgramListScrollable: applets)
    }

    /// The controller's state.
    public var state: Controller.State { controller.state }

    public var scrollViews: [SimScrollView] { [list, panel, applets] }

    public func advance(to time: Double) {
        guard time.isFinite else { return }
        let f = controller.tick(at: time)
        frame = f
        if f.hapticFired {
            haptics += 1
            hapticSinceRow = true
            events.append(Event(time: time, what: "haptic"))
        }
    }

    public var isAtRest: Bool {
        let s = controller.state
        return s.listTransition == .none && s.panelTransition == .none
    }

    public func handle(_ touch: SimTouch) {
        if touch.phase == .down {
            touchTarget = target(for: touch.location)
        }
        touchTarget?.handle(touch)
        if touch.phase == .up || touch.phase == .cancelled { touchTarget = nil }
    }

    private func target(for location: CGPoint) -> SimScrollView? {
        if let f = frame, !f.isInteractionEnabled { return nil }
        let s = controller.state
        guard s.listPhase == .refreshing else { return list }
        let panelBottom = appletsHeight + (frame?.panelY ?? 0)
        return location.y < panelBottom ? applets : panel
    }

    public func perform(_ action: SurfaceAction) {
        switch action.name {
        case "close": controller.close()
        case "open-mini-program": controller.miniProgramDidOpen()
        case "page-appeared": controller.pageDidAppear()
        default: break
        }
    }

    /// What one row shows: the state, the frame at the row's time, and
    /// whether a haptic fired since the previous row.
    public struct Sample {
        /// The controller's state at the sample's time.
        public let state: Controller.State
        /// The controller's frame at the sample's time.
        public let frame: Controller.Frame
        /// Whether the haptic fired since the previous sample.
        public let haptic: Bool
    }

    /// The columns, fixed for the run; `pulldown_reduced_motion` only with reduced motion on.
    public let fields: [SimField<Sample>]

    private static var columns: [SimField<Sample>] { [
        .number("pulldown_pull_distance", chart: .points, \.state.pullDistance),
        .number("pulldown_panel_offset", chart: .points, \.frame.panelContentOffset),
        .number("pulldown_nav_top", chart: .points, \.frame.navigationBarTop),
        .text("pulldown_nav_colour", \.frame.navigationBarColour.hex),
        .number("pulldown_indicator_height", \.frame.indicator.height),
        .number("pulldown_indicator_alpha", unit: "", \.frame.indicator.alpha),
        .number("pulldown_left_alpha", unit: "", \.frame.indicator.left.alpha),
        .number("pulldown_left_x", \.frame.indicator.left.x),
        .number("pulldown_centre_alpha", unit: "", \.frame.indicator.centre.alpha),
        .number("pulldown_centre_scale", unit: "", chart: .progress, \.frame.indicator.centre.scale),
        .number("pulldown_right_alpha", unit: "", \.frame.indicator.right.alpha),
        .number("pulldown_right_x", \.frame.indicator.right.x),
        .number("pulldown_container_alpha", unit: "", \.frame.containerAlpha),
        .number("pulldown_panel_alpha", unit: "", chart: .progress, \.frame.panelAlpha),
        .number("pulldown_panel_scale_x", unit: "", \.frame.panelScaleX),
        .number("pulldown_panel_scale_y", unit: "", \.frame.panelScaleY),
        .number("pulldown_panel_y", \.frame.panelY),
        .number("pulldown_mask_alpha", unit: "", chart: .progress, \.frame.maskAlpha),
        .number("pulldown_weather_alpha", unit: "", \.frame.weatherAlpha),
        .number("pulldown_weather_y", \.frame.weatherY),
        .number("pulldown_tab_bar_alpha", unit: "", \.frame.tabBarAlpha),
        .number("pulldown_tab_bar_y", \.frame.tabBarY),
        .number("pulldown_list_y", \.frame.listY),
        .number("pulldown_list_inset_top", \.frame.listInsetTop),
        .flag("pulldown_interaction", \.frame.isInteractionEnabled),
        .flag("pulldown_haptic", \.haptic),
        .text("pulldown_list_phase", \.state.listPhase.rawValue),
        .text("pulldown_panel_phase", \.state.panelPhase.rawValue),
        .text("pulldown_list_transition", \.frame.listTransition.rawValue),
        .text("pulldown_panel_transition", \.frame.panelTransition.rawValue),
        .flag("pulldown_open", \.state.isOpen),
    ] }

    /// The frame at the row's time, after the touches delivered at that time
    /// (the surface ticks before them, as the simulation advances it first);
    /// `haptic` says whether a haptic fired since the previous row (ticks
    /// between frames included).
    public func sample() -> Sample? {
        guard let latest = frame, let f = controller.frame(at: latest.time) else { return nil }
        let haptic = hapticSinceRow
        hapticSinceRow = false
        return Sample(state: controller.state, frame: f, haptic: haptic)
    }

    public func summary() -> [String] {
        let s = controller.state
        var lines = ["pulldown: panel \(s.isOpen ? "open" : "closed"), list \(s.listPhase.rawValue), panel \(s.panelPhase.rawValue), pull-up \(JSONValue.number(s.panelPullUpDistance)), haptics \(haptics)"]
        if let f = frame {
            lines.append("pulldown: nav bar at \(JSONValue.number(f.navigationBarTop)) \(f.navigationBarColour.hex), panel scale (\(JSONValue.number(f.panelScaleX)), \(JSONValue.number(f.panelScaleY)))")
        }
        for e in events { lines.append("pulldown: t=\(String(format: "%.3f", e.time)) s \(e.what)") }
        return lines
    }
}
