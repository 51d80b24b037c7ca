# page: Sources/ScrollDrive/ScrollDrive.docc/ScrollDriveInSwiftUI.md
# One wrong argument label in a DocC view (`ExpandableBarScrollView(model:)`,
# where the drop-in view's first parameter has no label): the check must reject it.
set -euo pipefail
sed -i '0,/ExpandableBarScrollView(bar) {/s//ExpandableBarScrollView(model: bar) {/' "$1"
grep -q 'ExpandableBarScrollView(model: bar)' "$1"
echo "extraneous argument label 'model:' in call"
