#!/usr/bin/env bash
# Usage: bash scripts/with-postgres.sh CMD [ARGS...]
#
# Starts a throwaway PostgreSQL cluster on a free loopback port, runs CMD with
#   TEST_DATABASE_URL=postgres://fieldwork:<pw>@127.0.0.1:<port>/postgres
#   TEST_DATABASE_BYPASS_URL=postgres://fieldwork_tests:<pw>@127.0.0.1:<port>/postgres  (BYPASSRLS, tests' set-up only)
# exported, then stops the cluster and deletes its directory (also on failure or
# interrupt). Exits with CMD's exit code.
#
# The role `fieldwork` has LOGIN + CREATEDB (not SUPERUSER); btree_gist is created in
# template1, so every database created on the cluster already has it.
# When no PostgreSQL binaries exist, Debian's `postgresql` package is installed with
# apt-get, without its auto-created `main` cluster (we never use that one).
set -euo pipefail

log() { printf '[with-postgres] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[ "$#" -gt 0 ] || die "usage: $0 CMD [ARGS...]"

PG_USER="${FIELDWORK_PG_OS_USER:-fwtest}"   # OS user owning the cluster when we run as root
TMP_PREFIX="fieldwork-pg"
TMP_BASE="${TMPDIR:-/tmp}"

is_root() { [ "$(id -u)" -eq 0 ]; }

find_pg_bin() {
  local dir best=""
  if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; then echo "$PG_BIN"; return 0; fi
  # Highest installed major version.
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && best="$dir"
  done
  [ -n "$best" ] && echo "$best"
}

install_postgres() {
  local sudo=""
  if ! is_root; then
    command -v sudo >/dev/null 2>&1 || die "PostgreSQL is not installed and we are not root (no sudo): apt-get install postgresql"
    sudo="sudo"
  fi
  log "PostgreSQL binaries not found: installing Debian package 'postgresql' with apt-get"
  # Do not let the package create (and start) its default 'main' cluster: we never use it.
  # postgresql-common reads this file at install time (see its README.Debian); ucf keeps ours.
  $sudo mkdir -p /etc/postgresql-common
  if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.conf >/dev/null
  fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  $sudo env DEBIAN_FRONTEND=noninteractive UCF_FORCE_CONFFOLD=1 apt-get install -y -qq \
    -o Dpkg::Options::=--force-confold -o Dpkg::Options::=--force-confdef \
    postgresql postgresql-contrib >&2
}

PG_BIN="$(find_pg_bin || true)"
if [ -z "$PG_BIN" ]; then
  install_postgres
  PG_BIN="$(find_pg_bin || true)"
  [ -n "$PG_BIN" ] || die "PostgreSQL binaries still missing after apt-get install"
fi
PG_MAJOR="$(basename "$(dirname "$PG_BIN")")"

# --- who owns the cluster ---------------------------------------------------------
if is_root; then
  if ! id -u "$PG_USER" >/dev/null 2>&1; then
    log "creating system user $PG_USER"
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$PG_USER"
  fi
  as_pg() { runuser -u "$PG_USER" -- "$@"; }
else
  as_pg() { "$@"; }
fi

# --- remove leftovers of runs that were killed without cleanup (e.g. SIGKILL) ------
for stale in "$TMP_BASE/$TMP_PREFIX".*; do
  [ -d "$stale" ] || continue
  owner="$(cat "$stale/owner.pid" 2>/dev/null || true)"
  if [ -z "$owner" ]; then
    # Just created by a concurrent run (owner.pid not written yet) unless it is old.
    [ -n "$(find "$stale" -maxdepth 0 -mmin +60 2>/dev/null)" ] || continue
  elif [ -d "/proc/$owner" ]; then
    continue
  fi
  if [ -f "$stale/data/postmaster.pid" ]; then
    (cd "$stale" && as_pg "$PG_BIN/pg_ctl" -D "$stale/data" stop -m immediate -w >/dev/null 2>&1) || true
  fi
  rm -rf "$stale" 2>/dev/null || true
done

# --- temp dir + cleanup --------------------------------------------------------------
TMP_DIR="$(mktemp -d "$TMP_BASE/$TMP_PREFIX.XXXXXXXX")"
echo "$$" >"$TMP_DIR/owner.pid"
chmod 700 "$TMP_DIR"
if is_root; then chown "$PG_USER" "$TMP_DIR"; fi
DATA_DIR="$TMP_DIR/data"
STARTED=0

cleanup() {
  local rc=$?
  trap - EXIT INT TERM HUP
  if [ "$STARTED" = 1 ] || [ -f "$DATA_DIR/postmaster.pid" ]; then
    (cd "$TMP_DIR" && as_pg "$PG_BIN/pg_ctl" -D "$DATA_DIR" stop -m immediate -w -t 30 >/dev/null 2>&1) || {
      pid="$(head -n1 "$DATA_DIR/postmaster.pid" 2>/dev/null || true)"
      [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true
    }
  fi
  rm -rf "$TMP_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# --- initdb --------------------------------------------------------------------------
PASSWORD="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
locale_opt=(--locale=C.UTF-8)
if ! locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then locale_opt=(--locale=C); fi

(cd "$TMP_DIR" && as_pg "$PG_BIN/initdb" -D "$DATA_DIR" -U postgres -E UTF8 "${locale_opt[@]}" \
  --auth-local=trust --auth-host=scram-sha-256 --no-sync >"$TMP_DIR/initdb.log" 2>&1) || {
  cat "$TMP_DIR/initdb.log" >&2
  die "initdb failed"
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})' 2>/dev/null \
    || python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()'
}

start_cluster() {
  local port="$1"
  # The whole config lives in postgresql.auto.conf-style overrides appended at the end.
  cat >>"$DATA_DIR/postgresql.conf" <<EOF

# --- fieldwork throwaway test cluster (scripts/with-postgres.sh) ---
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$TMP_DIR'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 128MB
logging_collector = off
log_min_messages = warning
EOF
  (cd "$TMP_DIR" && as_pg "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$TMP_DIR/server.log" -w -t 60 start >/dev/null 2>&1)
}

PORT=""
for attempt in 1 2 3 4 5; do
  PORT="$(free_port)"
  [ -n "$PORT" ] || die "could not find a free port"
  if start_cluster "$PORT"; then STARTED=1; break; fi
  log "start on port $PORT failed (attempt $attempt)"
  tail -n 20 "$TMP_DIR/server.log" >&2 2>/dev/null || true
  PORT=""
done
[ -n "$PORT" ] || die "PostgreSQL did not start"

psql_super() {
  "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$TMP_DIR" -p "$PORT" -U postgres "$@"
}

# fieldwork: what the server connects as — owns what it migrates, no SUPERUSER, no BYPASSRLS, so the
# row-level security of migration 0014 holds it. fieldwork_tests: for test set-up and assertions only (factories
# write any company's rows, checks read them): a member of fieldwork with BYPASSRLS, and of pg_signal_backend
# because it drops each test database `with (force)`: an autovacuum worker still on that database belongs to no
# role, and only pg_signal_backend may end it ("must be a member of the role whose process is being terminated").
psql_super -d postgres >/dev/null <<SQL
CREATE ROLE fieldwork LOGIN CREATEDB NOSUPERUSER NOBYPASSRLS PASSWORD '$PASSWORD';
CREATE ROLE fieldwork_tests LOGIN NOSUPERUSER BYPASSRLS PASSWORD '$PASSWORD' IN ROLE fieldwork;
GRANT pg_signal_backend TO fieldwork_tests;
SQL
# Every database created from template1 gets btree_gist (needed by the EXCLUDE constraints).
if ! psql_super -d template1 -c 'CREATE EXTENSION IF NOT EXISTS btree_gist' >/dev/null 2>"$TMP_DIR/ext.log"; then
  cat "$TMP_DIR/ext.log" >&2
  die "btree_gist is not available (expected /usr/share/postgresql/$PG_MAJOR/extension/btree_gist.control; apt-get install postgresql-contrib)"
fi

export TEST_DATABASE_URL="postgres://fieldwork:$PASSWORD@127.0.0.1:$PORT/postgres"
export TEST_DATABASE_BYPASS_URL="postgres://fieldwork_tests:$PASSWORD@127.0.0.1:$PORT/postgres"
log "PostgreSQL $PG_MAJOR ready on 127.0.0.1:$PORT (data in $TMP_DIR)"

set +e
"$@"
rc=$?
set -e
exit "$rc"
