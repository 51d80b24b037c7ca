#!/usr/bin/env bash
# cluster-check.sh — docs/sweep.md's cluster examples work as written.
#
#  1. The Kubernetes Indexed Job is taken from the doc and validated offline
#     against Kubernetes' own schemas (kubernetes-validate, PyPI, which ships
#     them), strictly; the same manifest with a field misspelt or mistyped
#     must fail the same check.
#  2. A one-node Slurm cluster (Debian's slurm-wlm and munge) starts on
#     localhost with its own slurm.conf, munge key and socket in a scratch
#     folder; the doc's array script, taken from the doc with smaller numbers
#     (4 tasks, 3000 gestures, one CPU each), runs under `sbatch --wait`; the
#     doc's merge gives the one-process run's JSON byte for byte. A second
#     array with one task cancelled leaves a set that `sweep merge` refuses
#     (exit 2, no file); rerunning that index alone completes it.
#  Every daemon started here is stopped by its pid, within 15 s each.
#
# Usage: scripts/cluster-check.sh [SCRATCH_PATH]   (SwiftPM scratch path, default .build)
# Run by `make test-cluster` (part of `make test`); installs slurm-wlm, munge
# and kubernetes-validate when missing (Debian, root).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
scratch="${1:-.build}"
doc=docs/sweep.md
# The Kubernetes release whose schemas the Job is checked against, and the
# ports of the scratch cluster (away from Slurm's own 6817 and 6818).
KUBERNETES_VERSION="${KUBERNETES_VERSION:-1.33.0}"
SLURMCTLD_PORT="${SLURMCTLD_PORT:-16817}"
SLURMD_PORT="${SLURMD_PORT:-16818}"

./scripts/ensure-deps.sh slurm kubernetes-validate

swift build --scratch-path "$scratch" --product scrolldrive >/dev/null
bin="$(swift build --scratch-path "$scratch" --show-bin-path)/scrolldrive"

work=$(mktemp -d "${TMPDIR:-/tmp}/scrolldrive-cluster.XXXXXX")
# munged wants its socket's folders searchable by everyone, its key private.
chmod 0711 "$work"
pids=()

stop_daemons() {
    local name pidfile pid waited
    for name in slurmd slurmctld munged; do
        pidfile="$work/run/$name.pid"
        [ -s "$pidfile" ] || continue
        pid=$(cat "$pidfile")
        kill -TERM "$pid" 2>/dev/null || continue
        waited=0
        while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 150 ]; do sleep 0.1; waited=$((waited + 1)); done
        if kill -0 "$pid" 2>/dev/null; then
            echo "cluster-check: $name ($pid) did not stop in 15 s: killed" >&2
            kill -KILL "$pid" 2>/dev/null || true
        else
            echo "cluster-check: stopped $name ($pid)"
        fi
    done
}
cleanup() {
    stop_daemons
    rm -rf "$work"
}
trap cleanup EXIT

fail() { echo "cluster-check: FAILED: $*" >&2; exit 1; }
ok() { echo "  ok: $*"; }

# The fenced block of language $2 that follows heading $1 in the doc.
block() {
    awk -v heading="$1" -v fence="\`\`\`$2" '
        $0 == heading { found = 1; next }
        found && !inside && $0 == fence { inside = 1; next }
        inside && $0 == "```" { exit }
        inside { print }' "$doc"
}

# One substitution that must match exactly once (else the doc changed under the test).
swap() {
    local file=$1 from=$2 to=$3 count
    count=$(grep -cF -- "$from" "$file" || true)
    [ "$count" = 1 ] || fail "expected \"$from\" once in the doc's script, found it $count times"
    python3 - "$file" "$from" "$to" <<'EOF'
import sys
path, old, new = sys.argv[1:]
text = open(path).read()
open(path, "w").write(text.replace(old, new))
EOF
}

# ---- 1. the Indexed Job ----
echo "== Kubernetes: the Indexed Job in $doc"
block "### Kubernetes: an Indexed Job" yaml > "$work/job.yaml"
[ -s "$work/job.yaml" ] || fail "no yaml block under \"### Kubernetes: an Indexed Job\" in $doc"
kubernetes-validate --strict --no-warn -k "$KUBERNETES_VERSION" "$work/job.yaml" > "$work/validate.log" 2>&1 ||
    fail "the doc's Indexed Job is not a valid batch/v1 Job for Kubernetes $KUBERNETES_VERSION: $(cat "$work/validate.log")"
grep -q "completionMode: Indexed" "$work/job.yaml" || fail "the doc's Job is not an Indexed Job"
ok "the doc's Indexed Job validates against Kubernetes $KUBERNETES_VERSION's schemas (strict)"
# The check can fail: a misspelt field and a count that is not a number are each refused.
for broken in 's/parallelism: 16/parallelsim: 16/' 's/completions: 16/completions: sixteen/'; do
    sed "$broken" "$work/job.yaml" > "$work/broken.yaml"
    cmp -s "$work/job.yaml" "$work/broken.yaml" && fail "the doc's Job no longer has what \"$broken\" changes"
    if kubernetes-validate --strict --no-warn -k "$KUBERNETES_VERSION" "$work/broken.yaml" > /dev/null 2>&1; then
        fail "the Job changed by \"$broken\" validated: the check cannot fail"
    fi
done
ok "and the same Job with a misspelt field, or a count that is not a number, does not"

