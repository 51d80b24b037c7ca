SHELL := /bin/bash
# ScrollDrive — top-level build and test entry points.
#
#   make test     everything: deps, cmocka (plain + ASan/UBSan), the C example, swift test
#   make -C CCore libscrolldrive.a and scrolldrive.pc for C users
#
# `make test` installs what it needs on a fresh Debian machine (as root) and
# says clearly what is missing otherwise.

SWIFT       ?= swift
SWIFT_TEST_FLAGS ?= --disable-swift-testing

.PHONY: all test deps deps-cmocka test-c test-example test-swift test-browser clean

all:
	$(MAKE) -C CCore
	$(SWIFT) build

test: deps test-c test-example test-swift test-browser

deps: deps-cmocka

deps-cmocka:
	@./scripts/ensure-deps.sh cmocka

test-c:
	$(MAKE) -C CCore test

test-example:
	$(MAKE) -C examples/c run

test-swift:
	$(SWIFT) build --build-tests
	$(SWIFT) test $(SWIFT_TEST_FLAGS) 2>&1 | tee .build/swift-test.log; \
	  status=$${PIPESTATUS[0]}; \
	  grep -E "Executed [0-9]+ tests?" .build/swift-test.log | tail -n 1; exit $$status

# The simulator's SVG plot and HTML replay rendered by headless Chromium
# (installed when missing, as root on Debian; skipped, saying so, elsewhere).
test-browser:
	@./scripts/browser-check.sh .build; status=$$?; \
	  if [ $$status = 3 ]; then echo "test-browser: skipped (headless Chromium not available)"; exit 0; fi; \
	  exit $$status

clean:
	$(MAKE) -C CCore clean
	$(MAKE) -C examples/c clean
	rm -rf .build

# ---- robustness: fuzzing, sanitizers, CLI errors (Tests/Fuzz/README.md) ----
#   make fuzz          each libFuzzer harness for FUZZ_SECONDS (default 60) on a
#                      copy of its seed corpus in build-c/fuzz/
#   make test-fuzz     each harness for FUZZ_SMOKE_SECONDS (part of make test)
FUZZ_SECONDS       ?= 60
FUZZ_SMOKE_SECONDS ?= 4

.PHONY: deps-lld fuzz test-fuzz
test: test-fuzz
deps: deps-lld

deps-lld:
	@./scripts/ensure-deps.sh lld

fuzz: deps-lld
	$(MAKE) -C Tests/Fuzz run FUZZ_SECONDS=$(FUZZ_SECONDS)

test-fuzz: deps-lld
	$(MAKE) -C Tests/Fuzz smoke FUZZ_SMOKE_SECONDS=$(FUZZ_SMOKE_SECONDS)
