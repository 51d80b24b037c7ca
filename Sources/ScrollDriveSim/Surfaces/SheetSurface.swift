import CScrollDrive
import Foundation
import ScrollDrive

/// The bottom sheet as a script's surface. The script's `scrollView` object
/// describes the screen (its width and height are the sheet's container)
/// and the content of the scroll view inside the sheet (`contentHeight`,
/// `contentOffset`, ...); that inner scroll view is as tall as the sheet is
/// at its first detent.
///
/// ```json
/// {"type": "sheet", "detents": ["full", "half", "dismissed"], "initial": "half",
///  "projection": false, "rubberBand": false, "interpolateBackdrop": false, "carryVelocity": false,
///  "upThreshold": 0.25, "downThreshold": 0.3, "overscrollReturn": 120,
///  "backdropAlpha": 0.5, "backgroundShift": 100, "fitContentHeight": 0,
///  "interactiveDismissDisabled": false, "sequentialSnapping": false, "scrollingExpandsFirst": false,
///  "overscrollFollowsFinger": false, "releasesFromFirstDetent": false, "reducedMotion": false,
///  "largestUndimmedDetent": null, "backdropTap": "dismiss", "dismissVelocity": null, "handleHeight": 0,
///  "safeAreaTop": 0, "safeAreaBottom": 0, "keyboard": "ignore"}
/// ```
///
/// `keyboard` is how the sheet answers the keyboard
/// (`SheetController.KeyboardBehavior`): `"ignore"`, `"rise"` (the sheet
/// rises with it), `"extend"` (to the first detent and back),
/// `"interactive"` (to the first detent, lifted by the keyboard as far as
/// the safe area allows, and back) or `"fillParent"` (to the safe area's
/// top and back). With a keyboard behaviour other than `"ignore"`, or a
/// `keyboard` action among the steps, the rows carry `sheet_keyboard` (its
/// height) and `sheet_keyboard_overlap` (how much of the sheet it covers);
/// with `reducedMotion`, `sheet_reduced_motion`.
///
/// `safeAreaTop` and `safeAreaBottom` are the safe area's insets (a
/// notched phone's status bar and home indicator): detents resolve below the
/// top one (`SheetController.Configuration.safeAreaTop`), and a fit-content
/// detent adds the bottom one to the content.
///
/// `overscrollFollowsFinger` and `releasesFromFirstDetent` switch on UIKit's
/// hand-off and releases at the first detent, `reducedMotion` the short,
/// direct moves of the platform's Reduce Motion (`SheetController.Options`);
/// `handleHeight` is how many points at the sheet's top are its handle: a
/// touch there drags the sheet itself at any detent
/// (`SheetController.handleDragBegan`), never the inner scroll view.
///
/// `largestUndimmedDetent` is one of the detents (at or below it the backdrop
/// is clear and taps reach the content behind); `backdropTap` is
/// `"dismiss"`, `"stepDown"` or `"nothing"`; `dismissVelocity` (points per
/// second) dismisses on a faster downward release from any detent.
///
/// Those are the defaults (the AppCoda SwiftUI bottom-sheet chapter's sheet). A detent is `"full"` (50 pt
/// from the top), `"half"`, `"dismissed"`, or `{"fraction": 0.4}`,
/// `{"points": 120}`, `{"fitContent": 80}` (the minimum top; the sheet's
/// content is `fitContentHeight` points tall).
///
/// Actions: `{"do": "surface", "action": "move", "to": "full", "animated": true}`
/// (`SheetController.move(to:animated:)`; a detent the sheet does not have
/// is ignored) and `{"do": "surface", "action": "resize", "height": 390}`
/// (a rotation: the container becomes that tall, and with `"safeAreaTop"` /
/// `"safeAreaBottom"` the safe area's insets change too; a geometry the
/// detents do not fit is ignored) and `{"do": "surface", "action":
/// "keyboard", "height": 336, "duration": 0.25, "curve": 7}` (the keyboard
/// moves to `height` points over the screen's bottom, 0 to hide it, over
/// `duration` seconds along `curve`, UIView.AnimationCurve's 0...3 or 7:
/// `SheetController.keyboardWillChange`).
public struct SheetSurfaceDescription: SurfaceDescription {
    public static let type = "sheet"
    public static let summary = "bottom sheet with detents (full / half / dismissed), inner scroll hand-off, backdrop and spring"
    public static let keys = ["detents", "initial", "handleHeight", "keyboard"] + optionKeys.map(\.key) + fieldKeys.map(\.key)

    /// The script's option keys and the options they switch on.
    static let optionKeys: [(key: String, option: SheetController.Options)] = [
        ("projection", .velocityProjection), ("rubberBand", .rubberBand),
        ("interpolateBackdrop", .interpolatedBackdrop), ("carryVelocity", .carryVelocity),
        ("interactiveDismissDisabled", .interactiveDismissDisabled), ("sequentialSnapping", .sequentialSnapping),
        ("scrollingExpandsFirst", .scrollingExpandsFirst), ("overscrollFollowsFinger", .overscrollFollowsFinger),
        ("releasesFromFirstDetent", .releasesFromFirstDetent), ("reducedMotion", .reducedMotion),
    ]