# ---- 2. the Slurm job array ----
echo "== Slurm: the job array in $doc, on a one-node cluster"
block "### Slurm: a job array" sh > "$work/sweep.sh"
[ -s "$work/sweep.sh" ] || fail "no sh block under \"### Slurm: a job array\" in $doc"
swap "$work/sweep.sh" "#SBATCH --array=1-16" "#SBATCH --array=1-4"
swap "$work/sweep.sh" "#SBATCH --cpus-per-task=8" "#SBATCH --cpus-per-task=1"
swap "$work/sweep.sh" "scrolldrive sweep " "\"$bin\" sweep "
swap "$work/sweep.sh" "--gestures 100000000" "--gestures 3000"
swap "$work/sweep.sh" '/16"' '/4"'
merge_line='scrolldrive sweep merge results/shard-*.json --output sweep.json --format json'
grep -qF -- "$merge_line" "$doc" || fail "the doc no longer merges with: $merge_line"
# The one-process run: the same sweep with no shard and no Slurm variables.
sed -n '/sweep --surface/,/--output/p' "$work/sweep.sh" | sed -e 's/--threads "$SLURM_CPUS_PER_TASK" //' \
    -e 's/--shard "$SLURM_ARRAY_TASK_ID\/4" //' -e 's|--output "results/shard-$SLURM_ARRAY_TASK_ID.json"|--output whole.json|' \
    > "$work/whole.sh"
grep -q 'SLURM' "$work/whole.sh" && fail "the one-process command still reads Slurm's variables: $(cat "$work/whole.sh")"
(cd "$work" && sh whole.sh) || fail "the one-process sweep failed"
[ -s "$work/whole.json" ] || fail "the one-process sweep wrote nothing"

mkdir -m 0700 -p "$work/etc" "$work/log" "$work/spool/ctld" "$work/spool/d" "$work/munge"
mkdir -m 0755 -p "$work/run"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$work/munge/munge.key"
munged --key-file="$work/munge/munge.key" --socket="$work/run/munge.socket" --pid-file="$work/run/munged.pid" \
    --log-file="$work/log/munged.log" --seed-file="$work/munge/munged.seed" \
    || fail "munged did not start: $(tail -n 5 "$work/log/munged.log" 2>/dev/null)"
cpus=$(nproc)
cat > "$work/etc/slurm.conf" <<EOF
# A one-node cluster on localhost for cluster-check.sh; everything in $work.
ClusterName=scrolldrive-check
SlurmctldHost=localhost
SlurmctldPort=$SLURMCTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/run/munge.socket
StateSaveLocation=$work/spool/ctld
SlurmdSpoolDir=$work/spool/d
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
NodeName=localhost CPUs=$cpus RealMemory=1 State=UNKNOWN
PartitionName=check Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$work/etc/slurm.conf"
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start: $(tail -n 5 "$work/log/slurmctld.log" 2>/dev/null)"
slurmd -f "$SLURM_CONF" -N localhost || fail "slurmd did not start: $(tail -n 5 "$work/log/slurmd.log" 2>/dev/null)"
for _ in $(seq 1 120); do
    state=$(sinfo -h -n localhost -o %T 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || fail "the node is not idle after 60 s (sinfo: ${state:-nothing}): $(tail -n 5 "$work/log/slurmd.log")"
ok "a one-node Slurm cluster runs on localhost (slurmctld, slurmd, munged from $work)"

# The array as the doc writes it, waited for.
mkdir -p "$work/run1/results"
cp "$work/sweep.sh" "$work/run1/sweep.sh"
(cd "$work/run1" && timeout 600 sbatch --wait sweep.sh > sbatch.log) ||
    fail "sbatch --wait sweep.sh failed: $(cat "$work/run1/sbatch.log" "$work"/run1/slurm-*.out 2>/dev/null | tail -n 20)"
[ "$(ls "$work/run1/results" | wc -l)" = 4 ] || fail "the array wrote $(ls "$work/run1/results" | wc -l) shards, not 4"
(cd "$work/run1" && "$bin" sweep merge results/shard-*.json --output sweep.json --format json) || fail "merge failed"
cmp -s "$work/run1/sweep.json" "$work/whole.json" || fail "the merged shards differ from the one-process run"
ok "sbatch --wait ran the doc's array (4 tasks); the doc's merge equals the one-process run byte for byte"

# A second array with one task cancelled: merge refuses the incomplete set; rerun that index alone.
mkdir -p "$work/run2/results"
cp "$work/sweep.sh" "$work/run2/sweep.sh"
job=$(cd "$work/run2" && sbatch --parsable --hold sweep.sh)
job=${job%%;*}
scancel "${job}_3" || fail "scancel ${job}_3 failed"
scontrol release "$job" >/dev/null || fail "scontrol release $job failed"
for _ in $(seq 1 600); do
    [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -j "$job" 2>/dev/null)" ] || fail "array $job still queued after 300 s"
[ ! -e "$work/run2/results/shard-3.json" ] || fail "the cancelled task 3 wrote its shard"
[ "$(ls "$work/run2/results" | wc -l)" = 3 ] || fail "expected 3 shards after cancelling one, found $(ls "$work/run2/results")"
set +e
(cd "$work/run2" && "$bin" sweep merge results/shard-*.json --output sweep.json --format json) 2> "$work/run2/merge.err"
status=$?
set -e
[ "$status" = 2 ] || fail "merge of an incomplete set exited $status, not 2"
[ ! -e "$work/run2/sweep.json" ] || fail "merge of an incomplete set wrote sweep.json"
ok "with task 3 cancelled, merge refuses the set (exit 2, no file): $(cat "$work/run2/merge.err")"
(cd "$work/run2" && timeout 300 sbatch --wait --array=3 sweep.sh > sbatch.log) || fail "rerunning index 3 failed"
(cd "$work/run2" && "$bin" sweep merge results/shard-*.json --output sweep.json --format json) || fail "merge after the rerun failed"
cmp -s "$work/run2/sweep.json" "$work/whole.json" || fail "after the rerun the merge differs from the one-process run"
ok "rerunning index 3 alone completes it: the merge equals the one-process run"
echo "cluster-check: passed"
