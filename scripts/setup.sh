#!/usr/bin/env bash
# Installs what the kit needs on a fresh Debian machine, so that the
# README's two commands run as typed:
#   scripts/setup.sh          the compilers and interpreters the main job and
#                             the fast tier of the tests run (gcc, g++,
#                             python3), and checks that cargo is there;
#   scripts/setup.sh --slow   also what the slow tier needs: a JDK and
#                             Kotlin, pypy3, Node.js and npm, a headless
#                             Chromium with CJK fonts, poppler-utils, then
#                             the judges' tools (scripts/setup-tools.sh).
# As root, or with sudo that asks for no password, it installs what is
# missing with apt-get; otherwise it stops at once and prints the command
# that would. Idempotent: nothing is installed twice.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

slow=false
case "${1:-}" in
"") ;;
--slow) slow=true ;;
*)
    echo "usage: scripts/setup.sh [--slow]" >&2
    exit 2
    ;;
esac

command -v cargo >/dev/null || {
    echo "cargo is required: install Rust from https://rustup.rs" >&2
    exit 1
}

missing=()
command -v gcc >/dev/null || missing+=(gcc)
command -v g++ >/dev/null || missing+=(g++)
command -v python3 >/dev/null || missing+=(python3)
if $slow; then
    python3 -c "import ensurepip" >/dev/null 2>&1 || missing+=(python3-venv)
    command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
    command -v kotlinc >/dev/null || missing+=(kotlin)
    # The judges' tools judge Python submissions with pypy3.
    command -v pypy3 >/dev/null || missing+=(pypy3)
    # Hydro's own import code (from the npm registry) checks Hydro packages.
    command -v node >/dev/null || missing+=(nodejs)
    command -v npm >/dev/null || missing+=(npm)
    # Statements print to PDF in a headless Chromium, with CJK fonts for
    # the Chinese ones; the tests read the PDFs back with pdftotext.
    command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null ||
        missing+=(chromium-headless-shell)
    fc-list 2>/dev/null | grep -q "Noto Sans CJK" || missing+=(fonts-noto-cjk)
    command -v pdftotext >/dev/null || missing+=(poppler-utils)
fi

if [ ${#missing[@]} -gt 0 ]; then
    install="apt-get install -y -q --no-install-recommends ${missing[*]}"
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -q
        $install
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        sudo apt-get update -q
        sudo $install
    else
        echo "missing: ${missing[*]}; install them with:" >&2
        echo "  sudo apt-get update && sudo $install" >&2
        exit 1
    fi
fi

if $slow; then
    scripts/setup-tools.sh
fi
