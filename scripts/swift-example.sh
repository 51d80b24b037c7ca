#!/usr/bin/env bash
# swift-example.sh — builds and runs examples/swift-package as a new user's app
# would: a package of its own beside a clone of ScrollDrive, which it names by
# path (../ScrollDrive) as the README's "Adding ScrollDrive to an app" says.
# The checkout is linked in as ScrollDrive in a scratch folder outside it, so
# the package's identity is the one the README gives whatever the checkout's
# folder is called. Run by `make test-example`.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
ln -s "$root" "$scratch/ScrollDrive"
cp -R examples/swift-package "$scratch/MyApp"
rm -rf "$scratch/MyApp/.build"
cd "$scratch/MyApp"
swift build --product MyApp 2>&1 | tail -n 1
"$(swift build --show-bin-path)/MyApp"
