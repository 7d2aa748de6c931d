# make run   - install missing system packages, build, run the game on $DISPLAY
# make test  - install what the tests need, run the tests (they start their own X servers)

SWIFT ?= swift
ARGS ?=

BUILD_PACKAGES = pkg-config libx11-dev libxi-dev libxfixes-dev libxtst-dev libxext-dev \
	libpng-dev libfreetype-dev libfontconfig-dev fonts-dejavu-core
TEST_PACKAGES = $(BUILD_PACKAGES) xvfb openbox

.PHONY: run test build deps test-deps docs-screenshot clean

run: deps
	$(SWIFT) build -c release --product lockgame
	.build/release/lockgame $(ARGS)

build: deps
	$(SWIFT) build

test: test-deps
	$(SWIFT) test

# The README's picture, rendered headless from a script.
docs-screenshot: build
	.build/debug/lockgame --headless --size 960x540 --script docs/readme-shot.txt --screenshot docs/lockgame-headless.png

deps:
	@scripts/ensure-packages $(BUILD_PACKAGES)

test-deps:
	@scripts/ensure-packages $(TEST_PACKAGES)

clean:
	rm -rf .build
