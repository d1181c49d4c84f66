import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The `pager` suite: `Demo view` on a generated log file of 1 GB (100 MB with `--quick`).
///
/// The file is written once, on first use, into a temporary directory and
/// removed when the bench exits. The scale column is the file's size in bytes.
/// - `pagerOpen`: open (mmap), index the first chunk, build the table, render the first screen.
/// - `pagerIndex`: index every line of the file on one thread (throughput is bytes / time).
/// - `pagerJump`: on a fresh table over the complete index, jump to 50% and render.
/// - `pagerSearch`: search from the top for a string planted at 99% of the file.
enum PagerSuite {
    /// The planted search target (its first byte appears nowhere else in the file).
    static let needle = "#needle-7f3a"

    static func suite(quick: Bool) -> BenchSuite {
        let size = quick ? 100_000_000 : 1_000_000_000
        func operation(_ name: String, _ setUp: @escaping @MainActor (String) -> BenchCase) -> BenchOperation {
            BenchOperation(
                name: name, baseline: nil,
                strategies: [
                    BenchStrategy(name: "Pager") { bytes in MainActor.assumeIsolated { setUp(generatedFile(bytes: bytes)) } }
                ])
        }
        let open = operation("pagerOpen") { path in
            BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        let app = PagerApp(document: PagerDocument(source: try! ByteSource.open(path)), width: 100, height: 30)
                        benchSink &+= UInt64(app.render().width)
                    }
                }, maxBatch: 1)
        }
        let index = operation("pagerIndex") { path in
            let probe = PagerDocument(source: try! ByteSource.open(path))
            probe.index.indexAll()
            let perLine = Double(probe.index.memoryBytes) / Double(max(1, probe.index.indexedLines))
            return BenchCase(
                step: { _ in
                    let document = PagerDocument(source: try! ByteSource.open(path))
                    document.index.indexAll()
                    benchSink &+= UInt64(document.index.indexedLines)
                }, maxBatch: 1, bytesPerRow: perLine)
        }
        let jump = operation("pagerJump") { path in
            let document = PagerDocument(source: try! ByteSource.open(path))
            document.index.indexAll()
            var app = PagerApp(document: document, width: 100, height: 30)
            app.pump()
            return BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        _ = app.jump(toPercent: 50)
                        benchSink &+= UInt64(app.render().width)
                    }
                },
                between: {
                    MainActor.assumeIsolated {
                        app = PagerApp(document: document, width: 100, height: 30)  // nothing measured yet
                        app.pump()
                    }
                }, maxBatch: 1)
        }
        let search = operation("pagerSearch") { path in
            let source = try! ByteSource.open(path)
            return BenchCase(
                step: { _ in
                    let search = PagerSearch(needle: needle, in: source, from: 0)
                    search.run()
                    if case .found(let offset) = search.state { benchSink &+= UInt64(offset) }
                }, maxBatch: 1)
        }
        return BenchSuite(
            name: "pager", scales: [size], operations: [open, index, jump, search],
            commentary: { results in
                guard let indexTime = results.first(where: { $0.operation == "pagerIndex" })?.summary?.median else { return [] }
                let rate = Double(size) / indexTime  // bytes per nanosecond = GB/s
                return [String(format: "Index throughput: %.2f GB/s over a %@ file (target: ≥ 1 GB/s).", rate, PagerApp.bytes(size))]
            })
    }

    // MARK: The generated file

    nonisolated(unsafe) private static var files: [Int: String] = [:]
    nonisolated(unsafe) private static var directory: String?

    /// A log of about `bytes` bytes of realistic lines (timestamps, levels, services, request ids, paths,
    /// durations, an occasional long stack-trace-like line), created once per run.
    static func generatedFile(bytes: Int) -> String {
        if let path = files[bytes] { return path }
        if directory == nil {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pager-bench-\(getpid())").path
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            directory = dir
            atexit { if let dir = PagerSuite.directory { try? FileManager.default.removeItem(atPath: dir) } }
        }
        let path = directory! + "/generated-\(bytes).log"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = FileHandle(forWritingAtPath: path)!
        var random = SplitMix64(seed: 42)
        let levels = ["info", "info", "info", "debug", "warn", "error"]
        let services = ["api", "auth", "billing", "search", "worker-3", "worker-7", "gateway"]
        let paths = ["/v1/items", "/v1/users/me", "/v2/search?q=table+view", "/healthz", "/v1/orders/checkout"]
        var written = 0
        var line = 0
        var planted = false
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 22)
        while written + buffer.count < bytes {
            let seconds = 1_700_000_000 + line / 200
            var text = "2026-11-23T\(seconds % 86_400 / 3_600):\(seconds % 3_600 / 60):\(seconds % 60).\(line % 1_000)Z "
            text += levels[Int(random.next() % 6)] + " [" + services[Int(random.next() % 7)] + "] "
            text += "req=\(String(random.next() % 0xFFFF_FFFF, radix: 16)) " + paths[Int(random.next() % 5)]
            text += " status=\([200, 200, 200, 404, 500][Int(random.next() % 5)]) took=\(random.next() % 900)ms"
            if random.next() % 50 == 0 {
                text += " trace:" + String(repeating: " at Module.function(file.swift:123)", count: Int(random.next() % 40))
            }
            if !planted, written + buffer.count >= bytes / 100 * 99 {
                text += " " + needle
                planted = true
            }
            buffer += Array(text.utf8)
            buffer.append(0x0A)
            line += 1
            if buffer.count >= 1 << 22 {
                handle.write(Data(buffer))
                written += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
        }
        handle.write(Data(buffer))
        try? handle.close()
        files[bytes] = path
        return path
    }
}
