import Foundation
import LockgameEngine

/// Renders the game without an X server: a fixed number of frames at the target rate in
/// simulated time, driven by an optional ``InputScript``, saving the last frame as a PNG.
/// The same session, renderer and HUD as a live run, so the picture is what a player sees.
struct HeadlessRun {
    let session: GameSession
    let hud: HUDPainter
    let width: Int
    let height: Int
    let frames: Int
    let framesPerSecond: Int
    let script: InputScript?

    /// Runs every frame and returns the last one.
    func run() -> Framebuffer {
        let framebuffer = Framebuffer(width: width, height: height)
        let renderer = Renderer()
        session.frameWidth = width
        session.frameHeight = height
        session.layoutHoverRegions()
        session.pointerLocked = true
        let step = 1.0 / Double(framesPerSecond > 0 ? framesPerSecond : 60)
        let status = FrameStatus(lockLine: "headless: scripted input", isLocked: true)
        for frame in 0..<max(1, frames) {
            for event in script?.events(atFrame: frame) ?? [] { session.handle(event) }
            _ = session.latchLook()
            session.advance(by: step)
            let camera = session.interpolatedPose
            Flashlight.apply(on: session.flashlightOn, camera: camera, to: &renderer.settings)
            renderer.render(session.scene, camera: camera, into: framebuffer)
            WorldOverlayPainter.paint(session, camera: camera, into: framebuffer)
            hud.paint(session, status: status, into: framebuffer, refreshNow: true)
            if session.wantsToQuit { break }
        }
        return framebuffer
    }
}
