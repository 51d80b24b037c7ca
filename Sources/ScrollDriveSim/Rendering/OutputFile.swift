import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes output files whole or not at all, one file or several together.
///
/// `write(_:)` takes every file of a run: each text goes to a temporary file
/// next to its destination (`.NAME.PID.N.tmp`, so on the same file system),
/// and only when every temporary file is written are they renamed over
/// their destinations (a rename is atomic on one file system). A failure
/// while writing removes the temporary files and leaves every destination as
/// it was. A rename that fails after others succeeded (rare: the
/// temporaries were created in the same directories, and a destination that
/// is a directory is refused beforehand) undoes the renames already done:
/// a destination that did not exist is removed, one that did gets its old
/// file back (kept as a hard link, or a copy, until the renames are over).
public enum OutputFile {
    /// Why a file could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file.
        public let path: String
        /// Why not (the system's words).
        public let reason: String
        public var description: String { "\(path): cannot write (\(reason))" }
    }

    /// Checks, without writing anything, that `path` could be written: its
    /// directory exists and is one, the process may create files in it, and
    /// `path` is not a directory. A command checks its destinations with
    /// this before long work; `write(_:)` still reports every failure.
    public static func checkWritable(_ path: String) throws(WriteError) {
        let directory = directoryPath(of: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw WriteError(path: path, reason: "no directory \(directory)")
        }
        guard isDirectory.boolValue else { throw WriteError(path: path, reason: "\(directory) is not a directory") }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw WriteError(path: path, reason: "cannot create a file in \(directory)")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: path, reason: "it is a directory")
        }
    }

    /// Writes `text` (UTF-8) to `path`, whole or not at all.
    public static func write(_ text: String, to path: String) throws(WriteError) {
        try write([(path: path, text: text)])
    }

    /// Writes every `(path, text)` (UTF-8), all or none: either every
    /// destination has its new text, or none has changed and no temporary
    /// file is left. Two entries for one path are refused before anything
    /// is written.
    public static func write(_ files: [(path: String, text: String)]) throws(WriteError) {
        try write(files, renaming: { rename($0, $1) })
    }

    /// A file written while a run streams: its text goes to a temporary
    /// file next to `path` (through `descriptor`), which `write(_:streamed:)`
    /// renames into place together with the other files, or `discard()`
    /// removes. Dropping it without either removes the temporary too.
    public final class Streamed {
        /// The file it becomes.
        public let path: String
        let temporary: String
        /// Where to write the file's bytes.
        public private(set) var descriptor: Int32
        private var settled = false

        /// Creates the temporary file for `path` (checked with `checkWritable`).
        public init(path: String) throws(WriteError) {
            try OutputFile.checkWritable(path)
            self.path = path
            let name = URL(fileURLWithPath: path).lastPathComponent
            temporary = directoryPath(of: path) + "/.\(name).\(getpid()).stream.tmp"
            unlink(temporary)  // left by an earlier process with this id
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw WriteError(path: path, reason: "cannot create a file in \(directoryPath(of: path))")
            }
        }

        /// Closes the temporary file; false when the close reports an error.
        func closeTemporary() -> Bool {
            guard descriptor >= 0 else { return true }
            let status = close(descriptor)
            descriptor = -1
            return status == 0
        }

        /// Removes the temporary file; the destination is left as it was.
        public func discard() {
            _ = closeTemporary()
            if !settled { unlink(temporary) }
            settled = true
        }

        func markRenamed() { settled = true }

        deinit { discard() }
    }

    /// Writes every `(path, text)` and renames every streamed file into
    /// place, all or none, as `write(_:)` does.
    public static func write(_ files: [(path: String, text: String)], streamed: [Streamed]) throws(WriteError) {
        try write(files, streamed: streamed, renaming: { rename($0, $1) })
    }

    /// `write(_:)` with the rename step supplied (tests make it fail).
    static func write(_ files: [(path: String, text: String)],
                      renaming renameFile: (String, String) -> Int32) throws(WriteError) {
        try write(files, streamed: [], renaming: renameFile)
    }

    static func write(_ texts: [(path: String, text: String)], streamed: [Streamed],
                      renaming renameFile: (String, String) -> Int32) throws(WriteError) {
        defer { for file in streamed { file.discard() } }
        let files = streamed.map { (path: $0.path, text: "") } + texts
        var seen = Set<String>()
        for file in files {
            let key = URL(fileURLWithPath: file.path).standardizedFileURL.path
            guard seen.insert(key).inserted else {
                throw WriteError(path: file.path, reason: "named twice for one run")
            }
            try checkWritable(file.path)
        }

        // 1. Every text to its temporary file (streamed ones are written).
        var temporaries: [String] = []
        func removeTemporaries(from index: Int = 0) {
            for temporary in temporaries[index...] { unlink(temporary) }
        }
        for file in streamed {
            temporaries.append(file.temporary)
            guard file.closeTemporary() else {
                removeTemporaries()
                throw WriteError(path: file.path, reason: "the temporary file could not be closed")
            }
        }
        for (index, file) in files.enumerated() where index >= streamed.count {
            let directory = directoryPath(of: file.path)
            let name = URL(fileURLWithPath: file.path).lastPathComponent
            let temporary = directory + "/.\(name).\(getpid()).\(index).tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(file.text.utf8)) else {
                unlink(temporary)  // in case a partial file was left
                removeTemporaries()
                throw WriteError(path: file.path, reason: "cannot create a file in \(directory)")
            }
            temporaries.append(temporary)
        }

        // 2. Keep what the destinations hold now (a hard link, else a copy),
        //    so that a failed rename can be undone.
        var backups: [String?] = []
        func removeBackups() {
            for case let backup? in backups { unlink(backup) }
        }
        for (index, file) in files.enumerated() {
            guard access(file.path, F_OK) == 0 else {
                backups.append(nil)
                continue
            }
            let backup = temporaries[index] + ".old"
            unlink(backup)  // left by an earlier process with this id
            if link(file.path, backup) != 0,
               (try? FileManager.default.copyItem(atPath: file.path, toPath: backup)) == nil
            {
                unlink(backup)
                removeTemporaries()
                removeBackups()
                throw WriteError(path: file.path, reason: "cannot keep the file it replaces until every file is written")
            }
            backups.append(backup)
        }

        // 3. Rename them all into place.
        for (index, file) in files.enumerated() where renameFile(temporaries[index], file.path) != 0 {
            let reason = String(cString: strerror(errno == 0 ? EIO : errno))
            removeTemporaries(from: index)
            for undo in (0..<index).reversed() {
                if let backup = backups[undo] {
                    rename(backup, files[undo].path)
                } else {
                    unlink(files[undo].path)
                }
            }
            removeBackups()
            throw WriteError(path: file.path, reason: reason)
        }
        removeBackups()
        for file in streamed { file.markRenamed() }
    }

    fileprivate static func directoryPath(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }
}
