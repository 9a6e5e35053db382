#!/usr/bin/env bash
# Run one experiment on a Slurm cluster: a job array plays its N shards, a dependent job
# merges them into the outputs a single run writes.
#
#   scripts/cluster/slurm-run.sh --shards 16 --dir /shared/balance/meta-1 meta
#
# Why it is built this way: every shard is a pure function of the experiment, the content and
# its index (`stareater run FILE --shard I/N`), so an array task needs nothing but its
# SLURM_ARRAY_TASK_ID and a folder the merge can read; the merge job waits on the whole array
# with afterok and is cancelled, not left pending, if a task fails. The two job scripts are
# written into the shared folder before submission, so what ran can be read (and resubmitted)
# later; a task whose shard folder already exists resumes it instead of starting over.
# See docs/cluster.md.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lab=$(cd "$here/../.." && pwd)

usage() {
  cat <<USAGE
usage: $(basename "$0") [options] EXPERIMENT [-- stareater run options]

Submits a Slurm job array that plays EXPERIMENT (a file, or a name in configs/experiments) in
N shards into DIR/shards/, and a job that merges them into DIR/merged/ once every shard has
succeeded. Prints the two job ids.

options:
  -N, --shards N           number of shards = array tasks (1 to 10000; default 4)
  -d, --dir DIR            shared results folder, readable and writable from every node
                           (required; created if missing)
  -p, --partition NAME     Slurm partition for both jobs (default: the cluster's default)
  -c, --cpus-per-task C    cores per shard; the shard runs C worker threads (default 1)
  -t, --time LIMIT         time limit of each shard task, in sbatch's format (e.g. 2:00:00)
      --max-parallel M     run at most M shards at once (sbatch --array=0-(N-1)%M)
      --account NAME       Slurm account to charge
      --lab DIR            the lab checkout the jobs run (default: the one holding this
                           script; it must be on the shared file system too)
      --node PATH          the node binary the jobs run (default: $(command -v node || echo node))
      --wait               stay until the merge job ends; exit with its status
      --dry-run            write the job scripts and print the sbatch commands, submit nothing
  -h, --help               this help

Anything after -- goes to every shard's \`stareater run\` (e.g. -- -n 20000 to override matches).
USAGE
}

die() { echo "slurm-run: $*" >&2; exit 2; }
need_value() { [ $# -ge 2 ] && [ -n "$2" ] || die "$1 expects a value"; }

shards=4 dir="" partition="" cpus=1 time_limit="" max_parallel="" account="" wait=0 dry=0
node_bin=$(command -v node || true)
experiment=""
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    -N|--shards) need_value "$@"; shards=$2; shift 2 ;;
    -d|--dir) need_value "$@"; dir=$2; shift 2 ;;
    -p|--partition) need_value "$@"; partition=$2; shift 2 ;;
    -c|--cpus-per-task) need_value "$@"; cpus=$2; shift 2 ;;
    -t|--time) need_value "$@"; time_limit=$2; shift 2 ;;
    --max-parallel) need_value "$@"; max_parallel=$2; shift 2 ;;
    --account) need_value "$@"; account=$2; shift 2 ;;
    --lab) need_value "$@"; lab=$(cd "$2" && pwd) || die "--lab: no folder $2"; shift 2 ;;
    --node) need_value "$@"; node_bin=$2; shift 2 ;;
    --wait) wait=1; shift ;;
    --dry-run) dry=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) [ -z "$experiment" ] || die "one experiment only, got '$experiment' and '$1'"; experiment=$1; shift ;;
  esac
done

int_in() { [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ] || die "$1 expects an integer from $3 to $4, got '$2'"; }
[ -n "$experiment" ] || { usage >&2; exit 2; }
[ -n "$dir" ] || die "--dir is required: a folder every node can read and write"
int_in --shards "$shards" 1 10000
int_in --cpus-per-task "$cpus" 1 256
[ -z "$max_parallel" ] || int_in --max-parallel "$max_parallel" 1 10000
[ -n "$node_bin" ] || die "no node on PATH; give --node PATH"
[ -f "$lab/bin/stareater.js" ] || die "--lab: $lab has no bin/stareater.js"
for a in ${extra[@]+"${extra[@]}"}; do
  case "$a" in
    -o|--out|--out=*|--shard|--shard=*|--resume|--resume=*|-w|--workers|--workers=*)
      die "$a after --: each task's folder, shard and workers are set from --dir, --shards and --cpus-per-task" ;;
  esac
done

# A file is passed by absolute path so tasks on other nodes, in other folders, read the same
# one; a bare name is resolved by the lab itself (configs/experiments/NAME.yaml).
if [ -f "$experiment" ]; then
  experiment="$(cd "$(dirname "$experiment")" && pwd)/$(basename "$experiment")"
