#!/usr/bin/env bash
# Inventory benchmarks (item search at 100 000 items, postings with 8 clients) on a throw-away
# PostgreSQL started by scripts/test-env.sh; arguments go to run.ts. Adds the run to the top of
# RESULTS.md and keeps the earlier runs below it.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=/dev/null
source scripts/test-env.sh
npx tsx bench/inventory/run.ts "$@"
