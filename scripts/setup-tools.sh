#!/usr/bin/env bash
# Installs the judges' own tools that the kit's tests and benchmarks run,
# from PyPI, into a venv under the target folder:
#   BAPCtools (bt)          checks ICPC 2025-09 packages, and is a speed peer
#   problemtools            checks legacy ICPC packages (verifyproblem)
#   p2d                     converts Polygon packages to DOMjudge; its wheel
#                           also ships the testlib.h the kit compiles C++
#                           checkers with (the kit never ships its own)
#   online-judge-tools (oj) a speed peer
#   checktestdata (pyctd)   runs checktestdata scripts (.ctd validators), for
#                           the kit as for BAPCtools and problemtools, which
#                           run it as `python -m checktestdata`
# and Hydro's own import code from the npm registry, into
# target/tools/hydro (the versions pinned by scripts/hydro/package-lock.json;
# scripts/hydro/import.js runs it on a package).
# The tools judge Python submissions with pypy3, from Debian's packages.
# Idempotent: a second run with the same pins does nothing slow.
set -euo pipefail

# Pinned so that every run checks against the same tools; bump them
# together, then run `cargo test --workspace`.
PINS="bapctools==2026.10.0 problemtools==1.20260907 p2d==0.4.0 online-judge-tools==11.5.1 checktestdata==2026.9.2"

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
venv=${CARGO_TARGET_DIR:-$repo/target}/tools/venv
stamp=$venv/.installed

if [[ ! -f $stamp || $(cat "$stamp") != "$PINS" ]]; then
    [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
    # shellcheck disable=SC2086 # the pins are words
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $PINS
    echo "$PINS" >"$stamp"
fi

hydro=${CARGO_TARGET_DIR:-$repo/target}/tools/hydro
lock=$repo/scripts/hydro/package-lock.json
if [[ ! -f $hydro/.installed ]] || ! cmp -s "$lock" "$hydro/package-lock.json"; then
    if ! command -v npm >/dev/null; then
        echo "npm is missing: the Hydro package test imports with Hydro's own code" >&2
        echo "(Debian: apt-get install nodejs npm)" >&2
        exit 1
    fi
    rm -rf "$hydro"
    mkdir -p "$hydro"
    cp "$repo/scripts/hydro/package.json" "$lock" "$hydro/"
    # Nothing of Hydro's runs at install time.
    (cd "$hydro" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
    touch "$hydro/.installed"
fi

if ! command -v pypy3 >/dev/null; then
    echo "pypy3 is missing: BAPCtools and problemtools run Python submissions with it" >&2
    echo "(Debian: apt-get install pypy3)" >&2
    exit 1
fi
echo "tools in $venv/bin: $(cd "$venv/bin" && ls bt verifyproblem p2d oj pyctd | tr '\n' ' ')"
echo "Hydro in $hydro: hydrooj $(node -p 'require(process.argv[1]).version' "$hydro/node_modules/hydrooj/package.json")"
