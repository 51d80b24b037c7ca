import CScrollDrive
import Foundation

extension PulldownPanelController {
    /// The article's refresh state (MHRefreshState), shared by the chat list's pull-down and the
    /// open panel's pull-up.
    public enum Phase: String, Equatable, Hashable, Sendable {
        /// At rest, or dragged without the release condition.
        case idle
        /// Releasing now commits: opens the panel (list) or closes it (panel).
        case pulling
        /// Committed: the panel is opening or open (list); closing (panel).
        case refreshing

        init(_ raw: UInt32) {
            switch raw {
            case UInt32(SD_PULLDOWN_PULLING.rawValue): self = .pulling
            case UInt32(SD_PULLDOWN_REFRESHING.rawValue): self = .refreshing
            default: self = .idle
            }
        }
    }

    /// The timed transitions, functions of the time since they started.
    public enum Transition: String, Equatable, Hashable, Sendable {
        /// No transition runs.
        case none
        /// Release while pulling -> open (`transitionDuration`). Locks interaction.
        case opening
        /// Open -> rest on the list side: nav bar, list and tab bar come
        /// back, the balls collapse (`transitionDuration`). Locks interaction.
        case restoring
        /// The panel flies up and fades (`closeDuration`). Locks interaction.
        case closing
        /// The slow return of the panel to its top (`returnDuration`). A new drag cancels it.
        case returning

        init(_ raw: UInt32) {
            switch raw {
            case UInt32(SD_PULLDOWN_TRANSITION_OPEN.rawValue): self = .opening
            case UInt32(SD_PULLDOWN_TRANSITION_RESTORE.rawValue): self = .restoring
            case UInt32(SD_PULLDOWN_TRANSITION_CLOSE.rawValue): self = .closing
            case UInt32(SD_PULLDOWN_TRANSITION_RETURN.rawValue): self = .returning
            default: self = .none
            }
        }

        var cValue: sd_pulldown_transition {
            switch self {
            case .none: return SD_PULLDOWN_TRANSITION_NONE
            case .opening: return SD_PULLDOWN_TRANSITION_OPEN
            case .restoring: return SD_PULLDOWN_TRANSITION_RESTORE
            case .closing: return SD_PULLDOWN_TRANSITION_CLOSE
            case .returning: return SD_PULLDOWN_TRANSITION_RETURN
            }
        }
    }

    /// An immutable snapshot of the three machines (the chat list's
    /// pull-down, the open panel's pull-up, the mini-program list's rules).
    ///
    /// Two states are equal when the machines are bit for bit the same, so
    /// "unchanged" in a test means exactly that (the clock is not part of
    /// the state: see `PulldownPanelController.time`).
    public struct State: Equatable, Sendable {
        let list: sd_pulldown_list_state
        let panel: sd_pulldown_panel_state
        let applets: sd_pulldown_applets_state

        /// How far the chat list is pulled below its resting position,
        /// points (max(0, -(listContentOffset + topBarHeight))).
        public let pullDistance: CGFloat

        init(_ core: sd_pulldown) {
            self = withUnsafePointer(to: core) { State(at: $0) }
        }

        /// The state of the surface at `core`, read in place (the
        /// controller's per-frame path: `SurfaceDriver.read`).
        init(at core: UnsafePointer<sd_pulldown>) {
            list = core.pointee.list
            panel = core.pointee.panel
            applets = core.pointee.applets
            var d = 0.0
            let config = UnsafeRawPointer(core).advanced(by: MemoryLayout<sd_pulldown>.offset(of: \.config)!)
            _ = sd_pulldown_pull_distance(config.assumingMemoryBound(to: sd_pulldown_config.self), list.offset, &d)
            pullDistance = d
        }

        /// Whether the state at `state` equals (`==`) the state of the
        /// surface at `core`, compared where both are (twice a frame: a copy
        /// of either would cost more than the comparison). The three
        /// machines follow one another in both structs (the layouts are
        /// fixed at compile time, so the choice below is too), which makes
        /// it one comparison.
        @inline(__always)
        static func matches(_ state: UnsafePointer<State>, _ core: UnsafePointer<sd_pulldown>) -> Bool {
            let list = MemoryLayout<sd_pulldown_list_state>.size, panel = MemoryLayout<sd_pulldown_panel_state>.size
            let all = list + panel + MemoryLayout<sd_pulldown_applets_state>.size
            if MemoryLayout<State>.offset(of: \.panel) == list, MemoryLayout<State>.offset(of: \.applets) == list + panel,
               MemoryLayout<sd_pulldown>.offset(of: \.panel) == MemoryLayout<sd_pulldown>.offset(of: \.list)! + list,
               MemoryLayout<sd_pulldown>.offset(of: \.applets) == MemoryLayout<sd_pulldown>.offset(of: \.list)! + list + panel
            {
                return memcmp(core.pointer(to: \.list)!, state.pointer(to: \.list)!, all) == 0
            }
            return sameBytes(at: core.pointer(to: \.list)!, state.pointer(to: \.list)!)
                && sameBytes(at: core.pointer(to: \.panel)!, state.pointer(to: \.panel)!)
                && sameBytes(at: core.pointer(to: \.applets)!, state.pointer(to: \.applets)!)
        }

