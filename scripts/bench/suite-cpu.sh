#!/bin/bash
# CPU of a command and of everything it starts (Chromium's renderer and GPU processes included,
# which `time` misses: they are not reaped up the chain), read from a cgroup v1 cpuacct group; the
# group also gets a high CPU share, so work beside it on a shared machine slows it less.
# Needs root and cgroup v1 (cpu, cpuacct). Usage: scripts/bench/suite-cpu.sh npm run test:e2e
# Each run has a group of its own, so two runs side by side never count each other's work.
set -u
group=suite-cpu-$$
for c in cpu cpuacct; do mkdir -p /sys/fs/cgroup/$c/$group; echo $$ > /sys/fs/cgroup/$c/$group/tasks; done
echo 262144 > /sys/fs/cgroup/cpu/$group/cpu.shares
a=$(cat /sys/fs/cgroup/cpuacct/$group/cpuacct.usage); t0=$(date +%s.%N)
"$@"; rc=$?
b=$(cat /sys/fs/cgroup/cpuacct/$group/cpuacct.usage); t1=$(date +%s.%N)
for c in cpu cpuacct; do echo $$ > /sys/fs/cgroup/$c/tasks; rmdir /sys/fs/cgroup/$c/$group 2>/dev/null; done
echo "CPU $(echo "scale=1;($b-$a)/1000000000" | bc) s, wall $(echo "scale=1;$t1-$t0" | bc) s, exit $rc"
exit $rc
