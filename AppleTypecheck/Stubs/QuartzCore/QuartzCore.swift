// QuartzCore, as Apple documents the part ScrollDrive's documentation uses:
// a display link's frame time. Declarations only; each names its page under
// https://developer.apple.com/documentation/.

@_exported import ObjectiveC

/// corefoundation/cftimeinterval (Core Foundation's, see DIFFERENCES.md)
public typealias CFTimeInterval = Double

/// quartzcore/cadisplaylink
open class CADisplayLink: NSObject {
    /// quartzcore/cadisplaylink/timestamp
    open var timestamp: CFTimeInterval { fatalError() }
}
