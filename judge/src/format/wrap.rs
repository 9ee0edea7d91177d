//! Jury programs carried across protocols: a C++ checker, input validator
//! or interactor written for one protocol (testlib's, Kattis's, CMS's)
//! wrapped into one C++ file that a judge calling programs in another
//! protocol can compile alone. Pure text: nothing here runs.
//!
//! The wrapper is the program's own text with its `main` renamed
//! (`#define main`), after a fixed prelude and before a new `main`. The new
//! `main` takes the arguments, standard streams and files of the judge's
//! protocol, runs the program's `main` in a forked child (testlib's and
//! Kattis's programs end by calling `exit` themselves) with the arguments,
//! streams and files of its own protocol, then says the child's verdict,
//! score and message as the judge's protocol wants them: testlib's exit
//! codes with `ok` / `wrong answer` / `points` / `FAIL` leading stderr
//! (which Hydro's judge also parses), Kattis's 42/43 with the message in
//! `judgemessage.txt`, CMS's fraction on stdout and message on stderr. The
//! prelude comes before the program's text, so that its macros cannot
//! reach the wrapper's code.
//!
//! A wrapper for testlib's protocol called as a Kattis program (a feedback
//! folder as its third argument: p2d's DOMjudge build of a Polygon
//! checker) answers in Kattis's, as DOMjudge's testlib.h does.
//!
//! A program in another language the judges run (Python, C, a shell
//! script) goes to ICPC's judges, who build program folders, in a folder
//! beside a wrapper that runs it as a process instead
//! ([`wrapped_folder`]).
//!
//! A CMS Communication manager talks to the solution through FIFOs, not its
//! standard streams: it is not carried to another protocol, nor another
//! protocol's interactor to CMS.

use std::path::Path;

use crate::format::Format;
use crate::model::program::Protocol;

/// What a jury program does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Checker,
    Validator,
    Interactor,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Checker => "checker",
            Role::Validator => "input validator",
            Role::Interactor => "interactor",
        }
    }

    /// Its number in the prelude's `Role`.
    fn code(self) -> u8 {
        match self {
            Role::Checker => 0,
            Role::Validator => 1,
            Role::Interactor => 2,
        }
    }
}

/// Its number in the prelude's `Protocol`.
fn code(protocol: Protocol) -> u8 {
    match protocol {
        Protocol::Testlib => 0,
        Protocol::Kattis => 1,
        Protocol::Cms => 2,
    }
}

/// Whether a `role` program in `from` can be wrapped to be called in `to`:
/// any way between the three for checkers and validators; between testlib
/// and Kattis for interactors (a CMS manager talks through FIFOs).
pub fn wrappable(role: Role, from: Protocol, to: Protocol) -> bool {
    from != to && !(role == Role::Interactor && (from == Protocol::Cms || to == Protocol::Cms))
}

/// Whether `path` is a C++ source, wrapped as text (C compiles as C++ only
/// mostly, so it is not).
pub fn is_cpp(path: &Path) -> bool {
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    extension.is_some_and(|e| ["cpp", "cc", "cxx", "c++"].contains(&e.as_str()))
}

/// How a jury program can be wrapped into another protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A C++ source: its text, in one C++ file ([`wrapped_cpp`]).
    Cpp,
    /// A source of a language the judges run without the kit (Python, C,
    /// a shell script): beside a wrapper, in a program folder, which only
    /// the ICPC formats' judges build ([`wrapped_folder`]).
    Beside,
    /// Anything else (a folder, an executable, another language): not.
    Other,
}

impl Source {
    /// How the source file `path` can be wrapped.
    pub fn of(path: &Path) -> Source {
        match (is_cpp(path), launched(&path.to_string_lossy())) {
            (true, _) => Source::Cpp,
            (false, Some(_)) => Source::Beside,
            (false, None) => Source::Other,
        }
    }

    /// Whether a `role` program of this source in `from` can be wrapped
    /// for judges calling it in `to`.
    pub fn wraps(self, role: Role, from: Protocol, to: Protocol) -> bool {
        match self {
            Source::Cpp => wrappable(role, from, to),
            Source::Beside => to == Protocol::Kattis && wrappable(role, from, to),
            Source::Other => false,
        }
    }
}

