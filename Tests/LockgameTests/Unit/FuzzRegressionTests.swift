import LockgameEngine
import Testing

@testable import lockgame

/// Inputs that `make fuzz` (Fuzz/Targets/pose-text.swift) found breaking a parser's contract,
/// kept so the fixes stay.
@Suite struct FuzzRegressionTests {
    /// The fuzzer's find: a pasted yaw of 3e38° is a finite Float but infinite in radians; it
    /// was accepted as a pose (and the camera silently turned to yaw 0). It is refused now.
    @Test func aPastedYawTooLargeForRadiansIsRefused() {
        let text = "lockgame pose x 1.25 y 1.6 z -2 yaw 3e38 pitch -5"
        #expect(throws: PoseText.Invalid(description: "yaw out of range")) {
            _ = try PoseText.parse(text, fieldOfView: CameraPose.defaultVerticalFieldOfView)
        }
        let session = GameSessionTests.makeSession()
        let pose = session.controller.pose
        session.paste(text)
        #expect(session.controller.pose == pose, "the pose is left alone")
        #expect(session.visibleMessage == "clipboard: yaw out of range, pose unchanged")
    }
}
