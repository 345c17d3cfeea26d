#!/usr/bin/env bash
# Instruction counts (valgrind's callgrind, not wall time: the machines are shared and noisy) of the flood, the
# audit and the pursuit batch, for two kinema binaries side by side, with their ratio: a refactor's cost check.
#   scripts/instructions.sh OLD_KINEMA NEW_KINEMA
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: scripts/instructions.sh OLD_KINEMA NEW_KINEMA" >&2
  exit 2
fi
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is missing (apt-get install valgrind)" >&2; exit 2; }
cd "$(dirname "$0")/.."
L=data/levels
workloads=(
  "chase|chase --map $L/warehouse_loop.txt --json"
  "audit|audit --map $L/warehouse_loop.txt --threads 1 --quiet"
  "pursue batch|pursue --map $L/warehouse_loop.txt --batch 10 --threads 1 --json /dev/null"
  "3D chase|chase --map $L/corner_ramp.obj --from 10,0,2 --dir 1,0,0 --json"
)
# instructions BINARY ARGS...: the program's total instructions executed (Ir).
instructions() {
  local log
  log=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" >/dev/null 2>"$log" || true
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log"
  rm -f "$log"
}
printf '%-14s %16s %16s %8s\n' workload old new new/old
for workload in "${workloads[@]}"; do
  name=${workload%%|*}
  read -r -a args <<<"${workload#*|}"
  old=$(instructions "$1" "${args[@]}")
  new=$(instructions "$2" "${args[@]}")
  printf '%-14s %16s %16s %8s\n' "$name" "$old" "$new" "$(python3 -c "print(f'{$new / $old:.4f}')")"
done