    /// The script's value keys and the C configuration fields they set: the
    /// one place the two names are paired (errors name the key of a field).
    static let fieldKeys: [(key: String, field: String)] = [
        ("upThreshold", "up_threshold"), ("downThreshold", "down_threshold"),
        ("overscrollReturn", "overscroll_return"), ("backdropAlpha", "backdrop_alpha"),
        ("backgroundShift", "background_shift"), ("fitContentHeight", "content_height"),
        ("largestUndimmedDetent", "undimmed_detent"), ("backdropTap", "backdrop_tap"),
        ("dismissVelocity", "dismiss_velocity"), ("safeAreaTop", "safe_area_top"),
        ("safeAreaBottom", "safe_area_bottom"),
    ]

    /// `backdropTap`'s values.
    static let backdropTapNames: [(name: String, tap: SheetController.BackdropTap)] = [
        ("dismiss", .dismiss), ("stepDown", .stepDown), ("nothing", .nothing),
    ]

    /// The sheet's options and detents; the container height comes from the
    /// screen when the surface is made.
    public let detents: [SheetController.Detent]
    /// The detent the sheet starts at (`initial`).
    public let initialDetent: SheetController.Detent
    /// The behaviours switched on (the option keys).
    public let options: SheetController.Options
    /// `upThreshold`, or nil for the default.
    public let upThreshold: CGFloat?
    /// `downThreshold`, or nil for the default.
    public let downThreshold: CGFloat?
    /// `overscrollReturn` (points), or nil for the default.
    public let overscrollReturn: CGFloat?
    /// `backdropAlpha`, or nil for the default.
    public let backdropAlpha: CGFloat?
    /// `backgroundShift` (points), or nil for the default.
    public let backgroundShift: CGFloat?
    /// The content height a fit-content detent fits (points; `fitContentHeight`).
    public let fitContentHeight: CGFloat
    /// `largestUndimmedDetent`, or nil for none.
    public let largestUndimmedDetent: SheetController.Detent?
    /// What a backdrop tap does (`backdropTap`).
    public let backdropTap: SheetController.BackdropTap
    /// `dismissVelocity` (points per second), or nil for none.
    public let dismissVelocity: CGFloat?
    /// Points at the sheet's top that are its handle (`handleHeight`, >= 0).
    public let handleHeight: CGFloat
    /// The safe area's top inset (`safeAreaTop`, points).
    public let safeAreaTop: CGFloat
    /// The safe area's bottom inset (`safeAreaBottom`, points).
    public let safeAreaBottom: CGFloat
    /// How the sheet answers the keyboard (`keyboard`).
    public let keyboard: SheetController.KeyboardBehavior
    /// Whether the script's steps move the keyboard (a `keyboard` action),
    /// learnt by `prepare(for:)`: the keyboard's columns are in the rows then
    /// even when the sheet ignores it.
    public private(set) var movesKeyboard = false

    /// A description of AppCoda's sheet (or another), resting at `initialDetent` at first.
    public init(detents: [SheetController.Detent] = SheetController.Detent.seed,
                initialDetent: SheetController.Detent = .half, options: SheetController.Options = [],
                upThreshold: CGFloat? = nil, downThreshold: CGFloat? = nil, overscrollReturn: CGFloat? = nil,
                backdropAlpha: CGFloat? = nil, backgroundShift: CGFloat? = nil, fitContentHeight: CGFloat = 0,
                largestUndimmedDetent: SheetController.Detent? = nil, backdropTap: SheetController.BackdropTap = .dismiss,
                dismissVelocity: CGFloat? = nil, handleHeight: CGFloat = 0, safeAreaTop: CGFloat = 0,
                safeAreaBottom: CGFloat = 0, keyboard: SheetController.KeyboardBehavior = .ignore)
    {
        self.keyboard = keyboard
        self.handleHeight = handleHeight
        self.safeAreaTop = safeAreaTop
        self.safeAreaBottom = safeAreaBottom
        self.largestUndimmedDetent = largestUndimmedDetent
        self.backdropTap = backdropTap
        self.dismissVelocity = dismissVelocity
        self.detents = detents
        self.initialDetent = initialDetent
        self.options = options
        self.upThreshold = upThreshold
        self.downThreshold = downThreshold
        self.overscrollReturn = overscrollReturn
        self.backdropAlpha = backdropAlpha
        self.backgroundShift = backgroundShift
        self.fitContentHeight = fitContentHeight
    }

    /// The controller's configuration in a container `containerHeight` tall.
    public func configuration(containerHeight: CGFloat) throws(ConfigurationError) -> SheetController.Configuration {
        try SheetController.Configuration(
            containerHeight: containerHeight, contentHeight: fitContentHeight, detents: detents, options: options,
            upThreshold: upThreshold, downThreshold: downThreshold, overscrollReturn: overscrollReturn,
            backdropAlpha: backdropAlpha, backgroundShift: backgroundShift,
            largestUndimmedDetent: largestUndimmedDetent, backdropTap: backdropTap, dismissVelocity: dismissVelocity,
            safeAreaTop: safeAreaTop, safeAreaBottom: safeAreaBottom, keyboardBehavior: keyboard)
    }

