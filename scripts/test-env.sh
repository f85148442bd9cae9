#!/usr/bin/env bash
# Installs what the tests need and is not on a fresh machine (Debian's Chromium and PostgreSQL),
# then starts a throw-away PostgreSQL server on a loopback port. Source it: it exports
# TEST_DATABASE_URL and registers a trap that stops the server. TEST_PG_OPTIONS adds server
# options (e.g. "-c shared_preload_libraries=pg_stat_statements" for bench/inventory/profile.ts).

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} with apt-get..."
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PGPORT=${TEST_PG_PORT:-$((54000 + RANDOM % 1000))}
PGWORK=$(mktemp -d /tmp/erp-pg.XXXXXX)
# PostgreSQL refuses to run as root: run it as the postgres user when we are root.
if [ "$(id -u)" = 0 ]; then
  chown postgres "$PGWORK"
  AS_PG=(runuser -u postgres --)
else
  AS_PG=()
fi
"${AS_PG[@]}" "$PGBIN/initdb" -D "$PGWORK/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGWORK/data" -l "$PGWORK/server.log" -w \
  -o "-p $PGPORT -k $PGWORK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=300 ${TEST_PG_OPTIONS:-}" start >/dev/null
stop_test_postgres() {
  "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$PGWORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGWORK"
}
trap stop_test_postgres EXIT
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
echo "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') for tests on port $PGPORT"
