import Foundation
import ScrollDrive

/// The expandable bar as a script's surface: `{"type": "bar", "compact": 60,
/// "normal": 120, "expanded": 200, "exitUntilCollapsed": false, "snap":
/// "nearest", "expandWheneverAtTop": false, "largeTitle": false,
/// "reducedMotion": false, "safeAreaTop": 0}` (heights in
/// points; these are the defaults, AirBar's bar; `safeAreaTop` is the status
/// bar the bar sits below). A `BarController` attached to one full-screen
/// `SimScrollView`.
public struct BarSurfaceDescription: SurfaceDescription {
    public static let type = "bar"
    public static let summary = "AirBar-style 3-state bar (compact / normal / expanded) over a scroll view"
    public static let keys = ["compact", "normal", "expanded", "snap", "safeAreaTop"] + policyKeys.map(\.key)

    /// The script's true/false keys and the scroll policies they switch on:
    /// the one place the two names are paired.
    static let policyKeys: [(key: String, policy: BarController.ScrollPolicy)] = [
        ("exitUntilCollapsed", .exitUntilCollapsed), ("expandWheneverAtTop", .expandWheneverAtTop),
        ("largeTitle", .largeTitle), ("reducedMotion", .reducedMotion),
    ]

    /// `snap`'s values: AirBar's nearest height, by the release's direction, or none.
    static let snapNames: [(name: String, policy: BarController.ScrollPolicy)] = [
        ("nearest", []), ("direction", .snapByDirection), ("none", .noSnap),
    ]

    /// The bar's heights and policies.
    public let configuration: BarController.Configuration

    /// A description of a bar with `configuration`.
    public init(configuration: BarController.Configuration) {
        self.configuration = configuration
    }

    public static func decode(_ object: JSONObject) throws(ScriptError) -> BarSurfaceDescription {
        let compact = try object["compact"]?.number() ?? 60
        let normal = try object["normal"]?.number() ?? 120
        let expanded = try object["expanded"]?.number() ?? 200
        let safeAreaTop = try object["safeAreaTop"]?.number() ?? 0
        var policy: BarController.ScrollPolicy = []
        for (key, option) in policyKeys {
            if try object[key]?.bool() ?? false { policy.insert(option) }
        }
        if let node = object["snap"] {
            let name = try node.string()
            guard let match = snapNames.first(where: { $0.name == name }) else {
                throw node.error("must be \"nearest\", \"direction\" or \"none\"")
            }
            policy.formUnion(match.policy)
        }
        do {
            return BarSurfaceDescription(configuration: try BarController.Configuration(
                validatingCompactStateHeight: compact, normalStateHeight: normal, expandedStateHeight: expanded,
                scrollPolicy: policy, safeAreaTop: safeAreaTop))
        } catch {
            throw ScriptError(path: object.node.path(of: error.field == "safe_area_top" ? "safeAreaTop" : error.field),
                              error.rule)
        }
    }

    /// `expand`: `BarController.expand(on: true)`. (Not `expand(on: false)`:
    /// AirBar relies on UIView.animate reporting the content offset's final
    /// value at once, before it changes the top inset; the simulator reports
    /// every intermediate offset, after the inset change, so the bar would
    /// not follow.)
    public static func validate(action: SurfaceAction, at node: JSONNode) throws(ScriptError) {
        guard action.name == "expand" else {
            throw ScriptError(path: node.path(of: "action"), "unknown bar action \"\(action.name)\" (expected expand)")
        }
        if let extra = action.arguments.first(where: { $0.key != "action" }) {
            throw ScriptError(path: node.path(of: extra.key), "unknown key (expected one of: do, action)")
        }
    }

    public var htmlParameters: JSONValue {
        .object([
            JSONMember("compact", .number(configuration.compactStateHeight)),
            JSONMember("normal", .number(configuration.normalStateHeight)),
            JSONMember("expanded", .number(configuration.expandedStateHeight)),
            JSONMember("safeAreaTop", .number(configuration.safeAreaTop)),
        ])
    }

