# make run   - install missing system packages, build, run the game on $DISPLAY
# make test  - install what the tests need, check the formatting (lint) and the documentation
#              (docs), run the hot-path guard, a lockbench smoke run, a fuzz smoke run, a
#              sanitizer smoke run, build the example packages and run every test (they start
#              their own X servers and compositors) in TEST_WORKERS_MAIN (3) processes (scripts/run-tests)
# make test-unit - the suites that start no server (seconds, after the build)
# make test-integration - the suites that start servers, in worker processes
# make stress SUITE=<regex> N=<n> - suites N (5) times with a busy loop per core (scripts/stress);
#              LAYER=integration instead of SUITE for a whole layer
# make examples - build every package in Examples/ and Benchmarks/attach-bench, as their users would
# make soak  - the long safety runs: 100 trials of each way to end, hang, stop or lock out a locked game
# make bench - the full benchmark: table + JSON line, fails when a must-target fails
# make bench-attach - GameInput attached to SDL2 and GLFW windows against their own relative modes
# make mutants - deliberate breakages in a scratch copy; every one must fail its tests
# make fuzz  - coverage-guided fuzzing (libFuzzer + AddressSanitizer) of every parser that reads
#              outside bytes, FUZZ_SECONDS (60) per target; findings in .build/fuzz/run (Fuzz/README.md)
# make fuzz-smoke - the same for FUZZ_SMOKE_SECONDS (5) per target (part of make test)
# make sanitize - every test under ThreadSanitizer, and under AddressSanitizer with UBSan in the
#              C targets, and lockbench --quick under UBSan (scripts/sanitize): fails on a test
#              failure or any report, from any process the tests start; about 20 minutes
# make sanitize-smoke - the short suites under TSan and ASan+UBSan (part of make test, 3-5 minutes)
# make format - rewrite the Swift sources in the house style (.swift-format); make lint - check it
# make docs  - the GameInput DocC site, for static hosting, in .build/docs (GamePixels' in
#              .build/docs-gamepixels); fails when a public symbol is undocumented (scripts/check-doc-coverage)

SWIFT ?= swift
ARGS ?=

# lockbench (built by `make build` too) draws its frame with Mesa's llvmpipe as well: EGL and GL
# headers and libEGL (libegl-dev, libgl-dev), Mesa's EGL and its software driver (libegl-mesa0,
# libgl1-mesa-dri).
# GameInput's characters and compose sequences come from libxkbcommon (libxkbcommon-dev), the
# server's keymap through libxkbcommon-x11 (libxkbcommon-x11-dev); its named cursors from the user's
# cursor theme through libXcursor (libxcursor-dev); the monitors from RandR 1.5 (libxrandr-dev), or
# from Xinerama where RandR is off (libxinerama-dev). Its Wayland connection is libwayland-client
# (libwayland-dev), with the protocols' glue generated at build time by wayland-scanner
# (libwayland-bin) from the system's XML (wayland-protocols); the window's frame where the compositor
# draws none (mutter) from libdecor (libdecor-0-dev) and its cairo plugin (libdecor-0-plugin-1-cairo).
BUILD_PACKAGES = pkg-config libx11-dev libx11-xcb-dev libxi-dev libxfixes-dev libxtst-dev libxext-dev libxss-dev \
	libpng-dev libfreetype-dev libfontconfig-dev fonts-dejavu-core \
	libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri \
	libxkbcommon-dev libxkbcommon-x11-dev libxcursor-dev libxrandr-dev libxinerama-dev \
	libwayland-dev libwayland-bin wayland-protocols libdecor-0-dev libdecor-0-plugin-1-cairo
# The desktop matrix: six window managers (xfwm4, kwin_x11 and mutter run in a D-Bus session).
WINDOW_MANAGERS = openbox metacity xfwm4 i3-wm kwin-x11 mutter dbus-daemon
# Xwayland under headless sway (with a native Wayland window, foot), mutter and kwin_wayland;
# input tools and a Wayland window the tests compile (gcc, with BUILD_PACKAGES' libwayland-dev,
# wayland-scanner and the xdg-shell XML) or run (python3-gi for mutter's D-Bus);
# xhost lets the tests' root clients into sway's Xwayland.
# Native Wayland tests: screenshots through grim (sway), KWin's D-Bus API (gdbus in libglib2.0-bin),
# one frame of a mutter screencast read with GStreamer's PipeWire source (pipewire,
# wireplumber, gstreamer1.0-pipewire, gstreamer1.0-tools, gstreamer1.0-plugins-base), and the
# clipboard offered and read by another program (wl-copy, wl-paste: wl-clipboard).
WAYLAND = sway xwayland foot gcc x11-xserver-utils kwin-wayland python3-gi grim libglib2.0-bin \
	pipewire wireplumber gstreamer1.0-pipewire gstreamer1.0-tools gstreamer1.0-plugins-base wl-clipboard
