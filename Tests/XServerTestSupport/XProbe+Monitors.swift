import CXlib
import Foundation

/// Monitors made on the probe's server, as `xrandr --setmonitor` makes them (RandR 1.5).
///
/// The server sends no event for a client's monitors (its `ProcRRSetMonitor` changes the list
/// only), unlike a monitor plugged in, which changes outputs and CRTCs. So after each change
/// the probe makes the server send the events a hotplug sends (`RRScreenChangeNotify` and
/// `RRNotify`), by setting the primary output to another and back; a game re-reads the list
/// then, as after a real hotplug. (Setting the screen to its own size would do too, but sends
/// nothing while a client holds a pointer grab: measured on Xvfb 21.1.7.) Xvfb resets when its
/// last client leaves, taking client monitors with it, so they are made by the probe, which
/// stays connected.
extension XProbe {
    /// Splits the screen into these monitors (name and geometry in screen pixels). The first
    /// takes over the server's own output, so the screen's automatic monitor goes and exactly
    /// these are listed.
    public func setMonitors(_ monitors: [(name: String, x: Int32, y: Int32, width: Int32, height: Int32)]) {
        var outputs: [RROutput] = []
        if let resources = XRRGetScreenResourcesCurrent(display, root) {
            if resources.pointee.noutput > 0, let first = resources.pointee.outputs?[0] { outputs = [first] }
            XRRFreeScreenResources(resources)
        }
        for (index, monitor) in monitors.enumerated() {
            addMonitor(monitor, outputs: index == 0 ? outputs : [])
        }
        announceMonitorChange()
    }

    /// Adds one monitor with no output (as `--setmonitor NAME GEOMETRY none`).
    public func addMonitor(_ monitor: (name: String, x: Int32, y: Int32, width: Int32, height: Int32)) {
        addMonitor(monitor, outputs: [])
        announceMonitorChange()
    }

    /// Removes a monitor this probe made (`--delmonitor`).
    public func removeMonitor(named name: String) {
        XRRDeleteMonitor(display, root, XInternAtom(display, name, 0))
        announceMonitorChange()
    }

    /// The primary output set to another and back: the server tells every RandR client the
    /// configuration changed, twice.
    private func announceMonitorChange() {
        XSync(display, 0)
        guard let resources = XRRGetScreenResourcesCurrent(display, root) else { return }
        defer { XRRFreeScreenResources(resources) }
        guard resources.pointee.noutput > 0, let output = resources.pointee.outputs?[0] else { return }
        let primary = XRRGetOutputPrimary(display, root)
        XRRSetOutputPrimary(display, root, primary == output ? 0 : output)
        XRRSetOutputPrimary(display, root, primary)
        XSync(display, 0)
    }

    private func addMonitor(_ monitor: (name: String, x: Int32, y: Int32, width: Int32, height: Int32), outputs: [RROutput]) {
        guard let info = XRRAllocateMonitor(display, Int32(outputs.count)) else { return }
        defer { XRRFreeMonitors(info) }
        info.pointee.name = XInternAtom(display, monitor.name, 0)
        info.pointee.x = monitor.x
        info.pointee.y = monitor.y
        info.pointee.width = monitor.width
        info.pointee.height = monitor.height
        // 96 dpi.
        info.pointee.mwidth = Int32((Double(monitor.width) * 25.4 / 96).rounded())
        info.pointee.mheight = Int32((Double(monitor.height) * 25.4 / 96).rounded())
        for (index, output) in outputs.enumerated() { info.pointee.outputs[index] = output }
        XRRSetMonitor(display, root, info)
    }

    /// Sets the root window's `RESOURCE_MANAGER` (what `xrdb` does) to `text`.
    public func setResources(_ text: String) {
        let bytes = Array(text.utf8)
        XChangeProperty(display, root, UInt(XA_RESOURCE_MANAGER), UInt(XA_STRING), 8, PropModeReplace, bytes, Int32(bytes.count))
        XSync(display, 0)
    }
}
