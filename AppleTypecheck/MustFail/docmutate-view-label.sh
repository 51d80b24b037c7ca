# page: Sources/ScrollDrive/ScrollDrive.docc/ScrollDriveInSwiftUI.md
# One wrong argument label in a DocC view (`contentMargins(edges:...)`,
# where SwiftUI's first parameter has no label): the check must reject it.
set -euo pipefail
sed -i '0,/\.contentMargins(\.top, /s//.contentMargins(edges: .top, /' "$1"
grep -q 'contentMargins(edges: .top' "$1"
echo "extraneous argument label 'edges:' in call"
