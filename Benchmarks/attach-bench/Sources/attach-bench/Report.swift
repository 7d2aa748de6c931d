import Glibc

/// The run's results as a table (for people and the notes) and one JSON line in lockbench's
/// shape (`{"machine":…,"figures":[{"key":…,"value":…,"unit":…},…]}`) for scripts and tests.
struct Report {
    let machine: String
    let versions: [(String, String)]
    let quick: Bool
    let results: [ContenderResult]

    func table() -> String {
        var rows: [[String]] = [
            ["window", "contender", "burst delivered", "burst Σdx", "paced delivered", "paced Σdx", "latency median", "p99", "lost"]
        ]
        for r in results {
            let window = r.subject == "sdl2" ? "SDL2" : "GLFW"
            guard r.failure == nil, let burst = r.burst, let paced = r.paced, let latency = r.latency else {
                rows.append([window, r.mode, "failed: \(r.failure ?? "?")", "", "", "", "", "", ""])
                continue
            }
            rows.append([
                window, r.mode, Self.count(burst), Self.format(burst.sumDX), Self.count(paced), Self.format(paced.sumDX),
                latency.median.map { Self.format($0) + " ms" } ?? "-", latency.p99.map { Self.format($0) + " ms" } ?? "-",
                "\(latency.lost) of \(latency.samples)",
            ])
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        let lines = rows.enumerated().map { index, row -> String in
            let line = "| " + row.enumerated().map { i, cell in cell.padding(to: widths[i]) }.joined(separator: " | ") + " |"
            guard index == 0 else { return line }
            return line + "\n|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        }
        let facts = versions.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        return "machine: \(machine)\n\(facts)\(quick ? " (--quick: numbers not meaningful)" : "")\n\n"
            + lines.joined(separator: "\n")
    }

    func json() -> String {
        var figures: [String] = []
        for r in results {
            let base = "\"subject\":\(Self.quote(r.subject)),\"contender\":\(Self.quote(r.contender)),\"mode\":\(Self.quote(r.mode))"
            func figure(_ name: String, _ value: Double?, _ unit: String, _ extra: String = "") -> String {
                var fields = ["\"key\":\(Self.quote("\(r.subject).\(r.contender).\(name)"))", base]
                fields.append("\"value\":\(Self.number(value))")
                fields.append("\"unit\":\(Self.quote(unit))")
                if !extra.isEmpty { fields.append(extra) }
                if let failure = r.failure { fields.append("\"skipped\":\(Self.quote(failure))") }
                return "{" + fields.joined(separator: ",") + "}"
            }
            for (name, tally) in [("burst", r.burst), ("paced", r.paced)] {
                let injected = tally.map { "\"injected\":\($0.injected)," } ?? ""
                figures.append(
                    figure(
                        "\(name)_events", tally.map { Double($0.delivered) }, "events",
                        injected + "\"percent\":\(Self.number(tally?.percent)),\"lossless\":\(tally?.isLossless ?? false)"))
                figures.append(figure("\(name)_sum_dx", tally?.sumDX, "px", injected.isEmpty ? "" : String(injected.dropLast())))
                figures.append(figure("\(name)_last_arrival", tally?.lastArrival?.milliseconds, "ms"))
            }
            let latency = r.latency
            let samples = latency.map { "\"samples\":\($0.samples)" } ?? ""
            figures.append(figure("latency_p50", latency?.median, "ms", samples))
            figures.append(figure("latency_p99", latency?.p99, "ms", samples))
            figures.append(figure("latency_lost", latency.map { Double($0.lost) }, "events", samples))
        }
        let facts = versions.map { "\(Self.quote($0.0)):\(Self.quote($0.1))" }
        let fields =
            ["\"machine\":\(Self.quote(machine))"] + facts
            + ["\"quick\":\(quick)", "\"figures\":[" + figures.joined(separator: ",") + "]"]
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// "1998 of 2000 (99.9 %)".
    private static func count(_ tally: Tally) -> String {
        "\(tally.delivered) of \(tally.injected) (\(format(tally.percent)) %)"
    }

    /// A number with about three significant digits.
    static func format(_ value: Double) -> String {
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return fixed(value, digits: digits)
    }

    private static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([digits, value]) { vsnprintf(&buffer, buffer.count, "%.*f", $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return fixed(value, digits: 4)
    }

    private static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
