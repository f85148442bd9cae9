#!/usr/bin/env bash
# Every test: type check and lint, unit and server tests on PGlite, server tests on a real
# PostgreSQL server, then the browser tests against the built app (Playwright's web server step
# builds the web app into the run's own directory; there is no separate build step).
# Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh || exit 1
bash scripts/ensure-validators.sh || exit 1
source scripts/test-env.sh

REPORTS=$(mktemp -d /tmp/erp-reports.XXXXXX)
status=0
run() {
  local name=$1 started=$SECONDS
  shift
  echo; echo "=== $name"
  "$@" || status=1
  echo "=== $name: $((SECONDS - started)) s"
}

run "type check" npm run --silent typecheck
run "lint" npx biome lint .
run "unit and server tests (PGlite)" env -u TEST_DATABASE_URL npx vitest run \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-pglite.json"
# Only the server tests that open a database run again on PostgreSQL; the others (pure rules, the
# admin CLI on its own PGlite, the e-invoice examples) answer the same on both and ran above.
mapfile -t DB_TESTS < <(node scripts/db-test-files.mjs)
run "server tests (PostgreSQL)" npx vitest run "${DB_TESTS[@]}" \
  --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-postgres.json"
run "browser tests (Chromium)" env -u TEST_DATABASE_URL PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/playwright.json" \
  npx playwright test -c e2e/playwright.config.ts --reporter=list,json

node scripts/sum-results.mjs "$REPORTS" || status=1
exit $status