# gdb attaches to the game in the lock guardian's tests; setxkbmap (x11-xkb-utils) sets the layouts of
# the keyboard tests; xclip offers and reads large clipboard texts (INCR) in the clipboard tests;
# binutils' nm and ar, and gcc, check that a static archive keeps the guardian's constructor;
# valgrind runs a program whose guardian must still be a copy of the program; the cursor tests load
# the Adwaita cursor theme (adwaita-icon-theme) at several sizes; the monitor tests nest Xephyr with two
# screens joined by Xinerama (xserver-xephyr) in an Xvfb, and run Xorg with its dummy driver
# (xserver-xorg-core, xserver-xorg-video-dummy) for real RandR outputs, set with xrandr (x11-xserver-utils).
# The example games that draw: OpenGL ES through EGL (libgles-dev; Mesa's llvmpipe from
# BUILD_PACKAGES), Vulkan (libvulkan-dev, Mesa's lavapipe in mesa-vulkan-drivers) and its
# shaders' compiler (glslang-tools), which checks that the committed SPIR-V is current. The attach
# examples: SDL2 (libsdl2-dev) and GLFW 3.3 (libglfw3-dev), drawing through Mesa as well.
EXAMPLE_PACKAGES = libgles-dev libvulkan-dev mesa-vulkan-drivers glslang-tools libsdl2-dev libglfw3-dev
# The X input methods the text-input tests run headless (Tests/XServerTestSupport/InputMethodFixture.swift),
# each with a Hangul engine and, for ibus and fcitx5, a pinyin one: uim-xim with byeoru (uim-byeoru);
# ibus (ibus-x11 is in it) with ibus-hangul and ibus-libpinyin; fcitx5 with fcitx5-hangul and the pinyin of
# fcitx5-chinese-addons. ibus and fcitx5 run in a private D-Bus session (dbus-daemon). uim serves only
# Korean locales: the tests compile ko_KR.UTF-8 of their own from the definitions in locales
# (Tests/XServerTestSupport/KoreanLocale.swift).
INPUT_METHODS = uim-xim uim-byeoru ibus ibus-hangul ibus-libpinyin fcitx5 fcitx5-hangul fcitx5-chinese-addons dbus-daemon locales
TEST_PACKAGES = $(BUILD_PACKAGES) xvfb $(WINDOW_MANAGERS) $(WAYLAND) binutils gdb x11-xkb-utils xclip valgrind adwaita-icon-theme xserver-xephyr \
	xserver-xorg-core xserver-xorg-video-dummy $(EXAMPLE_PACKAGES) $(INPUT_METHODS)

.PHONY: run test release-game test-unit test-integration stress examples soak mutants docs build deps test-deps check-hot-paths bench-smoke bench bench-attach docs-screenshot format lint clean fuzz fuzz-smoke \
	sanitize sanitize-smoke

run: deps
	$(SWIFT) build -c release --product lockgame
	.build/release/lockgame $(ARGS)

build: deps
	$(SWIFT) build

# The examples are built before the tests that run them (their builds there find nothing to do).
# The sanitized builds run beside the tests at idle priority, on the CPU the tests leave
# (scripts/run-tests --beside): the tests mostly wait on servers and timeouts, and in
# TEST_WORKERS_MAIN (3) processes, not 2, they still leave the builds about half of both cores.
# The sanitized tests run last: the docs, the hot-path guard and lockbench's smoke run beside
# the ThreadSanitizer ones, the fuzz smoke run beside the AddressSanitizer ones.
TEST_WORKERS_MAIN ?= 3
test: test-deps lint
	$(MAKE) --no-print-directory -j2 examples release-game
	SWIFT=$(SWIFT) scripts/run-tests --workers $(TEST_WORKERS_MAIN) --beside 'SWIFT=$(SWIFT) scripts/sanitize --build-only thread \
		&& SWIFT=$(SWIFT) scripts/sanitize --build-only address'
	SWIFT=$(SWIFT) scripts/sanitize --smoke --beside-first '$(MAKE) --no-print-directory docs check-hot-paths bench-smoke' \
		--beside-last '$(MAKE) --no-print-directory fuzz-smoke' thread address

