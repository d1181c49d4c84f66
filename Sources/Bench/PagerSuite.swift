import Foundation
import SeededRandom
import Pager

/// The `pager` suite: `Demo view` on a generated log file of 1 GB (100 MB with `--quick`;
/// `REUSETABLE_PAGER_BYTES=N` sets another size, as the tests do with a small one).
///
/// The file is written once, on first use, into a temporary directory and
/// removed when the bench exits. The scale column is the file's size in bytes.
/// - `pagerOpen`: open (mmap), index the first chunk, build the table, render the first screen.
/// - `pagerIndex`: index every line of the file on one thread (throughput is bytes / time).
/// - `pagerJump`: on a fresh table over the complete index, jump to 50% and render.
/// - `pagerSearch`: search from the top for a string planted at 99% of the file.
/// - `pagerPipe`: `cat FILE` into the pager through a pipe, read and indexed to the end, beside
///   `cat FILE | wc -l` (the pipe's own limit on this machine, the baseline).
/// - `pagerFilter`: `&took=88` (about 1% of the lines) over the whole file to the complete list of
///   matching lines, beside `grep -F -c` for the same literal.
enum PagerSuite {
    /// The planted search target (its first byte appears nowhere else in the file).
    static let needle = "#needle-7f3a"
    /// The filter's literal: `took=` is followed by 0–899, so it matches 88 and 880–889, 11 values in 900.
    static let filterNeedle = "took=88"

    /// The file size: `bytes`, else `REUSETABLE_PAGER_BYTES`, else 1 GB (100 MB quick).
    static func fileBytes(quick: Bool, bytes: Int? = nil) -> Int {
        if let bytes { return bytes }
        if let text = ProcessInfo.processInfo.environment["REUSETABLE_PAGER_BYTES"], let value = Int(text), value > 0 {
            return value
        }
        return quick ? 100_000_000 : 1_000_000_000
    }

    static func suite(quick: Bool, bytes: Int? = nil) -> BenchSuite {
        let size = fileBytes(quick: quick, bytes: bytes)
        return BenchSuite(
            name: "pager", scales: [size],
            operations: [openOperation, indexOperation, jumpOperation, searchOperation, pipeOperation, filterOperation],
            commentary: { results in commentary(results, size: size) })
    }

    /// A strategy named `name` whose case is set up on the generated file of the scale's size.
    static func strategy(_ name: String, _ setUp: @escaping @MainActor (String) -> BenchCase) -> BenchStrategy {
        BenchStrategy(name: name) { bytes in MainActor.assumeIsolated { setUp(generatedFile(bytes: bytes)) } }
    }

    /// An operation with one strategy, the pager's, and no baseline.
    static func operation(_ name: String, _ setUp: @escaping @MainActor (String) -> BenchCase) -> BenchOperation {
        BenchOperation(name: name, baseline: nil, strategies: [strategy("Pager", setUp)])
    }

    /// `pagerOpen`: open, index the first chunk, build the table, render the first screen.
    static var openOperation: BenchOperation {
        operation("pagerOpen") { path in
            BenchCase(
                step: { _ in
                    MainActor.assumeIsolated {
                        let app = PagerApp(document: PagerDocument(source: try! ByteSource.open(path)), width: 100, height: 30)
                        benchSink &+= UInt64(app.render().width)
                    }
                }, maxBatch: 1)
        }
    }

