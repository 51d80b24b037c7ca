#!/usr/bin/env bash
# apple-typecheck.sh [OUT] — typechecks ScrollDrive's Apple-facing code on
# Linux against AppleTypecheck/Stubs: modules UIKit, SwiftUI and ObjectiveC
# that declare what Apple's documentation shows for each symbol the package
# uses (AppleTypecheck/README.md). Not Apple's compiler: it checks types,
# labels, generic constraints, actor isolation and Sendable attributes, not
# `os()` conditions, per-platform availability or code generation.
#
#   1. the stubs, built as resilient modules (Swift 5 mode, Objective-C interop)
#   2. every file of Sources/ScrollDrive, the Apple-only ones included, in
#      Swift 6 mode with warnings as errors
#   3. every Swift block of README, its docs pages and the DocC catalogs
#   4. the example app, examples/swiftui-app (its sources and its manifest)
#   5. the must-fail cases (AppleTypecheck/MustFail): each must be rejected,
#      with the diagnostic its first line names
#
# Exit 0 when all hold; otherwise the diagnostics and exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/apple-typecheck}"
rm -rf "$out"
mkdir -p "$out/modules"
stubs=AppleTypecheck/Stubs

# Objective-C interop for @objc and #selector, without Apple's Foundation.
objc=(-Xfrontend -enable-objc-interop -Xfrontend -disable-objc-attr-requires-foundation-module)
clang=(-Xcc "-I$PWD/CCore/include" -I "$PWD/CCore/include")

