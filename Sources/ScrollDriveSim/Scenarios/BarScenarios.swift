import Foundation

// The expandable bar's built-in scenarios. All use a 390 x 844 pt phone
// screen and a 60 / 120 / 200 pt bar. The finger's y grows downwards: a
// finger moving up scrolls the content towards its end (content offset
// grows) and collapses the bar; moving down scrolls back towards the top.

extension Scenario {
    /// The README's first command: a fling each way, with a bounce at the top.
    public static let barFling = Scenario(
        name: "bar-fling",
        summary: "fling the content up (the bar collapses to compact), catch it, fling it back past the top (normal again, bounce)",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 3000},
              "steps": [
                {"do": "wait", "duration": 0.25},
                {"do": "fling", "from": [195, 640], "to": [195, 520], "duration": 0.1, "velocity": -1800},
                {"do": "wait", "duration": 1.6},
                {"do": "fling", "from": [195, 300], "to": [195, 420], "duration": 0.1, "velocity": 2600}
              ]
            }
            """)

    /// A slow drag down at the top into the expanded range, released: snaps to expanded.
    public static let barExpandSnap = Scenario(
        name: "bar-expand-snap",
        summary: "slow drag down from the top into the expanded range and release: the bar snaps to expanded",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 300], "to": [195, 360], "duration": 0.8, "curve": "ease-in-out"}
              ]
            }
            """)

    /// From normal in the middle of the content, a fling collapses the bar.
    public static let barFlingCompact = Scenario(
        name: "bar-fling-compact",
        summary: "mid-content, fling the content up: the bar goes from normal to compact and stays there",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400, "contentOffset": 600},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "fling", "from": [195, 600], "to": [195, 500], "duration": 0.1, "velocity": -1500}
              ]
            }
            """)

    /// At the top, a fling up: expanded becomes available as the pan begins
    /// and is withdrawn by the first move.
    public static let barTopFling = Scenario(
        name: "bar-top-fling",
        summary: "at the top, fling the content up: expanded is offered when the pan begins, withdrawn at once; ends compact",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "fling", "from": [195, 600], "to": [195, 540], "duration": 0.08, "velocity": -1200}
              ]
            }
            """)

    /// Releases between two states: the snap animation stops the fling and
    /// finishes the transition, to compact and then back to normal.
    public static let barReleaseMid = Scenario(
        name: "bar-release-mid",
        summary: "release mid-transition twice: the snap stops the fling and finishes to compact, then to normal",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400, "contentOffset": 600},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 500], "to": [195, 465], "duration": 0.25, "curve": "linear"},
                {"do": "wait", "duration": 0.6},
                {"do": "drag", "from": [195, 400], "to": [195, 440], "duration": 0.5}
              ]
            }
            """)

    /// Content shorter than the screen: the bottom inset makes room to collapse.
    public static let barShortContent = Scenario(
        name: "bar-short-content",
        summary: "300 pt of content on an 844 pt screen: drag up past the end (compact, bounce back), then down past the top (normal)",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 300},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 500], "to": [195, 410], "duration": 0.6},
                {"do": "wait", "duration": 0.8},
                {"do": "drag", "from": [195, 300], "to": [195, 400], "duration": 0.6}
              ]
            }
            """)

    /// A tap on decelerating content stops it where it is.
    public static let barTapStop = Scenario(
        name: "bar-tap-stop",
        summary: "fling the content up, then tap: the deceleration stops at once; the bar stays compact",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400, "contentOffset": 400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "fling", "from": [195, 600], "to": [195, 480], "duration": 0.1, "velocity": -2400},
                {"do": "wait", "duration": 0.3},
                {"do": "tap", "at": [195, 400]},
                {"do": "wait", "duration": 0.3}
              ]
            }
            """)

    // The scroll policies, one scenario each; every other bar
    // scenario is AirBar's bar (no policy).

    /// Exit until collapsed: the bar stays compact until the content's top returns.
    public static let barExitUntilCollapsed = Scenario(
        name: "bar-exit-until-collapsed",
        summary: "exit until collapsed: mid-content the bar collapses; dragging back 200 pt leaves it compact (AirBar's would reopen); it grows only as the content's top comes back",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200, "exitUntilCollapsed": true},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400, "contentOffset": 300},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 600], "to": [195, 400], "duration": 0.5},
                {"do": "wait", "duration": 0.3},
                {"do": "drag", "from": [195, 300], "to": [195, 500], "duration": 0.5},
                {"do": "wait", "duration": 0.3},
                {"do": "drag", "from": [195, 200], "to": [195, 700], "duration": 0.8}
              ]
            }
            """)

    /// Snap by direction: a small scroll down releases to compact, not to the nearest (normal).
    public static let barSnapDirection = Scenario(
        name: "bar-snap-direction",
        summary: "snap by direction: from the top, scroll down 20 pt and release: the bar collapses to compact (the nearest height would be normal); 20 pt back up: normal",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200, "snap": "direction"},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 500], "to": [195, 480], "duration": 0.4},
                {"do": "wait", "duration": 0.6},
                {"do": "drag", "from": [195, 480], "to": [195, 500], "duration": 0.4}
              ]
            }
            """)

    /// No snap: released mid-transition, the bar stays where it is.
    public static let barNoSnap = Scenario(
        name: "bar-no-snap",
        summary: "no snap: from the top, scroll down 20 pt and release: the bar stays at 100 pt, between compact and normal",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200, "snap": "none"},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 500], "to": [195, 480], "duration": 0.4}
              ]
            }
            """)

    /// Expanded whenever the content is at its top, not only from a drag that began there.
    public static let barExpandAtTop = Scenario(
        name: "bar-expand-at-top",
        summary: "expanded whenever at the top: a slow drag that begins 40 pt into the content scrolls back to the top and goes on to stretch the bar to expanded (AirBar's stops at normal)",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200, "expandWheneverAtTop": true},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400, "contentOffset": 40},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 300], "to": [195, 540], "duration": 1.6, "curve": "ease-in-out"}
              ]
            }
            """)

    /// The large-title style: two states, the title cross-fading and scaling with the bar.
    public static let barLargeTitle = Scenario(
        name: "bar-large-title",
        summary: "large title (inline 44, large 96, stretch to 140): scrolling collapses to inline as the large title fades out; back at the top a pull stretches the bar and scales the title, and the release returns to large, not to 140",
        script: """
            {
              "surface": {"type": "bar", "compact": 44, "normal": 96, "expanded": 140, "largeTitle": true},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 500], "to": [195, 420], "duration": 0.5},
                {"do": "wait", "duration": 0.5},
                {"do": "drag", "from": [195, 300], "to": [195, 380], "duration": 0.5},
                {"do": "wait", "duration": 0.6},
                {"do": "drag", "from": [195, 300], "to": [195, 335], "duration": 0.8, "curve": "ease-in-out"}
              ]
            }
            """)

    /// Under a notched phone's status bar: the same gestures as AirBar's bar, 47 pt further down.
    public static let barSafeArea = Scenario(
        name: "bar-safe-area",
        summary: "a 60 / 120 / 200 bar below a 47 pt status bar (safeAreaTop): the content rests at -167 with inset 167; scrolling 100 pt collapses it, scrolling back past the top reopens it, a pull at the top snaps it to expanded (content at -247, inset 247); the heights are those without the status bar",
        script: """
            {
              "surface": {"type": "bar", "compact": 60, "normal": 120, "expanded": 200, "safeAreaTop": 47},
              "scrollView": {"width": 390, "height": 844, "contentHeight": 2400},
              "steps": [
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [195, 500], "to": [195, 400], "duration": 0.5},
                {"do": "wait", "duration": 0.5},
                {"do": "drag", "from": [195, 300], "to": [195, 430], "duration": 0.5},
                {"do": "wait", "duration": 0.8},
                {"do": "drag", "from": [195, 300], "to": [195, 360], "duration": 0.8, "curve": "ease-in-out"}
              ]
            }
            """)

    /// `bar-release-mid` with reduced motion: the same snaps, short ease-outs.
    public static let barReducedMotion = Scenario(
        name: "bar-reduced-motion",
        summary: "bar-release-mid with reduced motion: the same releases and snaps (to compact, then to normal), each a 0.15 s ease-out instead of UIKit's 0.25 s ease-in-out",
        // bar-release-mid's script with the one key added.
        script: barReleaseMid.script.replacingOccurrences(of: #""expanded": 200}"#,
                                                          with: #""expanded": 200, "reducedMotion": true}"#))
}
