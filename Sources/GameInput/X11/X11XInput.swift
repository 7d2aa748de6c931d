internal import CXlib

/// XInput 2 set-up for a window: which XI2 events are selected where, and the device table
/// the raw-motion decoder needs (each pointer's X/Y valuators found by label).
struct X11XInput {
    let connection: X11Connection
    let opcode: Int32

    /// Selects device-change events on the root window, for the window's whole life (they
    /// are rare: a device plugged in, a slave switch). They can only be selected for
    /// `XIAllDevices`, apart from raw motion's `XIAllMasterDevices` mask.
    func selectDeviceChanges() {
        select(on: connection.rootWindow, devices: XIAllDevices, events: [XI_HierarchyChanged, XI_DeviceChanged])
    }

    /// Selects raw events on the root window for every master device (raw events are only
    /// ever delivered to the root window, and to every client that selects them, whoever
    /// holds a grab): motion when `motion`, button presses and releases when `buttons`. A
    /// request, no round trip; ``X11PointerGrab`` says when.
    func selectRawEvents(motion: Bool, buttons: Bool) {
        switch (motion, buttons) {
        case (true, true):
            select(on: connection.rootWindow, devices: XIAllMasterDevices, events: [XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease])
        case (true, false):
            select(on: connection.rootWindow, devices: XIAllMasterDevices, events: [XI_RawMotion])
        case (false, true):
            select(on: connection.rootWindow, devices: XIAllMasterDevices, events: [XI_RawButtonPress, XI_RawButtonRelease])
        case (false, false):
            select(on: connection.rootWindow, devices: XIAllMasterDevices, events: [])
        }
    }

    /// Selects key, button, crossing and motion events on the game's window, and touchpad
    /// gestures where the server speaks XInput 2.4. Core events of these kinds must not also be
    /// selected there: the server would then send only the XI2 ones anyway.
    func selectWindowInput(on window: UInt, gestures: Bool) {
        var events = [XI_KeyPress, XI_KeyRelease, XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter, XI_Leave]
        if gestures {
            events += [
                XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd,
                XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd,
            ]
        }
        select(on: window, devices: XIAllMasterDevices, events: events)
    }

    /// Reads the device table: every pointer device's X/Y valuators, by their labels (`Rel X`/
    /// `Rel Y`, or `Abs X`/`Abs Y` for absolute devices) into `decoder`; smooth-scroll axes
    /// (`XIScrollClass`) and direct-touch devices (`XITouchClass`, `XIDirectTouch`) into
    /// `translator`.
    func loadDevices(into decoder: inout RawMotionDecoder, translator: inout XInputEventTranslator) {
        let display = connection.display
        let relX = XInternAtom(display, "Rel X", 1), relY = XInternAtom(display, "Rel Y", 1)
        let absX = XInternAtom(display, "Abs X", 1), absY = XInternAtom(display, "Abs Y", 1)
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(devices) }
        translator.gestureDevices.removeAll()
        for device in UnsafeBufferPointer(start: devices, count: Int(count)) {
            var valuators: [(number: Int, label: UInt, absolute: Bool)] = []
            var scrollAxes: [ScrollAxis] = []
            var kind = InputDeviceKind.indirectPointer
            for classIndex in 0..<Int(device.num_classes) {
                guard let any = device.classes[classIndex] else { continue }
                let raw = UnsafeRawPointer(any)
                switch any.pointee.type {
                case XIValuatorClass:
                    let info = raw.assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    valuators.append((Int(info.number), info.label, info.mode == XIModeAbsolute))
                case XIScrollClass:
                    let info = raw.assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    scrollAxes.append(
                        ScrollAxis(
                            valuator: Int(info.number),
                            orientation: info.scroll_type == XIScrollTypeVertical ? .vertical : .horizontal,
                            increment: info.increment))
                case XIGestureClass:
                    translator.gestureDevices.insert(Int(device.deviceid))
                case XITouchClass:
                    let info = raw.assumingMemoryBound(to: XITouchClassInfo.self).pointee
                    if info.mode == XIDirectTouch { kind = .directTouch }
                default:
                    break
                }
            }
            translator.scroll.setAxes(scrollAxes, forDevice: Int(device.deviceid))
            translator.deviceKinds[Int(device.deviceid)] = kind
            guard !valuators.isEmpty else { continue }
            func axis(labels: [UInt], fallback: Int) -> (number: Int, absolute: Bool)? {
                if let match = valuators.first(where: { $0.label != 0 && labels.contains($0.label) }) {
                    return (match.number, match.absolute)
                }
                return valuators.first(where: { $0.number == fallback }).map { ($0.number, $0.absolute) }
            }
            guard let x = axis(labels: [relX, absX], fallback: 0),
                let y = axis(labels: [relY, absY], fallback: 1)
            else { continue }
            decoder.setAxes(
                PointerAxes(xAxis: x.number, yAxis: y.number, isAbsolute: x.absolute || y.absolute),
                forDevice: Int(device.deviceid))
        }
    }

    private func select(on window: UInt, devices: Int32, events: [Int32]) {
        var maskBytes = [UInt8](repeating: 0, count: Int(CXlib_XIEventMaskLength()))
        for event in events { CXlib_XISetMask(&maskBytes, event) }
        maskBytes.withUnsafeMutableBufferPointer { bytes in
            var mask = XIEventMask(deviceid: devices, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
            _ = XISelectEvents(connection.display, window, &mask, 1)
        }
    }
}
