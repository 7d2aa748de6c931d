package import CXlib

/// Decoding a whole `XIRawEvent` (as `XGetEventData` leaves it) into a ``RelativeMotion``:
/// the game's path from cookie data to the delta it sees, in one place so the benchmark runs
/// exactly this code on constructed events.
extension RawMotionDecoder {
    /// The motion carried by `raw`, stamped `time` (when it was read), or nil when it carries none (see
    /// `decode(sourceDeviceID:mask:accelerated:unaccelerated:)`).
    package mutating func motion(from raw: XIRawEvent, time: EventTime) -> RelativeMotion? {
        let mask = raw.valuators.maskBytes
        let count = PackedValuators.valueCount(mask: mask)
        guard
            let delta = decode(
                sourceDeviceID: Int(raw.sourceid), mask: mask,
                accelerated: UnsafeBufferPointer(start: raw.valuators.values, count: count),
                unaccelerated: UnsafeBufferPointer(start: raw.raw_values, count: count))
        else { return nil }
        return RelativeMotion(
            unaccelerated: delta.unaccelerated, accelerated: delta.accelerated,
            sourceDeviceID: Int(raw.sourceid), time: time, systemTimestamp: UInt32(truncatingIfNeeded: raw.time))
    }
}
