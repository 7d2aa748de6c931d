import LockgameEngine

/// The flashlight (middle button): the light comes from the camera and falls off with
/// distance, so what you look at is lit and the room around it is dim.
enum Flashlight {
    static func apply(on: Bool, camera: CameraPose, to settings: inout RenderSettings) {
        let daylight = RenderSettings()
        guard on else {
            settings.lightDirection = daylight.lightDirection
            settings.ambient = daylight.ambient
            settings.diffuse = daylight.diffuse
            settings.fogStart = daylight.fogStart
            settings.fogEnd = daylight.fogEnd
            settings.fogColor = daylight.fogColor
            return
        }
        settings.lightDirection = camera.forward
        settings.ambient = 0.12
        settings.diffuse = 1.0
        settings.fogStart = 2
        settings.fogEnd = 16
        settings.fogColor = 0xFF10_1418
    }
}
