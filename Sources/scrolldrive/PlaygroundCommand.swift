import ArgumentParser
import Foundation
import ScrollDriveSim

/// `scrolldrive playground`: writes the interactive page (docs/playground.md).
/// The page's parts are this target's resources (Playground/: the HTML, its
/// CSS and JavaScript); the C core comes as the WebAssembly module that
/// `make wasm` builds, embedded in the page as base64.
struct PlaygroundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playground",
        abstract: "Write an interactive page that runs the C core (WebAssembly) under your mouse or finger.",
        discussion: """
            The page is one self-contained HTML file (opens from file://, no network): a phone-sized \
            mock of the expandable bar, the bottom sheet, WeChat's pull-down panel or pull to refresh that you drag, flick or scroll with the \
            wheel, a side panel that changes the configuration (errors as the core reports them), \
            the current values, live plots, and downloads of the recorded gesture script and its \
            frames (CSV). `scrolldrive simulate` on the downloaded script gives the same frames. \
            The C core is read from the WebAssembly module `make wasm` builds, \
            build-c/wasm/scrolldrive-playground.wasm: under the current directory, else in the \
            checkout this binary was built from, found from any folder (--wasm or \
            SCROLLDRIVE_PLAYGROUND_WASM name another).
            """
    )

    static let defaultWasm = "build-c/wasm/scrolldrive-playground.wasm"

    /// Where the module is looked for when no path is given, in order: under
    /// the current directory, under the checkout whose sources built this
    /// binary, and under each folder above the binary (`.build/.../scrolldrive`
    /// lives in its checkout), so the command works from any folder.
    static func defaultWasmCandidates() -> [String] {
        var candidates = [defaultWasm]
        // Sources/scrolldrive/PlaygroundCommand.swift, three levels below the checkout.
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(source.appendingPathComponent(defaultWasm).path)
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var folder = executable.deletingLastPathComponent()
            for _ in 0..<6 where folder.path != "/" {
                candidates.append(folder.appendingPathComponent(defaultWasm).path)
                folder = folder.deletingLastPathComponent()
            }
        }
        var seen = Set<String>()
        return candidates.filter { seen.insert($0).inserted }
    }
    /// The surfaces the page has (its Surface menu).
    static let surfaces = ["bar", "sheet", "pulldown", "refresh"]

    @Option(help: "The surface the page starts with: bar, sheet, pulldown or refresh.")
    var surface: String = "bar"

    @Option(help: "The page's sampling rate at start: 60 or 120 (frames per second).")
    var fps: Int = 60

    @Option(name: .shortAndLong, help: "The page to write.")
    var output: String = "playground.html"

    @Option(help: "The WebAssembly module built by `make wasm`.")
    var wasm: String?

    func run() throws {
        try reportingUserErrors {
            guard Self.surfaces.contains(surface) else {
                throw UserError("--surface must be \(Self.surfaces.dropLast().joined(separator: ", ")) or \(Self.surfaces.last!), not \(surface)")
            }
            guard fps == 60 || fps == 120 else { throw UserError("--fps must be 60 or 120, not \(fps)") }
            let named = wasm ?? ProcessInfo.processInfo.environment["SCROLLDRIVE_PLAYGROUND_WASM"]
            let module = try named.map(Self.readModule) ?? Self.findModule()
            let page = try Self.page(surface: surface, fps: fps, module: module)
            do {
                try OutputFile.write(page, to: output)
            } catch let error as OutputFile.WriteError {
                throw UserError(error.description)
            }
        }
    }

    /// The module at the first of `defaultWasmCandidates()` that exists; none is the user's to fix.
    static func findModule() throws -> Data {
        let candidates = defaultWasmCandidates()
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            let checkout = URL(fileURLWithPath: candidates[1]).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path
            throw UserError("no WebAssembly module (\(defaultWasm)) here or in the checkout \(checkout): build it with "
                + "`make -C \(checkout) wasm` (or name one with --wasm)")
        }
        return try readModule(found)
    }

    /// The module's bytes; a missing or foreign file is the user's to fix.
    static func readModule(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UserError("\(path): no WebAssembly module there: build it with `make wasm` (or name one with --wasm)")
        }
        guard data.starts(with: [0x00, 0x61, 0x73, 0x6D]) else {
            throw UserError("\(path): not a WebAssembly module (it does not start with \\0asm)")
        }
        return data
    }

    /// The page: the template with its CSS, JavaScript, options and module put in.
    static func page(surface: String, fps: Int, module: Data) throws -> String {
        func resource(_ name: String) throws -> String {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Playground"),
                  let text = try? String(contentsOf: url, encoding: .utf8)
            else { throw UserError("the playground's \(name) is missing from this build (Sources/scrolldrive/Playground)") }
            return text
        }
        let options = "{\"surface\": \"\(surface)\", \"fps\": \(fps)}"
        // The JavaScript is inserted last, so a /*PLAYGROUND_...*/ marker written inside it is left as it is.
        return try resource("playground.html")
            .replacingOccurrences(of: "/*PLAYGROUND_CSS*/", with: resource("playground.css"))
            .replacingOccurrences(of: "/*PLAYGROUND_WASM*/", with: module.base64EncodedString())
            .replacingOccurrences(of: "/*PLAYGROUND_OPTIONS*/", with: options)
            .replacingOccurrences(of: "/*PLAYGROUND_JS*/", with: resource("playground.js"))
    }
}