    /// `keyboard`'s values.
    static let keyboardNames: [(name: String, behavior: SheetController.KeyboardBehavior)] = [
        ("ignore", .ignore), ("rise", .rise), ("extend", .extend), ("interactive", .interactive),
        ("fillParent", .fillParent),
    ]

    public mutating func prepare(for steps: [GestureScript.Step]) {
        movesKeyboard = steps.contains { if case let .surface(action) = $0 { action.name == "keyboard" } else { false } }
    }

    /// Whether a run's rows carry the keyboard's columns: it answers the keyboard, or the steps move one.
    var showsKeyboard: Bool { keyboard != .ignore || movesKeyboard }

    // MARK: Reading scripts

    public static func decode(_ object: JSONObject) throws(ScriptError) -> SheetSurfaceDescription {
        var detents = SheetController.Detent.seed
        if let node = object["detents"] {
            detents = []
            for item in try node.array() { detents.append(try detent(item)) }
        }
        var initial: SheetController.Detent = detents.contains(.half) ? .half : (detents.first ?? .half)
        if let node = object["initial"] {
            initial = try detent(node)
            guard detents.contains(initial) else { throw node.error("must be one of the sheet's detents") }
        }
        var options: SheetController.Options = []
        for (key, option) in optionKeys where try object[key]?.bool() ?? false {
            options.insert(option)
        }
        func number(_ key: String) throws(ScriptError) -> CGFloat? {
            guard let node = object[key] else { return nil }
            return CGFloat(try node.number())
        }
        let backdropTap = try object["backdropTap"].map { node throws(ScriptError) in
            try named(node, backdropTapNames.map { ($0.name, $0.tap) })
        } ?? .dismiss
        var undimmed: SheetController.Detent?
        if let node = object["largestUndimmedDetent"] {
            let detent = try detent(node)
            guard detents.contains(detent) else { throw node.error("must be one of the sheet's detents") }
            undimmed = detent
        }
        let keyboard = try object["keyboard"].map { node throws(ScriptError) in
            try named(node, keyboardNames.map { ($0.name, $0.behavior) })
        } ?? .ignore
        var handleHeight: CGFloat = 0
        if let node = object["handleHeight"] {
            handleHeight = CGFloat(try node.number())
            guard handleHeight >= 0 else { throw node.error("must be >= 0") }
        }
        let description = SheetSurfaceDescription(
            detents: detents, initialDetent: initial, options: options,
            upThreshold: try number("upThreshold"), downThreshold: try number("downThreshold"),
            overscrollReturn: try number("overscrollReturn"), backdropAlpha: try number("backdropAlpha"),
            backgroundShift: try number("backgroundShift"), fitContentHeight: try number("fitContentHeight") ?? 0,
            largestUndimmedDetent: undimmed, backdropTap: backdropTap, dismissVelocity: try number("dismissVelocity"),
            handleHeight: handleHeight, safeAreaTop: try number("safeAreaTop") ?? 0,
            safeAreaBottom: try number("safeAreaBottom") ?? 0, keyboard: keyboard)
        // The container is not known yet: check everything else in a stand-in
        // container as tall as needed (any later misfit with the real screen
        // is reported when the run starts, by makeSurface).
        do {
            _ = try description.configuration(
                containerHeight: standInHeight(detents, insets: description.safeAreaTop + description.safeAreaBottom))
        } catch {
            throw ScriptError(path: path(of: error.field, in: object), error.rule)
        }
        return description
    }

    /// A container tall enough for every points and fit-content detent
    /// below the safe area's insets, but no taller than the core allows
    /// (`SD_SHEET_MAX_LENGTH`), so that a detent or inset too large for any
    /// container is reported at its own path.
    private static func standInHeight(_ detents: [SheetController.Detent], insets: CGFloat) -> CGFloat {
        var height: CGFloat = 1000
        for detent in detents {
            switch detent {
            case let .points(p), let .fitContent(p): if p.isFinite { height = max(height, 2 * p + 1) }
            default: break
            }
        }
        if insets.isFinite, insets > 0 { height += insets }
        return min(height, CGFloat(SD_SHEET_MAX_LENGTH))
    }

    /// The value a string names among `names`; anything else is an error
    /// listing them (`must be "a", "b" or "c"`).
    private static func named<Value>(_ node: JSONNode, _ names: [(String, Value)]) throws(ScriptError) -> Value {
        let name = try node.string()
        if let match = names.first(where: { $0.0 == name }) { return match.1 }
        let quoted = names.map { "\"\($0.0)\"" }
        throw node.error("must be \(quoted.dropLast().joined(separator: ", ")) or \(quoted.last ?? "")")
    }

    /// The JSON path of a C configuration field ("detent1.value" -> `$.surface.detents[1]`).
    private static func path(of field: String, in object: JSONObject) -> String {
        if field.hasPrefix("detent"), let digit = field.dropFirst("detent".count).first, digit.isNumber {
            return object.node.path(of: "detents") + "[\(digit)]"
        }
        if field == "detent_count" { return object.node.path(of: "detents") }
        return object.node.path(of: fieldKeys.first { $0.field == field }?.key ?? field)
    }

