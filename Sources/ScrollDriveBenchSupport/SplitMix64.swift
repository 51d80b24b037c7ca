import ScrollDriveSim

/// The benchmark traces' generator is the simulator's (one implementation).
public typealias SplitMix64 = ScrollDriveSim.SplitMix64