test-unit: deps
	SWIFT=$(SWIFT) scripts/run-tests --layer unit

test-integration: test-deps examples
	SWIFT=$(SWIFT) scripts/run-tests --layer integration

SUITE ?=
N ?= 5
stress: test-deps examples
	@test -n "$(SUITE)$(LAYER)" || { echo "usage: make stress SUITE=<regex> | LAYER=<layer> [N=<runs>]" >&2; exit 2; }
	SWIFT=$(SWIFT) scripts/stress $(if $(LAYER),--layer $(LAYER)) $(if $(SUITE),'$(SUITE)') $(N)

# Each example is a package of its own that depends on this repository by path, built as its
# user would build it (`swift build --package-path`), all into one build folder so that
# GameInput is compiled once for the eight, not eight times; the tests run what this builds.
# Tests/PublicAPI is one of them: every public name the documentation shows, used as shown.
# --disable-build-manifest-caching: in a folder shared by several packages, SwiftPM otherwise
# reuses the build plan of the package built there last (a build of another one then compiles
# nothing, or fails with "no target named ..." for --target).
EXAMPLE_PACKAGES_TO_BUILD = $(wildcard Examples/*/Package.swift) Benchmarks/attach-bench/Package.swift Tests/PublicAPI/Package.swift
examples: test-deps
	@for manifest in $(EXAMPLE_PACKAGES_TO_BUILD); do \
		echo "building $$(dirname $$manifest)"; \
		$(SWIFT) build --package-path $$(dirname $$manifest) --scratch-path .build/examples --disable-build-manifest-caching || exit 1; \
	done

# The release game, which the tests start (scripts/run-tests): `make test` builds it beside the
# examples, whose one-package-at-a-time build leaves a core idle half of the time.
release-game: test-deps
	$(SWIFT) build -c release --product lockgame

mutants: test-deps
	scripts/mutants

# swift format (in the toolchain) with the house style in .swift-format; --recursive skips dot
# directories such as Examples/minimal-lock/.build.
SWIFT_FORMAT_PATHS = Sources Tests Examples Benchmarks Fuzz Plugins Package.swift
format:
	$(SWIFT) format format --in-place --recursive --parallel --configuration .swift-format $(SWIFT_FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict --recursive --parallel --configuration .swift-format $(SWIFT_FORMAT_PATHS)

# Symbol graphs from a build of GameInput in its own folder (so the flags do not make the
# tests' build start over), converted with the toolchain's docc and the catalog in
# Sources/GameInput/GameInput.docc. The graphs leave out members the standard library supplies
# (OptionSet's insert(_:), Equatable's !=, synthesized hash(into:)): their documentation is
# the standard library's. A docc warning (a broken symbol link) fails the build, and every
# public symbol left must have documentation, and every public name a code block of the README
# or an article shows must be used in Tests/PublicAPI (scripts/check-public-names).
# GamePixels' site goes to .build/docs-gamepixels; a module's catalog sees only its own graphs.
# The symbol graphs come from compiling, and a build with nothing to compile writes none: the
# docs' own build folder goes first, so a second `make docs` writes them again.
docs: deps
	rm -rf .build/symbol-graphs .build/docs-build
	$(SWIFT) build --scratch-path .build/docs-build --target GamePixels -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbol-graphs/all \
		-Xswiftc -symbol-graph-skip-synthesized-members
	for module in GameInput GamePixels; do \
		mkdir -p .build/symbol-graphs/$$module && cp .build/symbol-graphs/all/$$module.symbols.json .build/symbol-graphs/$$module/ || exit 1; \
	done
	docc convert Sources/GameInput/GameInput.docc --additional-symbol-graph-dir .build/symbol-graphs/GameInput \
		--fallback-display-name GameInput --fallback-bundle-identifier lockgame.GameInput \
		--transform-for-static-hosting --warnings-as-errors --output-path .build/docs
	docc convert Sources/GamePixels/GamePixels.docc --additional-symbol-graph-dir .build/symbol-graphs/GamePixels \
		--fallback-display-name GamePixels --fallback-bundle-identifier lockgame.GamePixels \
		--transform-for-static-hosting --warnings-as-errors --output-path .build/docs-gamepixels
	scripts/check-doc-coverage .build/symbol-graphs/GameInput GameInput
	scripts/check-doc-coverage .build/symbol-graphs/GamePixels GamePixels
	scripts/check-public-names .build/symbol-graphs

soak: test-deps
	LOCKGAME_TRIALS=100 $(SWIFT) test --no-parallel --filter 'SafetyValveTests|SystemOutranksTheGameTests|LockGuardianTests|LockSoakTests|DecoderFuzzTests'

# The renderer's hot raster functions in the release game must not call swift_beginAccess,
# swift_retain/release or swift_isUniquelyReferenced* (objdump of the named functions).
check-hot-paths: test-deps
	$(SWIFT) build -c release --product lockgame
	scripts/check-hot-paths .build/release/lockgame

# A few seconds of lockbench: the frame is really drawn, matches the C reference, JSON prints.
bench-smoke: test-deps
	$(SWIFT) build -c release --product lockbench
	.build/release/lockbench --quick > .build/lockbench-quick.txt
	grep -q '^{"machine":' .build/lockbench-quick.txt

# The fuzz targets (Fuzz/, a package of its own) are built into .build/fuzz by scripts/fuzz and
# run one after another from the seeds in Fuzz/Corpus plus what earlier runs found; a crash,
# hang or memory blow-up fails the run and is saved, with the command to replay it.
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 5
fuzz: deps
	SWIFT=$(SWIFT) scripts/fuzz --seconds $(FUZZ_SECONDS)

fuzz-smoke: deps
	SWIFT=$(SWIFT) scripts/fuzz --seconds $(FUZZ_SMOKE_SECONDS)

# Sanitized builds in scratch folders of their own (.build-tsan, .build-asan, .build-ubsan);
# every process's reports land in files under them that scripts/sanitize checks.
# Suppressions, third-party code only: Tests/Sanitizers.
sanitize: test-deps
	SWIFT=$(SWIFT) scripts/sanitize

sanitize-smoke: test-deps
	SWIFT=$(SWIFT) scripts/sanitize --smoke thread address

# lockgame is built too: lockbench measures the real game's CPU use when it finds it.
bench: deps
	$(SWIFT) build -c release --product lockgame
	$(SWIFT) run -c release lockbench --check

# GameInput attached to an SDL2 and a GLFW window against SDL's and GLFW's own relative modes
# (Benchmarks/attach-bench, a package of its own): a table and one JSON line, on a private
# Xvfb (-displayfd picks a free display) + openbox, both stopped by PID.
bench-attach: deps
	@scripts/ensure-packages libsdl2-dev libglfw3-dev xvfb openbox
	$(SWIFT) build -c release --package-path Benchmarks/attach-bench
	@number=$$(mktemp); Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>$$number 2>/dev/null & xvfb=$$!; \
	while [ ! -s $$number ] && kill -0 $$xvfb 2>/dev/null; do sleep 0.1; done; \
	export DISPLAY=:$$(cat $$number); rm -f $$number; openbox --sm-disable >/dev/null 2>&1 & wm=$$!; \
	Benchmarks/attach-bench/.build/release/attach-bench --window-manager $(ARGS); status=$$?; \
	kill $$wm $$xvfb; exit $$status

# The README's picture, rendered headless from a script.
docs-screenshot: build
	.build/debug/lockgame --headless --size 960x540 --script docs/readme-shot.txt --screenshot docs/lockgame-headless.png

deps:
	@scripts/ensure-packages $(BUILD_PACKAGES)

# GLFW 3.3's Wayland build (libglfw3-wayland) replaces its X11 build (libglfw3, which the X11
# tests need), so it is unpacked, not installed: Examples/glfw-attach runs with it natively on
# Wayland (Tests/LockgameTests/Integration/NativeAttachExampleTests.swift).
test-deps:
	@scripts/ensure-packages $(TEST_PACKAGES)
	@scripts/unpack-package libglfw3-wayland .build/deps/libglfw3-wayland

clean:
	rm -rf .build .build-tsan .build-asan .build-ubsan
