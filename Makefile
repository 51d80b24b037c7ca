SHELL := /bin/bash
# ScrollDrive — top-level build and test entry points.
#
#   make test     everything, step by step (TEST_STEPS): deps, cmocka (plain + ASan/UBSan),
#                 the C examples and a Swift app that uses the package by path
#                 (examples/swift-package), swift test, the Apple-facing code typechecked
#                 against Apple's documented declarations, browser checks, fuzz smoke, CLI
#                 checks, ASan and TSan suites, the playground, the cluster examples;
#                 it ends naming the step that failed
#   make test-quick  the C core, the examples, swift test, test-apple, the DocC catalogs and the
#                 CLI checks: nothing installed or started (TEST_QUICK_STEPS)
#   make -C CCore libscrolldrive.a and scrolldrive.pc for C users
#
# `make test` installs what it needs on a fresh Debian machine (as root) and
# says clearly what is missing otherwise.

SWIFT       ?= swift
SWIFT_TEST_FLAGS ?= --disable-swift-testing

.PHONY: all test deps deps-cmocka test-c test-example test-swift test-apple test-browser clean

all:
	$(MAKE) -C CCore
	$(SWIFT) build

# make test runs these steps in this order, each as its own make, and ends
# by naming the step that failed (scripts/test-steps.sh).
TEST_STEPS := deps test-c test-example test-swift test-apple test-docs test-browser test-fuzz test-cli test-swift-asan \
	test-swift-tsan test-playground test-cluster

test:
	@./scripts/test-steps.sh "$(MAKE)" $(TEST_STEPS)

# make test-quick: the steps that install and start nothing (the C core's tests need
# cmocka, which make test installs): a few minutes, for day-to-day work.
TEST_QUICK_STEPS := test-c test-example test-swift test-apple test-docs test-cli
.PHONY: test-quick
test-quick:
	@./scripts/test-steps.sh "$(MAKE)" $(TEST_QUICK_STEPS)

deps: deps-cmocka

deps-cmocka:
	@./scripts/ensure-deps.sh cmocka

# The DocC catalogs of ScrollDrive and ScrollDriveSim as static sites in .build/docs
# (warnings are errors; every public symbol of both documented): scripts/docs-check.sh.
# Open one with: python3 -m http.server -d .build/docs, then
# http://localhost:8000/ScrollDrive/documentation/scrolldrive/
.PHONY: docs test-docs
docs test-docs:
	./scripts/docs-check.sh .build/docs

test-c:
	$(MAKE) -C CCore test

test-example:
	$(MAKE) -C examples/c run
	./scripts/swift-example.sh

test-swift:
	$(SWIFT) build --build-tests
	$(SWIFT) test $(SWIFT_TEST_FLAGS) 2>&1 | tee .build/swift-test.log; \
	  status=$${PIPESTATUS[0]}; \
	  grep -E "Executed [0-9]+ tests?" .build/swift-test.log | tail -n 1; exit $$status

# The Apple-facing code (UIKit adapter, SwiftUI conversions) typechecked on Linux
# against stub modules that declare what Apple documents (AppleTypecheck/README.md),
# Swift 6 mode, no warnings; and the must-fail cases rejected.
test-apple:
	./scripts/apple-typecheck.sh .build/apple-typecheck

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
deps: deps-lld

deps-lld:
	@./scripts/ensure-deps.sh lld

fuzz: deps-lld
	$(MAKE) -C Tests/Fuzz run FUZZ_SECONDS=$(FUZZ_SECONDS)

test-fuzz: deps-lld
	$(MAKE) -C Tests/Fuzz smoke FUZZ_SMOKE_SECONDS=$(FUZZ_SMOKE_SECONDS)