    /// A detent written as "full", "half", "dismissed", {"fraction": f},
    /// {"points": p} or {"fitContent": minimumTop}.
    static func detent(_ node: JSONNode) throws(ScriptError) -> SheetController.Detent {
        let expected = "must be \"full\", \"half\", \"dismissed\", {\"fraction\": f}, {\"points\": p} or {\"fitContent\": top}"
        switch node.value {
        case .string("full"): return .full
        case .string("half"): return .half
        case .string("dismissed"): return .dismissed
        case let .object(members) where members.count == 1:
            let object = try node.object()
            let key = members[0].key
            let value = try object.required(key).number()
            switch key {
            case "fraction": return .fraction(value)
            case "points": return .points(value)
            case "fitContent": return .fitContent(minimumTop: value)
            default: throw node.error(expected)
            }
        default: throw node.error(expected)
        }
    }

    /// A detent's name in traces: its description without the leading dot
    /// (full, half, dismissed, fraction(0.4), ...).
    public static func name(_ detent: SheetController.Detent) -> String {
        String(detent.description.dropFirst())
    }

    public static func validate(action: SurfaceAction, at node: JSONNode) throws(ScriptError) {
        let object = try node.object()
        switch action.name {
        case "move":
            try object.allowOnly(["do", "action", "to", "animated"])
            _ = try detent(try object.required("to"))
            _ = try object["animated"]?.bool()
        case "resize":
            try object.allowOnly(["do", "action", "height", "safeAreaTop", "safeAreaBottom"])
            _ = try object.required("height").positiveNumber()
            _ = try object["safeAreaTop"]?.nonNegativeNumber()
            _ = try object["safeAreaBottom"]?.nonNegativeNumber()
        case "keyboard":
            try object.allowOnly(["do", "action", "height", "duration", "curve"])
            _ = try object.required("height").nonNegativeNumber()
            if let node = object["duration"], !(0...SD_SHEET_MAX_KEYBOARD_DURATION).contains(try node.number()) {
                throw node.error("must be within 0...10 (seconds)")
            }
            if let node = object["curve"] {
                // The core's rule (sd_sheet_curve_valid), for a whole number in UInt32's range.
                guard let curve = UInt32(exactly: try node.number()), sd_sheet_curve_valid(curve) != 0 else {
                    throw node.error("must be 0, 1, 2, 3 (UIView.AnimationCurve) or 7 (the keyboard's)")
                }
            }
        default:
            throw ScriptError(path: node.path(of: "action"),
                              "unknown sheet action \"\(action.name)\" (expected move, resize or keyboard)")
        }
    }

    // MARK: The run

    public var htmlParameters: JSONValue {
        .object([
            JSONMember("detents", .array(detents.map { .string(Self.name($0)) })),
            JSONMember("backdropAlpha", .number(backdropAlpha ?? 0.5)),
            JSONMember("detentSpecs", .array(detents.map(Self.spec))),
            JSONMember("fitContentHeight", .number(fitContentHeight)),
            JSONMember("safeAreaTop", .number(safeAreaTop)),
            JSONMember("safeAreaBottom", .number(safeAreaBottom)),
        ])
    }

    /// A detent as `[kind, value]` (`dismissed`: no value), for `plotGuide`.
    private static func spec(_ detent: SheetController.Detent) -> JSONValue {
        switch detent {
        case let .fraction(f): return .array([.string("fraction"), .number(f)])
        case let .points(p): return .array([.string("points"), .number(p)])
        case let .fitContent(top): return .array([.string("fitContent"), .number(top)])
        case .dismissed: return .array([.string("dismissed")])
        }
    }

    /// The detents' tops on the points chart (the sheet's top rests on
    /// them); the events marked; the sheet's and its content's velocities.
    public static func plotGuide(parameters: JSONValue, screen: CGSize) -> PlotGuide {
        var detents: [SheetController.Detent] = []
        if case let .array(specs)? = parameters[member: "detentSpecs"] {
            for case let .array(spec) in specs {
                switch (spec.first, spec.count > 1 ? spec[1].numberValue : nil) {
                case (.string("fraction"), let f?): detents.append(.fraction(f))
                case (.string("points"), let p?): detents.append(.points(p))
                case (.string("fitContent"), let top?): detents.append(.fitContent(minimumTop: top))
                case (.string("dismissed"), _): detents.append(.dismissed)
                default: break
                }
            }
        }
        let fit = CGFloat(parameters[member: "fitContentHeight"]?.numberValue ?? 0)
        let top = CGFloat(parameters[member: "safeAreaTop"]?.numberValue ?? 0)
        let bottom = CGFloat(parameters[member: "safeAreaBottom"]?.numberValue ?? 0)
        var references: [PlotGuide.Reference] = []
        if let configuration = try? SheetSurfaceDescription(detents: detents, fitContentHeight: fit,
                                                            safeAreaTop: top, safeAreaBottom: bottom)
            .configuration(containerHeight: screen.height)
        {
            for detent in detents {
                guard let top = configuration.top(of: detent) else { continue }
                references.append(.init(Double(top), "\(name(detent)) \(SVGPlot.tickLabel(Double(top)))"))
            }
        }
        return PlotGuide(
            pointsAxis: "sheet top, offsets (pt)", progressAxis: "backdrop alpha", references: references,
            velocities: ["vy", "sheet_velocity"], watches: [.init("sheet_events", .events)],
            mainColumns: ["t", "step", "phase", "y", "sheet_top", "sheet_velocity", "sheet_detent", "sheet_drag",
                          "sheet_backdrop_alpha", "sheet_events"])
    }

