import CScrollDrive
import Foundation

extension SheetController {
    /// The finger on the sheet, as AppCoda's `DragState`.
    public enum DragState: Hashable, Sendable {
        /// No finger on the sheet.
        case inactive
        /// A finger is down but has not moved yet.
        case pressing
        /// The finger moved `translation` points since it went down (positive down).
        case dragging(translation: CGFloat)

        /// The drag's translation, 0 unless dragging.
        public var translation: CGFloat {
            if case let .dragging(translation) = self { return translation }
            return 0
        }

        /// A finger is down (pressing or dragging).
        public var isActive: Bool { self != .inactive }

        /// The finger has moved.
        public var isDragging: Bool {
            if case .dragging = self { return true }
            return false
        }
    }

    /// An immutable snapshot of the sheet at one time.
    public struct State: Hashable, Sendable {
        /// The detent the sheet rests at, or is moving to (the last `willMove` target).
        public let detent: Detent
        /// Index of `detent` in the configuration's detents (0 is the highest).
        public let detentIndex: Int
        /// The finger.
        public let drag: DragState
        /// The sheet's top edge, points from the container top.
        public let position: CGFloat

        /// A state with the given values, for tests and custom views.
        public init(detent: Detent, detentIndex: Int, drag: DragState, position: CGFloat) {
            self.detent = detent
            self.detentIndex = detentIndex
            self.drag = drag
            self.position = position
        }

        /// The state a core frame shows; `detent` is the configuration's
        /// detent at `frame.detent`.
        init(_ frame: sd_sheet_frame, detent: Detent) {
            let index = Int(frame.detent)
            let drag: DragState
            switch frame.drag {
            case UInt32(SD_SHEET_DRAG_PRESSING.rawValue): drag = .pressing
            case UInt32(SD_SHEET_DRAG_DRAGGING.rawValue): drag = .dragging(translation: frame.translation)
            default: drag = .inactive
            }
            self.init(detent: detent, detentIndex: index, drag: drag, position: frame.top)
        }

        /// Whether the sheet is meant to be shown (its detent is not `.dismissed`).
        public var isPresented: Bool { detent != .dismissed }
    }

    /// What the sheet tells its observer, exactly once per transition.
    /// In one step they come in this order, all about the same detent:
    /// `willMove(to:)`, `didMove(to:)`, `dismissed`.
    public enum Event: Hashable, Sendable, CustomStringConvertible {
        /// A move to another detent was committed (a release past a
        /// threshold, the overscroll return, a backdrop tap, `move(to:)`). A
        /// drag released back to where it started reports nothing.
        case willMove(to: Detent)
        /// The sheet landed on the detent of the last `willMove`: on the
        /// tick past the spring's settle time, or at once for a move without
        /// animation. A move replaced by a move to another detent never
        /// reports `didMove` for the first one.
        case didMove(to: Detent)
        /// Right after `didMove(to: .dismissed)`.
        case dismissed

        /// The event as code writes it: `.willMove(to: .full)`,
        /// `.didMove(to: .half)`, `.dismissed`.
        public var description: String {
            switch self {
            case let .willMove(detent): return ".willMove(to: \(detent))"
            case let .didMove(detent): return ".didMove(to: \(detent))"
            case .dismissed: return ".dismissed"
            }
        }
    }

    /// Everything a view applies in one frame: the sheet, the backdrop, the
    /// content behind it and the inner scroll view.
    public struct Frame: Hashable, Sendable {
        /// The time sampled, seconds on the caller's clock.
        public let time: TimeInterval
        /// The sheet's top edge, points from the container top.
        public let sheetTop: CGFloat
        /// The sheet's velocity, points per second (positive down).
        public let velocity: CGFloat
        /// Backdrop (black) opacity, 0...1.
        public let backdropAlpha: CGFloat
        /// Vertical offset of the content behind the sheet, points (negative = up).
        public let backgroundOffset: CGFloat
        /// Whether the inner scroll view may scroll (only at the first detent).
        /// Apply it to a scroll view that does not adopt `ScrollEnabling`.
        public let isInnerScrollEnabled: Bool
        /// The inner content offset the core expects, points (0 = content at its top).
        public let contentOffset: CGFloat
        /// In a drag, the inner content (not the sheet) follows the finger.
        public let isContentScrolling: Bool
        /// A spring is moving the sheet: keep ticking.
        public let isAnimating: Bool
        /// At or below the largest undimmed detent: the content behind the
        /// sheet takes touches (always false without one).
        public let isBackgroundInteractive: Bool
        /// `Options.reducedMotion` is on: the sheet's own moves are short,
        /// direct ones (critically damped, 0.25 s).
        public let isReducedMotion: Bool
        /// How many points of the sheet's visible height (from `sheetTop` to
        /// the container's bottom) the keyboard covers now: min(keyboard
        /// height, container height - `sheetTop`), 0 without a keyboard or
        /// with the sheet off screen. Inset the sheet's content by it, as
        /// UIKit's keyboard layout guide lets a view do.
        public let keyboardOverlap: CGFloat
        /// The sheet, its detent and the finger.
        public let state: State

        init(_ frame: sd_sheet_frame, time: TimeInterval, detent: Detent) {
            func has(_ flag: Int) -> Bool { frame.flags & UInt32(flag) != 0 }
            self.time = time
            sheetTop = frame.top
            velocity = frame.velocity
            backdropAlpha = frame.backdrop_alpha
            backgroundOffset = frame.background_offset
            isInnerScrollEnabled = has(SD_SHEET_FRAME_SCROLL_ENABLED)
            contentOffset = frame.content_offset
            isContentScrolling = has(SD_SHEET_FRAME_CONTENT_SCROLLS)
            isAnimating = has(SD_SHEET_FRAME_ANIMATING)
            isBackgroundInteractive = has(SD_SHEET_FRAME_BACKGROUND_INTERACTIVE)
            isReducedMotion = has(SD_SHEET_FRAME_REDUCED_MOTION)
            keyboardOverlap = frame.keyboard_overlap
            state = State(frame, detent: detent)
        }
    }
}
