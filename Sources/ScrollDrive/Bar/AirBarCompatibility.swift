/// AirBar's top-level names, so code written against AirBar compiles
/// unchanged: `State` and `Configuration` are the bar's.
public typealias State = BarController.State

/// AirBar's top-level configuration name; see `BarController.Configuration`.
public typealias Configuration = BarController.Configuration