/// The formats whose judges can call a `role` program speaking `protocol`
/// (wrapped, where its `source` can be; else only as it is), in
/// [`Format::ALL`]'s order.
pub fn carriers(role: Role, protocol: Protocol, source: Source) -> Vec<&'static str> {
    (Format::ALL.into_iter())
        .filter(|f| {
            let to = f.protocol();
            // Polygon's and Hydro's judges compile only C++; CMS's run the
            // program the kit compiles (a C checker as well).
            let any = matches!(f, Format::Icpc | Format::IcpcLegacy | Format::Cms);
            let as_it_is = to == protocol && (source == Source::Cpp || any);
            as_it_is || source.wraps(role, protocol, to)
        })
        .map(Format::name)
        .collect()
}

/// How a program of the folder [`wrapped_folder`] makes is built and run,
/// by its file's extension: the line of `build` that compiles it, if any,
/// and the command that runs it (`@` marks a file of the folder).
/// Only a plain name (letters, digits, `.`, `-`, `_`) is taken: it is
/// written into a C string and a shell line as it is.
fn launched(file: &str) -> Option<(Option<String>, Vec<String>)> {
    let file = file.rsplit('/').next().unwrap_or(file);
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-".contains(c);
    if !file.chars().all(plain) || file.starts_with('-') {
        return None;
    }
    let (_, extension) = file.rsplit_once('.')?;
    Some(match extension.to_lowercase().as_str() {
        "py" => (None, vec!["python3".into(), format!("@{file}")]),
        "sh" => (None, vec!["sh".into(), format!("@{file}")]),
        "c" => (
            Some(format!("gcc -std=gnu11 -O2 -o jury-program {file} -lm")),
            vec!["@jury-program".into()],
        ),
        _ => return None,
    })
}

/// The files of a program folder that runs `name` (a `role` program
/// speaking `from`, of a language [`Source::Beside`] takes, which goes
/// beside them under its own name) for judges that call it in `to`: a
/// wrapper, `jury-wrap.cpp`, whose inner program is `name` run as a
/// process; `build`, which compiles it (and `name`, for C); `run`. None
/// for a language it does not take. (path in the folder, text)
pub fn wrapped_folder(
    name: &str,
    role: Role,
    from: Protocol,
    to: Protocol,
) -> Option<Vec<(String, String)>> {
    let (compile, command) = launched(name)?;
    let words: Vec<String> = command.iter().map(|w| format!("\"{w}\"")).collect();
    let inner = format!(
        "static const char *const jury_wrap_command[] = {{{}, 0}};
         static signed jury_wrap_inner(signed argc, char **argv) {{
             return jury_wrap::exec_beside(jury_wrap_command, argc, argv);
}}
",
        words.join(", ")
    );
    let wrapper = format!(
        "// {name}: a {} in the {} protocol, run by this wrapper `judge package` made for \
         judges that call it in the {} protocol.\n{PRELUDE}{inner}\n{}",
        role.name(),
        from.name(),
        to.name(),
        wrapper_main(role, from, to)
    );
    let build = format!(
        "#!/bin/sh\n# Builds the wrapper of {name} (jury-wrap.cpp){}.\nset -e\ncd \"$(dirname \"$0\")\"\n\
         g++ -std=gnu++17 -O2 -o jury-wrap jury-wrap.cpp\n{}",
        match compile {
            Some(_) => " and the program",
            None => "",
        },
        compile.map(|line| format!("{line}\n")).unwrap_or_default()
    );
    let run = "#!/bin/sh\nexec \"$(dirname \"$0\")/jury-wrap\" \"$@\"\n".to_string();
    Some(vec![
        ("jury-wrap.cpp".to_string(), wrapper),
        ("build".to_string(), build),
        ("run".to_string(), run),
    ])
}

/// The C++ file that runs `text` (a `role` program speaking `from`, with
/// its own headers inlined: [`crate::format::subject::self_contained_cpp`])
/// for judges that call it in `to`. `name` is the program's file, for the
/// comment that opens the file.
pub fn wrapped_cpp(name: &str, text: &str, role: Role, from: Protocol, to: Protocol) -> String {
    let mut out = String::with_capacity(PRELUDE.len() + text.len() + 1024);
    out.push_str(&format!(
        "// {name}: a {} in the {} protocol, wrapped by `judge package` for judges that call \
         it in the {} protocol.\n// The program's own text follows the wrapper's prelude, its \
         `main` renamed; the wrapper's `main` is at the end.\n",
        role.name(),
        from.name(),
        to.name()
    ));
    out.push_str(PRELUDE);
    out.push_str("#define main jury_wrap_inner_main\n// ---- the program, as it was ----\n");
    out.push_str(&main_returns(text));
    if !text.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("// ---- end of the program ----\n#undef main\n");
    out.push_str(
        "static signed jury_wrap_inner(signed argc, char **argv) {\n    \
         return jury_wrap::call(&jury_wrap_inner_main, argc, argv);\n}\n\n",
    );
    out.push_str(&wrapper_main(role, from, to));
    out
}