    /// The detents must fit the script's screen (`scrollView.height`).
    public func check(scrollView: SimScrollView.Configuration, surface node: JSONNode) throws(ScriptError) {
        let height = scrollView.frame.height
        do {
            _ = try configuration(containerHeight: height)
        } catch {
            throw ScriptError(path: Self.path(of: error.field, in: try node.object()),
                              "\(error.rule) on a \(JSONValue.number(height)) pt screen (scrollView.height)")
        }
    }

    public func makeSurface(scrollView: SimScrollView.Configuration) -> any SimSurface {
        let containerHeight = scrollView.frame.height
        // Scripts are checked against their screen when read (`check`); a
        // description used directly with a screen its detents do not fit
        // falls back to AppCoda's detents (or, on a screen too small for
        // those, half and dismissed) and says so in the summary.
        do {
            let configuration = try self.configuration(containerHeight: containerHeight)
            return SheetSurface(configuration: configuration, initialDetent: initialDetent, screen: scrollView,
                                handleHeight: handleHeight, showsKeyboard: showsKeyboard)
        } catch {
            let note = "sheet: \(error) on a \(JSONValue.number(containerHeight)) pt screen; ran AppCoda's sheet instead"
            let fallback = (try? SheetController.Configuration(containerHeight: containerHeight))
                ?? (try? SheetController.Configuration(containerHeight: containerHeight, detents: [.half, .dismissed]))
            // A screen height is > 0 (the script reader checks it), so the second always validates.
            return SheetSurface(configuration: fallback!, initialDetent: .half, screen: scrollView,
                                handleHeight: handleHeight, showsKeyboard: showsKeyboard, note: note)
        }
    }

    public static let htmlDrawing = """
        ScrollDriveReplay.surfaces["sheet"] = function (stage, run) {
          var el = ScrollDriveReplay.el;
          var W = run.screen.width;
          // The content behind the sheet: a restaurant page that moves up while the sheet is shown.
          var behind = el(stage, "div", "position:absolute;left:0;top:0;width:100%;height:100%;z-index:1;background:#fff");
          var hero = el(behind, "div", "position:absolute;left:0;top:0;width:100%;height:300px;" +
            "background:linear-gradient(160deg,#f6a04d,#d9534f)");
          var name = el(behind, "div", "position:absolute;left:20px;top:230px;color:#fff;font:700 28px sans-serif");
          name.textContent = "Trattoria Sole";
          for (var i = 0; i < 6; i++) {
            el(behind, "div", "position:absolute;left:20px;right:20px;height:16px;border-radius:8px;background:#e6e6e6;top:" +
              (330 + i * 34) + "px;width:" + (W - 40 - (i % 3) * 60) + "px");
          }
          var backdrop = el(stage, "div", "position:absolute;left:0;top:0;width:100%;height:100%;background:#000;z-index:2");
          var sheet = el(stage, "div", "position:absolute;left:0;width:100%;height:100%;background:#fff;z-index:3;" +
            "border-radius:14px 14px 0 0;box-shadow:0 -3px 12px rgba(0,0,0,.25);overflow:hidden");
          var body = el(sheet, "div", "position:absolute;left:0;top:0;width:100%;height:100%");
          // The sheet's content: the restaurant's details, then its menu.
          var details = [["Trattoria Sole", "Italian \\u00b7 \\u20ac\\u20ac \\u00b7 4.6 (1,284 reviews)"],
                         ["Open now", "Today 12:00\\u201323:00"], ["Via Roma 12", "650 m \\u00b7 8 min walk"],
                         ["Reserve a table", "Tonight for 2 at 19:30"], ["Margherita", "Tomato, mozzarella, basil \\u00b7 \\u20ac9"],
                         ["Cacio e pepe", "Tonnarelli, pecorino, black pepper \\u00b7 \\u20ac12"],
                         ["Saltimbocca", "Veal, sage, prosciutto \\u00b7 \\u20ac18"], ["Tiramis\\u00f9", "House-made \\u00b7 \\u20ac6"],
                         ["Reviews", "\\u201cThe best carbonara outside Rome\\u201d"], ["Photos", "214 photos from guests"]];
          var list = ScrollDriveReplay.list(body, { rowHeight: 72, row: function (i, row, h) {
            // After the details, the menu and reviews again (a long page).
            var item = details[i < details.length ? i : 4 + (i - details.length) % (details.length - 4)];
            el(row, "div", "position:absolute;left:16px;right:16px;top:" + (i === 0 ? 20 : 14) + "px;font:" +
              (i === 0 ? "700 20px" : "600 16px") + " sans-serif;color:#111;white-space:nowrap;overflow:hidden;" +
              "text-overflow:ellipsis").textContent = item[0];
            el(row, "div", "position:absolute;left:16px;right:16px;top:" + (i === 0 ? 46 : 38) + "px;font:13px sans-serif;" +
              "color:#777;white-space:nowrap;overflow:hidden;text-overflow:ellipsis").textContent = item[1];
          } });
          var grabber = el(sheet, "div", "position:absolute;left:50%;top:6px;width:40px;height:5px;margin-left:-20px;" +
            "border-radius:3px;background:rgba(0,0,0,.3);z-index:4");
          var label = el(stage, "div", "position:absolute;right:8px;top:8px;z-index:5;font:12px sans-serif;" +
            "background:rgba(255,255,255,.85);border-radius:6px;padding:2px 8px;color:#333");
          // The keyboard (a sheet that answers it has the sheet_keyboard column), over everything.
          var keyboard = el(stage, "div", "position:absolute;left:0;bottom:0;width:100%;height:0;z-index:6;" +
            "background:#d1d3d9;border-top:1px solid #b5b8bf");
          return function (frame) {
            keyboard.style.height = (frame.sheet_keyboard || 0) + "px";
            // With a keyboard over it, the sheet's content ends where the keyboard starts (keyboard_overlap).
            var overlap = frame.sheet_keyboard_overlap || 0;
            sheet.style.height = overlap > 0 ? Math.max(0, frame.sheet_container - frame.sheet_top - overlap) + "px" : "100%";
            behind.style.transform = "translateY(" + (frame.sheet_background_offset || 0) + "px)";
            backdrop.style.opacity = frame.sheet_backdrop_alpha || 0;
            backdrop.style.height = frame.sheet_container + "px";
            sheet.style.top = frame.sheet_top + "px";
            sheet.style.display = frame.sheet_top >= frame.sheet_container ? "none" : "block";
            list.scrollTo(frame.y, frame.content_height);
            body.style.opacity = frame.sheet_scroll_enabled ? 1 : 0.97;
            label.textContent = frame.sheet_detent + (frame.sheet_animating ? " (moving)" : "") +
              (frame.sheet_events ? " \\u2022 " + frame.sheet_events : "");
          };
        };
        """
}

