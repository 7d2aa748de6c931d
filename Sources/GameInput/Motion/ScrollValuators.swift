/// One smooth-scrolling axis of a device (`XIScrollClassInfo`): which valuator, which
/// direction, and how much of it makes one wheel step (`increment`, negative when the axis
/// counts the other way).
package struct ScrollAxis: Hashable, Sendable {
    /// The direction an axis scrolls (`XIScrollClassInfo.scroll_type`).
    package enum Orientation: Hashable, Sendable {
        /// Up and down (`XIScrollTypeVertical`); the axis's steps go to ``PointerDelta/dy``.
        case vertical
        /// Left and right (`XIScrollTypeHorizontal`); the axis's steps go to ``PointerDelta/dx``.
        case horizontal
    }
    /// The valuator that carries the axis's running total (`XIScrollClassInfo.number`).
    package var valuator: Int
    /// Whether the axis scrolls up and down or left and right.
    package var orientation: Orientation
    /// How much the valuator changes for one wheel step (`XIScrollClassInfo.increment`);
    /// negative when the axis counts the other way.
    package var increment: Double

    /// The axis on valuator `valuator`, scrolling in `orientation` by `increment` per step.
    package init(valuator: Int, orientation: Orientation, increment: Double) {
        self.valuator = valuator
        self.orientation = orientation
        self.increment = increment
    }
}

/// Turns XInput 2 scroll valuators into continuous scroll deltas in wheel steps.
///
/// Scroll valuators carry a running total, so each delta is the difference from the same
/// device's previous value divided by the axis increment. The first value after the pointer
/// enters the window (or after the device changed) only sets the baseline, as the XInput 2.1
/// protocol asks. Non-finite values are ignored. Storage for every device is made once, so
/// decoding allocates nothing.
package struct ScrollValuatorDecoder: Sendable {
    /// Scroll axes kept per device (a vertical and a horizontal one are usual).
    package static let axesPerDevice = 4

    private var axes: [ScrollAxis?]
    private var lastValues: [Double]
    private var hasLastValue: [Bool]

    /// A decoder that knows no device's scroll axes yet; ``setAxes(_:forDevice:)`` adds them.
    package init() {
        let slots = RawMotionDecoder.deviceIDLimit * Self.axesPerDevice
        axes = Array(repeating: nil, count: slots)
        lastValues = Array(repeating: 0, count: slots)
        hasLastValue = Array(repeating: false, count: slots)
    }

    /// Records the scroll axes of a device (replacing earlier ones) and forgets its baselines.
    package mutating func setAxes(_ deviceAxes: [ScrollAxis], forDevice deviceID: Int) {
        guard (0..<RawMotionDecoder.deviceIDLimit).contains(deviceID) else { return }
        for slot in 0..<Self.axesPerDevice {
            let index = deviceID * Self.axesPerDevice + slot
            axes[index] = slot < deviceAxes.count ? deviceAxes[slot] : nil
            hasLastValue[index] = false
        }
    }

    /// Forgets every device's baseline (the pointer entered the window).
    package mutating func resetBaselines() {
        for index in hasLastValue.indices { hasLastValue[index] = false }
    }

    /// The scroll in this event's valuators, or nil when it carries no scroll change.
    package mutating func decode(
        sourceDeviceID: Int, mask: UnsafeBufferPointer<UInt8>,
        values: UnsafeBufferPointer<Double>
    ) -> PointerDelta? {
        guard (0..<RawMotionDecoder.deviceIDLimit).contains(sourceDeviceID) else { return nil }
        var delta = PointerDelta.zero
        var scrolled = false
        for slot in 0..<Self.axesPerDevice {
            let index = sourceDeviceID * Self.axesPerDevice + slot
            guard let axis = axes[index] else { break }
            guard let value = PackedValuators.value(of: axis.valuator, mask: mask, values: values),
                value.isFinite
            else { continue }
            let previous = hasLastValue[index] ? lastValues[index] : nil
            lastValues[index] = value
            hasLastValue[index] = true
            guard let previous, axis.increment != 0, axis.increment.isFinite else { continue }
            let steps = (value - previous) / axis.increment
            guard steps != 0, steps.isFinite else { continue }
            scrolled = true
            switch axis.orientation {
            case .vertical: delta.dy += steps
            case .horizontal: delta.dx += steps
            }
        }
        return scrolled ? delta : nil
    }
}

/// The legacy wheel: X buttons 4 (up), 5 (down), 6 (left) and 7 (right), one step each.
package enum WheelButtons {
    /// The discrete scroll for a button press, or nil when the button is no wheel button or
    /// the press is XInput 2's emulation of a smooth scroll (`XIPointerEmulated`), which the
    /// continuous scroll already reported.
    package static func discreteScroll(button: Int, isPointerEmulated: Bool) -> PointerDelta? {
        guard !isPointerEmulated else { return nil }
        switch button {
        case 4: return PointerDelta(dx: 0, dy: -1)
        case 5: return PointerDelta(dx: 0, dy: 1)
        case 6: return PointerDelta(dx: -1, dy: 0)
        case 7: return PointerDelta(dx: 1, dy: 0)
        default: return nil
        }
    }

    /// Whether an X button number is a wheel direction.
    package static func isWheel(_ button: Int) -> Bool { (4...7).contains(button) }
}
