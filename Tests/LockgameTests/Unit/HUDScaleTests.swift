import GameInput
import Testing

@testable import lockgame

/// At the desktop's scale the HUD's boxes grow with its text, and clicks and hovering follow
/// the boxes where they are drawn.
@Suite struct HUDScaleTests {
    @Test func theButtonsAndTheAlertGrowWithTheScale() {
        let single = HUDButton.alert.frame(frameWidth: 1920, scale: 1), double = HUDButton.alert.frame(frameWidth: 1920, scale: 2)
        #expect(double.width == 2 * single.width && double.height == 2 * single.height)
        #expect(double.y == 2 * single.y, "the column's spacing grows too")
        #expect(double.x + double.width == 1920 - 24, "still at the top right, with a doubled margin")
        let alert = AlertLayout(frameWidth: 1920, frameHeight: 1080, scale: 2)
        #expect(alert.boxHeight == 300 && alert.buttonWidth == 180 && alert.buttonHeight == 60)
        #expect(AlertLayout(frameWidth: 960, frameHeight: 540, scale: 1).boxWidth == 420, "unchanged at scale 1")
    }

    @Test func hoveringFollowsTheScaledButtons() throws {
        let session = try GameSessionTests.demoSession()
        session.frameWidth = 1920
        session.hudScale = 2
        session.layoutHoverRegions()
        let button = HUDButton.flashlight.frame(frameWidth: 1920, scale: 2)
        session.handle(TestEvents.hover(button.x + button.width - 4, button.y + button.height - 4))
        #expect(session.hoveredButton == .flashlight, "the scaled button's far corner is the button")
        let small = HUDButton.flashlight.frame(frameWidth: 1920, scale: 1)
        #expect(!small.contains(WindowPoint(x: button.x + 4, y: button.y + 4)), "a point the unscaled button would miss")
    }
}
