import GameInput

/// The buttons the HUD shows while the pointer is free: where they are, what they say, and the
/// details shown when the player hovers one holding Alt.
enum HUDButton: CaseIterable {
    case lock, flashlight, alert

    var title: String {
        switch self {
        case .lock: "Lock pointer"
        case .flashlight: "Flashlight"
        case .alert: "Network alert"
        }
    }

    var details: String {
        switch self {
        case .lock: "Take the pointer for mouse-look (or click the room)"
        case .flashlight: "Toggle the flashlight (middle button)"
        case .alert: "Show a simulated alert that frees the pointer (N)"
        }
    }

    static let width = 130.0, height = 26.0, gap = 8.0

    /// The button's rectangle in a frame `frameWidth` wide: a column at the top right.
    func frame(frameWidth: Int) -> WindowRect {
        let index = Double(Self.allCases.firstIndex(of: self) ?? 0)
        return WindowRect(
            x: Double(frameWidth) - Self.width - 12, y: 12 + index * (Self.height + Self.gap),
            width: Self.width, height: Self.height)
    }
}
