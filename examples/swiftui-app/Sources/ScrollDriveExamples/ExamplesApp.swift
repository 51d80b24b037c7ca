import ScrollDrive
import SwiftUI

/// One screen per seed: AirBar's list with its bar, the AppCoda restaurant
/// list with its sheet, WeChat's chats with the mini-program panel, and a
/// feed that refreshes.
@main
struct ExamplesApp: App {
    var body: some Scene {
        WindowGroup {
            NavigationStack {
                List {
                    NavigationLink("Stays: AirBar's expandable bar") { StaysScreen() }
                    NavigationLink("Restaurants: the AppCoda sheet") { RestaurantsScreen() }
                    NavigationLink("Chats: WeChat's mini-program panel") { ChatsScreen() }
                    NavigationLink("Feed: pull to refresh") { FeedScreen() }
                }
                .navigationTitle("ScrollDrive")
            }
        }
    }
}
