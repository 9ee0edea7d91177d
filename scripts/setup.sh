#!/usr/bin/env bash
# Installs what the kit needs on a fresh Debian machine, so that the
# README's two commands run as typed:
#   scripts/setup.sh          the compilers and interpreters the main job and
#                             the fast tier of the tests run (gcc, g++,
#                             python3), pandoc (an imported problem's LaTeX
#                             statement goes out through it), and checks that
#                             cargo is there;
#   scripts/setup.sh --slow   also what the slow tier needs: a JDK, pypy3,
#                             Node.js and npm, a headless Chromium with CJK
#                             fonts, poppler-utils, Kotlin (JetBrains'
#                             compiler from the npm registry: Debian's is
#                             1.3), then the judges' tools
#                             (scripts/setup-tools.sh).
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
# An imported problem's LaTeX statement becomes the kit's page, or goes to
# a format of another family, through pandoc.
command -v pandoc >/dev/null || missing+=(pandoc)
if $slow; then
    python3 -c "import ensurepip" >/dev/null 2>&1 || missing+=(python3-venv)
    command -v javac >/dev/null || missing+=(openjdk-17-jdk-headless)
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

# Runs a command as root: directly, with sudo that asks for no password,
# or not at all (printing it, and failing).
as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        sudo "$@"
    else
        echo "run as root: $*" >&2
        return 1
    fi
}

if [ ${#missing[@]} -gt 0 ]; then
    echo "missing: ${missing[*]}"
    as_root apt-get update -q
    # shellcheck disable=SC2086 # the packages are words
    as_root apt-get install -y -q --no-install-recommends ${missing[*]}
fi

# Kotlin as the judges have it (2.x; Debian 12's is 1.3, without
# `readln`): JetBrains' compiler from the npm registry, on PATH as kotlinc.
KOTLIN=2.4.20
if $slow && ! kotlinc -version 2>&1 | grep -q "kotlinc-jvm $KOTLIN "; then
    as_root npm install --global --prefix /usr/local --ignore-scripts --no-audit --no-fund \
        --loglevel=error "kotlin-compiler@$KOTLIN"
    as_root ln -sf /usr/local/lib/node_modules/kotlin-compiler/bin/kotlinc /usr/local/bin/kotlinc
    hash -r
    kotlinc -version 2>&1 | grep "kotlinc-jvm $KOTLIN "
fi

if $slow; then
    scripts/setup-tools.sh
fi