#   make test-swift-asan  the whole XCTest suite under AddressSanitizer, in its own
#                         build directory .build-asan (Swift's backtracer is off in
#                         sanitizer runs: it reads the stack in ways ASan reports)
#   make test-swift-tsan  ThreadingTests (independent controllers on several
#                         threads, the documented rule), ControllerLifetimeTests and
#                         ScrollObserverListTests (controllers and scroll views freed while
#                         attached, from inside callbacks) under ThreadSanitizer, .build-tsan
#   make test-cli         bad input to the CLI: exit 2, file/line/JSON path, no
#                         stack trace, no output file (Tests/CLI/cli_errors.sh)
#   make open-findings    replays the findings reported in others' code (not in make test)
.PHONY: test-swift-asan test-swift-tsan test-cli open-findings

test-cli:
	$(SWIFT) build --product scrolldrive
	Tests/CLI/cli_errors.sh "$$($(SWIFT) build --show-bin-path)/scrolldrive"
	Tests/CLI/simulate_rss.sh "$$($(SWIFT) build --show-bin-path)/scrolldrive" 10 1

test-swift-asan:
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(SWIFT) test $(SWIFT_TEST_FLAGS) --skip-build --sanitize=address \
	  --scratch-path .build-asan 2>&1 | tee .build-asan/swift-test.log; \
	  status=$${PIPESTATUS[0]}; \
	  grep -E "Executed [0-9]+ tests?" .build-asan/swift-test.log | tail -n 1; exit $$status

test-swift-tsan:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 SWIFT_BACKTRACE=enable=no $(SWIFT) test $(SWIFT_TEST_FLAGS) --skip-build --sanitize=thread \
	  --scratch-path .build-tsan --filter 'ThreadingTests|ControllerLifetimeTests|ScrollObserverListTests'

open-findings: deps-lld
	-$(MAKE) -C Tests/Fuzz findings
	-$(SWIFT) build --product scrolldrive && Tests/CLI/open_findings.sh "$$($(SWIFT) build --show-bin-path)/scrolldrive"

#   make bench               the benchmark suite (Benchmarks/, ordo-one/benchmark; not part of
#                            make test): wall clock, CPU, throughput, allocations per frame
#   make bench-quick         `scrolldrive bench` (release build in .build-bench): ns/frame and
#                            same-run ratios to the plain-Swift baseline, in one process
#   make bench-instructions  instructions/frame of the bar's C batch reducer, counted by
#                            callgrind (scripts/bench-instructions.sh)
BENCH_SCRATCH ?= .build-bench
.PHONY: bench bench-quick bench-instructions
bench:
	cd Benchmarks && $(SWIFT) package benchmark $(BENCH_FLAGS)

bench-quick:
	$(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --product scrolldrive
	"$$($(SWIFT) build -c release --scratch-path $(BENCH_SCRATCH) --show-bin-path)/scrolldrive" bench $(BENCH_ARGS)

bench-instructions:
	SWIFT_SCRATCH=$(BENCH_SCRATCH) scripts/bench-instructions.sh $(BENCH_INSTRUCTIONS_ARGS)

# ---- the browser playground (docs/playground.md) ----
#   make wasm             the C core and CCore/wasm/ glue as one WebAssembly module,
#                         build-c/wasm/scrolldrive-playground.wasm (read by `scrolldrive playground`)
#   make test-playground  the page in headless Chromium, driven with real pointer input by
#                         Playwright (Tests/Browser/test_playground.py); skipped, saying so,
#                         where Chromium or Playwright cannot be had
.PHONY: wasm deps-wasm test-playground

deps-wasm:
	@./scripts/ensure-deps.sh wasi-libc wasm-ld

wasm: deps-wasm
	./scripts/build-wasm.sh

test-playground: wasm
	@./scripts/playground-check.sh .build

# ---- the cluster examples (docs/sweep.md) ----
#   make test-cluster     the Kubernetes Indexed Job validated offline against Kubernetes'
#                         schemas, and the Slurm job array run on a one-node cluster on
#                         localhost (slurm-wlm, munge; scripts/cluster-check.sh)
.PHONY: test-cluster
test-cluster:
	@./scripts/cluster-check.sh .build