/// A `SheetController` driven by the simulated finger, with an inner
/// `SimScrollView` for the sheet's content.
///
/// Touch routing, as a sheet whose pan gesture recognises together with its
/// scroll view's would see it: a touch above the sheet is on the backdrop
/// (lifting it without moving is a tap, which dismisses); a touch on the
/// sheet's handle (its top `handleHeight` points) drags the sheet itself; a
/// touch below it drags the sheet, and while the inner scroll view is
/// enabled (first detent) the scroll view gets the touch first, so each drag
/// input carries the content offset of the same instant, as the scroll view
/// reports it (rubber band included; with `overscrollFollowsFinger` the
/// finger's offset past the top, since that sheet takes the overscroll before
/// the view would band it). Once the core disables the scroll view (0.5 s
/// after the overscroll return) the scroll view's touch is cancelled; a lift
/// while the sheet (not the content) has the finger cancels it too, so
/// pinned content does not bounce.
public final class SheetSurface: SampledSurface {
    /// One event and when it was reported.
    public struct LoggedEvent: Equatable, Sendable {
        /// When it happened (seconds).
        public let time: Double
        /// What the controller told its observer.
        public let event: SheetController.Event
    }

    /// The controller under test.
    public let controller: SheetController
    /// The scroll view inside the sheet.
    public let scrollView: SimScrollView
    /// Every event the controller reported, oldest first.
    public private(set) var events: [LoggedEvent] = []
    private var rowEvents: [String] = []
    private let note: String?

    private enum Finger {
        case none
        case backdrop(down: CGPoint, moved: Bool)
        case sheet(downY: Double, scrollViewHasIt: Bool)
    }

    private var finger = Finger.none
    /// Points at the sheet's top that are its handle.
    public let handleHeight: CGFloat

    /// A sheet in a container as large as `screen`'s frame; the inner scroll
    /// view takes the rest of `screen` (content size, offset, bounces, ...)
    /// with the height the sheet has at its first detent. The rows carry the
    /// keyboard's columns when the sheet answers the keyboard or
    /// `showsKeyboard` says a keyboard will move.
    public init(configuration: SheetController.Configuration, initialDetent: SheetController.Detent,
                screen: SimScrollView.Configuration, handleHeight: CGFloat = 0, showsKeyboard: Bool = false,
                note: String? = nil)
    {
        self.handleHeight = max(0, handleHeight)
        fields = Self.columns(keyboard: showsKeyboard || configuration.keyboardBehavior != .ignore,
                              reducedMotion: configuration.options.contains(.reducedMotion))
        var inner = screen
        let firstTop = configuration.top(of: configuration.detents[0]) ?? 0
        inner.frame = CGRect(x: 0, y: 0, width: screen.frame.width, height: max(1, screen.frame.height - firstTop))
        scrollView = SimScrollView(name: "content", configuration: inner)
        self.note = note
        var log: (SheetController.Event) -> Void = { _ in }
        let start = configuration.index(of: initialDetent) != nil ? initialDetent : configuration.detents[0]
        // Cannot throw: the detent is one of the configuration's.
        controller = try! SheetController(configuration: configuration, initialDetent: start) { log($0) }
        log = { [unowned self] event in
            self.events.append(LoggedEvent(time: self.controller.time, event: event))
            self.rowEvents.append(Self.name(event))
        }
        controller.set(scrollable: scrollView)
    }

