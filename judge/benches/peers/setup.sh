#!/usr/bin/env bash
# Installs the peers that `cargo bench -p judge --bench runner` compares the
# judge against: online-judge-tools (`oj`) and BAPCtools (`bt`), from PyPI,
# into a venv under the target directory, where the bench looks for them.
# Without this venv the bench simply skips the peers.
set -euo pipefail

# Pinned so that the bench measures the same code from run to run; bump both
# together with a check that `cargo bench -p judge --bench runner` still passes.
OJ=online-judge-tools==11.5.1
BT=bapctools==2026.10.0

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
venv=${CARGO_TARGET_DIR:-$repo/target}/bench-peers/venv
# Records what was installed, so a second run with the same pins is instant.
stamp=$venv/.installed

if [[ ! -f $stamp || $(cat "$stamp") != "$OJ $BT" ]]; then
    [[ -x $venv/bin/python ]] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet "$OJ" "$BT"
    echo "$OJ $BT" >"$stamp"
fi

# Their versions, as a check that they start: the last line for oj (it logs
# its own update check before), the first for bt (more lines follow).
oj_version=$("$venv/bin/oj" --version)
bt_version=$("$venv/bin/bt" --version)
echo "oj: $venv/bin/oj (${oj_version##*$'\n'})"
echo "bt: $venv/bin/bt (${bt_version%%$'\n'*})"
