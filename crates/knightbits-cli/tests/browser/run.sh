#!/usr/bin/env bash
# The explorer's tests: first the page's pure modules (state model, URL encoding, the list of
# embedded files) under node's own test runner, no browser needed; then the browser test, which
# installs headless Chromium (Debian's package) and playwright-core (npm ci, from
# package-lock.json), builds the binary, and drives the page. Screenshots and the measured
# interaction latency go to test-artifacts/ at the repository root.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q chromium
fi
if ! command -v npm >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q nodejs npm
fi

node --test "$here"/../../web/test/*.test.mjs

cd "$here"
npm ci --no-audit --no-fund --loglevel=error
(cd "$root" && cargo build -q -p knightbits-cli --bin knightbits)
target="$(cd "$root" && cargo metadata --format-version 1 --no-deps |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')"
KNIGHTBITS_BIN="$target/debug/knightbits" node --test explorer.test.mjs