/// The wrapper's `main`, which runs `jury_wrap_inner` in a child.
fn wrapper_main(role: Role, from: Protocol, to: Protocol) -> String {
    format!(
        "// The program's own objects were made for its process, the child:\n\
         // the wrapper ends without their destructors (a validation library's\n\
         // guard would find its `init` never called here).\n\
         signed main(signed argc, char **argv) {{\n    \
         int code = jury_wrap::run(argc, argv, &jury_wrap_inner, jury_wrap::Role({}), \
         jury_wrap::Protocol({}), jury_wrap::Protocol({}));\n    \
         std::fflush(nullptr);\n    _exit(code);\n}}\n",
        role.code(),
        code(from),
        code(to)
    )
}

/// `text` with `return 0;` before the closing brace of its `main`: `main`
/// returns 0 when it ends without a `return`, but the renamed function
/// would fall off the end of a function returning `int`, which C++ leaves
/// undefined (GCC at -O2 traps there: a validator that ends without a
/// `return`, as many do, would be killed on every valid input). Comments,
/// strings, character literals and preprocessor lines are skipped.
fn main_returns(text: &str) -> String {
    let b = text.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let (mut i, mut depth, mut pending, mut body) = (0, 0usize, false, false);
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        match c {
            b'#' if line_start => {
                // A preprocessor line, with its continuations.
                while i < b.len() && !(b[i] == b'\n' && b[i - 1] != b'\\') {
                    i += 1;
                }
                continue;
            }
            b'/' if next == Some(b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if next == Some(b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            // A digit separator (`1'000'000`), not a character literal.
            b'\'' if i > 0 && b[i - 1].is_ascii_alphanumeric() => {}
            b'"' | b'\'' => {
                i += 1;
                while i < b.len() && b[i] != c {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'{' => {
                if pending && depth == 0 {
                    (pending, body) = (false, true);
                }
                depth += 1;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                if body && depth == 0 {
                    return format!("{}\nreturn 0;\n{}", &text[..i], &text[i..]);
                }
            }
            b';' if depth == 0 => pending = false,
            b'm' if depth == 0
                && text[i..].starts_with("main")
                && (i == 0 || !ident(b[i - 1]))
                && !b.get(i + 4).copied().is_some_and(ident) =>
            {
                let after = text[i + 4..].trim_start();
                pending = after.starts_with('(');
            }
            _ => {}
        }
        if !c.is_ascii_whitespace() {
            line_start = false;
        }
        if c == b'\n' {
            line_start = true;
        }
        i += 1;
    }
    text.to_string()
}

/// The wrapper's code before the program's text: C++11 and POSIX.
const PRELUDE: &str = r#"
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace jury_wrap {

enum Protocol { TESTLIB = 0, KATTIS = 1, CMS = 2 };
enum Role { CHECKER = 0, VALIDATOR = 1, INTERACTOR = 2 };
enum Outcome { ACCEPTED, REJECTED, PRESENTATION, POINTS, FAILED };

struct Result {
    Outcome outcome;
    double score;  // for POINTS: the fraction of the test's points
    std::string message;
};

typedef int (*Inner)(int, char **);

// The program's `main`, whichever of its usual forms it has.
template <class R> int call(R (*f)(), int, char **) { return (int)f(); }
template <class R, class A, class V> int call(R (*f)(A, V), int argc, char **argv) {
    return (int)f((A)argc, (V)argv);
}

// Runs `command` (its words that start with `@` name files beside the
// wrapper) with the wrapper's arguments, in place of this process: a
// program of another language, in the wrapper's program folder.
inline int exec_beside(const char *const *command, int argc, char **argv) {
    std::string self = argv[0], dir = ".";
    if (self.rfind('/') != std::string::npos) dir = self.substr(0, self.rfind('/'));
    std::vector<std::string> words;
    for (int i = 0; command[i]; i++)
        words.push_back(command[i][0] == '@' ? dir + "/" + (command[i] + 1) : command[i]);
    for (int i = 1; i < argc; i++) words.push_back(argv[i]);
    std::vector<char *> args;
    for (size_t i = 0; i < words.size(); i++) args.push_back(&words[i][0]);
    args.push_back(0);
    std::fflush(nullptr);
    execvp(args[0], &args[0]);
    std::fprintf(stderr, "cannot run %s: %s\n", args[0], std::strerror(errno));
    return 127;
}

static std::string read_file(const std::string &path) {
    std::string text;
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) return text;
    char buffer[65536];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, f)) > 0) text.append(buffer, n);
    std::fclose(f);
    return text;
}

