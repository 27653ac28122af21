"""The history check of scripts/cite-docs.py --check: comments and docs say what is and why, in
the present tense; how it came to be belongs in git. A comment or a paragraph that names an
issue of a tracker outside the repository ("issue 12", "issues 11 and 13", "(#12)"), a work
session ("session 7", "this session") or a past change ("previously", "was changed") fails.
Only comment text and Markdown prose are read (cite_docs_spans), never code or strings: a
product message such as `upgrade finimport (nothing was changed)` is a string, and an
`#N` column position is not a parenthesised number."""

import re

from cite_docs_spans import spans_for

HISTORY_RE = re.compile(
    r"\b[Ii]ssues?\s+#?\d+"  # issue 12, Issue 14, issues 11 and 13, issue #3
    r"|\((?:PR\s+)?#\d+\)"  # (#12), (PR #12)
    r"|\b[Ss]essions?\s+\d+"  # session 7, sessions 9-10
    r"|\b(?:[Tt]his|[Tt]hat|[Aa] later|[Aa]n earlier|[Ee]arlier|[Pp]revious|[Ll]ater|[Ll]ast|[Nn]ext)"
    r"\s+sessions?\b(?!\s+(?:cookie|token|key|id)s?\b)"  # this session (not a login session's key)
    r"|\b[Pp]reviously\b"
    r"|(?<!\bnothing )\bwas changed\b"
)

# Dated measurement logs: each figure names the run that produced it, which is their subject.
HISTORY_EXEMPT = {"bench/RESULTS.md", "bench/FUZZING.md", "docs/SECURITY.md"}


def history_problems(rel, text, kind, spans=None):
    """`rel:line: ...` for each history reference in the comments or prose of `text` (`spans`:
    its comment spans when the caller has them)."""
    if rel in HISTORY_EXEMPT or kind not in ("c", "hash", "md"):
        return []
    problems = []
    for a, b, _ in spans if spans is not None else spans_for(text, kind):
        for m in HISTORY_RE.finditer(text, a, b):
            line = text.count("\n", 0, m.start()) + 1
            problems.append(f"{rel}:{line}: names history ({m.group(0)!r}): state the rule as it is "
                            "now; the history is in git")
    return problems