    /// `pagerIndex`: index every line on one thread.
    static var indexOperation: BenchOperation {
        operation("pagerIndex") { path in
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
    }

    /// `pagerJump`: jump to 50% of a fresh table over the complete index, and render.
    static var jumpOperation: BenchOperation {
        operation("pagerJump") { path in
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
    }

    /// `pagerSearch`: search from the top for the needle planted at 99%.
    static var searchOperation: BenchOperation {
        operation("pagerSearch") { path in
            let source = try! ByteSource.open(path)
            return BenchCase(
                step: { _ in
                    let search = PagerSearch(needle: needle, in: source, from: 0)
                    search.run()
                    if case .found(let offset) = search.state { benchSink &+= UInt64(offset) }
                }, maxBatch: 1)
        }
    }

    /// `pagerPipe`: `cat FILE` into the pager through a pipe, beside `cat FILE | wc -l`.
    static var pipeOperation: BenchOperation {
        BenchOperation(
            name: "pagerPipe", baseline: "cat | wc -l",
            strategies: [
                strategy("Pager") { path in
                    // The source is kept until after the sample: unmapping a gigabyte is not reading it.
                    var kept: [ByteSource] = []
                    return BenchCase(
                        step: { _ in
                            let (process, source) = catIntoPipe(path)
                            let index = LineIndex(source: source)
                            index.indexAll()
                            process.waitUntilExit()
                            benchSink &+= UInt64(index.indexedLines)
                            kept.append(source)
                        }, between: { kept.removeAll() }, maxBatch: 1)
                },
                strategy("cat | wc -l") { path in
                    BenchCase(step: { _ in benchSink &+= UInt64(shell("cat '\(path)' | wc -l").count) }, maxBatch: 1)
                },
            ])
    }

    /// `pagerFilter`: the filter over the whole file, beside `grep -F -c`.
    static var filterOperation: BenchOperation {
        BenchOperation(
            name: "pagerFilter", baseline: "grep -F -c",
            strategies: [
                strategy("Pager") { path in
                    let source = try! ByteSource.open(path)
                    return BenchCase(
                        step: { _ in
                            let filter = PagerFilter(query: filterNeedle, in: source)
                            filter.run()
                            benchSink &+= UInt64(filter.matchCount)
                        }, maxBatch: 1)
                },
                strategy("grep -F -c") { path in
                    BenchCase(step: { _ in benchSink &+= UInt64(shell("grep -F -c '\(filterNeedle)' '\(path)'").count) }, maxBatch: 1)
                },
            ])
    }

    /// Throughputs and the two ratios the targets name.
    static func commentary(_ results: [BenchResult], size: Int) -> [String] {
        func median(_ operation: String, _ strategy: String) -> Double? {
            results.first { $0.operation == operation && $0.strategy == strategy }?.summary?.median
        }
        func rate(_ nanoseconds: Double) -> String { String(format: "%.2f GB/s", Double(size) / nanoseconds) }
        var lines: [String] = []
        let file = PagerApp.bytes(size)
        if let index = median("pagerIndex", "Pager") {
            lines.append("Index throughput: \(rate(index)) over a \(file) file (target: ≥ 1 GB/s).")
        }
        if let pager = median("pagerPipe", "Pager"), let cat = median("pagerPipe", "cat | wc -l") {
            lines.append(
                String(format: "Pipe: the pager reads and indexes %@ through a pipe in %.2fx the time of cat | wc -l", file, pager / cat)
                    + " (\(rate(pager)) vs \(rate(cat)); target ≤ 1.2x).")
        }
        if let pager = median("pagerFilter", "Pager") {
            let grep = median("pagerFilter", "grep -F -c").map { ", grep -F -c \(rate($0))" } ?? ""
            lines.append("Filter &\(filterNeedle): \(rate(pager)) over \(file)\(grep) (target: ≥ 1 GB/s).")
        }
        return lines
    }

    /// `cat path` writing into a pipe, and a source reading the pipe.
    static func catIntoPipe(_ path: String) -> (Process, ByteSource) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cat", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        try? pipe.fileHandleForWriting.close()
        let source = try! ByteSource.open(descriptor: Platform.duplicate(pipe.fileHandleForReading.fileDescriptor), name: "cat")
        return (process, source)
    }

    /// Runs `command` with `/bin/sh -c` in the C locale and returns what it printed.
    static func shell(_ command: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ["LC_ALL": "C", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try! process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: The generated file

    nonisolated(unsafe) private static var files: [Int: String] = [:]
    nonisolated(unsafe) private static var directory: String?

    /// A log of about `bytes` bytes of realistic lines (timestamps, levels, services, request ids, paths,
    /// durations, an occasional long stack-trace-like line), created once per run.
    static func generatedFile(bytes: Int) -> String {
        if let path = files[bytes] { return path }
        if directory == nil {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("pager-bench-\(Platform.processID)").path
            try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            directory = dir
            Platform.atExit { if let dir = PagerSuite.directory { try? FileManager.default.removeItem(atPath: dir) } }
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