    public func makeSurface(scrollView: SimScrollView.Configuration) -> any SimSurface {
        BarSurface(configuration: configuration, scrollView: SimScrollView(configuration: scrollView))
    }

    /// The bar's three heights on the points chart and its progress values
    /// (0 compact, 1 normal, 2 expanded) on the other; the expanded state's
    /// availability marked where it changes.
    public static func plotGuide(parameters: JSONValue, screen: CGSize) -> PlotGuide {
        var references: [PlotGuide.Reference] = []
        for (index, name) in ["compact", "normal", "expanded"].enumerated() {
            guard let height = parameters[member: name]?.numberValue else { continue }
            references.append(.init(height, "\(name) \(SVGPlot.tickLabel(height))"))
            references.append(.init(Double(index), name, chart: .progress))
        }
        return PlotGuide(
            pointsAxis: "bar height, content offset (pt)", progressAxis: "bar progress",
            references: references,
            watches: [.init("bar_available", .flag(on: "expanded available", off: "expanded unavailable"))],
            mainColumns: ["t", "step", "phase", "y", "vy", "bar_height", "bar_progress", "bar_inset", "bar_available",
                          "bar_title_scale", "bar_large_title_alpha", "bar_inline_title_alpha"])
    }

    public static let htmlDrawing = """
        ScrollDriveReplay.surfaces["bar"] = function (stage, run) {
          var cfg = run.surface;
          // Places to stay, as a travel app lists them under its search bar.
          var stays = [["Cabin by the lake", "Lake Tahoe \\u00b7 4.9", "$180 night"], ["Loft in the old town", "Lisbon \\u00b7 4.8", "$96 night"],
                       ["Treehouse", "Asheville \\u00b7 4.95", "$210 night"], ["Beach bungalow", "Tulum \\u00b7 4.7", "$140 night"],
                       ["Farm stay", "Tuscany \\u00b7 4.85", "$120 night"], ["Canal house", "Amsterdam \\u00b7 4.6", "$230 night"]];
          var list = ScrollDriveReplay.list(stage, { rowHeight: 88, row: function (i, row, h) {
            var stay = stays[i % stays.length];
            ScrollDriveReplay.el(row, "div", "position:absolute;left:16px;top:12px;width:84px;height:" +
              Math.max(0, Math.min(64, h - 24)) + "px;border-radius:10px;background:linear-gradient(135deg,hsl(" +
              ((i * 47) % 360) + ",55%,70%),hsl(" + ((i * 47 + 40) % 360) + ",55%,55%))");
            ScrollDriveReplay.el(row, "div", "position:absolute;left:112px;right:16px;top:14px;font:600 15px sans-serif;" +
              "color:#222;white-space:nowrap;overflow:hidden;text-overflow:ellipsis").textContent = stay[0];
            ScrollDriveReplay.el(row, "div", "position:absolute;left:112px;top:37px;font:13px sans-serif;color:#777").textContent = stay[1];
            ScrollDriveReplay.el(row, "div", "position:absolute;left:112px;top:58px;font:600 13px sans-serif;color:#222").textContent = stay[2];
          } });
          // The bar sits below the safe area (a status bar drawn over the content when there is one).
          var safe = cfg.safeAreaTop || 0;
          var bar = ScrollDriveReplay.el(stage, "div", "position:absolute;left:0;top:" + safe + "px;width:100%;" +
            "background:#ff5a5f;color:#fff;overflow:hidden;box-shadow:0 2px 6px rgba(0,0,0,.25);z-index:2");
          if (safe > 0) {
            ScrollDriveReplay.el(stage, "div", "position:absolute;left:0;top:0;width:100%;z-index:3;height:" + safe +
              "px;background:#e0484d;color:#fff;font:600 15px sans-serif;text-align:center;line-height:" + safe + "px")
              .textContent = "9:41";
          }
          var title = ScrollDriveReplay.el(bar, "div", "position:absolute;left:16px;right:16px;bottom:10px;" +
            "font:600 20px sans-serif");
          title.textContent = "Explore";
          var field = ScrollDriveReplay.el(bar, "div", "position:absolute;left:16px;right:16px;height:40px;" +
            "border-radius:20px;background:#fff;color:#555;font:15px sans-serif;line-height:40px;padding-left:16px");
          field.textContent = "Where to?";
          var dates = ScrollDriveReplay.el(bar, "div", "position:absolute;left:16px;right:16px;height:32px;" +
            "border-radius:16px;background:rgba(255,255,255,.85);color:#555;font:13px sans-serif;line-height:32px;padding-left:16px");
          dates.textContent = "Any week \\u00b7 Add guests";
          // The large-title style (iOS navigation bars with large titles): a
          // large title at the bottom left, scaled about its left edge as a
          // pull stretches the bar and fading out towards compact, and an
          // inline title in the middle of the compact bar fading in.
          var large = null, inline = null;
          if (run.columns.indexOf("bar_large_title_alpha") >= 0) {
            bar.style.background = "#f6f6f6";
            bar.style.color = "#111";
            title.style.display = "none";
            field.style.display = "none";
            dates.style.display = "none";
            large = ScrollDriveReplay.el(bar, "div", "position:absolute;left:16px;bottom:8px;font:700 34px sans-serif;" +
              "transform-origin:left bottom;white-space:nowrap");
            large.textContent = "Stays";
            inline = ScrollDriveReplay.el(bar, "div", "position:absolute;left:0;right:0;top:" +
              Math.max(0, cfg.compact / 2 - 11) + "px;text-align:center;font:600 17px sans-serif");
            inline.textContent = "Stays";
          }
          return function (frame) {
            list.scrollTo(frame.y, frame.content_height);
            var h = frame.bar_height, p = frame.bar_progress;
            bar.style.height = h + "px";
            if (large) {
              large.style.opacity = frame.bar_large_title_alpha;
              large.style.transform = "scale(" + frame.bar_title_scale + ")";
              inline.style.opacity = frame.bar_inline_title_alpha;
              return;
            }
            // Compact..normal: the search field fades in; normal..expanded: the date row does.
            field.style.opacity = Math.max(0, Math.min(1, p));
            field.style.top = (h - 50 - Math.max(0, h - cfg.normal)) + "px";
            dates.style.opacity = Math.max(0, Math.min(1, p - 1));
            dates.style.top = (h - 42) + "px";
            title.style.opacity = 1 - Math.max(0, Math.min(1, p));
          };
        };
        """
}

