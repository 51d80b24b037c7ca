import Foundation

// The bottom sheet's built-in scenarios. All use a 390 x 800 pt screen, the
// container of AppCoda's SwiftUI bottom-sheet chapter, so the numbers are the
// chapter's: half puts the sheet's top
// at 400, full at 50; a release more than 200 pt up goes full, more than
// 240 pt down dismisses; at full, pulling the content more than 120 pt past
// its top returns the sheet to half. The finger's y grows downwards.

extension Scenario {
    /// Every sheet scenario, in the order `scrolldrive scenarios` lists them.
    public static let sheetScenarios: [Scenario] = [
        .sheetOpenFull, .sheetDismiss, .sheetCancel, .sheetScrollHandoff, .sheetFlick, .sheetBackdropTap,
        .sheetUndimmed, .sheetTapStepsDown, .sheetNoDismiss, .sheetSequential, .sheetDismissVelocity,
        .sheetScrollExpands, .sheetHandleAtFull, .sheetSafeArea, .sheetReducedMotion, .sheetKeyboard,
        .sheetKeyboardDrag, .sheetKeyboardInteractive, .sheetKeyboardFillParent,
    ]

    /// Half to full: a drag up by 250 pt (past 25% of 800).
    public static let sheetOpenFull = Scenario(
        name: "sheet-open-full",
        summary: "drag the half sheet up 250 pt (more than 25% of the 800 pt screen) and release: it springs to full (top 50)",
        script: """
            {
              "surface": {"type": "sheet"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 520], "to": [195, 270], "duration": 0.4, "curve": "ease-in-out"},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// Half to dismissed: a drag down by 280 pt (past 30% of 800).
    public static let sheetDismiss = Scenario(
        name: "sheet-dismiss",
        summary: "drag the half sheet down 280 pt (more than 30% of the screen) and release: dismissed, backdrop gone, background back",
        script: """
            {
              "surface": {"type": "sheet"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 440], "to": [195, 720], "duration": 0.4, "curve": "ease-in-out"},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// Two drags below the thresholds: the sheet springs back to half each time.
    public static let sheetCancel = Scenario(
        name: "sheet-cancel",
        summary: "drag the half sheet up 180 pt, release (below 200: back to half); then down 220 pt, release (below 240: back to half)",
        script: """
            {
              "surface": {"type": "sheet"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 520], "to": [195, 340], "duration": 0.4},
                {"do": "wait", "duration": 0.8},
                {"do": "drag", "from": [195, 440], "to": [195, 660], "duration": 0.4},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// At full: scroll the content, then pull it back down past its top
    /// until the sheet returns to half (AppCoda's hand-off: the sheet sits
    /// where the scroll view reports the content, rubber band included).
    public static let sheetScrollHandoff = Scenario(
        name: "sheet-scroll-handoff",
        summary: "at full, scroll the content up 200 pt; then drag down: the content scrolls back to its top and rubber-bands past it, the sheet sits as far below full as the content is pulled, and once that passes 120 pt (about 260 pt of finger) it returns to half; the scroll view is disabled 0.5 s later",
        script: """
            {
              "surface": {"type": "sheet", "initial": "full"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 600], "to": [195, 400], "duration": 0.4, "curve": "ease-in-out"},
                {"do": "wait", "duration": 0.4},
                {"do": "drag", "from": [195, 150], "to": [195, 750], "duration": 1.0, "curve": "linear"},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// Velocity projection: short flicks that move a detent each way; the
    /// flick down at full needs UIKit's hand-off and release from the first
    /// detent (AppCoda's sheet would spring back to full).
    public static let sheetFlick = Scenario(
        name: "sheet-flick",
        summary: "velocity projection with UIKit's hand-off and releases from full: a 60 pt flick up at 1500 pt/s takes half to full; a 60 pt flick down at 700 pt/s takes full back to half",
        script: """
            {
              "surface": {"type": "sheet", "projection": true, "overscrollFollowsFinger": true,
                          "releasesFromFirstDetent": true},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "fling", "from": [195, 520], "to": [195, 460], "duration": 0.06, "velocity": -1500},
                {"do": "wait", "duration": 1.0},
                {"do": "fling", "from": [195, 300], "to": [195, 360], "duration": 0.06, "velocity": 700},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// A tap above the sheet dismisses it.
    public static let sheetBackdropTap = Scenario(
        name: "sheet-backdrop-tap",
        summary: "tap the dimmed backdrop above the half sheet: it springs down and is dismissed",
        script: """
            {
              "surface": {"type": "sheet"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "tap", "at": [195, 200]},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    // The detent policies, one scenario each.

    /// Largest undimmed detent at half (UIKit's `largestUndimmedDetentIdentifier`).
    public static let sheetUndimmed = Scenario(
        name: "sheet-undimmed",
        summary: "largest undimmed detent half: at half the backdrop is clear and a tap above the sheet reaches the content behind (nothing moves); dragged to full, the backdrop dims",
        script: """
            {
              "surface": {"type": "sheet", "largestUndimmedDetent": "half"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "tap", "at": [195, 200]},
                {"do": "wait", "duration": 0.3},
                {"do": "drag", "from": [195, 520], "to": [195, 270], "duration": 0.4, "curve": "ease-in-out"},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// A backdrop tap that steps one detent down instead of dismissing.
    public static let sheetTapStepsDown = Scenario(
        name: "sheet-tap-steps-down",
        summary: "backdrop tap set to step down: a tap above the full sheet takes it to half, not away",
        script: """
            {
              "surface": {"type": "sheet", "initial": "full", "backdropTap": "stepDown"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "tap", "at": [195, 20]},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// Interactive dismissal off (SwiftUI's `interactiveDismissDisabled`).
    public static let sheetNoDismiss = Scenario(
        name: "sheet-no-dismiss",
        summary: "interactive dismissal off: dragged down 300 pt from half (past the 240 pt that dismisses), the sheet rubber-bands below half and springs back",
        script: """
            {
              "surface": {"type": "sheet", "interactiveDismissDisabled": true},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 440], "to": [195, 740], "duration": 0.4, "curve": "ease-in-out"},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// Sequential snapping with projection (one detent per swipe, as
    /// react-native-bottom-sheet #783 asks).
    public static let sheetSequential = Scenario(
        name: "sheet-sequential",
        summary: "four detents (full, half, 3/4, dismissed), projection and sequential snapping: a hard flick up from 3/4 (which alone would reach full) stops at half",
        script: """
            {
              "surface": {"type": "sheet", "detents": ["full", "half", {"fraction": 0.75}, "dismissed"],
                          "initial": {"fraction": 0.75}, "projection": true, "sequentialSnapping": true},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "fling", "from": [195, 700], "to": [195, 640], "duration": 0.06, "velocity": -3000},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// Dismiss by velocity (FloatingPanel's removal interaction).
    public static let sheetDismissVelocity = Scenario(
        name: "sheet-dismiss-velocity",
        summary: "dismiss velocity 1200 pt/s: a 60 pt flick down at 2000 pt/s from half (far below the 240 pt threshold) dismisses",
        script: """
            {
              "surface": {"type": "sheet", "dismissVelocity": 1200},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "fling", "from": [195, 440], "to": [195, 500], "duration": 0.06, "velocity": 2000},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// Scrolling expands first (UIKit's `prefersScrollingExpandsWhenScrolledToEdge`).
    public static let sheetScrollExpands = Scenario(
        name: "sheet-scroll-expands",
        summary: "scrolling expands first: from half, a 500 pt drag up grows the sheet the 350 pt to full, then the content scrolls the last 150 pt, with no jump at the seam",
        script: """
            {
              "surface": {"type": "sheet", "scrollingExpandsFirst": true},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 700], "to": [195, 200], "duration": 1.0, "curve": "linear", "lift": false},
                {"do": "hold", "duration": 0.3}
              ]
            }
            """)

    /// At full, the handle drags the sheet itself (AppCoda's DragGesture on
    /// the sheet), and the release goes back to full (its onEnded acts only
    /// at half).
    public static let sheetHandleAtFull = Scenario(
        name: "sheet-handle-at-full",
        summary: "a 24 pt handle: at full, a 200 pt drag on it shows the sheet's top at 250 and, released, springs back to full; the content never scrolls",
        script: """
            {
              "surface": {"type": "sheet", "initial": "full", "handleHeight": 24},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 60], "to": [195, 260], "duration": 0.5, "curve": "ease-in-out", "lift": false},
                {"do": "hold", "duration": 0.2},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// The keyboard: the half sheet rises with it and comes back down with it.
    public static let sheetKeyboard = Scenario(
        name: "sheet-keyboard",
        summary: "keyboard \"rise\": a 300 pt keyboard comes up over 0.25 s (the keyboard's curve) and the half sheet rises with it to 100, at the same detent; a drag moves it from there; the keyboard goes over 0.25 s and the sheet settles back at half",
        script: """
            {
              "surface": {"type": "sheet", "keyboard": "rise"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "surface", "action": "keyboard", "height": 300, "duration": 0.25, "curve": 7},
                {"do": "wait", "duration": 0.5},
                {"do": "drag", "from": [195, 300], "to": [195, 340], "duration": 0.3, "curve": "linear"},
                {"do": "wait", "duration": 0.8},
                {"do": "surface", "action": "keyboard", "height": 0, "duration": 0.25, "curve": 7},
                {"do": "wait", "duration": 0.5}
              ]
            }
            """)

    /// A drag that begins while the keyboard is still coming up stays under the finger.
    public static let sheetKeyboardDrag = Scenario(
        name: "sheet-keyboard-drag",
        summary: "keyboard \"rise\": a 300 pt keyboard comes up over 0.5 s (linear) and a drag takes the sheet 0.25 s into it, at 250, moving 40 pt down in 0.2 s: the sheet stays under the finger while the keyboard goes on rising, and the release (190 pt below half's rest top, less than 30%) lands on that rest top over the keyboard, 100",
        script: """
            {
              "surface": {"type": "sheet", "keyboard": "rise"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "surface", "action": "keyboard", "height": 300, "duration": 0.5, "curve": 3},
                {"do": "wait", "duration": 0.25},
                {"do": "drag", "from": [195, 500], "to": [195, 540], "duration": 0.2, "curve": "linear"},
                {"do": "wait", "duration": 0.8}
              ]
            }
            """)

    /// gorhom's default keyboard behaviour: up to the first detent above the keyboard, and back.
    public static let sheetKeyboardInteractive = Scenario(
        name: "sheet-keyboard-interactive",
        summary: "keyboard \"interactive\": a 336 pt keyboard comes up over 0.25 s and the half sheet goes to full, lifted to max(0, 50 - 336) = 0; the content scrolls 150 pt under the finger (the sheet stays); the keyboard goes and the sheet goes back to half, where it came from",
        script: """
            {
              "surface": {"type": "sheet", "keyboard": "interactive"},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "surface", "action": "keyboard", "height": 336, "duration": 0.25, "curve": 7},
                {"do": "wait", "duration": 0.5},
                {"do": "drag", "from": [195, 400], "to": [195, 250], "duration": 0.4, "curve": "linear", "lift": false},
                {"do": "hold", "duration": 0.2},
                {"do": "surface", "action": "keyboard", "height": 0, "duration": 0.25, "curve": 7},
                {"do": "wait", "duration": 0.8}
              ]
            }
            """)

    /// gorhom's "fillParent" on a notched phone: to the status bar, and back.
    public static let sheetKeyboardFillParent = Scenario(
        name: "sheet-keyboard-fill-parent",
        summary: "keyboard \"fillParent\" on a notched phone (844 pt, insets 47 / 34): a 336 pt keyboard takes the half sheet (428.5) to the safe area's top, 47, at full; the keyboard goes and it goes back to half",
        script: """
            {
              "surface": {"type": "sheet", "keyboard": "fillParent", "safeAreaTop": 47, "safeAreaBottom": 34},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "surface", "action": "keyboard", "height": 336, "duration": 0.25, "curve": 7},
                {"do": "wait", "duration": 0.8},
                {"do": "surface", "action": "keyboard", "height": 0, "duration": 0.25, "curve": 7},
                {"do": "wait", "duration": 0.8}
              ]
            }
            """)

    /// A notched phone: detents below the status bar, then a rotation that
    /// changes the container and the safe area's insets.
    public static let sheetSafeArea = Scenario(
        name: "sheet-safe-area",
        summary: "a notched phone (844 pt, status bar 47, home indicator 34): half rests at 428.5 (47 + (844 - 47 - 34) / 2, a fraction of the space between the insets), a drag up takes it to full at 97 (never under the status bar); rotated to landscape (390 pt, insets 0 and 21) the resting sheet moves to full's new top, 50",
        script: """
            {
              "surface": {"type": "sheet", "safeAreaTop": 47, "safeAreaBottom": 34},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 560], "to": [195, 300], "duration": 0.4, "curve": "ease-in-out"},
                {"do": "wait", "duration": 1.0},
                {"do": "surface", "action": "resize", "height": 390, "safeAreaTop": 0, "safeAreaBottom": 21},
                {"do": "wait", "duration": 0.2}
              ]
            }
            """)

    /// Reduced motion: the same drag up from half as `sheet-open-full`, but
    /// the sheet's own move is short and direct.
    public static let sheetReducedMotion = Scenario(
        name: "sheet-reduced-motion",
        summary: "reduced motion: a drag up from half past the threshold, then the sheet moves to full by itself in exactly 0.25 s, critically damped from rest, never past full",
        script: """
            {
              "surface": {"type": "sheet", "reducedMotion": true},
              "scrollView": {"width": 390, "height": 800, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 520], "to": [195, 270], "duration": 0.4, "curve": "linear"},
                {"do": "wait", "duration": 0.4}
              ]
            }
            """)
}
