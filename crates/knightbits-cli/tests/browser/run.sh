#!/usr/bin/env bash
# The explorer's tests: first the page's pure modules (state model, URL encoding, the list of
# embedded files) under node's own test runner, no browser needed; then the browser tests, which
# install headless Chromium (Debian's package) and playwright-core (npm ci, from
# package-lock.json), build the binary and the static site (`cargo xtask web`, which adds the
# wasm32-unknown-unknown target if it is missing), and drive the page both ways: served by
# `knightbits serve`, and as plain files from a static server the test starts on 127.0.0.1.
# Screenshots and the measured latencies go to test-artifacts/ at the repository root.
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
# The build the rust and python suites make (the workspace, all features, beside a test target as
# `cargo xtask test` builds it: see `rulebook_cli` in xtask): nothing is rebuilt after them.
(cd "$root" && cargo build -q --workspace --all-features --bin knightbits --test cli)
target="$(cd "$root" && cargo metadata --format-version 1 --no-deps |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')"
KNIGHTBITS_BIN="$target/debug/knightbits" node --test explorer.test.mjs
KNIGHTBITS_TARGET=served KNIGHTBITS_BIN="$target/debug/knightbits" node --test site.test.mjs

site="$(mktemp -d)"
trap 'rm -rf "$site"' EXIT
(cd "$root" && cargo xtask web --out "$site")
KNIGHTBITS_WASM="$site/knightbits.wasm" node --test "$here"/../../web/test/wasm.test.mjs
KNIGHTBITS_TARGET=static KNIGHTBITS_SITE="$site" node --test site.test.mjs
