// ObjectiveC, as Apple documents the parts ScrollDrive uses. Declarations
// only: every body traps, nothing here runs. Each declaration names its page
// under https://developer.apple.com/documentation/. Where this differs from
// Apple's module on purpose, DIFFERENCES.md says so.

/// objectivec/selector
@frozen public struct Selector {}

/// objectivec/nsobject-swift.class — the root class (an Objective-C class
/// here too: the check runs with Objective-C interop on).
@objc open class NSObject {
    /// objectivec/nsobject-swift.class/init()
    public init() {}
}

/// objectivec/objc_associationpolicy
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// objectivec/objc_getassociatedobject(_:_:)
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { fatalError() }

/// objectivec/objc_setassociatedobject(_:_:_:_:)
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) { fatalError() }

// Key-value observing's Swift API. Apple declares it in Foundation (the
// overlay's `_KeyValueCodingAndObserving`, adopted by NSObject); here it
// sits beside NSObject, see DIFFERENCES.md.

/// foundation/nskeyvalueobservingoptions
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// foundation/nskeyvalueobservingoptions/new
    public static var new: NSKeyValueObservingOptions { fatalError() }
    /// foundation/nskeyvalueobservingoptions/old
    public static var old: NSKeyValueObservingOptions { fatalError() }
    /// foundation/nskeyvalueobservingoptions/initial
    public static var initial: NSKeyValueObservingOptions { fatalError() }
    /// foundation/nskeyvalueobservingoptions/prior
    public static var prior: NSKeyValueObservingOptions { fatalError() }
}

/// foundation/nskeyvalueobservedchange
public struct NSKeyValueObservedChange<Value> {
    /// foundation/nskeyvalueobservedchange/newvalue
    public let newValue: Value?
    /// foundation/nskeyvalueobservedchange/oldvalue
    public let oldValue: Value?
    /// foundation/nskeyvalueobservedchange/isprior
    public let isPrior: Bool
}

/// foundation/nskeyvalueobservation
@objc(_NSKeyValueObservation) public class NSKeyValueObservation: NSObject {
    /// foundation/nskeyvalueobservation/invalidate()
    public func invalidate() { fatalError() }
}

/// The protocol NSObject adopts for `observe(_:options:changeHandler:)`.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

extension _KeyValueCodingAndObserving {
    /// objectivec/nsobject-swift.class/observe(_:options:changehandler:)
    @preconcurrency
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void)
        -> NSKeyValueObservation { fatalError() }
}
