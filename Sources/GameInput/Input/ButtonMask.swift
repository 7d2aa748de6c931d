/// Which pointer buttons are pressed, UIKit's `UIEvent.ButtonMask`: bit *n* − 1 for
/// ``MouseButton`` number *n*.
public struct ButtonMask: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The mask's bits: bit 0 the primary button, bit 1 the secondary, bit 2 the middle one,
    /// bit *n* − 1 ``MouseButton`` number *n*.
    public let rawValue: Int
    /// The mask with the bits of `rawValue`, numbered as in ``rawValue``.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The mask holding `button` alone.
    public init(_ button: MouseButton) { self.init(rawValue: 1 << (button.number - 1)) }

    /// The primary (usually left) button.
    public static let primary = ButtonMask(.primary)
    /// The secondary (usually right) button.
    public static let secondary = ButtonMask(.secondary)
    /// The middle button.
    public static let middle = ButtonMask(.middle)

    /// UIKit's button `number` (1 primary, 2 secondary, 3 middle, …); empty outside 1...30.
    public static func button(_ number: Int) -> ButtonMask {
        MouseButton(number: number).map(ButtonMask.init) ?? []
    }

    /// Whether `button` is held.
    public func contains(_ button: MouseButton) -> Bool { contains(ButtonMask(button)) }

    /// The buttons held, in order of number.
    public var buttons: [MouseButton] {
        (1...30).compactMap { MouseButton(number: $0) }.filter { contains($0) }
    }

    /// The buttons by name, joined with "+" (as in "primary+middle"); "none" when the mask is
    /// empty.
    public var description: String {
        let names = buttons.map(\.description)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}
