internal import CXlib
import Foundation

/// What an X server offers for pointer lock, read once for diagnostics (`lockgame --doctor`):
/// vendor and release, XInput version, XWayland or not, MIT-SHM, the window manager, and the
/// pointer devices with whether they report only absolute positions.
public struct DisplayReport: Sendable {
    /// Whether shared-memory images (MIT-SHM) work for this client.
    public enum SharedMemorySupport: Sendable {
        /// The server offers the extension and attached a test segment.
        case usable
        /// The server lists the extension but refused the segment: a client over TCP,
        /// `ssh -X` or from another IPC namespace.
        case refused
        /// The server does not offer the extension.
        case absent
    }

    /// A pointer device as the server lists it (`XIQueryDevice`).
    public struct PointerDevice: Sendable {
        /// The XInput device id (`XIDeviceInfo.deviceid`).
        public var id: Int
        /// The device's name as the server lists it (`XIDeviceInfo.name`), such as
        /// "Virtual core pointer".
        public var name: String
        /// A master pointer (the one the cursor follows) rather than a physical device.
        public var isMaster: Bool
        /// Whether its X/Y axes are absolute (tablets, touchscreens, VM pointers): motion is
        /// then differenced, and such a device alone cannot move a locked view indefinitely.
        public var isAbsolute: Bool
    }

    /// The display the report describes, as Xlib resolved it (`XDisplayString`), such as ":0".
    public var displayName: String
    /// The X server's vendor (`XServerVendor`), such as "The X.Org Foundation".
    public var vendor: String
    /// The vendor's release number of the server (`XVendorRelease`).
    public var vendorRelease: Int
    /// The core protocol's version and revision, such as "11.0" (`XProtocolVersion`,
    /// `XProtocolRevision`).
    public var protocolVersion: String
    /// The XInput version agreed, when XInput 2.2+ and generic events are there.
    public var xinputVersion: (major: Int, minor: Int)?
    /// Whether the server is Xwayland (the `XWAYLAND` extension, or its `xwayland-*` devices).
    public var isXWayland: Bool
    /// Xwayland's relative-pointer device (`xwayland-relative-pointer:N`), which carries locked
    /// motion: present when the compositor offers relative pointer events.
    public var relativePointerDevice: PointerDevice? {
        pointerDevices.first { $0.name.hasPrefix("xwayland-relative-pointer") }
    }
    /// What MIT-SHM gives this client.
    public var sharedMemory: SharedMemorySupport
    /// The name the running window manager gives itself (`_NET_SUPPORTING_WM_CHECK`,
    /// `_NET_WM_NAME`), or nil when none announces itself.
    public var windowManager: String?
    /// The master pointers, slave pointers and floating slaves (`XIQueryDevice`); empty when
    /// ``xinputVersion`` is nil.
    public var pointerDevices: [PointerDevice]
    /// The input method `XMODIFIERS=@im=NAME` names, if any, and whether a server of that name
    /// owns its selection now (text sessions then go through it; see
    /// ``GameWindow/textInputSource``).
    public var inputMethod: (name: String, isRunning: Bool)?
    /// The cursor theme libXcursor reads for this display (`XCURSOR_THEME`, else the
    /// `Xcursor.theme` resource; nil: none set, the `default` theme is used) and the size it
    /// loads cursors at (`XCURSOR_SIZE`, else `Xcursor.size`, else one from `Xft.dpi`).
    public var cursorTheme: (name: String?, size: Int) = (nil, 0)
    /// The desktop's monitors, as ``GameWindow/monitors`` lists them.
    public var monitors: [Monitor] = []
    /// Whether the monitors come from RandR 1.5 (else from Xinerama, or the whole screen).
    public var monitorsFromRandR = false
    /// The desktop's scale, as ``GameWindow/scale`` reads it.
    public var scale = DesktopScale(factor: 1, source: .none)

