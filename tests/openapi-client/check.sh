#!/bin/bash
# Generates a TypeScript client from an OpenAPI document with openapi-typescript and type-checks
# client.ts against it with tsc --strict (docs/decisions.md D89). Both tools are pinned by
# package-lock.json and installed by `make deps` (npm ci).
# Usage: check.sh DOCUMENT.yaml WORK_DIR
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
document=${1:?usage: check.sh DOCUMENT.yaml WORK_DIR}
work=${2:?usage: check.sh DOCUMENT.yaml WORK_DIR}
bin=$here/node_modules/.bin
if [ ! -x "$bin/openapi-typescript" ] || [ ! -x "$bin/tsc" ]; then
  echo "openapi-typescript and typescript are not installed: run make deps (npm ci in $here)"
  exit 1
fi
mkdir -p "$work"
"$bin/openapi-typescript" "$document" --output "$work/schema.d.ts" >/dev/null
cp "$here/client.ts" "$work/client.ts"
"$bin/tsc" --noEmit --strict --noUnusedLocals --target ES2022 --module ES2022 \
  --moduleResolution bundler --lib ES2022,DOM --skipLibCheck "$work/client.ts"
echo "client.ts type-checks against $(wc -l <"$work/schema.d.ts") lines of generated types"
