// libFuzzer: -max_len=128
import CLockGuardian
import FuzzSupport
import Glibc

/// `GAMEINPUT_GUARDIAN`'s value, which any environment may hold, through
/// `gameinput_parse_guardian_spec` (the constructor that runs before every program's `main`
/// reads it).
///
/// Contract checked: no crash; an accepted value is in range (descriptor and process id within
/// `Int32`, the process id above 1, the stall timeout at most a day) and is exactly the
/// canonical "FD STALLMS GAMEPID" those numbers make: nothing else is accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGuardianSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // The environment holds C strings: the text up to the first NUL.
    let bytes = Array(FuzzInput(data, count: size).remaining.prefix { $0 != 0 }) + [0]
    var spec = gameinput_guardian_spec()
    let accepted = bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { gameinput_parse_guardian_spec($0.baseAddress, &spec) }
    }
    guard accepted else { return 0 }
    FuzzCheck.require(spec.fd >= 0, "descriptor \(spec.fd)")
    FuzzCheck.require((0...86_400_000).contains(spec.stall_ms), "stall timeout \(spec.stall_ms)")
    FuzzCheck.require(spec.game_pid > 1 && spec.game_pid <= Int(Int32.max), "process \(spec.game_pid)")
    let text = String(decoding: bytes.dropLast(), as: UTF8.self)
    FuzzCheck.require(text == "\(spec.fd) \(spec.stall_ms) \(spec.game_pid)", "accepted a value that is not canonical: \(text)")
    return 0
}