        /// The chat list's pull-down phase: refreshing while the panel is opening or open.
        public var listPhase: Phase { Phase(list.phase) }
        /// The open panel's pull-up phase: refreshing while it closes.
        public var panelPhase: Phase { Phase(panel.phase) }
        /// The list machine's transition (opening, restoring), until the tick that finishes it.
        public var listTransition: Transition { Transition(list.transition) }
        /// The panel machine's transition (closing, returning), until the tick that finishes it.
        public var panelTransition: Transition { Transition(panel.transition) }
        /// The latest chat-list content offset y the controller saw, points.
        public var listContentOffset: CGFloat { list.offset }
        /// The panel's pull-up distance u (its scroll view's content offset,
        /// >= 0), points; the return curve's value at the last tick while it runs.
        public var panelPullUpDistance: CGFloat { panel.offset }
        /// The panel is open and settled (no opening or restoring running).
        public var isOpen: Bool {
            list.phase == UInt32(SD_PULLDOWN_REFRESHING.rawValue)
                && list.transition == UInt32(SD_PULLDOWN_TRANSITION_NONE.rawValue)
        }
        /// A locking transition (opening, restoring, closing) is running:
        /// user interaction should be off.
        public var isInteractionLocked: Bool { list.locked != 0 || panel.locked != 0 }
        /// A finger is dragging the open panel.
        public var isPanelDragging: Bool { panel.dragging != 0 }
        /// A mini-program was opened and the panel closes once its page has
        /// appeared (`pageDidAppear(at:)`).
        public var isWaitingForPage: Bool { applets.close_pending != 0 }

        public static func == (a: State, b: State) -> Bool {
            sameBytes(a.list, b.list) && sameBytes(a.panel, b.panel) && sameBytes(a.applets, b.applets)
        }
    }

    /// Everything a view applies in one frame, at one time of the caller's
    /// frame clock.
    ///
    /// The controller has already applied the scroll-view parts to the
    /// attached scroll views (the chat list's content inset top, and its
    /// content offset while `isListOffsetDriven`; the panel's content offset
    /// while `isPanelOffsetDriven`); a view applies the rest: frames,
    /// alphas, transforms, colours, interaction, the haptic.
    public struct Frame: Equatable, Sendable {
        /// The controller's state when the frame was made.
        public let state: State
        /// The time this frame is for, seconds (the caller's clock).
        public let time: TimeInterval
        /// The nav bar's top edge, points from the screen top.
        public let navigationBarTop: CGFloat
        /// The nav bar's background.
        public let navigationBarColour: Colour
        /// The three-ball indicator (between the screen top and the nav bar).
        public let indicator: Indicator
        /// The panel container (mask, weather layer, panel) as a whole.
        public let containerAlpha: CGFloat
        /// The mini-program panel's alpha.
        public let panelAlpha: CGFloat
        /// The panel's horizontal scale about its top edge.
        public let panelScaleX: CGFloat
        /// The panel's vertical scale about its top edge.
        public let panelScaleY: CGFloat
        /// The panel's y offset, points (-u while pulled up).
        public let panelY: CGFloat
        /// The dark mask's alpha.
        public let maskAlpha: CGFloat
        /// The weather layer's alpha.
        public let weatherAlpha: CGFloat
        /// The weather layer's y offset, points.
        public let weatherY: CGFloat
        /// The tab bar's alpha.
        public let tabBarAlpha: CGFloat
        /// The tab bar's top edge, points.
        public let tabBarY: CGFloat
        /// The chat list's frame origin y, points (below the nav bar while open).
        public let listY: CGFloat
        /// The chat list's content inset top, points.
        public let listInsetTop: CGFloat
        /// The chat list's content offset y, points.
        public let listContentOffset: CGFloat
        /// The controller drives the list's content offset (while opening).
        public let isListOffsetDriven: Bool
        /// The panel scroll view's content offset (the pull-up distance u), points.
        public let panelContentOffset: CGFloat
        /// The controller drives the panel's content offset (during the slow return).
        public let isPanelOffsetDriven: Bool
        /// The panel scroll view's content height, points (0 while it is not open).
        public let panelContentHeight: CGFloat
        /// False while opening, restoring or closing runs: the view disables user interaction.
        public let isInteractionEnabled: Bool
        /// A haptic fired since the previous tick (once per gesture, when the
        /// pull enters pulling): emit a light impact.
        public let hapticFired: Bool
        /// The list machine's transition at `time` (none once its duration elapsed).
        public let listTransition: Transition
        /// The panel machine's transition at `time` (none once its duration elapsed).
        public let panelTransition: Transition
        /// The transitions are the short ones of reduced motion
        /// (`Configuration.reducedMotion`).
        public let isReducedMotion: Bool

        /// Inlined, so that a tick writes the frame straight into its result.
        @inline(__always)
        init(_ f: sd_pulldown_frame, time: TimeInterval, state: State) {
            self.state = state
            self.time = time
            navigationBarTop = f.nav_top
            navigationBarColour = Colour(f.nav_colour)
            indicator = Indicator(f.indicator)
            containerAlpha = f.container_alpha
            panelAlpha = f.panel_alpha
            panelScaleX = f.panel_scale_x
            panelScaleY = f.panel_scale_y
            panelY = f.panel_y
            maskAlpha = f.mask_alpha
            weatherAlpha = f.weather_alpha
            weatherY = f.weather_y
            tabBarAlpha = f.tab_bar_alpha
            tabBarY = f.tab_bar_y
            listY = f.list_y
            listInsetTop = f.list_inset_top
            listContentOffset = f.list_offset
            isListOffsetDriven = f.list_offset_driven != 0
            panelContentOffset = f.panel_offset
            isPanelOffsetDriven = f.panel_offset_driven != 0
            panelContentHeight = f.panel_content_height
            isInteractionEnabled = f.interaction_enabled != 0
            hapticFired = f.haptic != 0
            isReducedMotion = f.reduced_motion != 0
            listTransition = Transition(f.list_transition)
            panelTransition = Transition(f.panel_transition)
        }
    }
}