    /// An event as traces spell it: `willMove(full)`, `didMove(half)`, `dismissed`.
    public static func name(_ event: SheetController.Event) -> String {
        switch event {
        case let .willMove(detent): return "willMove(\(SheetSurfaceDescription.name(detent)))"
        case let .didMove(detent): return "didMove(\(SheetSurfaceDescription.name(detent)))"
        case .dismissed: return "dismissed"
        }
    }

    public var scrollViews: [SimScrollView] { [scrollView] }

    /// What one row shows: the sheet's frame at the clock, the container
    /// height in force, and the events reported since the previous row.
    public struct Sample {
        /// The controller's frame at the sample's time.
        public let frame: SheetController.Frame
        /// The container's height (points).
        public let containerHeight: CGFloat
        /// The events since the previous sample, as traces spell them.
        public let events: [String]
        /// The keyboard's height over the screen's bottom (points).
        public let keyboardHeight: CGFloat

        /// The drag state's name ("inactive", "pressing", "dragging").
        public var drag: String {
            switch frame.state.drag {
            case .inactive: return "inactive"
            case .pressing: return "pressing"
            case .dragging: return "dragging"
            }
        }

        /// The detent's script name ("full", "half", ...).
        public var detent: String { SheetSurfaceDescription.name(frame.state.detent) }

        /// The events joined with "+".
        public var eventList: String { events.joined(separator: "+") }
    }

    /// The columns, fixed for the run; `sheet_keyboard` (the keyboard's
    /// height) and `sheet_keyboard_overlap` (the points of the sheet it
    /// covers) only where a keyboard shows, `sheet_reduced_motion` only with
    /// reduced motion on, so that every other run keeps its columns.
    public let fields: [SimField<Sample>]

    private static func columns(keyboard: Bool, reducedMotion: Bool) -> [SimField<Sample>] {
        let keys: [SimField<Sample>] = keyboard ? [
            .number("sheet_keyboard", chart: .points, \.keyboardHeight),
            .number("sheet_keyboard_overlap", \.frame.keyboardOverlap),
        ] : []
        let reduced: [SimField<Sample>] = reducedMotion ? [.flag("sheet_reduced_motion", \.frame.isReducedMotion)] : []
        return columns + keys + reduced
    }

    private static var columns: [SimField<Sample>] { [
        .number("sheet_top", chart: .points, \.frame.sheetTop),
        .number("sheet_velocity", unit: "pt/s", \.frame.velocity),
        .text("sheet_detent", \.detent),
        .text("sheet_drag", \.drag),
        .number("sheet_translation", \.frame.state.drag.translation),
        .number("sheet_backdrop_alpha", unit: "", chart: .progress, \.frame.backdropAlpha),
        .number("sheet_background_offset", chart: .points, \.frame.backgroundOffset),
        .flag("sheet_scroll_enabled", \.frame.isInnerScrollEnabled),
        .flag("sheet_content_scrolls", \.frame.isContentScrolling),
        .flag("sheet_background_interactive", \.frame.isBackgroundInteractive),
        .flag("sheet_animating", \.frame.isAnimating),
        .number("sheet_container", \.containerHeight),
        .text("sheet_events", \.eventList),
    ] }

    /// The row's sample; the events listed in it are not listed again.
    public func sample() -> Sample? {
        defer { rowEvents.removeAll() }
        return Sample(frame: controller.frame, containerHeight: controller.configuration.containerHeight,
                      events: rowEvents, keyboardHeight: controller.keyboardHeight())
    }

    public func advance(to time: Double) {
        controller.tick(at: time)
        if case .sheet(let downY, true) = finger, !controller.isInnerScrollEnabled {
            // The overscroll return's delayed disable came: the content lets go.
            scrollView.touchCancelled()
            finger = .sheet(downY: downY, scrollViewHasIt: false)
        }
    }

    /// At rest once no finger is down, no spring runs and the background and
    /// the keyboard (whatever the sheet does with it) have finished their moves.
    public var isAtRest: Bool {
        guard case .none = finger, !controller.isAnimating else { return false }
        let now = controller.frame
        let later = controller.frame(at: controller.time + 60)
        return later?.backgroundOffset == now.backgroundOffset && later?.sheetTop == now.sheetTop
            && controller.keyboardHeight(at: controller.time + 60) == controller.keyboardHeight()
    }

    public func handle(_ touch: SimTouch) {
        let t = touch.time
        switch (touch.phase, finger) {
        case (.down, _):
            if case .sheet = finger { release(touch, cancelled: true) } // a second touch-down replaces the first
            let frame = controller.frame
            if Double(touch.location.y) < frame.sheetTop {
                finger = frame.state.isPresented ? .backdrop(down: touch.location, moved: false) : .none
                return
            }
            // On the handle the finger drags the sheet itself; below it the
            // inner scroll view takes it first while it scrolls.
            let onHandle = Double(touch.location.y) < frame.sheetTop + Double(handleHeight)
            let scrollViewHasIt = !onHandle && controller.isInnerScrollEnabled
            if scrollViewHasIt { scrollView.handle(touch) }
            if onHandle ? controller.handleDragBegan(at: t) : controller.dragBegan(at: t) {
                finger = .sheet(downY: Double(touch.location.y), scrollViewHasIt: scrollViewHasIt)
            } else {
                if scrollViewHasIt { scrollView.touchCancelled() }
                finger = .none
            }
        case (.moved, .backdrop(let down, let moved)):
            finger = .backdrop(down: down, moved: moved || touch.location != down)
        case (.moved, .sheet):
            move(touch)
        case (.up, .backdrop(let down, let moved)):
            finger = .none
            if !moved, touch.location == down { controller.backdropTapped(at: t) }
        case (.up, .sheet):
            release(touch, cancelled: false)
        case (.cancelled, .sheet):
            release(touch, cancelled: true)
        default:
            if touch.phase == .up || touch.phase == .cancelled { finger = .none }
        }
    }

