#!/usr/bin/env bash
# Issuing with and without B2C fiscalisation (latency, invoices/s with 8 clients) on a throw-away
# PostgreSQL started by scripts/test-env.sh; arguments go to run.ts. Rewrites RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=/dev/null
source scripts/test-env.sh
npx tsx bench/fiscal/run.ts "$@"
