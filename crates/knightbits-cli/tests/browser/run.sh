#!/usr/bin/env bash
# The explorer's browser test: installs headless Chromium (Debian's package) and
# playwright-core (npm ci, from package-lock.json), builds the binary, and runs the test.
# Screenshots and the measured interaction latency go to test-artifacts/ at the repository root.
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

cd "$here"
npm ci --no-audit --no-fund --loglevel=error
(cd "$root" && cargo build -q -p knightbits-cli --bin knightbits)
target="$(cd "$root" && cargo metadata --format-version 1 --no-deps |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')"
KNIGHTBITS_BIN="$target/debug/knightbits" node --test explorer.test.mjs
