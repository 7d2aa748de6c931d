import Foundation

/// sway as a session for native Wayland clients. Its windows tile: one window fills the output,
/// two share it side by side (0,0 640x720 and 640,0 640x720), and the tests' native window
/// fills its tile.
extension SwayFixture: WaylandSession {
    public var compositorDescription: String {
        "sway " + (Self.word(after: "Sway version ", in: compositorLog) ?? "?")
    }

    /// The tests' native window, as root (sway's socket lets root in); it logs into the fixture's
    /// folder.
    public func startNativeWindow(title: String) throws -> NativeWindow {
        try NativeWindow(
            title: title, tool: WaylandToolBuilder.pointerWindow(), folder: folder,
            environment: waylandEnvironment)
    }

    /// `swaymsg [title="^title$"] focus`. sway 1.7 then warps the cursor to the window's centre
    /// when it was outside the window.
    @discardableResult
    public func focusWindow(title: String, confirmed: () -> Bool) -> Bool {
        guard swaymsg(["[title=\"^\(Self.regularExpressionEscaped(title))$\"]", "focus"]) else { return false }
        return BoundedWait.until(timeout: .seconds(1), confirmed)
    }

    /// sway's IPC has no cursor position.
    public func cursorPosition() -> (x: Int, y: Int)? { nil }

    public func windowFrame(title: String) -> (x: Int, y: Int, width: Int, height: Int)? {
        windowRectangles()[title]
    }

    /// `grim -t ppm`, run as sway's user with its runtime folder and socket (wlr-screencopy).
    public func screenshot() -> (width: Int, height: Int, pixels: [UInt32])? {
        let file = runtime + "/screenshot-\(UInt32.random(in: 0...UInt32.max)).ppm"
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard let setpriv = try? XServerFixture.locate("setpriv"), let grim = try? XServerFixture.locate("grim"),
            let capture = try? ChildProcess(
                executable: setpriv,
                arguments: ["--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups", grim, "-t", "ppm", file],
                environment: waylandEnvironment),
            capture.waitForExit(timeout: .seconds(10)) == 0,
            let data = FileManager.default.contents(atPath: file)
        else { return nil }
        return PortablePixmap.decode(data)
    }

    /// The text after `prefix` up to the next space or `)`, in the first line that has it.
    static func word(after prefix: String, in lines: [String]) -> String? {
        for line in lines {
            if let range = line.range(of: prefix) {
                return String(line[range.upperBound...].prefix { $0 != " " && $0 != ")" })
            }
        }
        return nil
    }

    static func regularExpressionEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            if character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

/// A binary PPM (`P6`, maxval 255), as grim writes it, decoded to 0xFFRRGGBB pixels.
enum PortablePixmap {
    static func decode(_ data: Data) -> (width: Int, height: Int, pixels: [UInt32])? {
        let bytes = [UInt8](data)
        var index = 0
        var fields: [Int] = []
        // "P6", width, height, maxval, separated by whitespace (no comments from grim).
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
        index = 2
        while fields.count < 3 && index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
            var value = 0
            var digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
            }
            guard digits > 0 else { return nil }
            fields.append(value)
        }
        index += 1  // the single whitespace after maxval
        guard fields.count == 3, fields[2] == 255 else { return nil }
        let (width, height) = (fields[0], fields[1])
        guard width > 0, height > 0, bytes.count - index >= width * height * 3 else { return nil }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for pixel in 0..<(width * height) {
            let base = index + pixel * 3
            pixels[pixel] = 0xFF00_0000 | UInt32(bytes[base]) << 16 | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2])
        }
        return (width, height, pixels)
    }
}
