#!/bin/sh
# Rehearse a coupling facility structure failure in queue sharing group QSG1:
# define, load, back up, load more, fail, recover, verify. See README.md.
#
#   sh samples/qsg/rehearse.sh            # in a fresh, throw-away MQSC_HOME
#   MQSC_HOME=~/qsg-lab sh samples/qsg/rehearse.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mqsc=${MQSC:-mqsc}
export MQSC_HOME="${MQSC_HOME:-$(mktemp -d)}"
echo "== mqsc state in $MQSC_HOME"

step() { echo; echo "== $*"; }
# The emulator's clock, moved on between steps (MQSC_CLOCK), so the backup is taken minutes
# after the load, as in real life: BACKUP leaves out only what is newer than EXCLINT(30).
at() { export MQSC_CLOCK="2026-01-15T$1"; }

at 09:00:00
step "1. Two queue managers in queue sharing group QSG1"
$mqsc create QSA1 --qsg QSG1 --force
$mqsc create QSA2 --qsg QSG1 --force

step "2. Define the structure and the shared queues (on QSA1; QSA2 sees them)"
$mqsc run --qmgr QSA1 --style console "$here/define.mqsc"

step "3. Load: 500 persistent requests from QSA1, 200 nonpersistent events from QSA2"
$mqsc put PAYROLL.REQUEST --qmgr QSA1 --count 500 --size 1024
$mqsc put PAYROLL.EVENTS --qmgr QSA2 --count 200 --size 512

at 09:05:00
step "4. Back up the structure (from QSA2)"
$mqsc run --qmgr QSA2 --style console "$here/backup.mqsc"

at 09:10:00
step "5. Load more after the backup: 120 requests from QSA2, and QSA1 processes 50"
$mqsc put PAYROLL.REQUEST --qmgr QSA2 --count 120 --size 2048
$mqsc get PAYROLL.REQUEST --qmgr QSA1 --count 50

at 09:20:00
step "6. The structure fails"
$mqsc run --qmgr QSA1 --style console "$here/fail.mqsc"
$mqsc put PAYROLL.REQUEST --qmgr QSA2 --count 1 || echo "(the put fails: MQRC 2373, as expected)"

at 09:25:00
step "7. Recover it (from QSA1): the backup plus QSA1's and QSA2's logs"
$mqsc run --qmgr QSA1 --style console "$here/recover.mqsc"

step "8. Verify: 570 requests (500 + 120 - 50) are back; the 200 events are gone"
$mqsc run --qmgr QSA2 --format json - <<'MQSC' | python3 -c '
import json, sys
depths = {}
for line in sys.stdin:
    for item in json.loads(line)["commandResponse"]:
        p = item.get("parameters", {})
        if "queue" in p:
            depths[p["queue"]] = p["curdepth"]
print(depths)
assert depths == {"PAYROLL.EVENTS": 0, "PAYROLL.REQUEST": 570}, depths
print("Recovered exactly the persistent messages committed before the failure.")
'
DISPLAY QLOCAL(PAYROLL.*) QSGDISP(SHARED) CURDEPTH
MQSC
