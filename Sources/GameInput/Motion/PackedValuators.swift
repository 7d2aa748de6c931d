/// Reads axis values out of XInput 2's packed valuator arrays.
///
/// In an `XIRawEvent` (and `XIValuatorState`), `values` holds one entry per *set* bit of the
/// valuator mask, in bit order, not one per axis: axis 3's value is at the index equal to the
/// number of set bits below bit 3. Reading by axis number directly is the classic decoding bug.
package enum PackedValuators {
    /// The number of values a mask announces (its set bits).
    package static func valueCount(mask: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in mask { count += byte.nonzeroBitCount }
        return count
    }

    /// The position of `axis` in the packed array, or `nil` when its mask bit is not set.
    package static func packedIndex(of axis: Int, mask: UnsafeBufferPointer<UInt8>) -> Int? {
        guard axis >= 0 else { return nil }
        let byteIndex = axis >> 3
        guard byteIndex < mask.count else { return nil }
        let bit = UInt8(1) << UInt8(axis & 7)
        guard mask[byteIndex] & bit != 0 else { return nil }
        var index = (mask[byteIndex] & (bit &- 1)).nonzeroBitCount
        for byte in mask[..<byteIndex] { index += byte.nonzeroBitCount }
        return index
    }

    /// The value of `axis`, or `nil` when the mask does not include it or `values` is shorter
    /// than the mask claims.
    package static func value(
        of axis: Int,
        mask: UnsafeBufferPointer<UInt8>,
        values: UnsafeBufferPointer<Double>
    ) -> Double? {
        guard let index = packedIndex(of: axis, mask: mask), index < values.count else { return nil }
        return values[index]
    }
}
