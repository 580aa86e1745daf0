#!/usr/bin/env bash
# Tests the build step of the ./veil launcher with a fake `mvn` and `java` (nothing is really built or run):
#   1. two launches at once on a fresh tree build once, and both run their command;
#   2. after an edit, two launches at once build once more;
#   3. without an edit, a launch does not build.
# Usage: scripts/test-launcher-build.sh [LAUNCHER]   (default: the veil next to this folder). Exit 0 when all hold.
set -euo pipefail
here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
launcher="${1:-$here/../veil}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
root="$tmp/root"
mkdir -p "$root/games/src" "$root/bench" "$tmp/bin"
cp "$launcher" "$root/veil"
chmod +x "$root/veil"
touch "$root/pom.xml" "$root/games/src/A.java"

# A Maven that takes a while, as a real build does, and says each time it was called.
cat >"$tmp/bin/mvn" <<'MVN'
#!/usr/bin/env bash
echo "mvn $*" >>"$PWD/mvn.log"
sleep 2
mkdir -p games/target/lib bench/target/lib
touch games/target/veil-games-0.1.0-SNAPSHOT.jar bench/target/veil-bench-0.1.0-SNAPSHOT.jar
MVN
# A Java that is version 17 and prints what it was asked to run.
cat >"$tmp/bin/java" <<'JAVA'
#!/usr/bin/env bash
if [ "${1:-}" = -version ]; then echo 'openjdk version "17.0.9"' >&2; exit 0; fi
echo "ran: ${*: -1}"
JAVA
chmod +x "$tmp/bin/mvn" "$tmp/bin/java"
export PATH="$tmp/bin:$PATH"

fail() {
  echo "test-launcher-build: FAILED: $*" >&2
  for f in "$tmp"/out* "$tmp"/err*; do
    [ -f "$f" ] && { echo "--- $(basename "$f")"; cat "$f"; } >&2
  done
  exit 1
}
builds() { if [ -f "$root/mvn.log" ]; then wc -l <"$root/mvn.log" | tr -d ' '; else echo 0; fi; }

two_at_once() { # $1: the round's name
  "$root/veil" --help >"$tmp/out1.$1" 2>"$tmp/err1.$1" &
  local a=$!
  "$root/veil" --help >"$tmp/out2.$1" 2>"$tmp/err2.$1" &
  local b=$!
  local ca=0 cb=0
  wait "$a" || ca=$?
  wait "$b" || cb=$?
  [ "$ca" = 0 ] && [ "$cb" = 0 ] || fail "$1: the launches exited $ca and $cb"
  grep -q '^ran: --help$' "$tmp/out1.$1" && grep -q '^ran: --help$' "$tmp/out2.$1" || fail "$1: a launch did not run"
}

two_at_once fresh
[ "$(builds)" = 1 ] || fail "fresh tree: $(builds) builds for two launches at once, not 1"
[ -f "$root/games/target/.veil-built" ] || fail "no build stamp"
if ls "$root/games/target"/.veil-built.new* >/dev/null 2>&1; then fail "a temporary stamp was left behind"; fi

sleep 1.1 # past the stamp's time, on file systems that keep whole seconds
touch "$root/games/src/A.java"
two_at_once edited
[ "$(builds)" = 2 ] || fail "after an edit: $(builds) builds in all, not 2"

"$root/veil" --help >"$tmp/out3" 2>"$tmp/err3" || fail "the third launch failed"
[ "$(builds)" = 2 ] || fail "without an edit a launch built again"
echo "test-launcher-build: ok (two launches at once build once; an edit rebuilds once; no edit, no build)"