# Resilient, so that an enum Apple does not freeze needs `@unknown default`
# as in the SDK. Linux's Foundation is not resilient, which the compiler
# warns about on every import of it: those warnings are suppressed here (the
# stubs' errors are not). ObjectiveC and UIKit need Objective-C interop
# (`@objc` classes); SwiftUI does not.
build_stub() {  # module name, extra flags...
    local name=$1; shift
    swiftc -emit-module -parse-as-library -module-name "$name" -swift-version 5 -enable-library-evolution \
        -suppress-warnings -I "$out/modules" "$@" -o "$out/modules/$name.swiftmodule" "$stubs/$name"/*.swift
}
build_stub ObjectiveC "${objc[@]}"
build_stub UIKit "${objc[@]}"
build_stub QuartzCore "${objc[@]}"
build_stub SwiftUI

# Linux's standard library is built without Objective-C interop, and with
# interop on the compiler cannot pass `&value` to a C pointer, which the
# package does on every core call. So the files that import UIKit (the only
# ones with `@objc`) are checked in a second pass, with interop, against the
# rest of the module built first (internal names visible, as within one
# module); every other file is checked in the first pass, without it.
common=(-parse-as-library -swift-version 6 -warnings-as-errors -package-name ScrollDrive -I "$out/modules" "${clang[@]}")

check_package() {  # source folder -> 0 when it typechecks; the diagnostics in $out/<name>.log
    local dir=$1 name=$2 log="$out/$2.log"
    local uikit=() rest=()
    while IFS= read -r file; do
        if grep -q '^import UIKit' "$file"; then uikit+=("$file"); else rest+=("$file"); fi
    done < <(find "$dir" -name '*.swift' | sort)
    : > "$log"
    swiftc -typecheck -module-name ScrollDrive "${common[@]}" "${rest[@]}" >> "$log" 2>&1 || return 1
    mkdir -p "$out/$name-module"
    swiftc -emit-module -module-name ScrollDrive "${common[@]}" -enable-testing \
        -Xfrontend -experimental-skip-all-function-bodies -o "$out/$name-module/ScrollDrive.swiftmodule" \
        "${rest[@]}" >> "$log" 2>&1 || return 1
    # Each UIKit file sees the module's internal names, as its own files do.
    local file copies=()
    mkdir -p "$out/$name-uikit"
    for file in "${uikit[@]}"; do
        local copy="$out/$name-uikit/$(basename "$file")"
        { echo "@testable import ScrollDrive"; echo "#sourceLocation(file: \"$file\", line: 1)"; cat "$file"; } > "$copy"
        copies+=("$copy")
    done
    [ "${#copies[@]}" = 0 ] && return 0
    swiftc -typecheck -module-name ScrollDriveOnUIKit "${common[@]}" -I "$out/$name-module" "${objc[@]}" \
        "${copies[@]}" >> "$log" 2>&1
}

status=0
if check_package Sources/ScrollDrive package; then
    echo "apple-typecheck: Sources/ScrollDrive ($(find Sources/ScrollDrive -name '*.swift' | wc -l) files) typechecks against the stubs, Swift 6, no warnings"
else
    cat "$out/package.log"
    echo "apple-typecheck: Sources/ScrollDrive does not typecheck against Apple's declarations (above)"
    status=1
fi

# The documentation's examples: every ```swift block of README and the DocC
# catalogs (scripts/doc-swift-blocks.py says how a block becomes a file),
# against the package's modules, the stubs and AppleTypecheck/Fixtures (the
# app around the examples), Swift 6 mode, no warnings. The package's modules
# are built without function bodies (only their declarations matter here):
# ScrollDrive (first pass), its UIKit files as ScrollDriveOnUIKit, and
# ScrollDriveSim.
docmods="$out/doc-modules"
mkdir -p "$docmods"
emit() {  # module name, log, files and flags...
    local name=$1 log=$2; shift 2
    swiftc -emit-module -module-name "$name" "${common[@]}" -I "$out/package-module" -I "$docmods" \
        -Xfrontend -experimental-skip-all-function-bodies -o "$docmods/$name.swiftmodule" "$@" >> "$log" 2>&1
}
doclog="$out/docs.log"
: > "$doclog"
doc_modules() {
    emit ScrollDriveOnUIKit "$doclog" "${objc[@]}" "$out"/package-uikit/*.swift &&
    mapfile -t simfiles < <(find Sources/ScrollDriveSim -name '*.swift' | sort) &&
    emit ScrollDriveSim "$doclog" "${simfiles[@]}" &&
    swiftc -emit-module -module-name DocFixtures -parse-as-library -swift-version 6 -I "$out/modules" "${clang[@]}" \
        -I "$out/package-module" -I "$docmods" "${objc[@]}" -o "$docmods/DocFixtures.swiftmodule" \
        AppleTypecheck/Fixtures/*.swift >> "$doclog" 2>&1
}
manifest_api="$(dirname "$(command -v swiftc)")/../lib/swift/pm/ManifestAPI"

check_docs() {  # blocks folder, markdown files... -> 0 when every block typechecks; diagnostics in $1.log
    local blocks=$1; shift
    local log="$blocks.log"
    rm -rf "$blocks"; mkdir -p "$blocks"; : > "$log"
    local n kind place failed=0
    while read -r n kind place; do
        if [ "$kind" = manifest ]; then
            swiftc -typecheck -swift-version 6 -I "$manifest_api" -Xfrontend -package-description-version \
                -Xfrontend 6.1 "$blocks/$n/Package.swift" >> "$log" 2>&1 || { echo "  $place" >> "$log"; failed=1; }
        else
            swiftc -typecheck -swift-version 6 -warnings-as-errors -package-name DocExamples \
                -I "$out/modules" "${clang[@]}" -I "$out/package-module" -I "$docmods" "${objc[@]}" \
                "$blocks/$n"/*.swift >> "$log" 2>&1 || { echo "  $place" >> "$log"; failed=1; }
        fi
    done < <(python3 scripts/doc-swift-blocks.py "$blocks" "$@")
    return "$failed"
}

# README, the pages it sends a reader to for its surfaces and platforms, and
# the DocC catalogs. (docs/simulator.md's examples run in SimulatorGuideTests,
# and docs/architecture.md lists signatures, not a program.)
docs=(README.md docs/surfaces.md docs/apple-platforms.md docs/simscrollview.md docs/cli.md Sources/*/*.docc/*.md)
if [ "$status" = 0 ] && doc_modules && check_docs "$out/doc-blocks" "${docs[@]}"; then
    echo "apple-typecheck: every Swift block of README, its pages in docs/ and the DocC catalogs ($(grep -c '^```swift' "${docs[@]}" | awk -F: '{s+=$2} END {print s}')) typechecks, Swift 6, no warnings"
elif [ "$status" = 0 ]; then
    cat "$doclog" "$out/doc-blocks.log" 2>/dev/null
    echo "apple-typecheck: a documentation example does not typecheck (above)"
    status=1
fi

# The example app (examples/swiftui-app): its sources as one module, as
# Xcode builds them, against the package's module and the stubs; and its
# manifest against PackageDescription.
app=examples/swiftui-app/Sources/ScrollDriveExamples
if [ "$status" = 0 ] && swiftc -typecheck -parse-as-library -module-name ScrollDriveExamples -swift-version 6 \
        -warnings-as-errors -I "$out/modules" "${clang[@]}" -I "$out/package-module" "$app"/*.swift > "$out/app.log" 2>&1 &&
    swiftc -typecheck -swift-version 6 -I "$manifest_api" -Xfrontend -package-description-version -Xfrontend 6.1 \
        examples/swiftui-app/Package.swift >> "$out/app.log" 2>&1; then
    echo "apple-typecheck: the example app ($app, $(ls "$app"/*.swift | wc -l) files) typechecks, Swift 6, no warnings"
elif [ "$status" = 0 ]; then
    cat "$out/app.log"
    echo "apple-typecheck: the example app does not typecheck (above)"
    status=1
fi

# Must-fail cases: a file of code that Apple's SDK rejects, whose first line
# is `// expect: TEXT` (a part of the diagnostic the check must give). A case
# named `mutate-*.sh` instead edits a copy of the sources (its argument) and
# the package must then fail to typecheck, with the text it prints first.
rejected() {  # case, expected text, log; then the command that must fail
    local case=$1 expect=$2 log=$3; shift 3
    if "$@" > /dev/null 2>&1; then
        echo "apple-typecheck: $case is accepted, but Apple's SDK rejects it: a stub or the check is too loose"
        return 1
    elif ! grep -qF -- "$expect" "$log"; then
        cat "$log"
        echo "apple-typecheck: $case fails, but not with \"$expect\""
        return 1
    fi
}
swift_case() {  # file, log
    swiftc -typecheck -parse-as-library -module-name MustFail -swift-version 6 -warnings-as-errors \
        -I "$out/modules" "${objc[@]}" "$1" > "$2" 2>&1
}
for case in AppleTypecheck/MustFail/*.swift; do
    [ -e "$case" ] || continue
    log="$out/$(basename "$case").log"
    rejected "$case" "$(sed -n '1s|^// expect: ||p' "$case")" "$log" swift_case "$case" "$log" || status=1
done
for case in AppleTypecheck/MustFail/mutate-*.sh; do
    [ -e "$case" ] || continue
    name=$(basename "$case" .sh)
    copy="$out/mutated/$name"
    rm -rf "$copy"; mkdir -p "$copy"; cp -R Sources/ScrollDrive "$copy/"
    expect=$(bash "$case" "$copy/ScrollDrive")
    rejected "$case" "$expect" "$out/$name.log" check_package "$copy/ScrollDrive" "$name" || status=1
done
for case in AppleTypecheck/MustFail/docmutate-*.sh; do
    [ -e "$case" ] || continue
    name=$(basename "$case" .sh)
    page=$(sed -n 's|^# page: ||p' "$case")
    copy="$out/mutated/$name/$(basename "$page")"
    mkdir -p "$(dirname "$copy")"; cp "$page" "$copy"
    expect=$(bash "$case" "$copy")
    rejected "$case" "$expect" "$out/$name.log" check_docs "$out/$name" "$copy" || status=1
done
[ "$status" = 0 ] && echo "apple-typecheck: every must-fail case is rejected"
exit "$status"
