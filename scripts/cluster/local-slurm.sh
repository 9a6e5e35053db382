#!/usr/bin/env bash
# A throw-away single-node Slurm cluster on this machine, for testing the job-array scripts
# against a real scheduler rather than a mock of one.
#
#   scripts/cluster/local-slurm.sh start DIR   # munged, slurmctld and slurmd, all state in DIR
#   export SLURM_CONF=DIR/slurm.conf           # then sbatch, squeue, sacct ... talk to it
#   scripts/cluster/local-slurm.sh stop DIR    # stops the three daemons it started
#
# Why it is built this way: everything (munge key and socket, slurm.conf, state, spool, logs,
# pid files) lives in DIR and the daemons run as the current user on free ports, so it needs
# no system service, touches nothing in /etc or /run, does not disturb a Slurm or munge the
# machine already runs, and `stop` ends exactly the processes `start` recorded. Needs
# Debian's slurm-wlm and munge (apt-get install -y slurm-wlm munge).
set -euo pipefail

usage() { echo "usage: $0 start|stop|status DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
cmd=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)

# The pid a daemon wrote, if that process is still alive.
alive() { local f=$1; [ -s "$f" ] && kill -0 "$(cat "$f")" 2>/dev/null; }

stop_one() {
  local f=$1 pid i
  alive "$f" || return 0
  pid=$(cat "$f")
  kill "$pid" 2>/dev/null || true
  for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$pid" 2>/dev/null || true
}

# A TCP port nobody listens on now, asked of the kernel (node is on every machine the lab runs on).
free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

start() {
  for b in munged mungekey slurmctld slurmd sinfo; do
    command -v "$b" >/dev/null 2>&1 || [ -x "/usr/sbin/$b" ] || { echo "$b not found: apt-get install -y slurm-wlm munge" >&2; exit 3; }
  done
  export PATH="$PATH:/usr/sbin"
  if alive "$dir/slurmctld.pid"; then echo "a cluster already runs from $dir" >&2; exit 1; fi
  # A daemon that fails to start must not leave the others running.
  trap 'echo "local-slurm: start failed; see $dir/log/" >&2; stop' ERR
  chmod 700 "$dir"
  mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
  chmod 700 "$dir/munge"

  # munge: a fresh key of our own and a private socket, so jobs are authenticated as on a
  # real cluster without touching /etc/munge.
  [ -s "$dir/munge/munge.key" ] || mungekey --create --keyfile="$dir/munge/munge.key"
  chmod 600 "$dir/munge/munge.key"
  local sock="$dir/munge/munge.socket"
  munged --key-file="$dir/munge/munge.key" --socket="$sock" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munged.seed" --force
  local i
  for i in $(seq 1 50); do [ -S "$sock" ] && break; sleep 0.1; done
  [ -S "$sock" ] || { echo "munged did not start; see $dir/log/munged.log" >&2; exit 1; }

  local host user cpus mem ctl_port d_port
  host=$(hostname -s)
  user=$(id -un)
  cpus=$(nproc)
  # slurmd drains a node whose RealMemory exceeds what it sees; 512 MB under the total keeps it
  # valid while letting jobs ask for memory at all.
  mem=$(awk '/MemTotal/ { print int($2 / 1024) - 512 }' /proc/meminfo)
  ctl_port=$(free_port)
  d_port=$(free_port)
  while [ "$d_port" = "$ctl_port" ]; do d_port=$(free_port); done

  cat > "$dir/slurm.conf" <<CONF
# Single-node test cluster written by scripts/cluster/local-slurm.sh; everything in $dir.
ClusterName=stareater-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctl_port
SlurmdPort=$d_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/slurmd-%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No cgroups: a container often has none to give, and a test needs no isolation.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
# Cores are the unit handed out, so array tasks share the node instead of queueing whole.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
MinJobAge=300
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"

  # -i: start from empty state (a test cluster keeps no jobs from an earlier start).
  slurmctld -f "$SLURM_CONF" -i
  slurmd -f "$SLURM_CONF" -N "$host"

  # Ready when the node is idle; a node left down by an earlier start is resumed.
  local state=""
  for i in $(seq 1 120); do
    state=$(sinfo -h -N -n "$host" -o '%t' 2>/dev/null || true)
    case "$state" in
      idle*|mix*|alloc*) echo "slurm up: export SLURM_CONF=$SLURM_CONF"; return 0 ;;
      down*|drain*) scontrol update NodeName="$host" State=RESUME >/dev/null 2>&1 || true ;;
    esac
    sleep 0.5
  done
  echo "the node did not become idle (state '$state'); see $dir/log/" >&2
  stop; exit 1
}

stop() {
  stop_one "$dir/slurmd.pid"
  stop_one "$dir/slurmctld.pid"
  stop_one "$dir/munge/munged.pid"
}

status() {
  local f ok=0
  for f in munge/munged.pid slurmctld.pid slurmd.pid; do
    if alive "$dir/$f"; then echo "$f: running ($(cat "$dir/$f"))"; else echo "$f: not running"; ok=1; fi
  done
  return $ok
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) usage ;;
esac
