import Foundation
import GameInput
import LockgameEngine

/// Draws everything over the 3D scene: the status panel, the key line, the crosshair, the
/// "Press Esc to release the pointer" notice and the alert with its OK button.
///
/// The status panel's text is formatted only when what it says changes, and its numbers at
/// most four times a second (readable, and no string formatting in most frames).
final class HUDPainter {
    private(set) var text: TextRenderer
    private(set) var largeText: TextRenderer
    /// The desktop's scale the text is drawn at.
    private(set) var scale = 1.0
    private var panel: HUDPanel?
    private var panelLines: [String] = []
    private var panelWidth = 0
    private var numbersRefreshed = ContinuousClock.now
    /// Where the chat line's caret was last painted, while the line is open.
    private(set) var chatCaret: WindowRect?

    /// How often the panel's numbers may change.
    static let numberRefreshInterval: Duration = .milliseconds(250)

    /// The HUD's text is 14 and 18 pixels high at scale 1.
    static let textPixels = 14, largeTextPixels = 18

    /// A HUD at scale 1; ``setScale(_:)`` follows the desktop's.
    init() throws(TextError) {
        text = try TextRenderer(pixelSize: Self.textPixels)
        largeText = try TextRenderer(pixelSize: Self.largeTextPixels)
    }

    /// Draws the text `scale` times larger (the desktop's scale: 2 at `Xft.dpi: 192`), within
    /// 1 to 4.
    func setScale(_ scale: Double) throws(TextError) {
        let clamped = min(max(scale.isFinite ? scale : 1, 1), 4)
        guard clamped != self.scale else { return }
        text = try TextRenderer(pixelSize: Int((Double(Self.textPixels) * clamped).rounded()))
        largeText = try TextRenderer(pixelSize: Int((Double(Self.largeTextPixels) * clamped).rounded()))
        self.scale = clamped
        panel = nil
        panelLines = []
    }

    /// `points` HUD pixels at scale 1, in the frame's pixels at the desktop's scale: the HUD's
    /// margins, bars and crosshair grow with its text.
    private func px(_ points: Int) -> Int { Int((Double(points) * scale).rounded()) }

    /// The key list along the bottom, naming the walk keys as the layout prints them.
    private(set) var keyLine = HUDPainter.keyLine(walkKeys: "WASD")

    /// The key list with `walkKeys` (the keys at W, A, S and D's places: "ZQSD" on AZERTY).
    static func keyLine(walkKeys: String) -> String {
        "L lock  Esc release  N alert  \(walkKeys)/arrows walk  wheel zoom  right-click marker  middle light  F1 keys  Q quit"
    }

    /// Names the walk keys as the user's keyboard layout prints them.
    func setWalkKeys(_ walkKeys: String) { keyLine = Self.keyLine(walkKeys: walkKeys) }

