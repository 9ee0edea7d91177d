#!/usr/bin/env bash
# Installs the judges' own tools that the kit's tests and benchmarks run,
# from PyPI, into a venv under the target folder:
#   BAPCtools (bt)          checks ICPC 2025-09 packages, and is a speed peer
#   problemtools            checks legacy ICPC packages (verifyproblem)
#   p2d                     converts Polygon packages to DOMjudge; its wheel
#                           also ships the testlib.h the kit compiles C++
#                           checkers with (the kit never ships its own)
#   online-judge-tools (oj) a speed peer
# The tools judge Python submissions with pypy3, from Debian's packages.
# Idempotent: a second run with the same pins does nothing slow.
set -euo pipefail

# Pinned so that every run checks against the same tools; bump them
# together, then run `cargo test --workspace`.
PINS="bapctools==2026.10.0 problemtools==1.20260907 p2d==0.4.0 online-judge-tools==11.5.1"

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${CARGO_TARGET_DIR:-$repo/target}/tools/venv
stamp=$venv/.installed

if [[ ! -f $stamp || $(cat "$stamp") != "$PINS" ]]; then
    [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
    # shellcheck disable=SC2086 # the pins are words
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $PINS
    echo "$PINS" >"$stamp"
fi

if ! command -v pypy3 >/dev/null; then
    echo "pypy3 is missing: BAPCtools and problemtools run Python submissions with it" >&2
    echo "(Debian: apt-get install pypy3)" >&2
    exit 1
fi
echo "tools in $venv/bin: $(cd "$venv/bin" && ls bt verifyproblem p2d oj | tr '\n' ' ')"
