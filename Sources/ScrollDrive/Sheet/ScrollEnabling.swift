/// A `Scrollable` whose scrolling can be switched off, as
/// `UIScrollView.isScrollEnabled`.
///
/// `Scrollable` has no such switch (the bar never needs it), so the sheet
/// asks for it through this optional protocol: a `SheetController` whose
/// inner scroll view adopts it sets `isScrollEnabled` whenever the core
/// enables or disables the inner scroll view (enabled only at the first
/// detent). For a scroll view that does not adopt it, the controller holds
/// the content at the offset the core expects instead (any change while
/// scrolling is disabled is undone), and `SheetController.Frame`
/// carries `isInnerScrollEnabled` for the view to apply itself.
public protocol ScrollEnabling: Scrollable {
    /// Whether the user can scroll the content.
    var isScrollEnabled: Bool { get set }
}
