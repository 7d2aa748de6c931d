import LockgameEngine

/// The camera pose as one line of text, for the clipboard: Ctrl+C writes it, Ctrl+V reads it.
///
///     lockgame pose x 1.250 y 1.600 z -2.000 yaw 30.00 pitch -5.00
///
/// Positions in metres, angles in degrees.
enum PoseText {
    struct Invalid: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    static func format(_ pose: CameraPose) -> String {
        /// `value` rounded to millimetres or hundredths of a degree (`scale`), without "-0.0".
        func rounded(_ value: Float, scale: Double) -> String {
            let rounded = (Double(value) * scale).rounded() / scale
            return String(rounded == 0 ? 0 : rounded)
        }
        return "lockgame pose x \(rounded(pose.position.x, scale: 1000)) y \(rounded(pose.position.y, scale: 1000))"
            + " z \(rounded(pose.position.z, scale: 1000))"
            + " yaw \(rounded(pose.yaw * 180 / .pi, scale: 100)) pitch \(rounded(pose.pitch * 180 / .pi, scale: 100))"
    }

    /// Reads a pose; anything else is an error that says what is wrong. Positions must be
    /// within ±1000 m and the pitch within ±89°.
    static func parse(_ text: String, fieldOfView: Float) throws(Invalid) -> CameraPose {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
        guard words.count == 12, words[0] == "lockgame", words[1] == "pose" else {
            throw Invalid(description: "not a pose (expected \"lockgame pose x … y … z … yaw … pitch …\")")
        }
        var values: [String: Float] = [:]
        for pair in stride(from: 2, to: 12, by: 2) {
            let name = words[pair]
            guard ["x", "y", "z", "yaw", "pitch"].contains(name), values[name] == nil else {
                throw Invalid(description: "unexpected \"\(name)\" in the pose")
            }
            guard let value = Float(words[pair + 1]), value.isFinite else {
                throw Invalid(description: "\(name) is not a number: \"\(words[pair + 1])\"")
            }
            values[name] = value
        }
        let x = values["x"]!, y = values["y"]!, z = values["z"]!, yaw = values["yaw"]!, pitch = values["pitch"]!
        guard abs(x) <= 1000, abs(y) <= 1000, abs(z) <= 1000 else { throw Invalid(description: "position out of range (±1000 m)") }
        guard abs(pitch) <= 89 else { throw Invalid(description: "pitch out of range (±89°)") }
        // A finite yaw above about 1e38° overflows Float on the way to radians.
        let yawRadians = yaw * .pi / 180
        guard yawRadians.isFinite else { throw Invalid(description: "yaw out of range") }
        return CameraPose(
            position: SIMD3(x, y, z), yaw: yawRadians, pitch: pitch * .pi / 180,
            verticalFieldOfView: fieldOfView)
    }
}
