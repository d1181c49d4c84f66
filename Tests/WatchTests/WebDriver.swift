import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small WebDriver client: plain HTTP and JSON to a `chromedriver` this process starts, enough to
/// open a page, press keys, click, run a script, take a screenshot and read the browser's log.
///
/// It speaks HTTP/1.1 over a socket itself: FoundationNetworking's `URLSession` on Linux rejects
/// chromedriver's answers ("Failed writing header": its headers have no space after the colon).
@MainActor
final class WebDriver {
    /// Why a browser test cannot run here.
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let driver: Process
    let port: Int
    let session: String

    /// The W3C key codes the tests press.
    enum Key {
        static let left = "\u{E012}"
        static let right = "\u{E014}"
        static let home = "\u{E011}"
        static let end = "\u{E010}"
        static let space = " "
    }

    /// `chromedriver` and `chromium` (or `google-chrome`) on the PATH, or why not.
    static func findBrowser() -> Result<(driver: String, browser: String), Missing> {
        guard let driver = which("chromedriver") else { return .failure(Missing(description: "chromedriver is not on the PATH")) }
        guard let browser = which("chromium") ?? which("chromium-browser") ?? which("google-chrome") else {
            return .failure(Missing(description: "no chromium or google-chrome on the PATH"))
        }
        return .success((driver, browser))
    }

    static func which(_ name: String) -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in paths {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Starts `chromedriver` on a free port and a headless browser session with a window of `size`.
    init(driverPath: String, browserPath: String, size: (width: Int, height: Int)) async throws {
        var started: (Process, Int)?
        for _ in 0..<5 where started == nil {
            let port = Int.random(in: 20_000..<60_000)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: driverPath)
            process.arguments = ["--port=\(port)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<100 {
                if let status = try? Self.request(port: port, "GET", "/status", nil), let value = status["value"] as? [String: Any],
                    value["ready"] as? Bool == true
                {
                    started = (process, port)
                    break
                }
                if !process.isRunning { break }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            if started == nil { Self.stop(process) }
        }
        guard let (process, port) = started else { throw Failure(description: "chromedriver did not start") }
        driver = process
        self.port = port
        // As root, Chromium needs --no-sandbox; headless=new is the browser's own headless mode.
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": browserPath,
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                            "--disable-frame-rate-limit", "--disable-gpu-vsync",
                            "--window-size=\(size.width),\(size.height)",
                        ],
                    ],
                    "goog:loggingPrefs": ["browser": "ALL"],
                ]
            ]
        ]
        do {
            let answer = try Self.request(port: port, "POST", "/session", capabilities)
            guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String else {
                throw Failure(description: "no session: \(answer)")
            }
            session = id
        } catch {
            Self.stop(process)
            throw error
        }
    }

    /// Ends the session and stops `chromedriver` (which ignores SIGTERM: it is asked to shut down, then killed).
    func quit() async {
        _ = try? await command("DELETE", "", nil)
        _ = try? Self.request(port: port, "GET", "/shutdown", nil)
        Self.stop(driver)
    }

    private static func stop(_ process: Process) {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    // MARK: Commands

    func open(_ url: URL) async throws {
        _ = try await command("POST", "url", ["url": url.absoluteString])
    }

    /// Runs `script` (a function body) in the page and returns its value.
    func execute(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "execute/sync", ["script": script, "args": arguments])
    }

    /// Presses and releases each key of `keys`, in order, as one action sequence.
    func press(_ keys: [String]) async throws {
        guard !keys.isEmpty else { return }
        var actions: [[String: Any]] = []
        for key in keys {
            actions.append(["type": "keyDown", "value": key])
            actions.append(["type": "keyUp", "value": key])
        }
        _ = try await command("POST", "actions", ["actions": [["type": "key", "id": "keyboard", "actions": actions]]])
        _ = try await command("DELETE", "actions", nil)
    }

    /// Clicks the element `selector` finds.
    func click(_ selector: String) async throws {
        let found = try await command("POST", "element", ["using": "css selector", "value": selector])
        guard let element = found as? [String: Any], let id = element.values.first as? String else {
            throw Failure(description: "no element \(selector)")
        }
        _ = try await command("POST", "element/\(id)/click", [:])
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        guard let base64 = try await command("GET", "screenshot", nil) as? String, let data = Data(base64Encoded: base64) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// The browser's log since the last call: (level, message).
    func browserLog() async throws -> [(level: String, message: String)] {
        let entries = try await command("POST", "se/log", ["type": "browser"]) as? [[String: Any]] ?? []
        return entries.map { ($0["level"] as? String ?? "", $0["message"] as? String ?? "") }
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) async throws -> Any? {
        let answer = try Self.request(port: port, method, "/session/\(session)" + (path.isEmpty ? "" : "/\(path)"), body)
        if let value = answer["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(method) \(path): \(error): \(value["message"] as? String ?? "")")
        }
        return answer["value"]
    }

    /// One request to 127.0.0.1:`port`, its JSON answer (the connection closes after it).
    private static func request(port: Int, _ method: String, _ path: String, _ body: [String: Any]?) throws -> [String: Any] {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n\r\n"
        let response = try exchange(port: port, Data(head.utf8) + payload)
        guard let split = response.range(of: Data("\r\n\r\n".utf8)) else { throw Failure(description: "\(method) \(path): no HTTP answer") }
        let data = response[split.upperBound...]
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    /// Sends `request` and reads until the server closes the connection.
    private static func exchange(port: Int, _ request: Data) throws -> Data {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        defer { close(fd) }
        var wait = timeval(tv_sec: 60, tv_usec: 0)  // a stuck browser fails the test instead of hanging it
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to port \(port)") }
        try request.withUnsafeBytes { buffer in
            var sent = 0
            while sent < buffer.count {
                let n = send(fd, buffer.baseAddress! + sent, buffer.count - sent, 0)
                guard n > 0 else { throw Failure(description: "send() failed") }
                sent += n
            }
        }
        // Read the head, then Content-Length bytes of body (the server may keep the connection open).
        var response = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var expected: Int?
        while expected.map({ response.count < $0 }) ?? true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            response.append(contentsOf: chunk[0..<n])
            if expected == nil, let end = response.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: response[..<end.lowerBound], as: UTF8.self).lowercased()
                let length = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
                expected = end.upperBound + (length ?? 0)
                if length == nil { expected = nil; break }
            }
        }
        return response
    }
}
