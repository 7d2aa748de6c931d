internal import CWayland
import Foundation

/// The compositor's outputs (`wl_output`) as ``Monitor``s, and the ones the window's surface is
/// on (`wl_surface.enter` and `leave`).
///
/// Each output is bound (version 4 where offered, for its `name`) as its global appears, and
/// counts once its first `done` has come: its name (`HEADLESS-1`, `DP-1`; xdg-output's before
/// version 4; `output-N`, by registry name, without either), its rectangle in the compositor's
/// layout, its physical size and the refresh rate of its current mode. The rectangle is
/// xdg-output's logical position and size where the compositor offers
/// `zxdg_output_manager_v1` (sway, mutter and KWin do: wlroots' `wl_output.geometry` puts every
/// output at 0,0), else `geometry`'s position and the mode's size over the integer scale.
/// Wayland names no primary output, so no monitor is primary.
final class WaylandOutputs {
    private final class Output {
        let name: UInt32
        let proxy: OpaquePointer
        var connectorName: String?
        var x: Int32 = 0, y: Int32 = 0
        var widthMillimetres: Int32 = 0, heightMillimetres: Int32 = 0
        var modeWidth: Int32 = 0, modeHeight: Int32 = 0, refreshMillihertz: Int32 = 0
        var scale: Int32 = 1
        var isDone = false
        /// xdg-output's view: the output's place and size in the layout, and its name.
        var xdgOutput: OpaquePointer?
        var logical: (x: Int32, y: Int32, width: Int32, height: Int32)?
        var xdgName: String?

        init(name: UInt32, proxy: OpaquePointer) {
            self.name = name
            self.proxy = proxy
        }