static void write_file(const std::string &path, const std::string &text) {
    FILE *f = std::fopen(path.c_str(), "wb");
    if (!f) return;
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
}

// Copies what is left of stdin to `path`: the output a Kattis judge gives
// on stdin, for a program that reads it from a file.
static bool save_stdin(const std::string &path) {
    FILE *f = std::fopen(path.c_str(), "wb");
    if (!f) return false;
    char buffer[65536];
    size_t n;
    bool ok = true;
    while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0)
        ok = std::fwrite(buffer, 1, n, f) == n && ok;
    return std::fclose(f) == 0 && ok;
}

static std::string trimmed(const std::string &s) {
    size_t begin = s.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos) return "";
    size_t end = s.find_last_not_of(" \t\r\n");
    return s.substr(begin, end - begin + 1);
}

static std::string first_line(const std::string &s) {
    std::string t = trimmed(s);
    return t.substr(0, t.find('\n'));
}

// A folder of the wrapper's own: in `base` if given (a Kattis feedback
// folder, always writable), else in TMPDIR, /tmp or the working folder.
static std::string scratch(const std::string &base) {
    const char *tmpdir = std::getenv("TMPDIR");
    std::string places[4] = {base, tmpdir ? tmpdir : "", "/tmp", "."};
    for (int i = 0; i < 4; i++) {
        if (places[i].empty()) continue;
        std::string pattern = places[i] + "/jury-wrap-XXXXXX";
        std::vector<char> name(pattern.begin(), pattern.end());
        name.push_back(0);
        if (mkdtemp(&name[0])) return std::string(&name[0]);
    }
    return "";
}

// Removes the folder `path` and what is in it (the wrapper's files, and
// what the program wrote in the feedback folder it was given).
static void remove_tree(const std::string &path) {
    DIR *dir = opendir(path.c_str());
    if (dir) {
        std::vector<std::string> names;
        while (struct dirent *e = readdir(dir))
            if (std::strcmp(e->d_name, ".") && std::strcmp(e->d_name, "..")) names.push_back(e->d_name);
        closedir(dir);
        for (size_t i = 0; i < names.size(); i++) remove_tree(path + "/" + names[i]);
        rmdir(path.c_str());
    } else {
        unlink(path.c_str());
    }
}

static bool redirect(const std::string &path, int fd, int flags) {
    if (path.empty()) return true;
    int opened = open(path.c_str(), flags, 0644);
    if (opened < 0) return false;
    bool ok = dup2(opened, fd) >= 0;
    close(opened);
    return ok;
}

