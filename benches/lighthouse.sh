#!/usr/bin/env bash
# Lighthouse (npm `lighthouse`, Debian Chromium, mobile preset) on the home page and a live auction
# of a server that is already running: builds nothing, starts nothing. A bench, run by hand; the
# test command runs only the bundle budget (`npm run budget`). Usage:
#   BASE_URL=http://127.0.0.1:8080 benches/lighthouse.sh [--runs N]
# It prints the table docs/performance.md keeps. How to start a server for it: docs/operations.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
: "${BASE_URL:?set BASE_URL to the running server, e.g. BASE_URL=http://127.0.0.1:8080}"
[ -x "$root/web/node_modules/.bin/lighthouse" ] || (cd "$root/web" && npm install --no-audit --no-fund)
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
cd "$root/web"
exec node scripts/lighthouse.mjs "$@"
