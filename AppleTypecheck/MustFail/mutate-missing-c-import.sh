# The first build on iOS failed this way: an Apple-only file used a C core
# constant without `import CScrollDrive` (imports are per file). Puts such a
# use back into the UIKit adapter; the check must reject it.
set -euo pipefail
file="$1/UIKit/UIScrollViewAdapter.swift"
grep -q '^import CScrollDrive' "$file" && sed -i '/^import CScrollDrive/d' "$file"
printf '%s\n' '#if canImport(UIKit) && !os(watchOS)' 'let reducedMotionMove = SD_SCROLL_SHORT_ANIMATION_DURATION' '#endif' >> "$file"
echo "cannot find 'SD_SCROLL_SHORT_ANIMATION_DURATION' in scope"
