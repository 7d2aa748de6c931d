// libFuzzer: -max_len=2048
import FuzzSupport
@testable import GameInput

/// Fuzzes the decoding of XInput 2 packed valuators, as raw events and as motion events hand
/// them over: ``PackedValuators``, ``RawMotionDecoder`` and ``ScrollValuatorDecoder`` with
/// any bytes for masks and any `Double` for values (not only what the wire can carry: the
/// decoders promise to survive anything).
///
/// Input layout (see ``FuzzInput``; short inputs read zeros):
/// - 1 byte: how many devices get axes (0…3); per device 4 bytes: id, x axis − 4, y axis − 4,
///   absolute when odd. Devices without axes keep the conventional relative 0 and 1.
/// - 1 byte: how many devices get scroll axes (0…3); per device: id, axis count (0…5), and per
///   axis a valuator, an orientation byte and an increment (``FuzzInput/anyDouble()``).
/// - Then events until the input ends: an op byte (bit 0…3 = 0: reset baselines first; bit
///   4: a device id from two bytes, −32768…32767, else one byte), the device, a mask length
///   (0…11) and mask bytes, a value-count byte when op bit 5 is set (fewer values than the
///   mask claims: a lying event), then per value an accelerated and a raw ``FuzzInput/anyDouble()``.
///
/// Contract checked: no crash; a packed index is the number of set mask bits below the axis
/// and exists exactly when the axis bit is set; a motion is finite and within
/// ``RawMotionDecoder/largestPlausibleDelta`` on every axis; a relative device's motion is
/// the values at its axes' packed indices (0 when absent); the rejected count grows by at
/// most one per event; a scroll delta is finite.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRawMotion(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, count: size)
    var motion = RawMotionDecoder()
    var scroll = ScrollValuatorDecoder()
    var axesByDevice: [Int: PointerAxes] = [:]
    for _ in 0..<input.int(in: 0...3) {
        let device = Int(input.byte())
        let axes = PointerAxes(xAxis: Int(input.byte()) - 4, yAxis: Int(input.byte()) - 4, isAbsolute: input.bool())
        motion.setAxes(axes, forDevice: device)
        axesByDevice[device] = axes
    }
    for _ in 0..<input.int(in: 0...3) {
        let device = Int(input.byte())
        let axes = (0..<input.int(in: 0...5)).map { _ in
            ScrollAxis(
                valuator: Int(input.byte()), orientation: input.bool() ? .vertical : .horizontal,
                increment: input.anyDouble())
        }
        scroll.setAxes(axes, forDevice: device)
    }
    while !input.isAtEnd {
        let op = input.byte()
        if op & 0x0F == 0 {
            motion.resetBaselines()
            scroll.resetBaselines()
        }
        let device = op & 0x10 != 0 ? Int(Int16(truncatingIfNeeded: input.bits(2))) : Int(input.byte())
        let mask = input.bytes(input.int(in: 0...11))
        let claimed = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        let count = op & 0x20 != 0 ? input.int(in: 0...claimed) : claimed
        var accelerated: [Double] = []
        var unaccelerated: [Double] = []
        for _ in 0..<count {
            accelerated.append(input.anyDouble())
            unaccelerated.append(input.anyDouble())
        }
        mask.withUnsafeBufferPointer { mask in
            accelerated.withUnsafeBufferPointer { accelerated in
                unaccelerated.withUnsafeBufferPointer { unaccelerated in
                    checkPacking(mask: mask, values: unaccelerated, claimed: claimed)
                    let axes = (0..<RawMotionDecoder.deviceIDLimit).contains(device) ? axesByDevice[device] ?? .conventional : nil
                    checkMotion(
                        &motion, device: device, axes: axes, mask: mask, accelerated: accelerated, unaccelerated: unaccelerated)
                    if let delta = scroll.decode(sourceDeviceID: device, mask: mask, values: unaccelerated) {
                        FuzzCheck.require(FuzzCheck.allFinite(delta.dx, delta.dy), "scroll delta \(delta) is not finite")
                    }
                }
            }
        }
    }
    return 0
}

/// ``PackedValuators`` against a count of the mask's bits, axis by axis.
private func checkPacking(mask: UnsafeBufferPointer<UInt8>, values: UnsafeBufferPointer<Double>, claimed: Int) {
    FuzzCheck.require(PackedValuators.valueCount(mask: mask) == claimed, "valueCount disagrees with the mask's bits")
    var below = 0
    for axis in -2..<(mask.count * 8 + 10) {
        let isSet = axis >= 0 && axis < mask.count * 8 && mask[axis >> 3] & (1 << (axis & 7)) != 0
        let index = PackedValuators.packedIndex(of: axis, mask: mask)
        FuzzCheck.require(index == (isSet ? below : nil), "packedIndex(of: \(axis)) is \(String(describing: index))")
        let value = PackedValuators.value(of: axis, mask: mask, values: values)
        let expected = index.flatMap { $0 < values.count ? values[$0] : nil }
        FuzzCheck.require(value?.bitPattern == expected?.bitPattern, "value(of: \(axis)) reads the wrong slot")
        if isSet { below += 1 }
    }
}

/// One ``RawMotionDecoder/decode(sourceDeviceID:mask:accelerated:unaccelerated:)`` call and
/// what its result must be; `axes` is nil for a device id the decoder must ignore.
private func checkMotion(
    _ decoder: inout RawMotionDecoder, device: Int, axes: PointerAxes?, mask: UnsafeBufferPointer<UInt8>,
    accelerated: UnsafeBufferPointer<Double>, unaccelerated: UnsafeBufferPointer<Double>
) {
    let rejectedBefore = decoder.rejectedEventCount
    let result = decoder.decode(sourceDeviceID: device, mask: mask, accelerated: accelerated, unaccelerated: unaccelerated)
    let rejected = decoder.rejectedEventCount - rejectedBefore
    FuzzCheck.require(rejected == 0 || (rejected == 1 && result == nil), "rejected count grew by \(rejected)")
    guard let axes else {
        FuzzCheck.require(result == nil && rejected == 0, "device \(device) is out of range yet decoded")
        return
    }
    guard let result else { return }
    let limit = RawMotionDecoder.largestPlausibleDelta
    for value in [result.unaccelerated.dx, result.unaccelerated.dy, result.accelerated.dx, result.accelerated.dy] {
        FuzzCheck.require(value.isFinite && abs(value) <= limit, "decoder let \(value) through")
    }
    guard !axes.isAbsolute else { return }
    /// The value at `axis`'s packed slot, 0 when the mask or the array lacks it.
    func expected(_ axis: Int, _ values: UnsafeBufferPointer<Double>) -> Double {
        PackedValuators.value(of: axis, mask: mask, values: values) ?? 0
    }
    FuzzCheck.require(
        result.unaccelerated.dx == expected(axes.xAxis, unaccelerated) && result.unaccelerated.dy == expected(axes.yAxis, unaccelerated)
            && result.accelerated.dx == expected(axes.xAxis, accelerated) && result.accelerated.dy == expected(axes.yAxis, accelerated),
        "a relative device's motion \(result) is not its packed values")
}
