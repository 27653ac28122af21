#!/usr/bin/python3
"""Validates an OpenAPI 3.0 document (YAML) against the official OpenAPI 3.0 JSON Schema.

Usage: validate_openapi.py DOCUMENT.yaml
Exit 0 when valid; 1 with one line per problem otherwise. Needs python3-yaml and
python3-jsonschema (Debian packages, listed in the Makefile's deps).
"""
import os
import sys

import jsonschema
import yaml


def main(path):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "openapi-3.0.schema.yaml"), encoding="utf-8") as f:
        schema = yaml.safe_load(f)
    with open(path, encoding="utf-8") as f:
        document = yaml.safe_load(f)
    validator = jsonschema.Draft4Validator(schema)
    problems = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for problem in problems:
        where = "/".join(str(p) for p in problem.absolute_path) or "(root)"
        # A oneOf/anyOf failure: the most specific reason among its branches.
        best = problem
        while best.context:
            best = max(best.context, key=lambda e: (len(e.absolute_path), "$ref" not in e.message))
        print(f"{where}: {best.message[:300]}")
    if not problems:
        # $ref targets must exist (the schema cannot say so).
        missing = sorted(set(unresolved_refs(document, document)))
        for ref in missing:
            print(f"unresolved $ref {ref}")
        problems = missing
    return 1 if problems else 0


def unresolved_refs(node, root):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/"):
                target = root
                for part in value[2:].split("/"):
                    if not isinstance(target, dict) or part not in target:
                        yield value
                        break
                    target = target[part]
            else:
                yield from unresolved_refs(value, root)
    elif isinstance(node, list):
        for item in node:
            yield from unresolved_refs(item, root)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
