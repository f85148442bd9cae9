#!/usr/bin/env bash
# Load test: two app instances (npm start) on one throw-away PostgreSQL (scripts/test-env.sh),
# simulated users of several companies over HTTP; phase 2 moves one company into a dedicated
# database while the load runs. Arguments go to run.ts (--users N --seconds S --companies C).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=/dev/null
source scripts/test-env.sh
npx tsx bench/load/run.ts "$@"
