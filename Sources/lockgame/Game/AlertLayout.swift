/// Where the alert box and its OK button sit in a frame of a given size; drawing and click
/// hit-testing both use it, so they cannot disagree.
struct AlertLayout: Equatable {
    let boxX: Int, boxY: Int, boxWidth: Int, boxHeight: Int
    let buttonX: Int, buttonY: Int, buttonWidth: Int, buttonHeight: Int

    /// The layout in a frame of `frameWidth` by `frameHeight`, with the HUD drawn `scale`
    /// times larger (the desktop's scale).
    init(frameWidth: Int, frameHeight: Int, scale: Double) {
        func scaled(_ length: Int) -> Int { Int((Double(length) * scale).rounded()) }
        boxWidth = min(scaled(420), max(scaled(200), frameWidth - 40))
        boxHeight = scaled(150)
        boxX = (frameWidth - boxWidth) / 2
        boxY = max(0, (frameHeight - boxHeight) / 2)
        buttonWidth = scaled(90)
        buttonHeight = scaled(30)
        buttonX = boxX + (boxWidth - buttonWidth) / 2
        buttonY = boxY + boxHeight - buttonHeight - 16
    }

    /// Whether window point (x, y) is on the OK button.
    func buttonContains(x: Double, y: Double) -> Bool {
        x >= Double(buttonX) && x < Double(buttonX + buttonWidth)
            && y >= Double(buttonY) && y < Double(buttonY + buttonHeight)
    }
}
