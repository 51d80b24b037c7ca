import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files whole or not at all: the text goes to a temporary
/// file next to the destination, which is then renamed over it (atomic on
/// one file system). A failure leaves no partial file behind.
public enum OutputFile {
    /// Why a file could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): cannot write (\(reason))" }
    }

    /// Writes `text` (UTF-8) to `path`.
    public static func write(_ text: String, to path: String) throws(WriteError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/.\(url.lastPathComponent).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw WriteError(path: path, reason: "cannot create a file in \(directory)")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw WriteError(path: path, reason: reason)
        }
    }
}
