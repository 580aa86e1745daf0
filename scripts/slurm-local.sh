#!/usr/bin/env bash
# Runs an arena under a real Slurm on this machine and checks it against the same arena run locally.
#
# Installs Debian's slurm-wlm and munge when missing (as root), starts munged, slurmctld and slurmd for a
# one-node cluster on localhost (a slurm.conf written by this script; an existing one not written by it is left
# alone and used), then:
#   1. veil arena GAME ... --slurm 4 --json DIR/slurm.jsonl   writes the array script,
#   2. bash DIR/arena.sbatch                                   submits 4 shards and the merge that waits for them,
#   3. veil arena GAME ... --json DIR/local.jsonl              plays the same games locally,
#   4. compares the two files line by line without the measured times (msPerMove, decisionNanos,
#      iterationsPerSecond), and prints the diff (empty when equal).
# Usage: scripts/slurm-local.sh [WORKDIR]   (as root; the daemons keep running afterwards: scripts/slurm-local.sh
#        --stop ends them)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VEIL="$ROOT/veil"
CONF=/etc/slurm/slurm.conf
MARK="# written by veil scripts/slurm-local.sh"

die() { echo "slurm-local: $*" >&2; exit 1; }

if [ "${1:-}" = --stop ]; then
  for d in slurmd slurmctld munged; do
    if [ -f "/run/veil-$d.pid" ]; then kill "$(cat "/run/veil-$d.pid")" 2>/dev/null || true; rm -f "/run/veil-$d.pid"; fi
  done
  exit 0
fi
[ "$(id -u)" = 0 ] || die "run as root (it installs and starts slurm-wlm and munge)"

if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge > /dev/null
fi

# munge: a key, then the daemon (as the munge user).
if [ ! -s /etc/munge/munge.key ]; then
  if command -v mungekey > /dev/null; then mungekey --create --force > /dev/null; else
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none; fi
  chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
fi
mkdir -p /run/munge && chown munge:munge /run/munge
if ! munge -n 2> /dev/null | unmunge > /dev/null 2>&1; then
  runuser -u munge -- munged --force
  sleep 1
  pgrep -u munge munged > /run/veil-munged.pid || true
  munge -n | unmunge > /dev/null || die "munged does not answer"
fi

# slurm.conf for one node: this host, all its cores, no cgroups (containers often have none).
HOST=$(hostname -s)
CPUS=$(nproc)
MEM=$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)
if [ ! -f "$CONF" ] || grep -q "$MARK" "$CONF"; then
  mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
  cat > "$CONF" <<CONF
$MARK
ClusterName=veil
SlurmctldHost=$HOST(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/veil-slurmctld.pid
SlurmdPidFile=/run/veil-slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
NodeName=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=local Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
fi
running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2> /dev/null && ! grep -q '^State:.*zombie' "/proc/$(cat "$1")/status"; }
running /run/veil-slurmctld.pid || slurmctld
running /run/veil-slurmd.pid || slurmd
for _ in $(seq 1 30); do
  if timeout 5 sinfo -h -o %T 2> /dev/null | grep -qE '^(idle|mixed|allocated)'; then break; fi
  timeout 5 scontrol update nodename="$HOST" state=resume > /dev/null 2>&1 || true
  sleep 1
done
timeout 5 sinfo -h -o %T | grep -qE '^(idle|mixed|allocated)' \
  || die "the node did not come up: $(timeout 5 sinfo 2>&1); see /var/log/slurm"
echo "slurm: $(sinfo -h -o '%P %D node %T, %c CPUs')"

WORK="${1:-$(mktemp -d /tmp/veil-slurm.XXXXXX)}"
mkdir -p "$WORK"
chmod 755 "$WORK"
ARGS=(agram --agents so-ismcts,pimc,random,random --games 16 --seed 7 --iterations 100)
"$VEIL" arena "${ARGS[@]}" --slurm 4 --json "$WORK/slurm.jsonl" --slurm-script "$WORK/arena.sbatch" --force
start=$(date +%s)
bash "$WORK/arena.sbatch"
for _ in $(seq 1 600); do
  if [ -s "$WORK/slurm.jsonl" ] && ! squeue -h -n veil-merge,veil-arena | grep -q .; then break; fi
  sleep 1
done
[ -s "$WORK/slurm.jsonl" ] || die "no merged file after 10 minutes; logs: $WORK/*.log, $(squeue 2>&1)"
echo "slurm: 4 shards and the merge took $(( $(date +%s) - start )) s"
"$VEIL" arena "${ARGS[@]}" --json "$WORK/local.jsonl" --force --no-progress > "$WORK/local.txt"

strip() {
  sed -E 's/"(msPerMove|decisionNanos)":\[[^]]*\],?//g; s/"(msPerMove|iterationsPerSecond)":[-+0-9.eE]+,?//g' "$1"
}
if diff <(strip "$WORK/local.jsonl") <(strip "$WORK/slurm.jsonl") > "$WORK/diff.txt"; then
  echo "equal: $WORK/slurm.jsonl (4 Slurm shards, merged) and $WORK/local.jsonl, $(wc -l < "$WORK/local.jsonl")"\
    "lines, apart from the measured times"
else
  cat "$WORK/diff.txt"
  die "the merged Slurm run differs from the local run (diff above, $WORK/diff.txt)"
fi
