import CScrollDrive
import Foundation

extension RefreshController {
    /// The header's states, as MJRefresh names them.
    public enum HeaderState: String, Hashable, Sendable, CaseIterable {
        /// At rest, or pulled less than the threshold.
        case idle
        /// Pulled past the threshold while dragging: releasing now refreshes.
        case pulling
        /// Refreshing: the header is held in view (the inset top holds it) while the app works.
        case refreshing
        /// The app ended the refresh; the header is scrolling away (`endDuration`).
        case done

        init(_ raw: UInt32) {
            switch raw {
            case SD_REFRESH_HEADER_PULLING.rawValue: self = .pulling
            case SD_REFRESH_HEADER_REFRESHING.rawValue: self = .refreshing
            case SD_REFRESH_HEADER_DONE.rawValue: self = .done
            default: self = .idle
            }
        }
    }

    /// The footer's states.
    public enum FooterState: String, Hashable, Sendable, CaseIterable {
        /// Waiting for the end to come near.
        case idle
        /// Loading more; the app ends it with `endLoading`.
        case loading
        /// Everything is loaded: the footer does not fire until `resetNoMoreData`.
        case noMoreData

        init(_ raw: UInt32) {
            switch raw {
            case SD_REFRESH_FOOTER_LOADING.rawValue: self = .loading
            case SD_REFRESH_FOOTER_NO_MORE_DATA.rawValue: self = .noMoreData
            default: self = .idle
            }
        }
    }

    /// The two machines at one time.
    public struct State: Hashable, Sendable {
        /// The header's state.
        public let header: HeaderState
        /// The footer's state.
        public let footer: FooterState

        /// A state with the given header and footer states (for comparisons in tests and apps).
        public init(header: HeaderState, footer: FooterState) {
            self.header = header
            self.footer = footer
        }
    }

    /// What the controller tells its observer. In one step they come in
    /// this order: `headerStateChanged`, `refresh`, `footerStateChanged`,
    /// `loadMore`.
    public enum Event: Hashable, Sendable {
        /// The header's state changed (to the state given).
        case headerStateChanged(HeaderState)
        /// Start the app's refresh, then call `endRefreshing`: told when the
        /// header's begin motion (`beginDuration` after a release past the
        /// threshold, or `beginRefreshing`) has brought it into place, in
        /// the tick that finishes it (at once with no begin motion), as
        /// MJRefresh calls its refreshing block in that animation's completion.
        case refresh
        /// The footer's state changed (to the state given).
        case footerStateChanged(FooterState)
        /// The footer fired: load more, then call `endLoading`. Once per
        /// approach of the end: it fires again only after the end has left
        /// the trigger zone.
        case loadMore
    }

    /// Everything a view applies in one frame: the header's and the footer's
    /// placement, the header's progress, the scroll view's insets and, while
    /// a motion drives it, its content offset (the controller sets it on
    /// the attached scroll view).
    public struct Frame: Hashable, Sendable {
        /// The time sampled, seconds on the caller's clock.
        public let time: TimeInterval
        /// The two machines at that time.
        public let state: State
        /// A begin or end motion is running: keep ticking.
        public let isAnimating: Bool
        /// The motion drives the content offset: it is `contentOffset`.
        public let isOffsetDriven: Bool
        /// The pull distance of `contentOffset`, points.
        public let pullDistance: CGFloat
        /// The header's progress, 0...1: pull distance / threshold (at most 1)
        /// while idle or pulling, 1 while refreshing, easing to 0 while done.
        /// For an arrow's rotation or a spinner's fill.
        public let progress: CGFloat
        /// The header view's y in content coordinates (minus its height), points.
        public let headerTop: CGFloat
        /// How much of the header shows, 0...header height, points.
        public let headerVisibleHeight: CGFloat
        /// The scroll view's content inset top, points (held while refreshing).
        public let insetTop: CGFloat
        /// The scroll view's content inset bottom, points (the footer's height added).
        public let insetBottom: CGFloat
        /// The content offset y shown, points.
        public let contentOffset: CGFloat
        /// The footer view's y in content coordinates (the content height), points.
        public let footerTop: CGFloat
        /// How far the footer's bottom edge is below the viewport's bottom, points
        /// (negative: above it).
        public let remainingDistance: CGFloat
        /// The header's motions are the short ones of reduced motion
        /// (`Configuration.reducedMotion`).
        public let isReducedMotion: Bool

        init(_ f: sd_refresh_frame, time: TimeInterval) {
            self.time = time
            state = State(header: HeaderState(f.header_state), footer: FooterState(f.footer_state))
            isAnimating = f.transition != SD_REFRESH_TRANSITION_NONE.rawValue
            isOffsetDriven = f.offset_driven != 0
            pullDistance = f.pull_distance
            progress = f.progress
            headerTop = f.header_top
            headerVisibleHeight = f.header_visible
            insetTop = f.inset_top
            insetBottom = f.inset_bottom
            contentOffset = f.content_offset
            footerTop = f.footer_top
            remainingDistance = f.remaining
            isReducedMotion = f.reduced_motion != 0
        }
    }
}