/// A `BarController` driven by a `SimScrollView`, with the bar's state in every row.
public final class BarSurface: SampledSurface, ScrollableObserver {
    /// What happened when a drag ended: the bar height then and the content
    /// offset the controller asked for (nil when it asked for none).
    public struct Release: Equatable, Sendable {
        /// When the finger lifted (seconds).
        public let time: Double
        /// The bar's height then (points).
        public let height: Double
        /// The content offset y then (points).
        public let contentOffsetY: Double
        /// The content offset the controller asked for (its snap), or nil for none.
        public let requestedY: Double?
    }

    /// The controller under test.
    public let controller: BarController
    /// The scroll view it follows.
    public let scrollView: SimScrollView
    /// Every drag's end, oldest first.
    public private(set) var releases: [Release] = []
    /// How many of the scroll view's requests this surface has seen.
    private var seenRequests = 0

    /// A controller of `configuration` attached to `scrollView`, which reports its offset once, as a layout pass would.
    public init(configuration: BarController.Configuration, scrollView: SimScrollView) {
        self.scrollView = scrollView
        fields = Self.columns(largeTitle: configuration.scrollPolicy.contains(.largeTitle),
                              reducedMotion: configuration.scrollPolicy.contains(.reducedMotion))
        controller = BarController(configuration: configuration) { _ in }
        controller.set(scrollable: scrollView)
        // On a device a layout pass reports the content offset soon after
        // attaching; the controller only records the first offset it hears,
        // so without this the first move of the first drag would be lost
        // (by an amount that depends on the frame rate).
        controller.scrollable(scrollView, didChangeContentOffset: scrollView.contentOffset)
        seenRequests = scrollView.requests.count
        // Observes after the controller, so it sees what the controller did.
        scrollView.addScrollObserver(self)
    }

