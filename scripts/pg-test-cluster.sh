#!/usr/bin/env bash
# A throw-away PostgreSQL for the API tests (TEST_DATABASE_URL), run as the `postgres` user.
#   scripts/pg-test-cluster.sh start DIR PORT   → prints postgres://postgres@127.0.0.1:PORT/backoffice_test
#   scripts/pg-test-cluster.sh stop DIR
# Needs Debian's postgresql package (apt-get install -y postgresql); run as root or as postgres.
set -euo pipefail

usage() {
  echo "usage: $0 start DIR PORT | stop DIR" >&2
  exit 2
}

# Newest installed major version, e.g. /usr/lib/postgresql/15/bin.
bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -z "$dir" || ! -x "$dir/initdb" ]]; then
    echo "PostgreSQL binaries not found under /usr/lib/postgresql (apt-get install -y postgresql)" >&2
    exit 1
  fi
  echo "$dir"
}

# Runs a command as postgres (initdb refuses to run as root).
as_postgres() {
  if [[ "$(id -un)" == "postgres" ]]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    runuser -u postgres -- "$@"
  else
    su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
  fi
}

cmd=${1:-}
case "$cmd" in
  start)
    [[ $# -eq 3 ]] || usage
    dir=$(realpath -m "$2")
    port=$3
    bin=$(bindir)
    mkdir -p "$dir"
    chown postgres:postgres "$dir" 2>/dev/null || true
    chmod 700 "$dir"
    if [[ ! -f "$dir/PG_VERSION" ]]; then
      as_postgres "$bin/initdb" -D "$dir" -A trust -U postgres >/dev/null
    fi
    # Throw-away data: no flush to disk at each commit (3 ms apiece here). A fast or smart stop still
    # writes everything; only a crash of PostgreSQL itself could lose data, and no test crashes it.
    as_postgres "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      -w start >/dev/null
    # Idempotent: a second start on the same DIR keeps the database.
    if ! as_postgres "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -tAc \
      "select 1 from pg_database where datname = 'backoffice_test'" | grep -q 1; then
      as_postgres "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres backoffice_test
    fi
    echo "postgres://postgres@127.0.0.1:$port/backoffice_test"
    ;;
  stop)
    [[ $# -eq 2 ]] || usage
    dir=$(realpath -m "$2")
    bin=$(bindir)
    as_postgres "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null
    ;;
  *)
    usage
    ;;
esac
