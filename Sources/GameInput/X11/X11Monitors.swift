internal import CXlib

/// The desktop's monitors as the X server has them, and the events that say they changed.
///
/// RandR 1.5 monitors first (`XRRGetMonitors` with only the active ones), each output's mode
/// giving the refresh rate; Xinerama's screens where RandR is missing or older, or where
/// Xinerama lists more screens than RandR has monitors (a server of several screens joined
/// with `+xinerama`: measured on Xephyr 21.1 with two screens, RandR sees only the first);
/// else the whole screen. The list is read when the window opens
/// and again when RandR says the screen, a CRTC or an output changed (a few round trips,
/// never in the per-event path).
final class X11Monitors {
    private let connection: X11Connection
    /// RandR's first event number, when RandR 1.5 or later runs.
    private let randrEventBase: Int32?
    /// The monitors as last read.
    private(set) var list: [Monitor] = []

    init(connection: X11Connection) {
        self.connection = connection
        let display = connection.display
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        if XRRQueryExtension(display, &eventBase, &errorBase) != 0, XRRQueryVersion(display, &major, &minor) != 0,
            major > 1 || (major == 1 && minor >= 5)
        {
            randrEventBase = eventBase
            XRRSelectInput(
                display, connection.rootWindow,
                Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask))
        } else {
            randrEventBase = nil
        }
        list = read()
    }

    /// Whether RandR supplied the list last read (else Xinerama or the whole screen).
    private(set) var usesRandR = false

    /// Handles a RandR event: returns true when it was one (whether or not the list changed),
    /// and re-reads the list; `changed` says whether the list is different now.
    func handle(_ event: inout XEvent) -> (isRandR: Bool, changed: Bool) {
        guard let base = randrEventBase, event.type == base + RRScreenChangeNotify || event.type == base + RRNotify else {
            return (false, false)
        }
        if event.type == base + RRScreenChangeNotify { XRRUpdateConfiguration(&event) }
        let fresh = read()
        guard fresh != list else { return (true, false) }
        list = fresh
        return (true, true)
    }

    private func read() -> [Monitor] {
        let randr = randrEventBase == nil ? [] : readRandR() ?? []
        let xinerama = readXinerama() ?? []
        usesRandR = !randr.isEmpty && randr.count >= xinerama.count
        if usesRandR { return randr }
        if !xinerama.isEmpty { return xinerama }
        let display = connection.display
        let screen = XDefaultScreen(display)
        return [
            Monitor(
                name: "screen",
                frame: ScreenRect(x: 0, y: 0, width: Int(XDisplayWidth(display, screen)), height: Int(XDisplayHeight(display, screen))),
                widthMillimetres: Int(XDisplayWidthMM(display, screen)), heightMillimetres: Int(XDisplayHeightMM(display, screen)),
                isPrimary: true, refreshRate: nil)
        ]
    }

    private func readRandR() -> [Monitor]? {
        let display = connection.display
        var count: Int32 = 0
        guard let monitors = XRRGetMonitors(display, connection.rootWindow, 1, &count) else { return nil }
        defer { XRRFreeMonitors(monitors) }
        let resources = XRRGetScreenResourcesCurrent(display, connection.rootWindow)
        defer { if let resources { XRRFreeScreenResources(resources) } }
        return UnsafeBufferPointer(start: monitors, count: Int(count)).map { info in
            var name = "monitor"
            if let atomName = XGetAtomName(display, info.name) {
                name = String(cString: atomName)
                XFree(atomName)
            }
            let output = info.noutput > 0 ? info.outputs?[0] : nil
            return Monitor(
                name: name, frame: ScreenRect(x: Int(info.x), y: Int(info.y), width: Int(info.width), height: Int(info.height)),
                widthMillimetres: Int(info.mwidth), heightMillimetres: Int(info.mheight), isPrimary: info.primary != 0,
                refreshRate: output.flatMap { refreshRate(of: $0, resources: resources) })
        }
    }

    /// The refresh rate of the mode on `output`'s CRTC: the dot clock over the pixels of a
    /// whole frame (doubled for interlace, halved for double scan).
    private func refreshRate(of output: RROutput, resources: UnsafeMutablePointer<XRRScreenResources>?) -> Double? {
        guard let resources, let outputInfo = XRRGetOutputInfo(connection.display, resources, output) else { return nil }
        defer { XRRFreeOutputInfo(outputInfo) }
        guard outputInfo.pointee.crtc != 0, let crtc = XRRGetCrtcInfo(connection.display, resources, outputInfo.pointee.crtc)
        else { return nil }
        defer { XRRFreeCrtcInfo(crtc) }
        let modes = UnsafeBufferPointer(start: resources.pointee.modes, count: Int(resources.pointee.nmode))
        guard let mode = modes.first(where: { $0.id == crtc.pointee.mode }), mode.hTotal > 0, mode.vTotal > 0 else { return nil }
        var lines = Double(mode.vTotal)
        if mode.modeFlags & UInt(RR_DoubleScan) != 0 { lines *= 2 }
        if mode.modeFlags & UInt(RR_Interlace) != 0 { lines /= 2 }
        let rate = Double(mode.dotClock) / (Double(mode.hTotal) * lines)
        return rate.isFinite && rate > 0 ? rate : nil
    }

    private func readXinerama() -> [Monitor]? {
        let display = connection.display
        guard XineramaIsActive(display) != 0 else { return nil }
        var count: Int32 = 0
        guard let screens = XineramaQueryScreens(display, &count) else { return nil }
        defer { XFree(screens) }
        return UnsafeBufferPointer(start: screens, count: Int(count)).enumerated().map { index, screen in
            Monitor(
                name: "Xinerama-\(index)",
                frame: ScreenRect(x: Int(screen.x_org), y: Int(screen.y_org), width: Int(screen.width), height: Int(screen.height)),
                widthMillimetres: 0, heightMillimetres: 0, isPrimary: index == 0, refreshRate: nil)
        }
    }
}
