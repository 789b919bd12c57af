#!/usr/bin/env bash
# `npm test`: unit and API tests (Vitest), then end-to-end tests (Playwright in Chromium).
# Ends with one line "N passed, N failed, N skipped" summing both suites.
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
  [ ! -f build/vite-settings.json ] ||
  [ -n "$(find src contracts public scripts/art scripts/build-images.ts scripts/tune-html.ts \
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

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$chromium" ]; then
  # Playwright runs in a process group of its own, so that whatever it started (the site, the Auth
  # Emulator, MailDev: scripts/start.ts keeps its children in its group) can be stopped, and only
  # that, should anything outlive the run (it would hold CI's output open). Other people's
  # servers and emulators on this machine are never touched.
  setsid npx playwright test &
  e2e_group=$!
  trap 'kill -TERM -- -"$e2e_group" 2>/dev/null' INT TERM
  wait "$e2e_group"
  e2e_status=$?
  trap - INT TERM
  kill -TERM -- -"$e2e_group" 2>/dev/null
else
  # Without a browser every end-to-end test is reported skipped, with the reason, not left out.
  echo "End-to-end tests skipped: no Chromium at $chromium (apt-get install chromium; CHROMIUM_PATH overrides)."
  npx playwright test --list --reporter=json > reports/e2e.json
  e2e_status=$?
fi

STATIC_FAILED=$([ $static_status -ne 0 ] && echo 1 || echo 0) node scripts/test-summary.mjs reports/unit.json reports/e2e.json
summary_status=$?

if [ $static_status -ne 0 ] || [ $unit_status -ne 0 ] || [ $e2e_status -ne 0 ] || [ $summary_status -ne 0 ]; then exit 1; fi
