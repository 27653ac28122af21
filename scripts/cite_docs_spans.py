"""Comment spans of the files scripts/cite-docs.py reads: which text of a C/C++, CMake/shell/
Python or Markdown file is a comment (or prose), so citations and history are looked for there
and never in code or strings."""

import os
import re

C_EXT = {".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".ipp", ".inl"}
HASH_EXT = {".cmake", ".sh", ".py", ".bash"}
HASH_NAMES = {"CMakeLists.txt", "Makefile"}
MD_EXT = {".md"}


def kind_of(path):
    base = os.path.basename(path)
    ext = os.path.splitext(base)[1]
    if ext in C_EXT:
        return "c"
    if ext in HASH_EXT or base in HASH_NAMES:
        return "hash"
    if ext in MD_EXT:
        return "md"
    if ext == "" and base not in HASH_NAMES:
        return "shebang"  # decided from the first line
    return None


# --- comment spans ------------------------------------------------------------------------
# Each span is (start, end, block): text[start:end] is comment text; spans with the same block
# number form one comment (consecutive // or # lines, one /* */, one Markdown paragraph).


def c_spans(text):
    spans, i, n, block, last_line_comment_end_line = [], 0, len(text), -1, -2
    line = 0
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            # Consecutive whole-line comments form one comment; one after code stands alone.
            line_start = text.rfind("\n", 0, i) + 1
            alone = text[line_start:i].strip() == ""
            if last_line_comment_end_line != line - 1 or not alone:
                block += 1
            spans.append((i + 2, end, block))
            last_line_comment_end_line = line if alone else -2
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end
            block += 1
            spans.append((i + 2, end, block))
            line += text.count("\n", i, end)
            i = end + 2
        elif ch == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^()\\\s]{0,16})\(', text[i:])
            if not m:
                i += 1
                continue
            close = ")" + m.group(1) + '"'
            end = text.find(close, i + m.end())
            end = n if end < 0 else end + len(close)
            line += text.count("\n", i, end)
            i = end
        elif ch in "\"'":
            # A ' between digits is a C++14 digit separator, not a character literal.
            if ch == "'" and i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum() and text[i - 1].isdigit():
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return spans


def hash_spans(text):
    spans, pos, block, prev = [], 0, -1, -2
    for lineno, line in enumerate(text.split("\n")):
        quote, k = None, 0
        while k < len(line):
            c = line[k]
            if quote:
                if c == "\\":
                    k += 1
                elif c == quote:
                    quote = None
            elif c in "\"'":
                quote = c
            elif c == "#" and (k == 0 or line[k - 1] != "$") and not (lineno == 0 and line.startswith("#!")):
                alone = line[:k].strip() == ""
                if prev != lineno - 1 or not alone:
                    block += 1
                spans.append((pos + k + 1, pos + len(line), block))
                prev = lineno if alone else -2
                break
            k += 1
        pos += len(line) + 1
    return spans


def md_spans(text):
    spans, pos, block, fenced, in_par = [], 0, -1, False, False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            in_par = False
        elif not fenced:
            if line.strip():
                if not in_par:
                    block += 1
                    in_par = True
                spans.append((pos, pos + len(line), block))
            else:
                in_par = False
        pos += len(line) + 1
    return spans


# --- rewriting ----------------------------------------------------------------------------


def spans_for(text, kind):
    return {"c": c_spans, "hash": hash_spans, "md": md_spans}[kind](text)