    /// Paints the HUD. `refreshNow` formats the numbers this frame whatever the interval
    /// (headless runs, where every frame must show its own state).
    func paint(_ session: GameSession, status: FrameStatus, into framebuffer: Framebuffer, refreshNow: Bool = false) {
        let width = framebuffer.width, height = framebuffer.height
        let pixels = framebuffer.pixels
        guard width > 0, height > 0 else { return }

        let now = ContinuousClock.now
        let current = HUDPanel(session: session, status: status)
        let stale =
            panel.map { shown in
                !current.saysTheSame(as: shown) || (current != shown && now - numbersRefreshed >= Self.numberRefreshInterval)
            } ?? true
        if stale || refreshNow {
            panel = current
            panelLines = current.lines
            panelWidth = (panelLines.map { text.measure($0).width }.max() ?? 0) + px(20)
            numbersRefreshed = now
        }
        let lines = panelLines

        let lineHeight = text.lineHeight
        text.fillRect(
            x: px(8), y: px(8), width: panelWidth, height: lines.count * lineHeight + px(12),
            color: 0xA0_00_00_00, into: pixels, width: width, height: height)
        for (index, line) in lines.enumerated() {
            let color: UInt32 = index == 0 ? (status.isLocked ? 0xFF_6B_E0_8A : 0xFF_FF_B0_5A) : 0xFF_F0_F0_F0
            text.draw(
                line, x: px(18), baseline: px(14) + text.ascender + index * lineHeight, color: color,
                into: pixels, width: width, height: height)
        }

        let keyWidth = text.measure(keyLine).width
        text.fillRect(
            x: 0, y: height - lineHeight - px(10), width: width, height: lineHeight + px(10),
            color: 0x90_00_00_00, into: pixels, width: width, height: height)
        text.draw(
            keyLine, x: max(px(8), (width - keyWidth) / 2), baseline: height - px(7) - text.descender,
            color: 0xFF_D8_D8_D8, into: pixels, width: width, height: height)

        if status.isLocked {
            let cx = width / 2, cy = height / 2, arm = px(8), thick = px(2)
            text.fillRect(
                x: cx - arm, y: cy - thick / 2, width: 2 * arm + 1, height: thick, color: 0xC0_FF_FF_FF, into: pixels, width: width,
                height: height)
            text.fillRect(
                x: cx - thick / 2, y: cy - arm, width: thick, height: 2 * arm + 1, color: 0xC0_FF_FF_FF, into: pixels, width: width,
                height: height)
        }
        if !status.isLocked && session.alert == nil {
            paintButtons(session, width: width, height: height, pixels: pixels)
        }
        chatCaret = session.chat.isOpen ? paintChat(session.chat, width: width, height: height, pixels: pixels) : nil
        if let message = session.visibleMessage {
            let size = text.measure(message)
            let y = height - lineHeight - px(16) - size.height
            text.fillRect(
                x: px(8), y: y - px(6), width: size.width + px(16), height: size.height + px(12),
                color: 0xC0_00_00_00, into: pixels, width: width, height: height)
            text.draw(message, x: px(16), baseline: y + text.ascender, color: 0xFF_FF_E0_8A, into: pixels, width: width, height: height)
        }
        if session.showsLockNotice && status.isLocked {
            paintNotice("Press Esc to release the pointer", width: width, height: height, pixels: pixels)
        }
        if let alert = session.alert {
            paintAlert(alert, width: width, height: height, pixels: pixels)
        }
        if session.showsCommandOverlay {
            paintCommandOverlay(
                KeyResponderChain.availableCommands(from: session.firstResponder), width: width, height: height, pixels: pixels)
        }
    }

    /// The chat line above the key line: the text, the input method's composition underlined
    /// in blue, and the caret. Returns the caret's rectangle, for the input method.
    private func paintChat(_ chat: ChatLine, width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt32>) -> WindowRect {
        let lineHeight = text.lineHeight
        let top = height - 2 * lineHeight - px(28)
        text.fillRect(
            x: px(8), y: top - px(4), width: width - px(16), height: lineHeight + px(8), color: 0xD0_00_00_00, into: pixels, width: width,
            height: height)
        let baseline = top + text.ascender
        let said = "Say: " + chat.text
        text.draw(said, x: px(16), baseline: baseline, color: 0xFF_FF_FF_FF, into: pixels, width: width, height: height)
        var caretX = px(16) + text.measure(said).width
        if !chat.preedit.isEmpty {
            let composing: UInt32 = 0xFF_9A_D0_FF
            text.draw(chat.preedit.text, x: caretX, baseline: baseline, color: composing, into: pixels, width: width, height: height)
            let composedWidth = text.measure(chat.preedit.text).width
            text.fillRect(
                x: caretX, y: baseline + px(2), width: composedWidth, height: px(1), color: composing, into: pixels, width: width,
                height: height)
            caretX += text.measure(String(chat.preedit.textBeforeCaret)).width
        }
        text.fillRect(x: caretX, y: top, width: px(2), height: lineHeight, color: 0xFF_FF_FF_FF, into: pixels, width: width, height: height)
        return WindowRect(x: Double(caretX), y: Double(top), width: Double(px(2)), height: Double(lineHeight))
    }

    private func paintButtons(_ session: GameSession, width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt32>) {
        let strategy = session.screen.isStrategyCamera
        for button in HUDButton.allCases {
            let frame = button.frame(frameWidth: width, scale: scale)
            let hovered = session.hoveredButton == button
            let title = button.title(strategyCamera: strategy)
            text.fillRect(
                x: Int(frame.x), y: Int(frame.y), width: Int(frame.width), height: Int(frame.height),
                color: hovered ? 0xF0_4A_7B_E0 : 0xB0_20_24_30, into: pixels, width: width, height: height)
            let size = text.measure(title)
            text.draw(
                title, x: Int(frame.x) + (Int(frame.width) - size.width) / 2,
                baseline: Int(frame.y) + (Int(frame.height) - text.lineHeight) / 2 + text.ascender,
                color: 0xFF_FF_FF_FF, into: pixels, width: width, height: height)
        }
        // Details go over the other buttons, so they are drawn last.
        if let button = session.hoveredButton, session.hoverWithAlternate {
            let frame = button.frame(frameWidth: width, scale: scale)
            let detailsText = button.details(strategyCamera: strategy)
            let details = text.measure(detailsText)
            let x = max(px(4), Int(frame.x + frame.width) - details.width - px(12))
            let y = Int(frame.y + frame.height) + px(4)
            text.fillRect(
                x: x - px(6), y: y, width: details.width + px(12), height: details.height + px(8),
                color: 0xE0_10_10_10, into: pixels, width: width, height: height)
            text.draw(
                detailsText, x: x, baseline: y + px(4) + text.ascender, color: 0xFF_FF_E0_8A,
                into: pixels, width: width, height: height)
        }
    }

