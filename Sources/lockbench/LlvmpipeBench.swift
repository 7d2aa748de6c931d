import CBenchSupport
import LockgameEngine

/// The demo frame through Mesa's llvmpipe (`LlvmpipeFrame`) against the project's renderer,
/// timed side by side in the same run (`PairedTiming`; an llvmpipe frame is clear + draw +
/// glFinish): llvmpipe with `LP_NUM_THREADS=1` against `Renderer` on one pinned CPU (the
/// context is created while pinned, so llvmpipe's threads get that one CPU too), and with
/// `LP_NUM_THREADS=2` against `TiledRenderer(threadCount: 2)`, unpinned. After timing, the
/// last llvmpipe frame is read back and compared with ours: a different picture or coverage,
/// or a thread count that did not take effect, makes the run invalid. When EGL or llvmpipe cannot
/// be set up, the figures are unmeasured and say why.
struct LlvmpipeBench {
    let frame: DemoFrame
    let plan: PairedTiming.Plan
    let cpu: Int

    /// Facts for the JSON line: renderer, Mesa version, and how the 1-thread frame compares with ours.
    private(set) var facts: [(String, String)] = []
    /// Problems that make the run invalid.
    private(set) var failures: [String] = []

    /// What one thread count gave.
    private struct Run {
        let timing: PairedTiming
        let threadsRunning: Int
        let rendererName: String
        let mesaVersion: String
        let comparison: LlvmpipeComparison
    }

    init(frame: DemoFrame, plan: PairedTiming.Plan, cpu: Int) {
        self.frame = frame
        self.plan = plan
        self.cpu = cpu
    }

    /// Runs both thread counts and returns their figures and llvmpipe's own 2-thread speed-up.
    mutating func run() -> [Figure] {
        let scene = frame.scene, pose = DemoFrame.pose
        let renderer = Renderer()
        let ours = Framebuffer(width: DemoFrame.width, height: DemoFrame.height)
        renderer.render(scene, camera: pose, into: ours)
        let layout: LlvmpipeScene
        do {
            layout = try LlvmpipeScene(scene: scene, camera: pose, aspect: Float(DemoFrame.width) / Float(DemoFrame.height))
        } catch {
            let unavailable = Result<Run, LlvmpipeFrame.Failure>.failure(.init(description: error.description))
            return figures(unavailable, unavailable, pinNote: "")
        }

        let pinned = cbs_pin_thread_to_cpu(Int32(cpu)) == 0
        let oneThread = measure(threadCount: 1, scene: layout, reference: ours) {
            renderer.render(scene, camera: pose, into: ours)
        }
        _ = cbs_unpin_thread()
        let tiled = TiledRenderer(threadCount: 2)
        let tiledBuffer = Framebuffer(width: DemoFrame.width, height: DemoFrame.height)
        let twoThreads = measure(threadCount: 2, scene: layout, reference: ours) {
            tiled.render(scene, camera: pose, into: tiledBuffer)
        }

        if let first = (try? oneThread.get()) ?? (try? twoThreads.get()) {
            facts += [
                ("llvmpipeRenderer", FigureReport.quote(first.rendererName)),
                ("mesaVersion", FigureReport.quote(first.mesaVersion)),
                ("llvmpipeMeanChannelDifference", FigureReport.number(first.comparison.meanChannelDifference)),
                ("llvmpipePixelsDifferingOver8", FigureReport.number(first.comparison.fractionDifferingOver8)),
                ("llvmpipeCoverage", FigureReport.number(first.comparison.coverage)),
            ]
        }
        return figures(oneThread, twoThreads, pinNote: pinned ? "pinned to CPU \(cpu) with llvmpipe's threads" : "NOT pinned")
    }

