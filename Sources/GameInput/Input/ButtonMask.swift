/// Which pointer buttons are pressed, UIKit's `UIEvent.ButtonMask` for X11. UIKit numbers
/// buttons from 1 as primary (X button 1), secondary (X button 3), then the middle button
/// (X button 2) and further buttons (X 8, 9, …); the wheel "buttons" 4–7 are scrolling, not
/// buttons, and never appear here.
public struct ButtonMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The mask's bits in UIKit's numbering: bit 0 the primary button, bit 1 the secondary,
    /// bit 2 the middle one, bit *n* − 1 button *n* (see ``button(_:)``).
    public let rawValue: Int
    /// The mask with the bits of `rawValue`, numbered as in ``rawValue``.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The primary (usually left) button, X button 1.
    public static let primary = ButtonMask(rawValue: 1 << 0)
    /// The secondary (usually right) button, X button 3.
    public static let secondary = ButtonMask(rawValue: 1 << 1)

    /// UIKit's button `number` (1 primary, 2 secondary, 3 middle, …).
    public static func button(_ number: Int) -> ButtonMask {
        guard (1...30).contains(number) else { return [] }
        return ButtonMask(rawValue: 1 << (number - 1))
    }

    /// The mask for X button `xButton`, or empty for the wheel (4–7) and out-of-range numbers.
    public init(xButton: Int) {
        switch xButton {
        case 1: self = .primary
        case 3: self = .secondary
        case 2: self = .button(3)
        case 8...31: self = .button(xButton - 4)
        default: self = []
        }
    }

    /// The buttons set in an XInput 2 button state (`XIButtonState.mask`: bit n = X button n).
    public init(xButtonState mask: UnsafeBufferPointer<UInt8>) {
        var result: ButtonMask = []
        for (byteIndex, byte) in mask.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                result.formUnion(ButtonMask(xButton: byteIndex * 8 + bit))
            }
        }
        self = result
    }

    /// The buttons by name, joined with "+": "primary", "secondary", then "button 3" and up
    /// (as in "primary+button 3"); "none" when the mask is empty.
    public var description: String {
        var names: [String] = []
        if contains(.primary) { names.append("primary") }
        if contains(.secondary) { names.append("secondary") }
        for number in 3...30 where contains(.button(number)) { names.append("button \(number)") }
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}
