import ScrollDrive
import SwiftUI

/// The AppCoda chapter's restaurant list: choosing one brings up its
/// details in a sheet at half height, which a drag takes to full height or
/// away; a picker moves it too.
struct RestaurantsScreen: View {
    @SwiftUI.State private var sheet = try! SheetModel(configuration: .seed(containerHeight: 844),
                                                       initialDetent: .dismissed)
    @SwiftUI.State private var selected: Restaurant.ID?

    var body: some View {
        List(Restaurant.samples, selection: $selected) { RestaurantRow(restaurant: $0) }
            .onChange(of: selected) { sheet.isPresented = true }
            .navigationTitle("Restaurants")
            .toolbar {
                Picker("Size", selection: $sheet.selectedDetent) {
                    Text("Full").tag(SheetController.Detent.full)
                    Text("Half").tag(SheetController.Detent.half)
                    Text("Hidden").tag(SheetController.Detent.dismissed)
                }
            }
            .bottomSheet(sheet) {
                RestaurantDetails(restaurant: Restaurant.samples.first { $0.id == selected } ?? Restaurant.samples[0])
            }
    }
}

struct RestaurantRow: View {
    let restaurant: Restaurant

    var body: some View {
        VStack(spacing: 4) {
            Text(restaurant.name)
            Text(restaurant.kind)
        }
        .frame(maxWidth: .infinity, minHeight: 72)
    }
}

struct RestaurantDetails: View {
    let restaurant: Restaurant

    var body: some View {
        VStack(spacing: 12) {
            Text(restaurant.name)
            Text(restaurant.kind)
            Text(restaurant.address)
            Text(restaurant.phone)
            Text(restaurant.summary)
        }
        .frame(maxWidth: .infinity, minHeight: 900, alignment: .top)
    }
}