    /// Sets llvmpipe up with `threadCount` threads, times it against `baseline`, then checks
    /// the last timed frame against `reference` and the number of llvmpipe threads running.
    private mutating func measure(
        threadCount: Int, scene: LlvmpipeScene, reference: Framebuffer,
        baseline: () -> Void
    ) -> Result<Run, LlvmpipeFrame.Failure> {
        let llvmpipe: LlvmpipeFrame
        do {
            llvmpipe = try LlvmpipeFrame(threadCount: threadCount, width: reference.width, height: reference.height, scene: scene)
        } catch {
            return .failure(error)
        }
        guard llvmpipe.rendererName.contains("llvmpipe") else {
            return .failure(.init(description: "GL_RENDERER is \"\(llvmpipe.rendererName)\", not llvmpipe"))
        }
        let timing = PairedTiming(plan: plan, subject: llvmpipe.draw, baseline: baseline)
        // The frame left by the last timed draw: the work timed is the picture checked.
        let color = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: reference.pixels.count)
        let depth = UnsafeMutableBufferPointer<Float>.allocate(capacity: reference.depth.count)
        defer {
            color.deallocate()
            depth.deallocate()
        }
        do {
            try llvmpipe.read(color: color, depth: depth)
        } catch {
            return .failure(error)
        }
        let comparison = LlvmpipeComparison(
            color: color, depth: depth,
            referenceColor: reference.pixels, referenceDepth: reference.depth)
        failures += comparison.problems.map { "LP_NUM_THREADS=\(threadCount): \($0)" }
        let running = LlvmpipeThreads.running()
        if running != threadCount {
            failures.append("LP_NUM_THREADS=\(threadCount) did not take effect: \(running) llvmpipe threads running")
        }
        return .success(
            Run(
                timing: timing, threadsRunning: running, rendererName: llvmpipe.rendererName,
                mesaVersion: llvmpipe.mesaVersion, comparison: comparison))
    }

    /// The two ratio figures (must ≥ 1: llvmpipe takes at least as long as ours) and llvmpipe's
    /// 2-thread speed-up (information: it shows the second thread took effect).
    private func figures(
        _ oneThread: Result<Run, LlvmpipeFrame.Failure>, _ twoThreads: Result<Run, LlvmpipeFrame.Failure>,
        pinNote: String
    ) -> [Figure] {
        func ratio(key: String, title: String, _ result: Result<Run, LlvmpipeFrame.Failure>, ours: String, setting: String) -> Figure {
            switch result {
            case .failure(let failure):
                return Figure(
                    key: key, title: title, value: nil, unit: "x", direction: .atLeast, must: 1, goal: 2,
                    note: "llvmpipe unavailable: \(failure)")
            case .success(let run):
                return Figure(
                    key: key, title: title, value: run.timing.ratio, unit: "x", direction: .atLeast, must: 1, goal: 2,
                    spread: run.timing.spread,
                    note: "llvmpipe \(ms(run.timing.subjectNanoseconds)), \(ours) \(ms(run.timing.baselineNanoseconds)), "
                        + "llvmpipe threads running: \(run.threadsRunning), \(setting)")
            }
        }
        let speedUpTitle = "llvmpipe 2-thread speed-up over 1 thread"
        let speedUp: Figure
        switch (oneThread, twoThreads) {
        case (.success(let one), .success(let two)):
            speedUp = Figure(
                key: "llvmpipe_speedup_2_threads", title: speedUpTitle,
                value: one.timing.subjectNanoseconds / two.timing.subjectNanoseconds, unit: "x",
                direction: .atLeast, must: nil, goal: nil,
                note: "median frames of the two runs above; \(one.rendererName), Mesa \(one.mesaVersion)")
        default:
            speedUp = Figure(
                key: "llvmpipe_speedup_2_threads", title: speedUpTitle, value: nil, unit: "x",
                direction: .atLeast, must: nil, goal: nil, note: "needs both thread counts")
        }
        return [
            ratio(
                key: "llvmpipe_over_render_1_thread", title: "llvmpipe (1 thread) ÷ render, one core", oneThread,
                ours: "render", setting: pinNote),
            ratio(
                key: "llvmpipe_over_render_2_threads", title: "llvmpipe (2 threads) ÷ 2-thread tiled render", twoThreads,
                ours: "tiled", setting: "\(cbs_allowed_cpu_count()) CPUs allowed"),
            speedUp,
        ]
    }

    private func ms(_ nanoseconds: Double) -> String { FigureReport.format(nanoseconds / 1e6) + " ms" }
}