    private func paintCommandOverlay(_ commands: [KeyCommand], width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt32>) {
        let lines = commands.map { command in
            command.shortcut.padding(toLength: 10, withPad: " ", startingAt: 0) + command.title
        }
        let title = "Key commands available now"
        let lineHeight = text.lineHeight
        let boxWidth = max(largeText.measure(title).width, lines.map { text.measure($0).width }.max() ?? 0) + px(40)
        let boxHeight = largeText.lineHeight + px(16) + lines.count * lineHeight + px(24)
        let x = (width - boxWidth) / 2, y = max(px(8), (height - boxHeight) / 2)
        text.fillRect(x: x, y: y, width: boxWidth, height: boxHeight, color: 0xE8_14_17_1F, into: pixels, width: width, height: height)
        largeText.draw(
            title, x: x + px(20), baseline: y + px(14) + largeText.ascender, color: 0xFF_FF_FF_FF,
            into: pixels, width: width, height: height)
        for (index, line) in lines.enumerated() {
            text.draw(
                line, x: x + px(20), baseline: y + px(24) + largeText.lineHeight + index * lineHeight + text.ascender,
                color: 0xFF_DD_DD_DD, into: pixels, width: width, height: height)
        }
    }

    private func paintNotice(_ notice: String, width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt32>) {
        let size = largeText.measure(notice)
        let x = (width - size.width) / 2, y = max(0, height / 2 - px(90))
        largeText.fillRect(
            x: x - px(16), y: y - px(10), width: size.width + px(32), height: size.height + px(20),
            color: 0xC0_10_10_10, into: pixels, width: width, height: height)
        largeText.draw(
            notice, x: x, baseline: y + largeText.ascender, color: 0xFF_FF_FF_FF,
            into: pixels, width: width, height: height)
    }

    private func paintAlert(_ alert: NetworkErrorAlert, width: Int, height: Int, pixels: UnsafeMutableBufferPointer<UInt32>) {
        let layout = AlertLayout(frameWidth: width, frameHeight: height, scale: scale)
        text.fillRect(x: 0, y: 0, width: width, height: height, color: 0x80_00_00_00, into: pixels, width: width, height: height)
        text.fillRect(
            x: layout.boxX, y: layout.boxY, width: layout.boxWidth, height: layout.boxHeight,
            color: 0xFF_2B_2F_3A, into: pixels, width: width, height: height)
        text.fillRect(
            x: layout.boxX, y: layout.boxY, width: layout.boxWidth, height: px(4),
            color: 0xFF_E0_5A_4A, into: pixels, width: width, height: height)
        let margin = px(20), messageTop = px(56)
        largeText.draw(
            alert.title, x: layout.boxX + margin, baseline: layout.boxY + margin + largeText.ascender,
            color: 0xFF_FF_FF_FF, into: pixels, width: width, height: height)
        text.draw(
            alert.message, x: layout.boxX + margin, baseline: layout.boxY + messageTop + text.ascender,
            color: 0xFF_DD_DD_DD, into: pixels, width: width, height: height)
        text.draw(
            "Press Return or click OK.", x: layout.boxX + margin, baseline: layout.boxY + messageTop + text.ascender + text.lineHeight,
            color: 0xFF_AA_AA_AA, into: pixels, width: width, height: height)
        text.fillRect(
            x: layout.buttonX, y: layout.buttonY, width: layout.buttonWidth, height: layout.buttonHeight,
            color: 0xFF_4A_7B_E0, into: pixels, width: width, height: height)
        let ok = text.measure("OK")
        text.draw(
            "OK", x: layout.buttonX + (layout.buttonWidth - ok.width) / 2,
            baseline: layout.buttonY + (layout.buttonHeight - text.lineHeight) / 2 + text.ascender,
            color: 0xFF_FF_FF_FF, into: pixels, width: width, height: height)
    }
}
