#!/usr/bin/env bash
# Count n-queens for one N on many machines with GNU parallel over ssh, then
# add the parts up. Every host needs `placer` on its PATH (same version: the
# parts carry a fingerprint of the rules and of the split, and `placer merge`
# refuses parts that disagree).
#
#   HOSTS=4/alpha,4/beta ./parallel.sh 18 64      # 4 jobs at a time on each host
#
# The K shards are disjoint and cover the search exactly once, for any K; pick
# K a few times the number of job slots so that slow shards even out.
set -euo pipefail

N=${1:-18}                  # the board size
K=${2:-64}                  # how many shards
HOSTS=${HOSTS:-host1,host2} # parallel's --sshlogin list; ":" is this machine
PARTS=${PARTS:-queens-$N-of-$K.jsonl}

# One job per shard. Each prints one JSON line (rules fingerprint, parameters,
# shard, count, nodes); parallel collects the lines here, one job's output at
# a time, so they never interleave.
#   -j 1 per job: parallel runs several jobs per host, one core each.
#   --checkpoint on the remote host: a job killed part-way (a reboot, Ctrl-C)
#     and retried on the same host resumes where it stopped.
#   --joblog + --resume-failed: rerunning this script runs only the shards that
#     have not finished yet, and appends their lines.
parallel --sshlogin "$HOSTS" --joblog "$PARTS.log" --resume-failed --retries 2 \
    "placer queens $N --shard {}/$K -j 1 --no-progress --checkpoint /tmp/placer-q$N-{}-of-$K.ckpt" \
    ::: $(seq "$K") >> "$PARTS"

# The total: refuses a missing shard, a duplicate or a part from another run.
placer merge "$PARTS"
# Or the whole result as JSON, with the summed node count:
#   placer merge --json "$PARTS"
