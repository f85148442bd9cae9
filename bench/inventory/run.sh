#!/usr/bin/env bash
# Inventory benchmarks (item search at 100 000 items, postings with 8 clients) on a throw-away
# PostgreSQL started by scripts/test-env.sh; arguments go to run.ts. Rewrites RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=/dev/null
source scripts/test-env.sh
npx tsx bench/inventory/run.ts "$@"