// Runs `inner` with `args` in a child, its stdin read from `in` and its
// stdout and stderr written to `out` and `err` (empty: the wrapper's own).
// Its exit code, or -1 if it was killed or could not start.
static int run_inner(Inner inner, std::vector<std::string> args, const std::string &in,
                     const std::string &out, const std::string &err) {
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t child = fork();
    if (child < 0) return -1;
    if (child == 0) {
        int w = O_WRONLY | O_CREAT | O_TRUNC;
        if (!redirect(in, 0, O_RDONLY) || !redirect(out, 1, w) || !redirect(err, 2, w)) _exit(125);
        std::vector<char *> argv;
        for (size_t i = 0; i < args.size(); i++) argv.push_back(&args[i][0]);
        argv.push_back(0);
        std::exit(inner((int)args.size(), &argv[0]));
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The fraction a testlib checker's `points <p>` gives: p itself up to 1,
// else a percentage (as Hydro reads it).
static double points_of(const std::string &message) {
    const char *at = std::strstr(message.c_str(), "points ");
    double p = at ? std::atof(at + 7) : 0;
    if (p > 1) p /= 100;
    return p < 0 ? 0 : p > 1 ? 1 : p;
}

// What the program said, in its own protocol.
static Result judged(Role role, Protocol from, int code, const std::string &out,
                     const std::string &err, const std::string &feedback) {
    Result r;
    r.score = 0;
    r.message = trimmed(err);
    if (role == VALIDATOR) {
        r.outcome = (from == KATTIS ? code == 42 : code == 0) ? ACCEPTED : REJECTED;
        return r;
    }
    if (from == TESTLIB) {
        r.outcome = code == 0 ? ACCEPTED : code == 1 ? REJECTED : code == 2 ? PRESENTATION
                  : code == 7 ? POINTS : FAILED;
        if (r.outcome == POINTS) r.score = points_of(r.message);
        return r;
    }
    if (from == KATTIS) {
        std::string judge = trimmed(read_file(feedback + "/judgemessage.txt"));
        if (!judge.empty()) r.message = judge;
        r.outcome = code == 42 ? ACCEPTED : code == 43 ? REJECTED : FAILED;
        return r;
    }
    r.message = first_line(err);
    char *end = 0;
    std::string line = first_line(out);
    double f = std::strtod(line.c_str(), &end);
    bool number = !line.empty() && end && *end == 0 && f >= 0 && f <= 1;
    if (code != 0 || !number) {
        r.outcome = FAILED;
        if (code == 0) r.message = "the checker wrote no score in [0, 1] on stdout: " + r.message;
    } else {
        r.outcome = f == 1 ? ACCEPTED : f == 0 ? REJECTED : POINTS;
        r.score = f;
    }
    return r;
}

// Says `r` in the judge's protocol; the wrapper's exit code.
static int said(Role role, Protocol to, const Result &r, const std::string &feedback) {
    bool ok = r.outcome == ACCEPTED;
    if (role == VALIDATOR) {
        if (!r.message.empty()) std::fprintf(stderr, "%s\n", r.message.c_str());
        return to == KATTIS ? (ok ? 42 : 43) : to == CMS ? (ok ? 0 : 1) : (ok ? 0 : 3);
    }
    const char *m = r.message.c_str();
    if (to == TESTLIB) {
        switch (r.outcome) {
        case ACCEPTED: std::fprintf(stderr, "ok %s\n", m); return 0;
        case REJECTED: std::fprintf(stderr, "wrong answer %s\n", m); return 1;
        case PRESENTATION: std::fprintf(stderr, "wrong output format %s\n", m); return 2;
        case POINTS: std::fprintf(stderr, "points %.6f %s\n", r.score, m); return 7;
        default: std::fprintf(stderr, "FAIL %s\n", m); return 3;
        }
    }
    if (to == KATTIS) {
        std::string message = r.message;
        if (r.outcome == POINTS) {
            char score[64];
            std::snprintf(score, sizeof score, "partially correct (%.6f of the points): ", r.score);
            message = score + message;
        }
        if (r.outcome == FAILED) {
            write_file(feedback + "/judgeerror.txt", message + "\n");
            std::fprintf(stderr, "%s\n", m);
            return 1;
        }
        write_file(feedback + "/judgemessage.txt", message + "\n");
        return ok ? 42 : 43;
    }
    if (r.outcome == FAILED) {
        std::fprintf(stderr, "%s\n", m);
        return 1;
    }
    double score = ok ? 1 : r.outcome == POINTS ? r.score : 0;
    const char *word = ok ? "translate:success" : r.outcome == POINTS ? "translate:partial"
                     : "translate:wrong";
    std::printf("%.6f\n", score);
    std::fprintf(stderr, "%s\n", r.message.empty() ? word : first_line(r.message).c_str());
    return 0;
}

// The files of a test, as the judge gives them.
struct Given {
    std::string input, output, answer, feedback, tout;
    std::vector<std::string> extra;  // the judge's further arguments
};

static bool given(Role role, Protocol to, const std::vector<std::string> &a, Given &g) {
    size_t first = 0;
    if (role == VALIDATOR) {
        first = to == CMS ? 2 : 1;
        if (to == CMS) {
            if (a.size() < 2) return false;
            g.input = a[1];
        }
    } else if (role == INTERACTOR) {
        if (a.size() < 3) return false;
        g.input = a[1];
        if (to == KATTIS) {
            if (a.size() < 4) return false;
            g.answer = a[2];
            g.feedback = a[3];
        } else {
            g.tout = a[2];
            if (a.size() > 3) g.answer = a[3];
        }
        first = a.size();
    } else {
        if (a.size() < 4) return false;
        g.input = a[1];
        if (to == TESTLIB) g.output = a[2], g.answer = a[3];
        if (to == KATTIS) g.answer = a[2], g.feedback = a[3];
        if (to == CMS) g.answer = a[2], g.output = a[3];
        first = 4;
    }
    for (size_t i = first; i < a.size(); i++) g.extra.push_back(a[i]);
    return true;
}

static int run(int argc, char **argv, Inner inner, Role role, Protocol from, Protocol to) {
    std::vector<std::string> a(argv, argv + argc);
    // p2d makes a Polygon checker or interactor a DOMjudge program, built
    // as testlib's are there: called with a feedback folder third, the
    // wrapper answers in Kattis's protocol, as DOMjudge's build of testlib does.
    struct stat third;
    if (to == TESTLIB && role != VALIDATOR && argc > 3 && stat(argv[3], &third) == 0
        && S_ISDIR(third.st_mode))
        to = KATTIS;
    Given g;
    if (!given(role, to, a, g)) {
        Result r = {FAILED, 0, "the wrapper was called with too few arguments for its protocol"};
        return said(role, to, r, "");
    }
    std::string dir = scratch(g.feedback);
    if (dir.empty()) {
        Result r = {FAILED, 0, "the wrapper found no folder to write in"};
        return said(role, to, r, g.feedback);
    }
    std::string out = dir + "/stdout", err = dir + "/stderr", feedback = dir + "/feedback";
    std::vector<std::string> args(1, a[0]);
    std::string in;
    bool saved = true;
    if (role == VALIDATOR) {
        in = g.input;
        if (from == CMS) {
            if (in.empty()) saved = save_stdin(in = dir + "/input");
            args.push_back(in);
            in = "";
        } else {
            // Flags pass between testlib and Kattis (`--group`, a test's
            // own); CMS's subtask number means nothing to the others.
            if (to != CMS) args.insert(args.end(), g.extra.begin(), g.extra.end());
        }
    } else if (role == INTERACTOR) {
        out = "";  // stdout is the way to the solution
        if (from == TESTLIB) {
            args.push_back(g.input);
            args.push_back(g.tout.empty() ? dir + "/tout" : g.tout);
            if (!g.answer.empty()) args.push_back(g.answer);
        } else {
            mkdir(feedback.c_str(), 0755);
            if (g.answer.empty()) write_file(g.answer = dir + "/answer", "");
            args.push_back(g.input);
            args.push_back(g.answer);
            args.push_back(feedback + "/");
        }
    } else {
        if (g.output.empty() && from != KATTIS) saved = save_stdin(g.output = dir + "/output");
        args.push_back(g.input);
        if (from == TESTLIB) args.push_back(g.output), args.push_back(g.answer);
        if (from == CMS) args.push_back(g.answer), args.push_back(g.output);
        if (from == KATTIS) {
            mkdir(feedback.c_str(), 0755);
            args.push_back(g.answer);
            args.push_back(feedback + "/");
            in = g.output;
        }
    }
    Result r = {FAILED, 0, "the wrapper could not save stdin"};
    if (saved) {
        int code = run_inner(inner, args, in, out, err);
        r = judged(role, from, code, out.empty() ? "" : read_file(out), read_file(err), feedback);
        if (code < 0) r.outcome = FAILED, r.message = "the program was killed: " + r.message;
    }
    // A testlib interactor's judge reads its `tout`, which a Kattis one never writes.
    if (role == INTERACTOR && !g.tout.empty() && access(g.tout.c_str(), F_OK) != 0)
        write_file(g.tout, "");
    int status = said(role, to, r, g.feedback);
    remove_tree(dir);
    return status;
}

}  // namespace jury_wrap

"#;

#[cfg(test)]
mod tests {
    use super::main_returns;

    #[test]
    fn main_ends_with_a_return() {
        let text = "int f() { return 1; }\nint main(int argc, char** argv) {\n  \
                    if (argc) { puts(\"}\"); } // }\n  /* } */ char c = '}';\n  \
                    long n = 1'000'000;\n}\nint g() { return 2; }\n";
        let out = main_returns(text);
        let at = out.find("return 0;").unwrap();
        assert_eq!(&out[at..at + 11], "return 0;\n}");
        assert!(out[at..].contains("int g()"), "{out}");
        // A declaration, a name that ends in `main`, a preprocessor line:
        // none is `main`'s body.
        let text = "#define X main(\nint main();\nint domain() { }\nint main() { }\n";
        let out = main_returns(text);
        assert!(out.ends_with("int main() { \nreturn 0;\n}\n"), "{out}");
        assert!(out.contains("int domain() { }"), "{out}");
    }
}
