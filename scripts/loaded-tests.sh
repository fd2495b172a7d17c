#!/usr/bin/env bash
# Runs the API and web test suites several times in a row while `npm run bench -- step-save` keeps
# the machine busy, to show that no test depends on wall-clock timing. Prints one line a run and
# exits 1 if any run failed. `bash scripts/loaded-tests.sh [rounds]` (default 3).
set -uo pipefail
cd "$(dirname "$0")/.."

rounds=${1:-3}
log_dir=$(mktemp -d)
failures=0

# The load: the step-save benchmark, again and again, until the runs are over (in its own
# process group, stopped as a whole at the end).
set -m
(
  while true; do npm run --silent bench -- step-save >>"$log_dir/bench.log" 2>&1; done
) &
load=$!
trap 'kill -- -$load 2>/dev/null' EXIT

for round in $(seq 1 "$rounds"); do
  for workspace in apps/api apps/web; do
    log="$log_dir/round-$round-${workspace//\//-}.log"
    started=$(date +%s)
    if npm test --workspace "$workspace" >"$log" 2>&1; then outcome=passed; else
      outcome=FAILED
      failures=$((failures + 1))
    fi
    summary=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ +Tests ' | tail -n 1 | sed 's/^ *//')
    printf 'round %d  %-8s  %-6s  %4d s  load %s  %s\n' "$round" "$workspace" "$outcome" \
      $(($(date +%s) - started)) "$(cut -d' ' -f1 /proc/loadavg)" "$summary"
  done
done

printf 'step-save runs completed under the load: %d; logs in %s\n' \
  "$(grep -c '^PUT /api/applicant' "$log_dir/bench.log" 2>/dev/null || echo 0)" "$log_dir"
[ "$failures" -eq 0 ] || { echo "$failures run(s) failed"; exit 1; }
