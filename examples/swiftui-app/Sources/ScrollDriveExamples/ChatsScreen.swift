import ScrollDrive
import SwiftUI

/// WeChat's chats: pull the list down and three balls appear, then merge;
/// let go past the threshold and the mini-program panel opens behind the
/// list, which slides away; pull the panel up to close it.
struct ChatsScreen: View {
    @SwiftUI.State private var pulldown = PulldownPanelModel(configuration: .wechat)

    var body: some View {
        PulldownPanelView(pulldown) {
            LazyVStack { ForEach(Chat.samples) { ChatRow(chat: $0) } }
        } panel: {
            MiniProgramGrid()
        }
    }
}

struct ChatRow: View {
    let chat: Chat

    var body: some View {
        VStack(spacing: 4) {
            Text(chat.name)
            Text(chat.lastMessage)
        }
        .frame(maxWidth: .infinity, minHeight: 72)
    }
}

struct MiniProgramGrid: View {
    var body: some View {
        LazyVStack(spacing: 16) {
            Text("Recently used")
            ForEach(MiniProgram.samples) { Text($0.name).frame(maxWidth: .infinity, minHeight: 56) }
        }
    }
}