    /// Connects to `displayName` (or `$DISPLAY`), reads the report and disconnects.
    public static func inspect(displayName: String? = nil) throws(GameWindowError) -> DisplayReport {
        let connection = try X11Connection(displayName: displayName)
        defer { connection.close() }
        let display = connection.display
        var report = DisplayReport(
            displayName: connection.name,
            vendor: String(cString: XServerVendor(display)),
            vendorRelease: Int(XVendorRelease(display)),
            protocolVersion: "\(XProtocolVersion(display)).\(XProtocolRevision(display))",
            xinputVersion: connection.xinputVersion.map { (Int($0.major), Int($0.minor)) },
            isXWayland: connection.isXwayland,
            sharedMemory: sharedMemorySupport(connection),
            windowManager: windowManagerName(connection),
            pointerDevices: [])
        if let name = X11InputMethod.serverName(xmodifiers: ProcessInfo.processInfo.environment["XMODIFIERS"]) {
            report.inputMethod = (name, XGetSelectionOwner(display, connection.atom("@server=\(name)")) != 0)
        }
        if connection.xinputOpcode != nil {
            report.pointerDevices = pointerDevices(connection)
        }
        report.cursorTheme = (XcursorGetTheme(display).map { String(cString: $0) }, Int(XcursorGetDefaultSize(display)))
        let monitors = X11Monitors(connection: connection)
        report.monitors = monitors.list
        report.monitorsFromRandR = monitors.usesRandR
        report.scale = X11ResourceWatch(connection: connection).scale
        return report
    }

    /// Attaches a one-page segment and waits for the server's answer.
    private static func sharedMemorySupport(_ connection: X11Connection) -> SharedMemorySupport {
        let display = connection.display
        guard XShmQueryExtension(display) != 0 else { return .absent }
        var segment = XShmSegmentInfo()
        segment.shmid = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0o600)
        guard segment.shmid >= 0 else { return .refused }
        defer { shmctl(segment.shmid, IPC_RMID, nil) }
        guard let address = shmat(segment.shmid, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            return .refused
        }
        defer { shmdt(address) }
        segment.shmaddr = address.assumingMemoryBound(to: CChar.self)
        guard connection.firstError(in: { XShmAttach(display, &segment) }) == nil else { return .refused }
        XShmDetach(display, &segment)
        XSync(display, 0)
        return .usable
    }

    private static func windowManagerName(_ connection: X11Connection) -> String? {
        let display = connection.display
        guard let check = windowProperty(display, connection.rootWindow, connection.atom("_NET_SUPPORTING_WM_CHECK")) else {
            return nil
        }
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, check, connection.atom("_NET_WM_NAME"), 0, 256, 0,
                connection.atom("UTF8_STRING"), &type, &format, &count, &after, &data) == Success,
            let data
        else { return "unnamed" }
        defer { XFree(data) }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    private static func windowProperty(_ display: OpaquePointer, _ window: UInt, _ atom: UInt) -> UInt? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window, atom, 0, 1, 0, UInt(XA_WINDOW),
                &type, &format, &count, &after, &data) == Success, let data
        else { return nil }
        defer { XFree(data) }
        return count == 1 ? UnsafeRawPointer(data).load(as: UInt.self) : nil
    }

    private static func pointerDevices(_ connection: X11Connection) -> [PointerDevice] {
        let display = connection.display
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(devices) }
        var result: [PointerDevice] = []
        for device in UnsafeBufferPointer(start: devices, count: Int(count))
        where device.use == XIMasterPointer || device.use == XISlavePointer || device.use == XIFloatingSlave {
            var relative = 0, absolute = 0
            for index in 0..<Int(device.num_classes) {
                guard let any = device.classes[index], any.pointee.type == XIValuatorClass else { continue }
                let info = UnsafeRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                guard info.number < 2 else { continue }
                if info.mode == XIModeAbsolute { absolute += 1 } else { relative += 1 }
            }
            result.append(
                PointerDevice(
                    id: Int(device.deviceid), name: String(cString: device.name),
                    isMaster: device.use == XIMasterPointer, isAbsolute: absolute > 0 && relative == 0))
        }
        return result
    }
}
