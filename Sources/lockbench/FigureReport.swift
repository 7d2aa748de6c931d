/// Prints figures as a text table (for people and the README) and as one JSON line (for
/// scripts), and says whether every must-target holds.
struct FigureReport {
    let machine: String
    let figures: [Figure]
    /// Extra key/value facts for the JSON line (checksums, sizes), already JSON-encoded values.
    let facts: [(String, String)]

    /// Every must-target holds.
    var passes: Bool { figures.allSatisfy(\.meetsMust) }

    /// The table.
    func table() -> String {
        var rows: [[String]] = [["figure", "value", "must", "goal", "status", "spread", "note"]]
        for f in figures {
            let relation = f.direction == .atMost ? "≤ " : "≥ "
            let status: String
            if f.value == nil {
                status = "skipped"
            } else if f.isInformation {
                status = "info"
            } else if !f.meetsMust {
                status = "FAIL"
            } else if let goal = f.meetsGoal {
                status = goal ? "goal met" : f.must == nil ? "goal missed" : "must met"
            } else {
                status = "ok"
            }
            rows.append([
                f.title,
                f.value.map { FigureReport.format($0) + " " + f.unit } ?? "-",
                f.must.map { relation + FigureReport.format($0) } ?? "",
                f.goal.map { relation + FigureReport.format($0) } ?? "",
                status,
                f.spread.map { FigureReport.format($0 * 100) + " %" } ?? "",
                f.note,
            ])
        }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        let lines = rows.enumerated().map { index, row -> String in
            let cells = row.enumerated().map { i, cell in
                cell + String(repeating: " ", count: widths[i] - cell.count)
            }
            let line = "| " + cells.joined(separator: " | ") + " |"
            if index == 0 {
                return line + "\n|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
            }
            return line
        }
        return "machine: \(machine)\n\n" + lines.joined(separator: "\n")
    }

    /// The JSON line.
    func json() -> String {
        let items = figures.map { f -> String in
            var fields = [
                "\"key\":\(FigureReport.quote(f.key))", "\"value\":\(FigureReport.number(f.value))",
                "\"unit\":\(FigureReport.quote(f.unit))", "\"must\":\(FigureReport.number(f.must))",
                "\"goal\":\(FigureReport.number(f.goal))", "\"mustMet\":\(f.meetsMust)",
            ]
            if let spread = f.spread { fields.append("\"spread\":\(FigureReport.number(spread))") }
            if f.value == nil { fields.append("\"skipped\":\(FigureReport.quote(f.note))") }
            return "{" + fields.joined(separator: ",") + "}"
        }
        let factFields = facts.map { "\(FigureReport.quote($0.0)):\($0.1)" }
        return "{"
            + (["\"machine\":\(FigureReport.quote(machine))", "\"pass\":\(passes)"] + factFields
            + ["\"figures\":[" + items.joined(separator: ",") + "]"]).joined(separator: ",") + "}"
    }

    /// A number with about three significant digits.
    static func format(_ value: Double) -> String {
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return fixed(value, digits: digits)
    }

    /// `value` with `digits` decimals (no Foundation formatting).
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + "\(whole)" }
        let fractionText = String(fraction)
        return sign + "\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    static func quote(_ text: String) -> String {
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

    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return fixed(value, digits: 4)
    }
}
