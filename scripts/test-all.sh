#!/usr/bin/env bash
# `npm test`: unit and API tests (Vitest), then end-to-end tests (Playwright in Chromium).
# Ends with one line "N passed, N failed" summing both suites.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/unit.json reports/e2e.json

npm run --silent lint && npm run --silent typecheck
static_status=$?

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
