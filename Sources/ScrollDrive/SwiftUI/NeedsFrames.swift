import CScrollDrive
import Foundation

// When a model needs the display's frames: the one rule behind every
// model's `needsFrames`. A view ticks the model only while it is true
// (`TimelineView(.animation(paused: !model.needsFrames))`), so at rest the
// display clock stops, as UIKit's scroll view, `.refreshable` and
// `.presentationDetents` do nothing at rest.
//
// A model needs frames while
//  - one of its scroll views is active (`ScrollLink.isActive`: moving,
//    holding a geometry for the next tick, or asking the view to scroll),
//  - its surface moves by itself (a spring, a motion, a transition, a
//    keyboard's animation, a pending disable, an end that waits) or a
//    finger is on the sheet: the C core's `sd_<surface>_needs_frames`,
//    read below (the bar has no motion of its own), or
//  - the sheet model holds a cancel for its next tick.
// Anything that changes one of these (a finger, a geometry change, a
// programmatic move, a keyboard, a scroll target) sets it at once; the
// tick that finds all of them false clears it.

extension SheetController {
    /// The sheet moves by itself or has a finger on it at the clock: a
    /// drag, a move, the keyboard's or the background's animation still
    /// changing the frame, or the inner list's disable still to come
    /// (`sd_sheet_needs_frames`).
    var needsFrames: Bool { receiver.needsFrames }
}

extension RefreshController {
    /// The header's begin or end motion runs, or an end the app asked for
    /// waits for the minimum refreshing time (`sd_refresh_needs_frames`).
    var needsFrames: Bool { receiver.needsFrames }
}

extension PulldownPanelController {
    /// A transition (with its motion of a scroll view and its interaction
    /// lock) not yet ended by a tick, or a haptic still to show or to clear
    /// (`sd_pulldown_needs_frames`).
    var needsFrames: Bool { receiver.needsFrames }
}
