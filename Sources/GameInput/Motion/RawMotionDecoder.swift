/// Turns the packed valuators of raw motion events into deltas, per source device.
///
/// Relative devices give deltas directly. Absolute devices give positions, so their delta is
/// the difference from the same device's previous event; the first event after
/// ``resetBaselines()`` only sets the baseline, so a lock never starts with a jump.
/// Non-finite or absurd values are rejected and counted, never passed on.
///
/// Storage for every device id is made once, so decoding allocates nothing.
package struct RawMotionDecoder: Sendable {
    /// Device ids are below this (XInput device ids fit in a byte).
    package static let deviceIDLimit = 256
    /// A delta whose magnitude exceeds this many counts is taken as garbage and rejected.
    package static let largestPlausibleDelta = 1_000_000.0

    /// How many events were rejected for non-finite or absurd values.
    package private(set) var rejectedEventCount = 0

    private var axesByDevice: [PointerAxes]
    private var baselines: [AbsoluteBaseline]

    private struct AbsoluteBaseline: Sendable {
        var isSet = false
        var unaccelerated = PointerDelta.zero
        var accelerated = PointerDelta.zero
    }

    /// A decoder that takes every device to have ``PointerAxes/conventional`` axes until
    /// ``setAxes(_:forDevice:)`` says otherwise, with no absolute baselines set.
    package init() {
        axesByDevice = Array(repeating: .conventional, count: Self.deviceIDLimit)
        baselines = Array(repeating: AbsoluteBaseline(), count: Self.deviceIDLimit)
    }

    /// Records the axes of device `deviceID` (from the server's device list).
    package mutating func setAxes(_ axes: PointerAxes, forDevice deviceID: Int) {
        guard (0..<Self.deviceIDLimit).contains(deviceID) else { return }
        axesByDevice[deviceID] = axes
        baselines[deviceID] = AbsoluteBaseline()
    }

    /// Forgets every absolute device's last position (at each lock transition).
    package mutating func resetBaselines() {
        for index in baselines.indices { baselines[index].isSet = false }
    }

    /// Decodes one raw event. Returns `nil` when it carries no horizontal or vertical motion,
    /// only sets an absolute baseline, or holds values that are not finite or absurdly large.
    ///
    /// - Parameters:
    ///   - sourceDeviceID: the slave device that sent the event (`sourceid`).
    ///   - mask: the event's valuator mask (`valuators.mask`, `mask_len` bytes).
    ///   - accelerated: the packed accelerated values (`valuators.values`).
    ///   - unaccelerated: the packed raw values (`raw_values`), same packing.
    package mutating func decode(
        sourceDeviceID: Int,
        mask: UnsafeBufferPointer<UInt8>,
        accelerated: UnsafeBufferPointer<Double>,
        unaccelerated: UnsafeBufferPointer<Double>
    ) -> (unaccelerated: PointerDelta, accelerated: PointerDelta)? {
        guard (0..<Self.deviceIDLimit).contains(sourceDeviceID) else { return nil }
        let axes = axesByDevice[sourceDeviceID]
        // Both arrays share the mask, so each axis's packed index is found once.
        let xIndex = PackedValuators.packedIndex(of: axes.xAxis, mask: mask)
        let yIndex = PackedValuators.packedIndex(of: axes.yAxis, mask: mask)
        let accelX = Self.value(at: xIndex, in: accelerated), accelY = Self.value(at: yIndex, in: accelerated)
        let rawX = Self.value(at: xIndex, in: unaccelerated), rawY = Self.value(at: yIndex, in: unaccelerated)
        if accelX == nil && accelY == nil && rawX == nil && rawY == nil { return nil }
        if !Self.isFinite(accelX) || !Self.isFinite(accelY) || !Self.isFinite(rawX) || !Self.isFinite(rawY) {
            rejectedEventCount += 1
            return nil
        }

        var raw: PointerDelta
        var accel: PointerDelta
        if axes.isAbsolute {
            var baseline = baselines[sourceDeviceID]
            let previous = baseline
            baseline.unaccelerated = PointerDelta(dx: rawX ?? previous.unaccelerated.dx, dy: rawY ?? previous.unaccelerated.dy)
            baseline.accelerated = PointerDelta(dx: accelX ?? previous.accelerated.dx, dy: accelY ?? previous.accelerated.dy)
            baseline.isSet = true
            baselines[sourceDeviceID] = baseline
            guard previous.isSet else { return nil }
            raw = PointerDelta(
                dx: baseline.unaccelerated.dx - previous.unaccelerated.dx, dy: baseline.unaccelerated.dy - previous.unaccelerated.dy)
            accel = PointerDelta(
                dx: baseline.accelerated.dx - previous.accelerated.dx, dy: baseline.accelerated.dy - previous.accelerated.dy)
        } else {
            raw = PointerDelta(dx: rawX ?? 0, dy: rawY ?? 0)
            accel = PointerDelta(dx: accelX ?? 0, dy: accelY ?? 0)
        }
        let limit = Self.largestPlausibleDelta
        if abs(raw.dx) > limit || abs(raw.dy) > limit || abs(accel.dx) > limit || abs(accel.dy) > limit {
            rejectedEventCount += 1
            return nil
        }
        return (raw, accel)
    }

    /// `values[index]`, or nil when the axis is absent or the array is shorter than the mask claims.
    @inline(__always)
    private static func value(at index: Int?, in values: UnsafeBufferPointer<Double>) -> Double? {
        guard let index, index < values.count else { return nil }
        return values[index]
    }

    private static func isFinite(_ value: Double?) -> Bool {
        value?.isFinite ?? true
    }
}
