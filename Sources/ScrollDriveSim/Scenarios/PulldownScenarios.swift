import Foundation

// The pull-down panel's built-in scenarios. All use the article preset on a
// 414 x 736 pt screen (top bar 64, tab bar 49). The finger's y grows
// downwards: a finger moving down pulls the chat list down; on the open
// panel, a finger moving up pulls the panel up (its content offset grows).
// Pulling the list down past its top is rubber-banded, so the finger
// travels further than the list moves (400 pt of finger give ~170 pt).
// The scenarios that start from an open panel open it first with the same
// pull as `pulldown-open`.

extension Scenario {
    /// The first half of the scenarios that need an open panel: pull, release, let it open.
    private static let pulldownOpening = """
            {"do": "wait", "duration": 0.2},
            {"do": "drag", "from": [207, 150], "to": [207, 550], "duration": 0.6, "curve": "ease-in-out"},
            {"do": "wait", "duration": 0.6}
        """

    private static func pulldownScript(_ steps: String, surface: String = "") -> String {
        """
        {
          "surface": {"type": "pulldown", "preset": "article"\(surface)},
          "scrollView": {"width": 414, "height": 736, "contentHeight": 2400},
          "steps": [
        \(steps)
          ]
        }
        """
    }

    /// Pull the chat list past cp1 while still moving down and release: the panel opens.
    public static let pulldownOpen = Scenario(
        name: "pulldown-open",
        summary: "pull the chat list down past cp1 (90 pt) and release while still moving down: the panel opens in 0.35 s, one haptic",
        script: pulldownScript(pulldownOpening))

    /// Pull past cp1, move back up a little, release: WeChat stays put.
    public static let pulldownCancel = Scenario(
        name: "pulldown-cancel",
        summary: "pull the chat list past cp1, move back up a little and release: it stays idle and springs back, as WeChat does",
        script: pulldownScript("""
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [207, 150], "to": [207, 550], "duration": 0.6, "lift": false},
                {"do": "drag", "to": [207, 520], "duration": 0.2, "curve": "linear"}
            """))

    /// Open, then pull the panel up and release while still moving up: it closes.
    public static let pulldownClose = Scenario(
        name: "pulldown-close",
        summary: "open the panel, then pull it up 200 pt and release while moving up: it closes in 0.4 s and everything resets",
        script: pulldownScript(pulldownOpening + """
            ,
                {"do": "drag", "from": [207, 650], "to": [207, 450], "duration": 0.3, "curve": "linear"}
            """))

    /// Open, pull the panel up 410, back down to 400, release: the slow return.
    public static let pulldownReturn = Scenario(
        name: "pulldown-return",
        summary: "open the panel, pull it up 410 pt, back down to 400 and release: it returns over 1.5 s (half the way in the first 0.45 s)",
        script: pulldownScript(pulldownOpening + """
            ,
                {"do": "drag", "from": [207, 650], "to": [207, 240], "duration": 0.6, "lift": false},
                {"do": "drag", "to": [207, 250], "duration": 0.15, "curve": "linear"}
            """))

    /// Open, drag the mini-program list up 140: the panel closes.
    public static let pulldownListClose = Scenario(
        name: "pulldown-list-close",
        summary: "open the panel, drag the mini-program list up 140 pt (past 135) and release: the panel closes",
        script: pulldownScript(pulldownOpening + """
            ,
                {"do": "drag", "from": [207, 400], "to": [207, 260], "duration": 0.4, "curve": "linear"}
            """))

    /// `pulldown-return` with reduced motion: the same gestures and end states, short transitions.
    public static let pulldownReducedMotion = Scenario(
        name: "pulldown-reduced-motion",
        summary: "pulldown-return with reduced motion: the panel opens in 0.2 s (not 0.35) and, pulled up to 400 pt and released, returns in 0.2 s (not 1.5), half the way in the first 0.06 s; the same open panel at the end",
        script: pulldownScript(pulldownOpening + """
            ,
                {"do": "drag", "from": [207, 650], "to": [207, 240], "duration": 0.6, "lift": false},
                {"do": "drag", "to": [207, 250], "duration": 0.15, "curve": "linear"}
            """, surface: #", "reducedMotion": true"#))

    /// The pull-down panel's scenarios, in the order `scrolldrive scenarios` lists them.
    public static let pulldownScenarios: [Scenario] = [
        .pulldownOpen, .pulldownCancel, .pulldownClose, .pulldownReturn, .pulldownListClose, .pulldownReducedMotion,
    ]
}
