import ScrollDrive
import SwiftUI

/// AirBar's demo: a list of stays under a search bar that collapses to 64
/// points as the list scrolls up, rests at 120 and expands to 240 when
/// pulled down at the top.
struct StaysScreen: View {
    @SwiftUI.State private var bar = BarModel(configuration: Configuration(
        compactStateHeight: 64, normalStateHeight: 120, expandedStateHeight: 240))

    var body: some View {
        ExpandableBarScrollView(bar) {
            LazyVStack { ForEach(Stay.samples) { StayRow(stay: $0) } }
        } bar: { frame in
            SearchBar(progress: frame.transitionProgress)
        }
    }
}

/// The bar's content: a title that fades as the bar collapses and a
/// field that shows once the bar is expanded.
struct SearchBar: View {
    /// 0 compact, 1 normal, 2 expanded.
    let progress: CGFloat

    var body: some View {
        VStack(spacing: 8) {
            Text("Where to?")
            Text("Any week · Add guests").opacity(Double(max(0, progress - 1)))
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .background(.background, in: .rect(cornerRadius: 0))
    }
}

struct StayRow: View {
    let stay: Stay

    var body: some View {
        VStack(spacing: 4) {
            Text(stay.name)
            Text(stay.place)
        }
        .frame(maxWidth: .infinity, minHeight: 88)
    }
}
