#!/usr/bin/env python3
"""Make comments cite the project's own docs/ pages instead of spec pages outside the repo.

    scripts/cite-docs.py [--root DIR] [--check] [--list] [--format] [FILE...]

Rewrites, inside comments only (// and /* */ in C/C++; # in CMake, shell, Python, Makefile;
the prose outside code fences of Markdown files, except the cited docs/ pages themselves):

    API.md §7.3        -> docs/api.md §7.3        IMPORTS.md §12 item 9 -> docs/imports.md §12.9
    BALANCES.md        -> docs/balances.md        DESIGN.md             -> docs/architecture.md
    DECISIONS.md D44   -> docs/decisions.md D44   D44 (bare)            -> docs/decisions.md D44
    STACK_NOTES §3     -> docs/build-notes.md §3

A bare `§N` keeps its text when its comment already names a page (it reads as "that page");
otherwise it gets the page the file cited last before it (else the first one after it, else
its folder's page, PATH_DEFAULTS). A bare `D44` in a comment that already names
docs/decisions.md stays bare. Running it twice changes nothing the second time. --format runs
clang-format on the C/C++ files it rewrote (longer citations can pass the column limit).

--check rewrites nothing; it exits 1 when a file still needs rewriting (a citation of a page
outside the repository remains) or when a citation names a section or decision that docs/
does not have (a `## 7.3 …` heading of docs/api.md, a `### D44 …` heading of
docs/decisions.md), and when a comment or a Markdown paragraph names history instead of the rule:
an issue of a tracker outside the repository, a work session, a past change
(scripts/cite_docs_history.py). --list prints every citation it resolved (file:line page ref).
Without FILE arguments it walks the repository (git ls-files when available).
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cite_docs_history import history_problems  # noqa: E402
from cite_docs_spans import kind_of, spans_for  # noqa: E402

# Spec page name -> docs/ page. The optional prefixes (a relative climb, "shared/", "spec/")
# are consumed with the name so no stale path is left behind.
PAGES = {
    "API": "api",
    "IMPORTS": "imports",
    "BALANCES": "balances",
    "DECISIONS": "decisions",
    "DESIGN": "architecture",
    "STACK_NOTES": "build-notes",
    "READ_API": "read-api",
    "RULES": "rules",
}
PAGE_NAMES = "|".join(sorted(PAGES, key=len, reverse=True))
PREFIX = r"(?:(?:\.\./)+)?(?:shared/)?(?:spec/)?"
# `API.md` always; a bare `API`/`IMPORTS`/… only when a § follows (the word API is common
# prose), DECISIONS also before a decision number, STACK_NOTES alone (a name, not a word).
PAGE_RE = re.compile(
    r"(?<![\w/.-])" + PREFIX + r"(?P<name>" + PAGE_NAMES + r")"
    r"(?:(?P<md>\.md)\b|(?=\s?§)|(?<=DECISIONS)(?=\s+D\d)|(?<=STACK_NOTES)(?![\w.]))"
)
DOC_PAGE_RE = re.compile(r"(?<![\w/.-])docs/(?P<page>api|imports|balances|decisions|architecture|build-notes|read-api|rules)\.md\b")
SECTION_RE = re.compile(r"§\s?(?P<num>\d+(?:\.\d+)*)(?P<item>\s+items?\s+(?P<itemnum>\d+)\b)?")
# A decision number: not part of a word or a QIF date (`D1/ 1'20`), at most two digits.
DECISION_RE = re.compile(r"(?<![\w.$/-])D(?P<num>[1-9]\d?)(?![\w/'])")
RUN_SEP = r"(?:\s*[,/–-]\s*|\s+(?:and|or|&)\s+)"
DECISION_RUN_RE = re.compile(r"(?<![\w.$/-])D[1-9]\d?(?![\w/'])(?:" + RUN_SEP + r"D[1-9]\d?(?![\w/']))*")
# A § right after another document's name (`RFC 9110 §5.5`) is that document's, not ours.
FOREIGN_RE = re.compile(r"(?:\bRFC|\bISO|\bIEEE|\bECMA|\bPOSIX|\bC\+\+|\bC11|\bC17)[\s\d.:-]*$")
# Pages whose sections are cited by number; a bare `§N` belongs to the last of these named.
SECTION_PAGES = ("api", "imports", "balances", "build-notes", "read-api", "rules")

# Never rewritten: the cited pages themselves (their links name decisions on purpose),
# fixtures and corpora (bytes as their sources have them), this script and its test (they
# quote the old citations on purpose). The other docs/ pages are prose and are rewritten.
SKIP_PREFIXES = ("tests/fixtures/", "tests/fuzz/corpus/", ".git/", "build")
# The history check reads the cited pages too; only this script and its modules and test, which
# quote what they look for, are skipped.
HISTORY_SKIP = {"scripts/cite-docs.py", "scripts/cite_docs_history.py", "tests/repo/cite_docs_test.py"}
SKIP_FILES = {"scripts/cite-docs.py", "tests/repo/cite_docs_test.py"} | {
    "docs/" + page + ".md" for page in PAGES.values()
}




def rewrite_page_names(s):
    """IMPORTS.md -> docs/imports.md and friends; `§12 item 9` of imports -> `§12.9`."""

    def page(m):
        return "docs/" + PAGES[m.group("name")] + ".md"

    return PAGE_RE.sub(page, s)


def rewrite_decisions(s, prior=""):
    """Bare `D44` -> `docs/decisions.md D44`, unless its comment (`prior` = the comment's text
    before this span) already names docs/decisions.md: the later ones read as that page."""
    out, last = [], 0
    for m in DECISION_RUN_RE.finditer(s):
        out.append(s[last:m.start()])
        # A Markdown link `[D11](decisions.md)` already names its page.
        linked = s[: m.start()].endswith("[") and re.match(r"\]\((?:docs/)?decisions\.md", s[m.end():])
        if not linked and "docs/decisions.md" not in prior + s[: m.start()] + "".join(out):
            out.append("docs/decisions.md ")
        out.append(m.group(0))
        last = m.end()
    out.append(s[last:])
    return "".join(out)


# Where a file names no page at all, a bare `§N` belongs to the page of its folder's subject
# (first matching prefix wins).
PATH_DEFAULTS = (
    ("host/src/app/publish/", "imports"),
    ("tests/lifecycle/", "imports"),
    ("plugins/", "imports"),
    ("sdk/", "imports"),
    ("host/src/", "api"),
    ("tests/http", "api"),
)


def default_page(path):
    for prefix, page in PATH_DEFAULTS:
        if path.startswith(prefix):
            return page
    return None


def pages_in(s):
    return [m.group("page") for m in DOC_PAGE_RE.finditer(s)]


def process(text, kind, report=None, path="", guesses=None, spans=None):
    """Returns the rewritten text. `report` (a list) receives (line, page, ref) citations;
    `guesses` (a list) receives (line, page, ref) for each bare § given its folder's page."""
    if kind not in ("c", "hash", "md"):
        return text
    if spans is None:
        spans = spans_for(text, kind)
    if not spans:
        return text

    # Pass 1: page names and decisions in every span.
    pieces, block_text = {}, {}
    for idx, (a, b, blk) in enumerate(spans):
        prior = block_text.get(blk, "")
        pieces[idx] = rewrite_decisions(rewrite_page_names(text[a:b]), prior)
        block_text[blk] = prior + " " + pieces[idx]

    # Pass 2: bare § get a page. Context = the pages named earlier in the same block (kept as
    # text), else the last page the file cited before (written in), else the first after,
    # else the page of the file's folder (PATH_DEFAULTS).
    file_pages = []  # (span idx, page) for pages that can hold sections
    for idx in range(len(spans)):
        for p in pages_in(pieces[idx]):
            if p in SECTION_PAGES:
                file_pages.append((idx, p))
    block_seen = {}
    for idx, (a, b, blk) in enumerate(spans):
        s = pieces[idx]
        out, last = [], 0
        ctx = block_seen.get(blk)
        for m in re.finditer(r"docs/(?P<page>api|imports|balances|decisions|architecture|build-notes|read-api|rules)\.md|§\s?(?P<num>\d+(?:\.\d+)*)(?:\s+item\s+(?P<item>\d+)\b)?", s):
            if m.group("page"):
                if m.group("page") in SECTION_PAGES:
                    ctx = m.group("page")
                continue
            if FOREIGN_RE.search(s[: m.start()]):
                continue
            page = ctx
            if page is None:
                before = [p for i, p in file_pages if i < idx]
                after = [p for i, p in file_pages if i > idx]
                page = before[-1] if before else (after[0] if after else default_page(path))
                if not before and not after and page and guesses is not None:
                    guesses.append((text.count("\n", 0, a + m.start()) + 1, page, m.group(0)))
                if page is None:
                    continue  # unresolvable; --check reports it
                out.append(s[last:m.start()])
                out.append("docs/" + page + ".md ")
                last = m.start()
                ctx = page
            if page == "imports" and m.group("item") and m.group("num") == "12":
                # The spec lists its §12 decisions as items; docs/imports.md makes them
                # sections (`## 12.9`), so the item becomes part of the number.
                out.append(s[last:m.start()])
                out.append("§12." + m.group("item"))
                last = m.end()
        out.append(s[last:])
        pieces[idx] = "".join(out)
        block_seen[blk] = ctx

    result, last = [], 0
    for idx, (a, b, _blk) in enumerate(spans):
        result.append(text[last:a])
        result.append(pieces[idx])
        last = b
    result.append(text[last:])
    new = "".join(result)

    if report is not None:
        collect(new, spans_for(new, kind), report)
    return new


