import Foundation

// Equality and hashing of values that wrap a C struct of the core: the
// struct is the only copy of the numbers, so two wrappers are the same when
// their structs are, byte for byte (every number bit for bit; a validated
// configuration is finite and its unused slots are zero). One home for the
// rule every surface's `Configuration` (and the pull-down's `State`) uses.

/// True when `a` and `b` have the same bytes.
func sameBytes<T>(_ a: T, _ b: T) -> Bool {
    // memcmp: the generic `elementsEqual` compares byte by byte through
    // iterators (thousands of instructions for a pull-down state).
    withUnsafeBytes(of: a) { x in
        withUnsafeBytes(of: b) { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
    }
}

/// True when the values at `a` and `b` have the same bytes, compared where
/// they are (no copy of either).
@inline(__always)
func sameBytes<T>(at a: UnsafePointer<T>, _ b: UnsafePointer<T>) -> Bool {
    memcmp(a, b, MemoryLayout<T>.size) == 0
}

/// Sets (`on` true) or clears (false) `bit` of a C configuration's flags
/// word; nil leaves it as it is (an initialiser's parameter left out).
func setFlag(_ bit: UInt32, in flags: inout UInt32, to on: Bool?) {
    guard let on else { return }
    flags = on ? flags | bit : flags & ~bit
}

/// Feeds the bytes of `value` to `hasher` (consistent with `sameBytes`).
func hashBytes<T>(of value: T, into hasher: inout Hasher) {
    withUnsafeBytes(of: value) { hasher.combine(bytes: $0) }
}
