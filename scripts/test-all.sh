#!/usr/bin/env bash
# `npm test`: the whole suite, in order
#   1. typecheck              npm run typecheck                 (1 and 2 side by side)
#   2. lint                   npm run lint                      (when a root eslint config exists)
#   3. unit                   vitest --project domain/web       (projects that have test files)
#   4. server (SQLite)        vitest --project server --project server-process
#   5. server (PostgreSQL)    scripts/with-postgres.sh vitest --project server --project server-process
#   6. e2e (Chromium)         npm run test:e2e
# Every stage runs even when an earlier one failed; the exit status is non-zero when any failed.
# The last line is "N passed, M failed": the tests counted by vitest (JSON reporter) over all
# stages; a check without test counts (typecheck, lint) counts as one test, and a failing vitest
# stage that reported no failed test (crash, import error, unhandled error) counts as one failure.
#
# TEST_STAGES="typecheck lint unit server server-pg e2e" selects stages (default: all).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
VITEST="$ROOT/node_modules/.bin/vitest"
OUT_DIR="$ROOT/test-results/test-all"
rm -rf "$OUT_DIR"
mkdir -p "$OUT_DIR"

STAGES="${TEST_STAGES:-typecheck lint unit server server-pg e2e}"
wants() { [[ " $STAGES " == *" $1 "* ]]; }

if [ -t 1 ]; then BOLD=$'\e[1m'; RED=$'\e[31m'; GREEN=$'\e[32m'; DIM=$'\e[2m'; RESET=$'\e[0m'
else BOLD=""; RED=""; GREEN=""; DIM=""; RESET=""; fi

SUMMARY_ROWS=()
TOTAL_PASSED=0
TOTAL_FAILED=0
ANY_FAILED=0

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

header() {
  printf '\n%s==================================================================%s\n' "$BOLD" "$RESET"
  printf '%s== %s%s\n' "$BOLD" "$1" "$RESET"
  printf '%s==================================================================%s\n' "$BOLD" "$RESET"
}

# Reads a vitest JSON report; prints "passed failed" (0 0 when missing/unreadable).
json_counts() {
  node -e '
    const fs = require("fs");
    try {
      const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      console.log(`${r.numPassedTests ?? 0} ${r.numFailedTests ?? 0}`);
    } catch { console.log("0 0"); }
  ' "$1"
}

