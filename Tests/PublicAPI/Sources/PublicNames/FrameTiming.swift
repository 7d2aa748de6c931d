import GameInput
import GamePixels

// FrameTimingAndPacing.md and the README's Latency section: frames, their presentations and a
// paced loop.

func frameTiming(window: GameWindow, presenter: PixelPresenter, drawScene: () -> Void, swapBuffers: () -> Void) {
    var latencies: [Duration] = []
    window.pollEvents { event in
        if case .presentation(let presentation) = event, let age = presentation.inputToPhoton {
            latencies.append(age)
        }
    }
    let frame = window.beginFrame()
    drawScene()
    window.willPresent(frame)
    swapBuffers()
    var running = latencies.count < 2
    while running {
        window.waitForNextFrame { event in if case .closeRequested = event { running = false } }
        window.beginFrame()
        presenter.present()
    }
    let pacer = window.framePacer
    _ = (pacer.refreshInterval, pacer.margin, pacer.renderTime, pacer.missedFrames, pacer.framesOnTime)
    if case .unavailable(let reason) = window.presentationFeedback { print(reason) }
}
