#!/usr/bin/env bash
# Installs the npm dependencies from the lock file when they are missing (fresh clone).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/tsx ] || [ ! -x node_modules/.bin/vite ]; then
  echo "Installing npm dependencies (npm ci)..."
  npm ci --no-audit --no-fund
fi
