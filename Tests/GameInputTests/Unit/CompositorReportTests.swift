import Testing

@testable import GameInput

/// What the compositor report concludes from the protocols a registry lists, without a
/// compositor; and a socket nobody answers on is a typed error, not a crash.
@Suite struct CompositorReportUnitTests {
    @Test func theLockNeedsEveryOneOfItsProtocols() {
        let all = CompositorReport.protocolsTheLockNeeds.map { CompositorReport.OfferedProtocol(name: $0, version: 1) }
        let full = CompositorReport(socket: "wayland-1", protocols: all)
        #expect(full.offersPointerLock)
        #expect(full.missingForTheLock.isEmpty)
        let noLock = CompositorReport(socket: "wayland-1", protocols: all.filter { $0.name != "zwp_pointer_constraints_v1" })
        #expect(!noLock.offersPointerLock)
        #expect(noLock.missingForTheLock == ["zwp_pointer_constraints_v1"])
        #expect(noLock.version(of: "xdg_wm_base") == 1 && noLock.version(of: "zwp_pointer_constraints_v1") == nil)
    }

    @Test func aSocketNobodyAnswersOnIsATypedError() {
        #expect(throws: CompositorReport.Failure.noCompositor(socket: "/nonexistent/wayland-9")) {
            try CompositorReport.inspect(socket: "/nonexistent/wayland-9")
        }
    }
}