elif [[ $experiment == */* || $experiment == *.yaml || $experiment == *.yml ]]; then
  die "no experiment file $experiment"
elif [ ! -f "$lab/configs/experiments/$experiment.yaml" ]; then
  die "no experiment $experiment (not a file, nor configs/experiments/$experiment.yaml in $lab)"
fi

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
[ ! -e "$dir/merged" ] || die "$dir/merged exists already: choose a new --dir, or remove it to merge again"
mkdir -p "$dir/shards" "$dir/logs" "$dir/slurm"

# Arguments are written shell-quoted, so an experiment path or an override with spaces survives.
q() { printf '%q ' "$@"; }
width=${#shards}; [ "$width" -ge 3 ] || width=3
shard_dir() { printf '%s/shards/shard-%0*d-of-%d' "$dir" "$width" "$1" "$shards"; }

cat > "$dir/slurm/shard-task.sh" <<JOB
#!/usr/bin/env bash
# One shard of $(basename "$experiment"), written by scripts/cluster/slurm-run.sh. A requeued or
# resubmitted task resumes its shard (scripts/cluster/shard.sh).
set -euo pipefail
i=\${SLURM_ARRAY_TASK_ID:?run this as a Slurm array task}
export STAREATER_NODE=$(q "$node_bin")
cd $(q "$lab")   # the launcher finds tsx from the working folder
exec $(q "$lab/scripts/cluster/shard.sh") run $(q "$experiment") --shard "\$i/$shards" \\
  --out "\$(printf '%s/shards/shard-%0*d-of-%d' $(q "$dir") $width "\$i" $shards)" \\
  --workers "\${SLURM_CPUS_PER_TASK:-$cpus}" --no-progress $( [ ${#extra[@]} -eq 0 ] || q "${extra[@]}")
JOB

shard_list=""
for ((i = 0; i < shards; i++)); do shard_list+="$(q "$(shard_dir "$i")")"; done
cat > "$dir/slurm/merge-task.sh" <<JOB
#!/usr/bin/env bash
# Merge the $shards shards of $(basename "$experiment"), written by scripts/cluster/slurm-run.sh.
set -euo pipefail
cd $(q "$lab")   # the launcher finds tsx from the working folder
exec $(q "$node_bin") $(q "$lab/bin/stareater.js") merge $(q "$dir/merged") $shard_list
JOB
chmod +x "$dir/slurm/shard-task.sh" "$dir/slurm/merge-task.sh"

name=stareater-$(basename "${experiment%.*}")
common=(--parsable --chdir="$dir")
[ -z "$partition" ] || common+=(--partition="$partition")
[ -z "$account" ] || common+=(--account="$account")
array="0-$((shards - 1))"
[ -z "$max_parallel" ] || array+="%$max_parallel"
shard_cmd=(sbatch "${common[@]}" --job-name="$name" --array="$array" --cpus-per-task="$cpus"
  --output="$dir/logs/shard-%a.out")
[ -z "$time_limit" ] || shard_cmd+=(--time="$time_limit")
shard_cmd+=("$dir/slurm/shard-task.sh")
merge_cmd=(sbatch "${common[@]}" --job-name="$name-merge" --cpus-per-task=1 --kill-on-invalid-dep=yes
  --output="$dir/logs/merge.out")

[ $wait -eq 0 ] || merge_cmd+=(--wait)
if [ $dry -eq 1 ]; then
  echo "$(q "${shard_cmd[@]}")"
  echo "$(q "${merge_cmd[@]}" --dependency=afterok:ARRAY_JOB_ID "$dir/slurm/merge-task.sh")"
  exit 0
fi

command -v sbatch >/dev/null 2>&1 || die "sbatch not found: run this on a Slurm login node"
array_id=$("${shard_cmd[@]}")
array_id=${array_id%%;*}   # --parsable prints "id" or "id;cluster"
echo "shards: job array $array_id ($shards tasks), logs in $dir/logs/"
merge_cmd+=(--dependency="afterok:$array_id" "$dir/slurm/merge-task.sh")
[ $wait -eq 0 ] || echo "merge:  after every shard succeeds, into $dir/merged/ (waiting)"
merge_id=$("${merge_cmd[@]}") || true   # with --wait, sbatch exits non-zero for a failed merge
merge_id=${merge_id%%;*}
if [ $wait -eq 0 ]; then
  echo "merge:  job $merge_id after every shard succeeds, into $dir/merged/"
  echo "watch:  squeue -j $array_id,$merge_id"
  exit 0
fi
# sbatch --wait returns 0 for a merge job cancelled because a shard failed, so the verdict
# is the job's own final state.
state=$(scontrol show job -o "$merge_id" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2 || true)
if [ "$state" = COMPLETED ]; then
  echo "merged: $dir/merged/"
  exit 0
fi
echo "slurm-run: the merge job $merge_id ended ${state:-in an unknown state}; shard tasks:" >&2
scontrol show job -o "$array_id" 2>/dev/null \
  | sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\).*/  task \1: \2/p' | sort -t: -k1.8n >&2 || true
echo "logs in $dir/logs/; resubmit the same command with a new --dir, or see docs/cluster.md on resuming" >&2
exit 1