        var monitor: Monitor {
            let scale = max(1, Int(self.scale))
            let frame =
                logical.map { ScreenRect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height)) }
                ?? ScreenRect(x: Int(x), y: Int(y), width: Int(modeWidth) / scale, height: Int(modeHeight) / scale)
            return Monitor(
                name: connectorName ?? xdgName ?? "output-\(name)", frame: frame,
                widthMillimetres: Int(widthMillimetres), heightMillimetres: Int(heightMillimetres), isPrimary: false,
                refreshRate: refreshMillihertz > 0 ? Double(refreshMillihertz) / 1000 : nil)
        }
    }

    private var outputs: [Output] = []
    /// xdg-output's manager, where the compositor offers it; set before the first output.
    var xdgOutputManager: OpaquePointer?
    /// The outputs the surface is on, oldest first.
    private var entered: [OpaquePointer] = []
    /// The list changed (an output came, went or changed) or the surface moved between outputs
    /// since the list was last compared.
    private(set) var mayHaveChanged = false
    /// The monitors last reported (nil until the window is made: the first list is no change).
    private var reported: [Monitor]?

    /// The outputs with their first `done`, in the order the compositor announced them.
    var monitors: [Monitor] { outputs.filter(\.isDone).map(\.monitor) }

    /// Takes the list as it is now as the one the game knows of.
    func startReporting() { reported = monitors }

    /// Whether the list changed since it was last reported, once an output's news came (a
    /// compositor rearranges its outputs in several steps, so it is compared once a batch is
    /// handled); the list is taken as reported.
    func takeChange() -> Bool {
        guard mayHaveChanged, let reported else { return false }
        mayHaveChanged = false
        let now = monitors
        guard now != reported else { return false }
        self.reported = now
        return true
    }

    /// The monitor of the output the surface entered first of those it is on.
    var currentMonitor: Monitor? {
        entered.lazy.compactMap { proxy in self.outputs.first { $0.proxy == proxy && $0.isDone }?.monitor }.first
    }

    /// The largest integer scale (`wl_output.scale`) of the outputs the surface is on; nil while
    /// it is on none the compositor has described.
    var surfaceScale: Int? {
        entered.compactMap { proxy in self.outputs.first { $0.proxy == proxy && $0.isDone } }.map { max(1, Int($0.scale)) }.max()
    }

    /// The `wl_output` shown as `monitor`, if it is still there.
    func output(showing monitor: Monitor) -> OpaquePointer? {
        outputs.first { $0.isDone && $0.monitor == monitor }?.proxy
    }

    /// Binds the output global `global` of `connection`.
    func add(_ global: WaylandConnection.Global, on connection: WaylandConnection) {
        guard !outputs.contains(where: { $0.name == global.name }),
            let proxy = connection.bind(global, cwayland_output_interface(), version: 4)
        else { return }
        let output = Output(name: global.name, proxy: proxy)
        outputs.append(output)
        let data = Unmanaged.passUnretained(self).toOpaque()
        wl_output_add_listener(proxy, Self.listener, data)
        if let xdgOutputManager, let xdgOutput = zxdg_output_manager_v1_get_xdg_output(xdgOutputManager, proxy) {
            output.xdgOutput = xdgOutput
            zxdg_output_v1_add_listener(xdgOutput, Self.xdgListener, data)
        }
    }

    /// The output global named `name` went.
    func remove(name: UInt32) {
        guard let index = outputs.firstIndex(where: { $0.name == name }) else { return }
        let output = outputs.remove(at: index)
        entered.removeAll { $0 == output.proxy }
        release(output)
        if output.isDone { mayHaveChanged = true }
    }

    /// The surface entered (`true`) or left an output.
    func surface(entered: Bool, output proxy: OpaquePointer) {
        if entered {
            if !self.entered.contains(proxy) { self.entered.append(proxy) }
        } else {
            self.entered.removeAll { $0 == proxy }
        }
        mayHaveChanged = true
    }

    /// Releases every output.
    func destroy() {
        for output in outputs { release(output) }
        outputs.removeAll()
        entered.removeAll()
        if let xdgOutputManager { zxdg_output_manager_v1_destroy(xdgOutputManager) }
        xdgOutputManager = nil
    }

    private func release(_ output: Output) {
        if let xdgOutput = output.xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        // `release` came with version 3; an older output is only forgotten.
        if wl_output_get_version(output.proxy) >= 3 { wl_output_release(output.proxy) } else { wl_output_destroy(output.proxy) }
    }

    private func output(_ proxy: OpaquePointer?) -> Output? { outputs.first { $0.proxy == proxy } }

    private func output(xdg proxy: OpaquePointer?) -> Output? { outputs.first { $0.xdgOutput == proxy } }

    private static func outputs(_ data: UnsafeMutableRawPointer?) -> WaylandOutputs? {
        data.map { Unmanaged<WaylandOutputs>.fromOpaque($0).takeUnretainedValue() }
    }

    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_output_listener> = {
        let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_output_listener(
                geometry: { data, proxy, x, y, width, height, _, _, _, _ in
                    guard let output = outputs(data)?.output(proxy) else { return }
                    output.x = x
                    output.y = y
                    output.widthMillimetres = width
                    output.heightMillimetres = height
                },
                mode: { data, proxy, flags, width, height, refresh in
                    guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0, let output = outputs(data)?.output(proxy) else { return }
                    output.modeWidth = width
                    output.modeHeight = height
                    output.refreshMillihertz = refresh
                },
                done: { data, proxy in
                    guard let outputs = outputs(data), let output = outputs.output(proxy) else { return }
                    output.isDone = true
                    outputs.mayHaveChanged = true
                },
                scale: { data, proxy, factor in outputs(data)?.output(proxy)?.scale = factor },
                name: { data, proxy, name in
                    guard let name else { return }
                    outputs(data)?.output(proxy)?.connectorName = String(cString: name)
                },
                description: { _, _, _ in }))
        return listener
    }()

    /// xdg-output's events, which the output's next `done` completes.
    private nonisolated(unsafe) static let xdgListener: UnsafeMutablePointer<zxdg_output_v1_listener> = {
        let listener = UnsafeMutablePointer<zxdg_output_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zxdg_output_v1_listener(
                logical_position: { data, proxy, x, y in
                    guard let output = outputs(data)?.output(xdg: proxy) else { return }
                    output.logical = (x, y, output.logical?.width ?? 0, output.logical?.height ?? 0)
                },
                logical_size: { data, proxy, width, height in
                    guard let output = outputs(data)?.output(xdg: proxy) else { return }
                    output.logical = (output.logical?.x ?? 0, output.logical?.y ?? 0, width, height)
                },
                done: { _, _ in },
                name: { data, proxy, name in
                    guard let name else { return }
                    outputs(data)?.output(xdg: proxy)?.xdgName = String(cString: name)
                },
                description: { _, _, _ in }))
        return listener
    }()
}
