/// Where the alert box and its OK button sit in a frame of a given size; drawing and click
/// hit-testing both use it, so they cannot disagree.
struct AlertLayout: Equatable {
    let boxX: Int, boxY: Int, boxWidth: Int, boxHeight: Int
    let buttonX: Int, buttonY: Int, buttonWidth: Int, buttonHeight: Int

    init(frameWidth: Int, frameHeight: Int) {
        boxWidth = min(420, max(200, frameWidth - 40))
        boxHeight = 150
        boxX = (frameWidth - boxWidth) / 2
        boxY = max(0, (frameHeight - boxHeight) / 2)
        buttonWidth = 90
        buttonHeight = 30
        buttonX = boxX + (boxWidth - buttonWidth) / 2
        buttonY = boxY + boxHeight - buttonHeight - 16
    }

    /// Whether window point (x, y) is on the OK button.
    func buttonContains(x: Double, y: Double) -> Bool {
        x >= Double(buttonX) && x < Double(buttonX + buttonWidth)
            && y >= Double(buttonY) && y < Double(buttonY + buttonHeight)
    }
}
