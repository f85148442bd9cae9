#!/bin/sh
# Exact check of BPPLIB instances with CBC on the arc-flow model (bench tool only).
# Installs Debian's CBC when missing, then runs exact.ts with the given arguments.
#   bench/cutting-1d/exact/run.sh --only Waescher_TEST0022 --limit 600
set -e
if ! command -v cbc >/dev/null 2>&1; then
  apt-get update && apt-get install -y coinor-cbc
fi
cd "$(dirname "$0")/../../.."
exec nice -n 10 npx tsx bench/cutting-1d/exact/exact.ts "$@"