# Reads a vitest JSON report; prints one line per failed test (file > title: the first line of its error), so the
# summary at the end of a long log (all a CI page may show) names what failed.
json_failures() {
  node -e '
    const fs = require("fs");
    try {
      const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      for (const file of r.testResults ?? []) {
        const path = file.name.replace(process.cwd() + "/", "");
        const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
        for (const a of failed) console.log(`${path} > ${a.fullName ?? a.title}: ${(a.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
        if (!failed.length && file.status === "failed") console.log(`${path}: ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
      }
    } catch {}
  ' "$1"
}
FAILURE_LINES=()

record() { # name rc seconds passed failed note
  local name="$1" rc="$2" secs="$3" passed="$4" failed="$5" note="${6:-}"
  TOTAL_PASSED=$((TOTAL_PASSED + passed))
  TOTAL_FAILED=$((TOTAL_FAILED + failed))
  local status="${GREEN}ok${RESET}"
  if [ "$rc" -ne 0 ]; then status="${RED}FAILED (exit $rc)${RESET}"; ANY_FAILED=1; fi
  SUMMARY_ROWS+=("$(printf '%-22s %-28s %7ss  %5s passed  %4s failed  %s' "$name" "$status" "$secs" "$passed" "$failed" "$note")")
}

skip() { # name reason
  header "$1: skipped"
  echo "${DIM}$2${RESET}"
  SUMMARY_ROWS+=("$(printf '%-22s %-28s %s' "$1" "skipped" "$2")")
}

# A check started in the background with its output kept in a file: `start_check name cmd...` now,
# `finish_check name` later prints its output under its header and records it, with its own duration.
start_check() { # name cmd...
  local name="$1"; shift
  local slug="${name// /-}"
  (
    t0="$(now)"
    rc=0
    "$@" >"$OUT_DIR/$slug.log" 2>&1 || rc=$?
    echo "$rc $(elapsed "$t0" "$(now)") $*" >"$OUT_DIR/$slug.rc"
  ) &
  CHECK_PIDS[$name]=$!
}
finish_check() { # name
  local name="$1" slug="${1// /-}" rc secs cmd
  wait "${CHECK_PIDS[$name]}"
  read -r rc secs cmd <"$OUT_DIR/$slug.rc"
  header "$name: $cmd"
  cat "$OUT_DIR/$slug.log"
  if [ "$rc" -eq 0 ]; then record "$name" 0 "$secs" 1 0 "(1 check)"; else record "$name" "$rc" "$secs" 0 1 "(1 check)"; fi
}
declare -A CHECK_PIDS=()

# A vitest stage: the command gets the JSON reporter arguments appended.
run_vitest_stage() { # name slug cmd...
  local name="$1" slug="$2"; shift 2
  local json="$OUT_DIR/$slug.json"
  header "$name: $*"
  local t0 rc=0
  t0="$(now)"
  "$@" --reporter=default --reporter=json --outputFile.json="$json" || rc=$?
  local secs; secs="$(elapsed "$t0" "$(now)")"
  local passed failed
  read -r passed failed < <(json_counts "$json")
  local line
  while IFS= read -r line; do FAILURE_LINES+=("$name: $line"); done < <(json_failures "$json")
  if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
  record "$name" "$rc" "$secs" "$passed" "$failed"
}

has_files() { # find-style name patterns under a dir
  local dir="$1"; shift
  [ -d "$dir" ] || return 1
  [ -n "$(find "$dir" -path '*/node_modules' -prune -o -type f \( "$@" \) -print -quit)" ]
}

START="$(now)"

# 1./2. typecheck and lint side by side: each is one process on one core and neither writes what the other reads,
# so on two cores the pair took 61 s here instead of ~80 one after the other.
if wants typecheck; then start_check "typecheck" npm run --silent typecheck; fi
lint_runs=0
if wants lint; then
  if compgen -G "eslint.config.*" >/dev/null || compgen -G ".eslintrc*" >/dev/null; then
    start_check "lint" npm run --silent lint
    lint_runs=1
  fi
fi
if wants typecheck; then finish_check "typecheck"; fi
if wants lint; then
  if [ "$lint_runs" = 1 ]; then finish_check "lint"; else skip "lint" "no eslint config at the repository root"; fi
fi

# 3. unit (domain + web)
if wants unit; then
  projects=()
  found_pkg=0
  for d in packages/*/src; do
    if has_files "$d" -name '*.test.ts'; then found_pkg=1; fi
  done
  [ "$found_pkg" = 1 ] && projects+=(--project domain)
  has_files apps/web/src -name '*.test.ts' -o -name '*.test.tsx' && projects+=(--project web)
  if [ "${#projects[@]}" -gt 0 ]; then
    run_vitest_stage "unit (domain, web)" unit "$VITEST" run "${projects[@]}"
  else
    skip "unit (domain, web)" "no test files in packages/*/src or apps/web/src"
  fi
fi

# 4./5. server on SQLite, then on PostgreSQL
if has_files apps/server/src -name '*.test.ts'; then
  if wants server; then
    run_vitest_stage "server (SQLite)" server-sqlite env -u TEST_DATABASE_URL "$VITEST" run --project server --project server-process
  fi
  if wants server-pg; then
    run_vitest_stage "server (PostgreSQL)" server-pg bash scripts/with-postgres.sh "$VITEST" run --project server --project server-process
  fi
else
  wants server && skip "server (SQLite)" "no test files in apps/server/src"
  wants server-pg && skip "server (PostgreSQL)" "no test files in apps/server/src"
fi

# 6. browser
if wants e2e; then
  run_vitest_stage "e2e (Chromium)" e2e npm run --silent test:e2e --
fi

header "summary ($(elapsed "$START" "$(now)") s)"
for row in "${SUMMARY_ROWS[@]}"; do echo "$row"; done
if [ "${#FAILURE_LINES[@]}" -gt 0 ]; then
  echo
  echo "failed:"
  for line in "${FAILURE_LINES[@]}"; do echo "  $line"; done
fi
echo
echo "$TOTAL_PASSED passed, $TOTAL_FAILED failed"
if [ "$ANY_FAILED" -ne 0 ] || [ "$TOTAL_FAILED" -ne 0 ]; then exit 1; fi
exit 0
