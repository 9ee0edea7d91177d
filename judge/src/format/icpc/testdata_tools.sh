# The kit's own testdata_tools: the functions a Kodsport `data/generator.sh`
# calls, written for `judge import`. They make no test: each says what the
# script declares, as records of a manifest the importer reads, and lays
# out the `data/` tree the library would make (the settings files, and an
# empty file where each test would be), which the importer reads as it
# reads a stored legacy package.
#
# Run as `bash THIS MANIFEST ROOT` in the problem's `data/`: it runs
# `./generator.sh` with this file loaded first (BASH_ENV); the script's
# `. .../gen.sh` (the library it ships) loads nothing, and starts the
# library's work instead.
#
# A record is its field count, then its fields, each ended by NUL: the
# kind, the line of generator.sh that asked, then the kind's own.

if [[ -z ${KIT_TDT_MANIFEST-} ]]; then
  export KIT_TDT_MANIFEST=$1 KIT_TDT_ROOT=$2 BASH_ENV=$0
  : >"$KIT_TDT_MANIFEST"
  exec bash ./generator.sh
fi
# Loaded once: the script's own bash runs (`bash -c ...`) stay plain.
unset BASH_ENV

# The line of the package's script that called the library.
_kit_line() {
  local i
  for ((i = 1; i < ${#BASH_SOURCE[@]}; i++)); do
    if [[ ${BASH_SOURCE[i]} != "${BASH_SOURCE[0]}" ]]; then
      echo "${BASH_LINENO[i - 1]}"
      return
    fi
  done
  echo 0
}

# Refuses a call before the script loads the library.
_kit_ready() {
  [[ -n ${KIT_TDT_TOTAL-} ]] || _kit_fail "testdata_tools is used before generator.sh loads it (. gen.sh)"
}

# Writes one record: KIND FIELDS...
_kit_record() {
  [[ $1 == start ]] || _kit_ready
  local kind=$1
  shift
  printf '%s\0' "$(($# + 2))" "$kind" "$(_kit_line)" "$@" >>"$KIT_TDT_MANIFEST"
}

# Stops the script as the library does on a mistake of the package's.
_kit_fail() {
  echo "data/generator.sh:$(_kit_line): $*" >&2
  exit 1
}

# A path as the importer reads it: from the problem's root when inside it.
_kit_path() {
  realpath -m --relative-base="$KIT_TDT_ROOT" -- "$1"
}

# The file name without its folder and its last extension.
_kit_stem() {
  local name=${1##*/}
  [[ $name == *.* ]] && name=${name%.*}
  echo "$name"
}

_kit_needs_groups() {
  _kit_ready
  [[ $USE_SCORING == 1 ]] || _kit_fail "$1 is for scoring problems (USE_SCORING=0 here)"
}

# The settings the library writes over the whole problem and its secret
# folder whenever a group is added.
_kit_totals() {
  printf 'on_reject: continue\nrange: 0 %s\ngrader_flags: first_error accept_if_any_accepted\n' \
    "$KIT_TDT_TOTAL" >secret/testdata.yaml
  printf 'on_reject: continue\nrange: 0 %s\ngrader_flags: ignore_sample\n' \
    "$KIT_TDT_TOTAL" >testdata.yaml
}

# Where the script's `. gen.sh` lands: the library's start.
_kit_start() {
  set -e
  [[ $USE_SCORING == 0 ]] || USE_SCORING=1
  [[ $REQUIRE_SAMPLE_REUSE == 0 ]] || REQUIRE_SAMPLE_REUSE=$USE_SCORING
  PROBLEM_PATH=$(realpath ..)
  SOLUTION_BASE=$PROBLEM_PATH/submissions/accepted
  KIT_TDT_TOTAL=0 KIT_TDT_INDEX=1 KIT_TDT_CURRENT=
  CURGROUP_NAME=. CURGROUP_DIR=secret
  declare -gA KIT_TDT_PROGRAMS=([cat]=manual:) KIT_TDT_CASES=() KIT_TDT_LATEST=()
  declare -gA KIT_TDT_LINK_NAME=() KIT_TDT_MEMBERS=() KIT_TDT_OPTIONS=()
  _kit_record start "$USE_SCORING" "$REQUIRE_SAMPLE_REUSE"
  rm -rf secret
  mkdir -p sample secret
  if [[ $USE_SCORING == 1 ]]; then
    printf 'on_reject: continue\nrange: 0 0\naccept_score: 0\ngrader_flags: first_error\n' \
      >sample/testdata.yaml
    _kit_totals
  fi
}

source() {
  case $1 in
  gen.sh | */gen.sh) _kit_start ;;
  *) builtin source "$@" ;;
  esac
}

.() {
  source "$@"
}

# The kit runs generators with a stack as large as their memory: a script
# that asks for more goes on.
ulimit() {
  builtin ulimit "$@" 2>/dev/null || [[ $* == *-s* ]]
}

command_not_found_handle() {
  echo "data/generator.sh:$(_kit_line): \`$1\` is no command, nor a function of testdata_tools" \
    "as the kit has it (use_solution, compile, samplegroup, sample, sample_manual, group," \
    "limits, output_validator_flags, tc, tc_manual, tg_manual, include_group, hint, desc," \
    "add_program, compile_cpp, compile_java, compile_py, compile_sh)" >&2
  return 127
}

add_program() {
  _kit_ready
  KIT_TDT_PROGRAMS[$1]=command:$2
  KIT_TDT_OPTIONS[$1]=
}

add_cleanup() {
  :
}

# FILE [OPTIONS]: a generator (or the solution) the script runs by its
# stem; the options choose how (`opt`, `pypy`, `cpython3`...).
compile() {
  _kit_ready
  case ${1##*.} in
  cpp | cc | java | py | sh) ;;
  *) _kit_fail "compile $1: the library compiles .cpp, .cc, .java, .py and .sh" ;;
  esac
  [[ -f $1 ]] || _kit_fail "compile $1: no such file"
  KIT_TDT_PROGRAMS[$(_kit_stem "$1")]=program:$(_kit_path "$1")
  KIT_TDT_OPTIONS[$(_kit_stem "$1")]=${2-}
}

# The library's compile of one language, called by name.
compile_cpp() { compile "$@"; }
compile_java() { compile "$@"; }
compile_py() { compile "$@"; }
compile_sh() { compile "$@"; }

# NAME [OPTIONS]: the solution under submissions/accepted/ that answers.
use_solution() {
  compile "$SOLUTION_BASE/$1" "${2-}"
  _kit_record solution "$(_kit_path "$SOLUTION_BASE/$1")"
}

samplegroup() {
  _kit_needs_groups samplegroup
  CURGROUP_DIR=sample
}

# Notes the sample NAME, answered by the solution (`solved`) or by its own
# .ans (`manual`).
_kit_sample() {
  local name=$1 how=$2 path=sample/$1
  [[ -z ${KIT_TDT_CASES[$name]-} ]] || _kit_fail "a second test case named $name"
  [[ -f $path.in ]] || _kit_fail "sample $name: no file $path.in"
  [[ $how == solved || -f $path.ans ]] || _kit_fail "sample_manual $name: no file $path.ans"
  KIT_TDT_CASES[$name]=$path
  KIT_TDT_LATEST[$name]=sample
  KIT_TDT_LINK_NAME[$name]=$(printf '%03d' "$KIT_TDT_INDEX")-$name
  KIT_TDT_INDEX=$((KIT_TDT_INDEX + 1))
  KIT_TDT_MEMBERS[sample]+=" $name"
  KIT_TDT_CURRENT=$path
  _kit_record sample "$(_kit_path "$path")" "$name" "$how"
}

sample() {
  _kit_sample "$1" solved
}

sample_manual() {
  _kit_sample "$1" manual
}

# NAME POINTS: a group under data/secret, all or nothing.
group() {
  _kit_needs_groups group
  [[ ${2-} =~ ^[0-9]+$ ]] || _kit_fail "group $1 ${2-}: expected the group's points"
  [[ ! -e secret/$1 ]] || _kit_fail "a second group named $1"
  CURGROUP_NAME=$1 CURGROUP_DIR=secret/$1
  mkdir -p "$CURGROUP_DIR"
  KIT_TDT_MEMBERS[$1]=
  printf 'on_reject: break\naccept_score: %s\nrange: 0 %s\ngrader_flags: min\n' "$2" "$2" \
    >"$CURGROUP_DIR/testdata.yaml"
  KIT_TDT_TOTAL=$((KIT_TDT_TOTAL + $2))
  _kit_totals
  _kit_record group "$1" "$2"
}

# KEY VALUE...: a setting of the current group (of the whole problem when
# it scores none). Given again, its last value holds, as problemtools
# reads a key written twice.
_kit_setting() {
  _kit_ready
  local file=testdata.yaml key=$1
  shift
  [[ $USE_SCORING == 0 ]] || file=$CURGROUP_DIR/testdata.yaml
  if [[ -f $file ]]; then
    grep -v "^$key:" "$file" >"$file.kit" || true
    mv "$file.kit" "$file"
  fi
  echo "$key: $*" >>"$file"
}

limits() {
  _kit_setting input_validator_flags "$@"
}

output_validator_flags() {
  _kit_setting output_validator_flags "$@"
}

# NAME: the test case NAME again in the current group.
_kit_again() {
  local name=$1 from=${KIT_TDT_CASES[$1]-}
  [[ -n $from ]] || _kit_fail "tc $name: no earlier test case of that name to reuse"
  [[ ${KIT_TDT_LATEST[$name]} != "$CURGROUP_DIR" ]] || return 0
  local path=$CURGROUP_DIR/${KIT_TDT_LINK_NAME[$name]:-${from##*/}} kind
  : >"$path.in"
  : >"$path.ans"
  for kind in hint desc; do
    [[ ! -f $from.$kind ]] || cp "$from.$kind" "$path.$kind"
  done
  KIT_TDT_LATEST[$name]=$CURGROUP_DIR
  KIT_TDT_MEMBERS[$CURGROUP_NAME]+=" $name"
  _kit_record again "$(_kit_path "$path")" "$(_kit_path "$from")"
}

# NAME PROGRAM ARGS...: a new test case, made by PROGRAM with ARGS and a
# seed from NAME; NAME alone: an earlier one again.
tc() {
  local name=$1
  if [[ $USE_SCORING == 1 && $CURGROUP_NAME == . ]]; then
    _kit_fail "tc $name: a test case belongs to a group (call group first)"
  fi
  if [[ $# == 1 ]]; then
    _kit_again "$name"
    return 0
  fi
  [[ -z ${KIT_TDT_CASES[$name]-} ]] || _kit_fail "a second test case named $name"
  local program=${KIT_TDT_PROGRAMS[$2]-}
  [[ -n $program ]] || _kit_fail "tc $name: no program $2 (compile it first)"
  local path=$CURGROUP_DIR/$(printf '%03d' "$KIT_TDT_INDEX")-$name
  KIT_TDT_INDEX=$((KIT_TDT_INDEX + 1))
  KIT_TDT_CASES[$name]=$path
  KIT_TDT_LATEST[$name]=$CURGROUP_DIR
  KIT_TDT_MEMBERS[$CURGROUP_NAME]+=" $name"
  KIT_TDT_CURRENT=$path
  : >"$path.in"
  : >"$path.ans"
  local seed=$((16#$(printf '%s' "$name" | md5sum | cut -c1-6)))
  local how=${program%%:*} what=${program#*:}
  case $how in
  manual)
    [[ -f ${3-} ]] || _kit_fail "tc $name: no file ${3-}"
    _kit_record test "$(_kit_path "$path")" "$name" manual "$(_kit_path "$3")" ""
    ;;
  *)
    local options=${KIT_TDT_OPTIONS[$2]-}
    _kit_record test "$(_kit_path "$path")" "$name" "$how" "$what" "$options" "${@:3}" "$seed"
    ;;
  esac
}

# FILE: a test case of the file's input, named by its stem.
tc_manual() {
  tc "$(_kit_stem "$1")" cat "$1"
}

# FOLDER: each .in file in it, as by tc_manual.
tg_manual() {
  [[ -d $1 ]] || _kit_fail "tg_manual $1: no such folder"
  local file any=
  for file in "$1"/*; do
    [[ -f $file ]] || continue
    [[ $file == *.in ]] || _kit_fail "tg_manual $1: $file is not an .in file"
    tc_manual "$file"
    any=1
  done
  [[ -n $any ]] || _kit_fail "tg_manual $1: no .in file in it"
}

# GROUPS...: every test case of each group, again in the current one.
include_group() {
  _kit_needs_groups include_group
  local group name
  for group in "$@"; do
    [[ -n ${KIT_TDT_MEMBERS[$group]-} ]] || _kit_fail "include_group $group: no such group, or an empty one"
    for name in ${KIT_TDT_MEMBERS[$group]}; do
      tc "$name"
    done
  done
}

# TEXT: said of the last test case (its .hint, its .desc).
_kit_words() {
  [[ $# == 2 && -n $KIT_TDT_CURRENT ]] || return 0
  echo "$2" >"$KIT_TDT_CURRENT.$1"
}

hint() {
  _kit_words hint "$@"
}

desc() {
  _kit_words desc "$@"
}