    /// The bar's current state.
    public var state: BarController.State { controller.state }

    public var scrollViews: [SimScrollView] { [scrollView] }

    /// What one row shows: the bar's state and the scroll view's top inset
    /// (the controller sets it: expanded or normal).
    public struct Sample {
        /// The bar's state at the sample's time.
        public let state: BarController.State
        /// The scroll view's content inset top then (points).
        public let insetTop: CGFloat
        /// The frame at the clock (its large-title values).
        public let frame: BarController.Frame

        /// The bar's height (points).
        public var height: CGFloat { state.height() }
        /// The bar's transition progress, 0...2.
        public var progress: CGFloat { state.transitionProgress() }
    }

    /// The columns, fixed for the run (built once, not per row).
    public let fields: [SimField<Sample>]

    private static func columns(largeTitle: Bool, reducedMotion: Bool) -> [SimField<Sample>] {
        let airbar: [SimField<Sample>] = [
            .number("bar_offset", \.state.offset),
            .number("bar_height", chart: .points, \.height),
            .number("bar_progress", unit: "", chart: .progress, \.progress),
            .flag("bar_available", \.state.isExpandedStateAvailable),
            .number("bar_inset", \.insetTop),
        ]
        // The title's columns only for the large-title style, and reduced
        // motion's flag only with it on, so that every other bar run keeps
        // its columns (and its recorded hashes).
        let title: [SimField<Sample>] = largeTitle ? [
            .number("bar_title_scale", unit: "", \.frame.titleScale),
            .number("bar_large_title_alpha", unit: "", chart: .progress, \.frame.largeTitleAlpha),
            .number("bar_inline_title_alpha", unit: "", chart: .progress, \.frame.inlineTitleAlpha),
        ] : []
        let reduced: [SimField<Sample>] = reducedMotion ? [.flag("bar_reduced_motion", \.frame.isReducedMotion)] : []
        return airbar + title + reduced
    }

    public func sample() -> Sample? {
        Sample(state: state, insetTop: scrollView.contentInset.top, frame: controller.frame)
    }

    public func perform(_ action: SurfaceAction) {
        controller.expand(on: true)
        seenRequests = scrollView.requests.count
    }

    public func summary() -> [String] {
        let c = controller.configuration
        let h = state.height()
        let names = [(c.compactStateHeight, "compact"), (c.normalStateHeight, "normal"), (c.expandedStateHeight, "expanded")]
        let name = names.first { $0.0 == h }?.1 ?? "between states"
        var lines = ["bar: height \(JSONValue.number(h)) (\(name)), progress \(JSONValue.number(state.transitionProgress())), expanded \(state.isExpandedStateAvailable ? "available" : "unavailable")"]
        for r in releases {
            let time = String(format: "%.3f", r.time)
            if let y = r.requestedY {
                lines.append("bar: drag ended at t=\(time) s with height \(String(format: "%.2f", r.height)): snap, content offset \(String(format: "%.2f", r.contentOffsetY)) -> \(String(format: "%.2f", y))")
            } else {
                lines.append("bar: drag ended at t=\(time) s with height \(String(format: "%.2f", r.height)): on a state, no snap")
            }
        }
        return lines
    }

    // MARK: - ScrollableObserver

    public func scrollable(_ scrollable: any Scrollable, didChangeContentOffset contentOffset: CGPoint) {}

    public func scrollable(_ scrollable: any Scrollable, didChangeContentSize contentSize: CGSize) {
        seenRequests = scrollView.requests.count
    }

    public func scrollable(_ scrollable: any Scrollable, didChangePanGestureState panState: PanGestureState) {
        defer { seenRequests = scrollView.requests.count }
        guard panState == .ended || panState == .cancelled else { return }
        // The controller heard `.ended` first; a request since then is its snap.
        let request = scrollView.requests.count > seenRequests ? scrollView.requests.last : nil
        releases.append(Release(time: scrollView.time, height: state.height(),
                                contentOffsetY: Double(request?.from.y ?? scrollView.contentOffset.y),
                                requestedY: request.map { Double($0.contentOffset.y) }))
    }
}
