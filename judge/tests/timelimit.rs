//! `judge timelimit`: the accepted solutions measured several times, a
//! limit proposed by the documented rule, each too-slow solution checked
//! above it, and `--write` putting it into problem.toml with its comments.

use testkit::kit::{Kit, c_program, reference};

#[test]
fn a_limit_is_proposed_checked_and_written() {
    let kit = Kit::new();
    let toml = format!("# The sum problem.\n{}", kit.problem_toml);
    kit.write("problems/sum/problem.toml", &toml);
    kit.write(
        "solutions/sum/time_limit_exceeded/spin.c",
        &c_program("for (;;) {}"),
    );
    // Too slow by waiting, not computing: stopped at the timeout all the same.
    kit.write(
        "solutions/sum/time_limit_exceeded/sleepy.c",
        &c_program("sleep(10); return 0;"),
    );
    let (code, report) = kit.json(&["timelimit", "sum", "--runs", "2"]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["runs"], 2);
    assert_eq!(
        report["current_ms"], 500,
        "judge.toml's default in this kit"
    );
    let proposed = report["proposed_ms"].as_u64().unwrap();
    assert!(proposed >= 100 && proposed % 100 == 0, "{report}");
    let rows = report["solutions"].as_array().unwrap();
    let row = |name: &str| rows.iter().find(|r| r["solution"] == name).unwrap();
    let accepted = row("accepted/ref.c");
    assert_eq!(accepted["expected"], "AC");
    let room = accepted["margin"].as_f64().unwrap();
    assert!(
        room >= 2.0,
        "twice the slowest accepted test at least: {report}"
    );
    for name in ["time_limit_exceeded/spin.c", "time_limit_exceeded/sleepy.c"] {
        let slow = row(name);
        assert!(slow["margin"].as_f64().unwrap() >= 2.25, "{name}: {report}");
        assert_eq!(slow["problem"], serde_json::Value::Null, "{name}: {report}");
    }
    assert_eq!(report["written"], false);

    // --write keeps problem.toml's comments.
    let (code, report) = kit.json(&["timelimit", "sum", "--runs", "1", "--write"]);
    assert_eq!((code, &report["written"]), (0, &serde_json::json!(true)));
    let text = std::fs::read_to_string(kit.path("problems/sum/problem.toml")).unwrap();
    let proposed = report["proposed_ms"].as_u64().unwrap();
    assert!(text.starts_with("# The sum problem.\n"), "{text}");
    assert!(
        text.contains(&format!("time_limit_ms = {proposed}\n")),
        "{text}"
    );

    // A "too slow" solution as fast as the reference: the proposal fails,
    // and nothing is written.
    kit.write("solutions/sum/time_limit_exceeded/fast.c", &reference(""));
    let before = std::fs::read_to_string(kit.path("problems/sum/problem.toml")).unwrap();
    let (code, report) = kit.json(&["timelimit", "sum", "--runs", "1", "--write"]);
    assert_eq!(
        (code, &report["verdict"]),
        (1, &serde_json::json!("FAIL")),
        "{report}"
    );
    let fast = (report["solutions"].as_array().unwrap().iter())
        .find(|r| r["solution"] == "time_limit_exceeded/fast.c")
        .unwrap();
    assert!(
        fast["problem"]
            .as_str()
            .unwrap()
            .contains("accepted within the proposed")
    );
    assert_eq!(report["written"], false);
    let after = std::fs::read_to_string(kit.path("problems/sum/problem.toml")).unwrap();
    assert_eq!(before, after);
}

/// `verify` warns where a solution keeps its promise by too little: an
/// accepted one over half the limit, a too-slow one that finishes within
/// twice it; each test is run again, and the warning gives both times.
#[test]
fn verify_warns_of_thin_margins() {
    let kit = Kit::new();
    let toml = kit.problem_toml.replacen(
        "checker =",
        "time_limit_ms = 300\ntargets_required = false\nchecker =",
        1,
    );
    kit.write("problems/sum/problem.toml", &toml);
    // CPU time spent on purpose, then the answer.
    let busy = |ms: u32| {
        c_program(&format!(
            "long long a, b; scanf(\"%lld %lld\", &a, &b); \
             while (clock() < (clock_t)CLOCKS_PER_SEC / 1000 * {ms}) {{}} \
             printf(\"%lld\\n\", a + b); return 0;"
        ))
    };
    kit.write(
        "solutions/sum/accepted/slowish.c",
        &format!("#include <time.h>\n{}", busy(200)),
    );
    kit.write(
        "solutions/sum/time_limit_exceeded/almost.c",
        &format!("#include <time.h>\n{}", busy(420)),
    );
    kit.write(
        "solutions/sum/time_limit_exceeded/spin.c",
        &c_program("for (;;) {}"),
    );
    let (code, report) = kit.json(&["verify"]);
    assert_eq!(code, 0, "{report}");
    let rows = report["solutions"].as_array().unwrap();
    let warnings = |name: &str| {
        let row = rows.iter().find(|r| r["solution"] == name).unwrap();
        row["warnings"].as_array().unwrap().clone()
    };
    assert!(warnings("accepted/ref.c").is_empty(), "{report}");
    let slowish = warnings("accepted/slowish.c");
    let text = slowish[0].as_str().unwrap();
    assert!(
        text.contains("over half the 300 ms limit") && text.contains("again: "),
        "{text}"
    );
    let almost = warnings("time_limit_exceeded/almost.c");
    let text = almost[0].as_str().unwrap();
    assert!(text.contains("with twice the 300 ms limit"), "{text}");
    assert!(
        warnings("time_limit_exceeded/spin.c").is_empty(),
        "{report}"
    );
}
