#!/usr/bin/env bash
# Play one shard of a run, or go on with it: what a Slurm array task and a Kubernetes Indexed
# Job pod run.
#
#   scripts/cluster/shard.sh run EXPERIMENT --shard I/N --out DIR [other stareater run options]
#
# Why it exists: a scheduler retries a task that failed or was preempted with the same command
# line, so that command must pick up where the shard stopped rather than start over (the run
# keeps a checkpoint.json until it completes), must succeed quietly when the shard is
# already complete, and must not trip over a folder left before the first checkpoint. The
# arguments are `stareater run`'s own, unchanged, so the job definitions that call this can
# be checked against the CLI (test/cluster/k8s-manifests.test.ts).
set -euo pipefail

lab=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
node=${STAREATER_NODE:-node}
die() { echo "shard.sh: $*" >&2; exit 2; }

[ "${1:-}" = run ] || die "usage: shard.sh run EXPERIMENT --shard I/N --out DIR [options]"
# The same arguments with --resume OUT in place of --out OUT: how the lab resumes a shard.
out="" rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    -o|--out) out=${2:-}; shift 2 || shift ;;
    --out=*) out=${1#--out=}; shift ;;
    *) rest+=("$1"); shift ;;
  esac
done
[ -n "$out" ] || die "--out DIR is required: the shard's own folder"

if [ -f "$out/checkpoint.json" ]; then
  echo "shard.sh: resuming the stopped shard in $out"
  exec "$node" "$lab/bin/stareater.js" "${rest[@]}" --resume "$out"
fi
if [ -f "$out/run.json" ] && grep -q '"complete": *true' "$out/run.json"; then
  echo "shard.sh: the shard in $out is complete already"
  exit 0
fi
# A folder with neither a checkpoint nor a complete run was left by a task stopped before its
# first checkpoint: it holds no finished match, and the lab will not write over it, so it is
# moved aside (kept, not deleted) and the shard starts afresh.
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then
  aside="$out.stopped-$(date +%Y%m%d-%H%M%S)"
  mv "$out" "$aside"
  echo "shard.sh: $out held no checkpoint (stopped before its first); moved to $aside, starting the shard afresh"
fi
exec "$node" "$lab/bin/stareater.js" "${rest[@]}" --out "$out"
