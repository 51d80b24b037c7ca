#!/usr/bin/env bash
# docs-check.sh [OUT] — the DocC catalogs (Sources/*/*.docc), built as
# `make docs` builds them, with every DocC warning an error (a broken symbol
# link, a missing article); then the documentation coverage: every public
# symbol ScrollDrive and ScrollDriveSim declare has an abstract (its own doc
# comment, or that of the protocol requirement it implements). Members the
# compiler writes (==, hash(into:), the OptionSet and RawRepresentable
# members) are not counted.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/docs}"
mkdir -p "$out"

synthesized='/(!=|==|hash\(into|hashValue|init\(rawValue|rawValue|RawValue|formIntersection|formUnion|formSymmetricDifference|insert\(|remove\(|update\(with|subtracting|subtract\(|union|intersection|symmetricDifference|isSubset|isSuperset|isDisjoint|isStrictSub|isStrictSuper|contains\(|isEmpty|init\(\)|init\(_:\)|init\(arrayLiteral|allCases|AllCases|Element|ArrayLiteralElement|description|debugDescription|errorDescription|localizedDescription|~=)'

undocumented() {  # target log -> the reference paths of declared symbols without an abstract
    grep -E '^\S.*\| (Instance|Type|Initializer|Enumeration|Case|Structure|Class|Protocol|Operator|Type Alias|Global)' "$2" \
        | awk -F'|' '$3 ~ /false/ {print $8}' | grep -vE "$synthesized" | sed "s|.*documentation/$1/||" | sort || true
}

status=0
for target in ScrollDrive ScrollDriveSim; do
    log="$out/$target-coverage.log"
    if ! swift package --disable-sandbox generate-documentation --target "$target" --warnings-as-errors \
        --enable-inherited-docs --experimental-documentation-coverage --coverage-summary-level detailed \
        --transform-for-static-hosting --hosting-base-path "$target" --output-path "$out/$target" > "$log" 2>&1; then
        grep -E 'error|warning' -A6 "$log" | head -n 60
        echo "docs-check: the $target catalog does not build without warnings (log: $log)"
        exit 1
    fi
    missing=$(undocumented "$target" "$log")
    count=$(printf '%s' "$missing" | grep -c . || true)
    if [ "$count" != 0 ]; then
        echo "docs-check: $count public symbols of $target have no documentation:"
        printf '  %s\n' $missing
        status=1
    else
        echo "docs-check: $target built (warnings as errors) into $out/$target; every public symbol documented"
    fi
done
exit "$status"
