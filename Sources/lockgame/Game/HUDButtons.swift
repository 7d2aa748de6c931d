import GameInput

/// The buttons the HUD shows while the pointer is free: where they are, what they say, and the
/// details shown when the player hovers one holding Alt.
enum HUDButton: CaseIterable {
    case lock, flashlight, alert

    /// The button's label; with the strategy camera on, the lock button confines instead.
    func title(strategyCamera: Bool) -> String {
        switch self {
        case .lock: strategyCamera ? "Confine pointer" : "Lock pointer"
        case .flashlight: "Flashlight"
        case .alert: "Network alert"
        }
    }

    /// What the button does, shown while it is hovered with Alt held.
    func details(strategyCamera: Bool) -> String {
        switch self {
        case .lock:
            strategyCamera
                ? "Keep the cursor in the window to pan at its edges (or click the room)"
                : "Take the pointer for mouse-look (or click the room)"
        case .flashlight: "Toggle the flashlight (middle button)"
        case .alert: "Show a simulated alert that frees the pointer (N)"
        }
    }

    static let width = 130.0, height = 26.0, gap = 8.0

    /// The button's rectangle in a frame `frameWidth` wide, with the HUD drawn `scale` times
    /// larger (the desktop's scale): a column at the top right.
    func frame(frameWidth: Int, scale: Double) -> WindowRect {
        let index = Double(Self.allCases.firstIndex(of: self) ?? 0)
        let width = Self.width * scale, height = Self.height * scale
        return WindowRect(
            x: Double(frameWidth) - width - 12 * scale, y: (12 + index * (Self.height + Self.gap)) * scale,
            width: width, height: height)
    }
}