    /// The finger moved on the sheet: the scroll view first (when it has
    /// the touch), then the sheet, with the content offset of that instant.
    private func move(_ touch: SimTouch) {
        guard case .sheet(let downY, var scrollViewHasIt) = finger else { return }
        var contentOffset: CGFloat?
        if scrollViewHasIt {
            scrollView.handle(SimTouch(phase: .moved, location: touch.location, velocity: touch.velocity,
                                       time: touch.time))
            contentOffset = reportedContentOffset()
        }
        controller.dragChanged(translation: Double(touch.location.y) - downY, at: touch.time,
                               contentOffset: contentOffset)
        if scrollViewHasIt, !controller.isInnerScrollEnabled {
            // The core disabled the scroll view (the overscroll return's delay is over): the content lets go.
            scrollView.touchCancelled()
            scrollViewHasIt = false
        } else if !scrollViewHasIt, controller.frame.isContentScrolling {
            // Scrolling expands first: the sheet reached its first detent and
            // the content (at the offset the core set) takes the finger from here.
            scrollView.handle(SimTouch(phase: .down, location: touch.location, velocity: touch.velocity,
                                       time: touch.time))
            scrollViewHasIt = true
        }
        finger = .sheet(downY: downY, scrollViewHasIt: scrollViewHasIt)
    }

    /// The content offset the sheet reads: the scroll view's, rubber band
    /// included (AppCoda's `minY`). With `overscrollFollowsFinger`, past the
    /// content's top the band undone: that sheet takes the overscroll as
    /// the finger made it, before the view would band it, so the hand-off
    /// does not depend on how far the finger went in the frame it happened.
    private func reportedContentOffset() -> CGFloat {
        let y = Double(scrollView.contentOffset.y)
        var bounds = scrollView.bounds
        guard controller.configuration.options.contains(.overscrollFollowsFinger), y < bounds.min else { return y }
        return sd_scroll_drag_raw(y, &bounds, Double(scrollView.frame.height), scrollView.bounces ? 1 : 0)
    }

    private func release(_ touch: SimTouch, cancelled: Bool) {
        guard case .sheet = finger else { return }
        // Lifting: first to where the finger lifted (the frames may have
        // delivered an earlier place), as a scroll view does.
        if !cancelled { move(touch) }
        guard case let .sheet(_, scrollViewHasIt) = finger else { return }
        finger = .none
        if scrollViewHasIt {
            // The content decelerates only when it had the finger.
            if !cancelled, controller.frame.isContentScrolling { scrollView.handle(touch) } else { scrollView.touchCancelled() }
        }
        controller.dragEnded(velocity: cancelled ? 0 : touch.velocity.dy, at: touch.time)
    }

    public func perform(_ action: SurfaceAction) {
        guard let object = try? JSONNode(.object(action.arguments)).object() else { return }
        switch action.name {
        case "move":
            guard let node = object["to"], let detent = try? SheetSurfaceDescription.detent(node) else { return }
            let animated = (try? object["animated"]?.bool()) ?? true
            controller.move(to: detent, animated: animated)
        case "resize":
            guard let height = try? object["height"]?.positiveNumber() else { return }
            _ = try? controller.resize(containerHeight: height,
                                       safeAreaTop: (try? object["safeAreaTop"]?.nonNegativeNumber()).flatMap { $0 },
                                       safeAreaBottom: (try? object["safeAreaBottom"]?.nonNegativeNumber()).flatMap { $0 })
        case "keyboard":
            guard let height = try? object["height"]?.nonNegativeNumber() else { return }
            let duration = (try? object["duration"]?.number()) ?? 0.25
            let curve = (try? object["curve"]?.number()) ?? 7
            controller.keyboardWillChange(top: controller.configuration.containerHeight - height, duration: duration,
                                          curve: Int(curve))
        default:
            break
        }
    }

    public func summary() -> [String] {
        let frame = controller.frame
        var lines: [String] = []
        if let note { lines.append(note) }
        lines.append("sheet: resting at \(SheetSurfaceDescription.name(frame.state.detent)) (top \(JSONValue.number(frame.sheetTop)) of \(JSONValue.number(controller.configuration.containerHeight))), \(frame.state.isPresented ? "presented" : "dismissed"), backdrop \(JSONValue.number(frame.backdropAlpha))")
        for logged in events {
            lines.append("sheet: t=\(String(format: "%.3f", logged.time)) s \(Self.name(logged.event))")
        }
        return lines
    }
}
