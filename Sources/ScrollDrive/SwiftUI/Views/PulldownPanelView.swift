#if canImport(SwiftUI)
import SwiftUI

/// WeChat's chat list with its pull-down mini-program panel, drop-in: your
/// chat rows in a scroll view that, pulled down, shows the three-ball
/// indicator and then opens the panel of your mini-programs behind it.
///
/// ```swift
/// @SwiftUI.State private var pulldown = PulldownPanelModel(configuration: .wechat)
///
/// PulldownPanelView(pulldown) {
///     ChatRows()
/// } panel: {
///     MiniProgramGrid()
/// }
/// ```
///
/// Three scroll views follow the model: the chat list (`pulldown.list`),
/// the open panel's own (`pulldown.panel`, whose pull up closes it) and the
/// mini-program list inside it (`pulldown.miniProgramList`). The list rests
/// below its top bar (`configuration.topBarHeight`, published as its margin
/// from the start) and below the safe area. Your top bar, tab bar and
/// colours read `pulldown.frame` (`navigationBarTop`, `navigationBarColour`,
/// `tabBarY`, ...). Interaction is off while a transition runs, and the
/// light haptic fires once per pull. The clock runs only while the panel
/// needs frames. Needs iOS 18, macOS 15, tvOS 18, watchOS 11 or visionOS 2.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
public struct PulldownPanelView<Chats: View, Panel: View>: View {
    private let model: PulldownPanelModel
    private let chats: Chats
    private let panel: Panel
    private let ballDiameter: CGFloat

    /// `chats` over `panel`; the indicator's balls are `ballDiameter` points across at scale 1.
    public init(_ model: PulldownPanelModel, ballDiameter: CGFloat = 6, @ViewBuilder chats: () -> Chats,
                @ViewBuilder panel: () -> Panel)
    {
        self.model = model
        self.ballDiameter = ballDiameter
        self.chats = chats()
        self.panel = panel()
    }

    public var body: some View {
        GeometryReader { proxy in
            let frame = model.frame
            ZStack(alignment: .top) {
                ScrollView {
                    ScrollView { panel }
                        .scrollLink(model.miniProgramList)
                        .frame(height: proxy.size.height)
                }
                .scrollLink(model.panel)
                .opacity(frame.panelAlpha)
                .scaleEffect(x: frame.panelScaleX, y: frame.panelScaleY, anchor: .top)
                .offset(y: frame.panelY)
                Color.black.opacity(frame.maskAlpha)
                    .allowsHitTesting(false)
                ScrollView { chats }
                    .scrollLink(model.list)
                    .offset(y: frame.listY)
                ThreeBallIndicator(indicator: frame.indicator, diameter: ballDiameter)
            }
            .allowsHitTesting(frame.isInteractionEnabled)
            .sensoryFeedback(.impact(weight: .light), trigger: frame.hapticFired) { $1 }
        }
        .background(FrameClock(isRunning: model.needsFrames) { model.tick(at: $0) })
    }
}

/// The three balls between the screen's top and the pulled list, as the frame places them.
@available(iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2, *)
struct ThreeBallIndicator: View {
    let indicator: PulldownPanelController.Indicator
    let diameter: CGFloat

    var body: some View {
        ZStack {
            ball(indicator.left)
            ball(indicator.centre)
            ball(indicator.right)
        }
        .frame(height: indicator.height)
        .opacity(indicator.alpha)
        .allowsHitTesting(false)
    }

    private func ball(_ ball: PulldownPanelController.Ball) -> some View {
        Circle()
            .frame(width: diameter, height: diameter)
            .scaleEffect(x: ball.scale, y: ball.scale)
            .opacity(ball.alpha)
            .offset(x: ball.x)
    }
}
#endif