def collect(text, spans, report):
    """Citations of a rewritten text: (line, page, ref) with ref '' (page only), '§N' or 'DN';
    page None marks a leftover citation of a page outside the repository."""
    block_ctx = {}
    for a, b, blk in spans:
        s = text[a:b]
        line = text.count("\n", 0, a) + 1
        ctx = block_ctx.get(blk)
        for m in PAGE_RE.finditer(s):
            report.append((line, None, m.group(0)))
        for m in re.finditer(r"docs/(?P<page>api|imports|balances|decisions|architecture|build-notes|read-api|rules)\.md|§\s?(?P<sec>\d+(?:\.\d+)*)|" + DECISION_RE.pattern, s):
            if m.group("page"):
                if m.group("page") in SECTION_PAGES:
                    ctx = m.group("page")
                report.append((line, m.group("page"), ""))
            elif m.group("sec"):
                if FOREIGN_RE.search(s[: m.start()]):
                    continue
                report.append((line, ctx, "§" + m.group("sec")))
            else:
                report.append((line, "decisions", "D" + m.group("num")))
        block_ctx[blk] = ctx


# --- docs/ anchors -----------------------------------------------------------------------


def anchors(root):
    have = {}
    docs = os.path.join(root, "docs")
    for page in set(PAGES.values()):
        path = os.path.join(docs, page + ".md")
        if not os.path.isfile(path):
            continue
        refs = {""}
        with open(path, encoding="utf-8") as f:
            for line in f:
                m = re.match(r"#{1,6}\s+(D\d+|\d+(?:\.\d+)*)\b", line)
                if m:
                    ref = m.group(1)
                    refs.add(ref if ref.startswith("D") else "§" + ref)
        have[page] = refs
    return have


