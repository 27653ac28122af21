#!/usr/bin/python3
"""Checks that an OpenAPI document names every route the server answers, each with an
operationId, and that every documented operation has a unique operationId.

Usage: check_operations.py DOCUMENT.yaml ROUTES.txt
ROUTES.txt: one "METHOD PATTERN" per line (http::Router::routes()). Exit 0 when complete; 1 with
one line per problem otherwise.
"""
import sys

import yaml

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def main(document_path, routes_path):
    with open(document_path, encoding="utf-8") as f:
        document = yaml.safe_load(f)
    paths = document.get("paths") or {}
    problems = []
    seen = {}
    for path, item in paths.items():
        for method, operation in (item or {}).items():
            if method not in METHODS:
                continue
            op_id = (operation or {}).get("operationId")
            if not op_id:
                problems.append(f"{method.upper()} {path}: no operationId")
            elif op_id in seen:
                problems.append(f"{method.upper()} {path}: operationId {op_id} also on {seen[op_id]}")
            else:
                seen[op_id] = f"{method.upper()} {path}"
    with open(routes_path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            method, pattern = line.split()
            operation = (paths.get(pattern) or {}).get(method.lower())
            if operation is None:
                problems.append(f"{method} {pattern}: served but not documented")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
