import Testing

@testable import GameInput

/// The pure parts of monitors and scale: which monitor a window is on, and what the scale is.
@Suite struct MonitorAndScaleTests {
    static let monitors = [
        Monitor(
            name: "A", frame: ScreenRect(x: 0, y: 0, width: 1920, height: 1080), widthMillimetres: 0, heightMillimetres: 0, isPrimary: true,
            refreshRate: 60),
        Monitor(
            name: "B", frame: ScreenRect(x: 1920, y: 0, width: 1280, height: 1024), widthMillimetres: 0, heightMillimetres: 0,
            isPrimary: false, refreshRate: nil),
    ]

    @Test func aWindowIsOnTheMonitorItOverlapsMost() {
        #expect(Monitor.containing(ScreenRect(x: 100, y: 100, width: 800, height: 600), in: Self.monitors) == 0)
        #expect(Monitor.containing(ScreenRect(x: 1800, y: 100, width: 800, height: 600), in: Self.monitors) == 1, "most of it on B")
        #expect(Monitor.containing(ScreenRect(x: 5000, y: 0, width: 10, height: 10), in: Self.monitors) == nil)
        #expect(Self.monitors[0].description == "A 1920x1080+0+0, 0x0 mm, 60.00 Hz, primary")
    }

    @Test func xftDPIWinsOverTheToolkitsHints() {
        let hints = ["GDK_SCALE": "3", "QT_SCALE_FACTOR": "1.25"]
        #expect(DesktopScale.reading(resources: "Xft.dpi:\t192\n", environment: hints) == DesktopScale(factor: 2, source: .xftDPI(192)))
        #expect(DesktopScale.reading(resources: "Xft.hinting: 1\n", environment: hints) == DesktopScale(factor: 3, source: .gdkScale))
        #expect(
            DesktopScale.reading(resources: nil, environment: ["QT_SCALE_FACTOR": "1.25"])
                == DesktopScale(factor: 1.25, source: .qtScaleFactor))
        #expect(DesktopScale.reading(resources: nil, environment: [:]) == DesktopScale(factor: 1, source: .none))
    }

    @Test func badValuesAreIgnored() {
        #expect(DesktopScale.reading(resources: "Xft.dpi: lots\n", environment: ["GDK_SCALE": "0", "QT_SCALE_FACTOR": "nan"]).factor == 1)
        #expect(DesktopScale.reading(resources: "Xft.dpi: 5\n", environment: [:]).source == .none, "outside 24–960")
        #expect(DesktopScale.reading(resources: "Xft.dpi: 96\nXft.dpi: 120\n", environment: [:]).factor == 1.25, "the last line wins")
        #expect(DesktopScale(factor: 2, source: .xftDPI(192)).description == "2 (Xft.dpi 192)")
    }
}