def resolves(have, page, ref):
    if page not in have:
        return False
    if ref in have[page]:
        return True
    # `§5` is satisfied by a `## 5 …` heading or, failing that, by any `5.x` subsection.
    return ref.startswith("§") and any(r.startswith(ref + ".") for r in have[page])


# --- files --------------------------------------------------------------------------------


def repo_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard"],
                             capture_output=True, text=True, check=True).stdout.split("\n")
        files = [f for f in out if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith(".") and not x.startswith("build")]
            for name in names:
                files.append(os.path.relpath(os.path.join(d, name), root))
    return sorted(files)


def file_kind(root, rel):
    k = kind_of(rel)
    if k == "shebang":
        try:
            with open(os.path.join(root, rel), "rb") as f:
                first = f.readline(200)
        except OSError:
            return None
        return "hash" if first.startswith(b"#!") and (b"sh" in first or b"python" in first) else None
    return k


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--format", action="store_true",
                    help="run clang-format -i on the C/C++ files rewritten (longer citations can "
                    "push comments past the column limit; clang-format reflows them)")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    rels = [os.path.relpath(os.path.abspath(f), root) for f in args.files] or repo_files(root)
    have = anchors(root)

    changed, problems = [], []
    for rel in rels:
        rel = rel.replace(os.sep, "/")
        if rel in HISTORY_SKIP or rel.startswith(SKIP_PREFIXES):
            continue
        kind = file_kind(root, rel)
        if kind is None:
            continue
        path = os.path.join(root, rel)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError):
            continue
        spans = spans_for(text, kind) if kind in ("c", "hash", "md") else None
        if args.check:
            problems.extend(history_problems(rel, text, kind, spans))
        if rel in SKIP_FILES:
            continue
        report, guesses = [], []
        new = process(text, kind, report, rel, guesses, spans)
        for line, page, ref in guesses:
            # Worth a look: the file names no page, so its folder decided (PATH_DEFAULTS).
            print(f"{rel}:{line}: {ref} taken as docs/{page}.md (the file names no page)")
        if new != text:
            changed.append(rel)
            if not args.check:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(new)
        for line, page, ref in report:
            if args.list:
                print(f"{rel}:{line}: {page or '?'} {ref}".rstrip())
            if page is None:
                problems.append(f"{rel}:{line}: unresolved citation {ref!r}")
            elif not resolves(have, page, ref):
                problems.append(f"{rel}:{line}: docs/{page}.md has no {ref or 'page'}")

    if args.check:
        for rel in changed:
            print(f"{rel}: cites pages outside the repository (run scripts/cite-docs.py)")
    elif changed:
        print(f"rewrote {len(changed)} file(s)")
        c_files = [os.path.join(root, r) for r in changed if file_kind(root, r) == "c"]
        if args.format and c_files:
            subprocess.run(["clang-format", "-i", *c_files], check=True)
    for p in sorted(set(problems)):
        print(p)
    if args.check and (changed or problems):
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
