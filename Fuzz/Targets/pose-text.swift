// libFuzzer: -max_len=512
import FuzzSupport
import LockgameEngine

@testable import LockgameParsers

/// Fuzzes the pose the demo reads from the clipboard on Ctrl+V, `PoseText.parse(_:fieldOfView:)`
/// (the demo's own `Sources/lockgame/Game/PoseText.swift`, compiled into `LockgameParsers`),
/// with any text: the clipboard is anyone's.
///
/// Contract checked: no crash; either a finite pose within ±1000 m and ±89° of pitch, with
/// the field of view given, that `PoseText.format` writes as text which parses back to the
/// same pose (to the millimetre and hundredth of a degree it is written with), or an
/// `Invalid` with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPoseText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzInput(data, count: size).remaining, as: UTF8.self)
    let fieldOfView = CameraPose.defaultVerticalFieldOfView
    let pose: CameraPose
    do {
        pose = try PoseText.parse(text, fieldOfView: fieldOfView)
    } catch {
        FuzzCheck.require(!error.description.isEmpty, "an error without a message")
        return 0
    }
    FuzzCheck.require(pose.isFinite && pose.verticalFieldOfView == fieldOfView, "pose \(pose) is not finite")
    let p = pose.position
    FuzzCheck.require(max(abs(p.x), abs(p.y), abs(p.z)) <= 1000, "position \(p) is out of range")
    FuzzCheck.require(abs(pose.pitch) <= 89 * .pi / 180 * (1 + 1e-6), "pitch \(pose.pitch) is out of range")
    let written = PoseText.format(pose)
    do {
        let again = try PoseText.parse(written, fieldOfView: fieldOfView)
        let position = again.position - p
        FuzzCheck.require(max(abs(position.x), abs(position.y), abs(position.z)) <= 0.000_6, "\(written) moved the pose")
        for (before, after) in [(pose.yaw, again.yaw), (pose.pitch, again.pitch)] {
            let degrees = Double(before) * 180 / .pi, error = abs(Double(after - before)) * 180 / .pi
            FuzzCheck.require(error <= 0.005_1 + abs(degrees) * 1e-6, "\(written) turned the pose by \(error)°")
        }
    } catch {
        FuzzCheck.require(false, "the pose's own text \"\(written)\" does not parse: \(error)")
    }
    return 0
}
