#!/usr/bin/env python3
"""doc-swift-blocks.py OUT FILE... — every ```swift block of the given Markdown
files as a Swift file to typecheck, for scripts/apple-typecheck.sh.

Each block becomes OUT/<n>/main.swift (script mode: top-level code and
declarations), or OUT/<n>/Package.swift for a package manifest. The imports
an app file would have go first: the block's own, else those of the nearest
earlier block of the same page that has some, else the page's default (the
ScrollDrive catalog's guides are UIKit pages); Foundation always. Then
`import DocFixtures` (the app around the examples) and
`import ScrollDriveOnUIKit` (the package's UIKit files, checked as their own
module here), then a `#sourceLocation` so that a diagnostic names the page
and line. Earlier blocks of the same page that declare types (and run
nothing) are added beside it, so that a later example can use a view an
earlier one made. Prints one line per block: `<n> <kind> <page>:<line>`.
"""
import os
import re
import sys

DECLARATION = re.compile(r'^(import |struct |final class |class |enum |extension |protocol |func |actor |@|private |public |fileprivate |internal |//|}|\s|$)')


def blocks(text):
    for m in re.finditer(r'^```swift\n(.*?)^```', text, re.S | re.M):
        yield text[:m.start()].count('\n') + 2, m.group(1)


def imports_of(code):
    return re.findall(r'^import (\w+)$', code, re.M)


def declarations_only(code):
    return all(DECLARATION.match(line) for line in code.split('\n'))


def default_imports(path):
    if 'ScrollDriveSim.docc' in path or path.endswith(('simulator.md', 'simscrollview.md')):
        return ['ScrollDrive', 'ScrollDriveSim']
    return ['ScrollDrive', 'UIKit']


def preamble(imports, path, line):
    names = ['Foundation'] + [i for i in imports if i != 'Foundation'] + ['DocFixtures', 'ScrollDriveOnUIKit']
    return ''.join(f'import {n}\n' for n in dict.fromkeys(names)) + f'#sourceLocation(file: "{path}", line: {line})\n'


def main():
    out, paths = sys.argv[1], sys.argv[2:]
    n = 0
    for path in paths:
        text = open(path).read()
        inherited = None
        earlier = []  # (line, code, imports) of declaration-only blocks
        for line, code in blocks(text):
            n += 1
            folder = os.path.join(out, str(n))
            os.makedirs(folder, exist_ok=True)
            if code.startswith('// swift-tools-version'):
                open(os.path.join(folder, 'Package.swift'), 'w').write(code)
                print(n, 'manifest', f'{path}:{line}')
                continue
            own = imports_of(code)
            imports = own or inherited or default_imports(path)
            if own:
                inherited = own
            open(os.path.join(folder, 'main.swift'), 'w').write(preamble(imports, path, line) + code)
            for k, (l, c, i) in enumerate(earlier):
                open(os.path.join(folder, f'earlier{k}.swift'), 'w').write(preamble(i, path, l) + c)
            if declarations_only(code):
                earlier.append((line, code, imports))
            print(n, 'code', f'{path}:{line}')


main()
