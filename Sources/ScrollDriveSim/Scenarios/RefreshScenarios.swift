import Foundation

// The refresh surface's built-in scenarios: a 375 x 667 pt screen with a
// 64 pt nav bar and a 49 pt tab bar (the content insets at rest), MJRefresh's
// header (54) and footer (44), a 2000 pt list. A finger moving down pulls the
// list down past its top, rubber-banded (250 pt of finger give about 120 pt
// of pull). The simulated app refreshes for `refreshTime` seconds and loads a
// 1000 pt page in `loadTime` seconds.

extension Scenario {
    private static func refreshScript(_ surface: String, _ steps: String) -> String {
        """
        {
          "surface": {"type": "refresh", "insetTop": 64, "insetBottom": 49\(surface)},
          "scrollView": {"width": 375, "height": 667, "contentHeight": 2000},
          "steps": [
        \(steps)
          ]
        }
        """
    }

    /// A pull of 250 pt of finger (about 120 pt of list) released at 0.7 s, then 2 s to settle.
    private static let refreshPullAndRelease = """
            {"do": "wait", "duration": 0.2},
            {"do": "drag", "from": [187, 150], "to": [187, 400], "duration": 0.5, "curve": "ease-in-out"},
            {"do": "wait", "duration": 2}
        """

    /// Pull past the threshold and release: refreshing, held, then the header scrolls away.
    public static let refreshPull = Scenario(
        name: "refresh-pull",
        summary: "pull the list down past 54 pt and release: refreshing with the header held in view (inset top 118); told to refresh once the header is in place (0.25 s), the app works 1 s, then the header scrolls away in 0.4 s",
        script: refreshScript("", refreshPullAndRelease))

    /// Pull past the threshold, back above it, release: nothing happens.
    public static let refreshPullBack = Scenario(
        name: "refresh-pull-back",
        summary: "pull the list past 54 pt (pulling), move back up above it (idle) and release: no refresh, the list springs back",
        script: refreshScript("", """
                {"do": "wait", "duration": 0.2},
                {"do": "drag", "from": [187, 150], "to": [187, 400], "duration": 0.5, "lift": false},
                {"do": "drag", "to": [187, 220], "duration": 0.3, "curve": "linear"}
            """))

    /// The app answers at once; the minimum refreshing time keeps the header 1 s.
    public static let refreshMinimumTime = Scenario(
        name: "refresh-minimum-time",
        summary: "an app that refreshes in 0.05 s under a 1.5 s minimum refreshing time: the header stays until 1.5 s after refreshing began",
        script: refreshScript(#", "minimumRefreshingTime": 1.5, "refreshTime": 0.05"#, refreshPullAndRelease))

    /// Flings to the end: one load per approach, then no more data.
    public static let refreshLoadMore = Scenario(
        name: "refresh-load-more",
        summary: "fling to the end with a 200 pt trigger: the footer loads once per approach (a 1000 pt page each), and after 2 pages says no more data",
        script: refreshScript(#", "triggerDistance": 200"#, """
                {"do": "wait", "duration": 0.2},
                {"do": "fling", "from": [187, 560], "to": [187, 420], "duration": 0.1, "velocity": -3000},
                {"do": "wait", "duration": 2.5},
                {"do": "fling", "from": [187, 560], "to": [187, 420], "duration": 0.1, "velocity": -3000},
                {"do": "wait", "duration": 2.5},
                {"do": "fling", "from": [187, 560], "to": [187, 420], "duration": 0.1, "velocity": -3000},
                {"do": "wait", "duration": 2.5}
            """))

    /// The app starts a refresh by itself.
    public static let refreshProgrammatic = Scenario(
        name: "refresh-programmatic",
        summary: "the app calls beginRefreshing: the header comes into view in 0.25 s, the app is told to refresh then, and the header goes after the app's 1 s",
        script: refreshScript("", """
                {"do": "wait", "duration": 0.2},
                {"do": "surface", "action": "beginRefreshing"},
                {"do": "wait", "duration": 2}
            """))

    /// `refresh-pull` with reduced motion: the same events, short header motions.
    public static let refreshReducedMotion = Scenario(
        name: "refresh-reduced-motion",
        summary: "refresh-pull with reduced motion: the header comes into view in 0.2 s (not 0.25), the app is told to refresh then and works 1 s, and the header scrolls away in 0.2 s (not 0.4); the same events and inset",
        script: refreshScript(#", "reducedMotion": true"#, refreshPullAndRelease))

    /// The refresh surface's scenarios, in the order `scrolldrive scenarios` lists them.
    public static let refreshScenarios: [Scenario] = [
        .refreshPull, .refreshPullBack, .refreshMinimumTime, .refreshLoadMore, .refreshProgrammatic,
        .refreshReducedMotion,
    ]
}
