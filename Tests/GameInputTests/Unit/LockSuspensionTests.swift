import Testing

@testable import GameInput

@Suite struct LockSuspensionTests {
    @Test func theKillSwitchDisablesGrabbing() {
        #expect(LockSuspension.fromEnvironment(["GAMEINPUT_NO_GRAB": "1"], status: nil) == .disabledByEnvironment)
        #expect(LockSuspension.fromEnvironment(["GAMEINPUT_NO_GRAB": "0"], status: nil) == nil)
        #expect(LockSuspension.fromEnvironment([:], status: nil) == nil)
    }

    @Test func anAttachedDebuggerSuspendsGrabbingUnlessAllowed() {
        let traced = "Name:\tlockgame\nTracerPid:\t4242\nUid:\t0\n"
        let free = "Name:\tlockgame\nTracerPid:\t0\n"
        #expect(LockSuspension.fromEnvironment([:], status: traced) == .debuggerAttached)
        #expect(LockSuspension.fromEnvironment([:], status: free) == nil)
        #expect(LockSuspension.fromEnvironment(["GAMEINPUT_GRAB_UNDER_DEBUGGER": "1"], status: traced) == nil)
    }
}
