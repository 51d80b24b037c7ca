import ArgumentParser
import Foundation

/// A problem with the user's input. `reportingUserErrors` prints it as
/// `scrolldrive: MESSAGE` on standard error and exits with status 2: no stack
/// trace, no partial output.
struct UserError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Runs `body`, turning a `UserError` into its message on standard error and exit status 2.
func reportingUserErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as UserError {
        FileHandle.standardError.write(Data("scrolldrive: \(error.description)\n".utf8))
        throw ExitCode(2)
    }
}

/// The frame rates `simulate` and `compare` accept.
let frameRates = 1...1000

/// Throws unless `rate` (given with `flag`) is one of `frameRates`.
func checkFrameRate(_ rate: Int, flag: String) throws {
    guard frameRates.contains(rate) else {
        throw UserError("\(flag) must be between \(frameRates.lowerBound) and \(frameRates.upperBound), not \(rate)")
    }
}

/// Reads a whole file, or standard input for "-".
func readInput(_ path: String) throws -> String {
    let data: Data
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw UserError("\(path): cannot read file")
        }
        data = contents
    }
    guard let text = String(data: data, encoding: .utf8) else {
        throw UserError("\(path == "-" ? "<stdin>" : path): not UTF-8 text")
    }
    return text
}
