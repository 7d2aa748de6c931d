internal import CXlib

/// The EWMH `_NET_WM_ICON` property: a CARDINAL/32 list with, for each picture, its width, its
/// height, then its pixels (ARGB, row by row). Xlib takes format-32 data as C `long`s, 64 bits
/// here, one per value.
enum X11IconProperty {
    /// How many 32-bit values `icons` take in the property.
    static func valueCount(of icons: [WindowIcon]) -> Int {
        icons.reduce(0) { $0 + 2 + $1.pixels.count }
    }

    /// The property's values for `icons`, in their order.
    static func values(of icons: [WindowIcon]) -> [UInt] {
        var values: [UInt] = []
        values.reserveCapacity(valueCount(of: icons))
        for icon in icons {
            values.append(UInt(icon.width))
            values.append(UInt(icon.height))
            values.append(contentsOf: icon.pixels.lazy.map { UInt($0) })
        }
        return values
    }

    /// The most values one `ChangeProperty` request may carry on `display`: the server's
    /// largest request (with BIG-REQUESTS, `XExtendedMaxRequestSize`, else `XMaxRequestSize`;
    /// in 4-byte units) less the request's header (6 units, and 1 more for a big request's
    /// length).
    static func maximumValueCount(on display: OpaquePointer) -> Int {
        let extended = XExtendedMaxRequestSize(display)
        return extended > 0 ? extended - 7 : XMaxRequestSize(display) - 6
    }
}
