import Foundation

// The screens' sample content: enough rows to scroll.

struct Stay: Identifiable {
    let id: Int
    let name: String
    let place: String

    static let samples = (0..<40).map { Stay(id: $0, name: "Stay \($0 + 1)", place: "\(($0 % 9) + 1) km away") }
}

struct Restaurant: Identifiable {
    let id: Int
    let name: String
    let kind: String
    let address: String
    let phone: String
    let summary: String

    static let samples = ["Cafe Deadend", "Homei", "Teakha", "Cafe Loisl", "Petite Oyster", "For Kee Restaurant",
                          "Po's Atelier", "Bourke Street Bakery", "Haigh's Chocolate", "Palomino Espresso"]
        .enumerated().map { index, name in
            Restaurant(id: index, name: name, kind: index % 2 == 0 ? "Coffee & Tea Shop" : "Cafe",
                       address: "\(index + 1) Main Street", phone: "232-923423\(index)",
                       summary: "A neighbourhood place with seats by the window.")
        }
}

struct Chat: Identifiable {
    let id: Int
    let name: String
    let lastMessage: String

    static let samples = (0..<30).map { Chat(id: $0, name: "Friend \($0 + 1)", lastMessage: "See you at \($0 % 12 + 1)") }
}

struct MiniProgram: Identifiable {
    let id: Int
    let name: String

    static let samples = ["Tickets", "Bikes", "Food", "Trains", "Weather", "Maps", "Music", "Games"]
        .enumerated().map { MiniProgram(id: $0, name: $1) }
}

struct FeedItem: Identifiable {
    let id: Int
    let text: String

    /// Twenty items of page `page`.
    static func page(_ page: Int) -> [FeedItem] {
        (0..<20).map { FeedItem(id: page * 20 + $0, text: "Post \(page * 20 + $0 + 1)") }
    }
}
