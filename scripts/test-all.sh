#!/usr/bin/env bash
# `npm test`: unit and API tests (Vitest), then end-to-end tests (Playwright in Chromium).
# Ends with one line "N passed, N failed" summing both suites.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/unit.json reports/e2e.json

npm run --silent lint && npm run --silent typecheck
static_status=$?

# The JavaScript budget test (scripts/js-budget.test.ts) reads the build, and Playwright's web
# server (scripts/start.ts) needs one too: build once, here, when there is none or it is older
# than what it is made from. The log is kept; a failed build fails the run.
stamp=build/server/index.js
if [ ! -f "$stamp" ] || [ ! -f build/client-manifest/chunk-modules.json ] ||
  [ -n "$(find src public scripts/art scripts/build-images.ts scripts/tune-html.ts scripts/seo-files.ts \
    scripts/precompress.ts react-router.config.ts vite.config.ts package-lock.json \
    -path public/img -prune -o -newer "$stamp" -print -quit)" ]; then
  echo "Building the site (log: reports/build.log)…"
  if ! npm run --silent build > reports/build.log 2>&1; then
    tail -n 30 reports/build.log
    static_status=1
  fi
fi

npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json
unit_status=$?

npx playwright test
e2e_status=$?
# Safety net: nothing started for the e2e run may outlive it (it would hold CI's output open).
pkill -f "$PWD/server/src/main.ts" 2>/dev/null
pkill -f "$PWD/node_modules/.bin/firebase emulators" 2>/dev/null

STATIC_FAILED=$([ $static_status -ne 0 ] && echo 1 || echo 0) node scripts/test-summary.mjs reports/unit.json reports/e2e.json
summary_status=$?

if [ $static_status -ne 0 ] || [ $unit_status -ne 0 ] || [ $e2e_status -ne 0 ] || [ $summary_status -ne 0 ]; then exit 1; fi
