//! `judge lab`: a game tabulated, its period claimed only when proven, and
//! bad parameters refused; it runs outside any kit.

use std::process::Command;

use serde_json::Value;

use testkit::kit::Kit;
use testkit::schema::assert_documented;

/// Runs `judge ARGS` in an empty folder: exit code, stdout, stderr.
fn lab(args: &[&str]) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("lab")
        .args(args)
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap_or(-1),
        text(&out.stdout),
        text(&out.stderr),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, out, err) = lab(&[args, &["--json"]].concat());
    assert_eq!(code, 0, "{args:?}: {err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_documented(&report);
    report
}

#[test]
fn a_subtraction_game_is_two_five_period_seven() {
    let report = json(&["subtraction", "--moves", "1,3-4", "--upto", "30"]);
    assert_eq!(report["command"], "lab");
    assert_eq!(report["moves"], serde_json::json!([1, 3, 4]));
    assert_eq!(report["outcomes"], "PNPNNNNPNPNNNNPNPNNNNPNPNNNNPN");
    assert_eq!(
        (&report["preperiod"], &report["period"], &report["proven"]),
        (&0.into(), &7.into(), &true.into())
    );
    assert_eq!(report["gaps"], serde_json::json!([2, 5]));
    assert_eq!(report["p_positions"].as_array().unwrap()[..4], [0, 2, 7, 9]);

    let (_, text, _) = lab(&["subtraction", "--moves", "1,3-4", "--upto", "30"]);
    assert!(text.contains("period 7 from position 0, proven"), "{text}");
    assert!(
        text.contains("P-positions of one period: 0 2; gaps 2/5"),
        "{text}"
    );

    // Grundy values, and misère play (Bash: lost at 1 mod 5).
    let sg = json(&["bash", "--m", "2", "--upto", "9", "--sg"]);
    assert_eq!(sg["grundy"], serde_json::json!([0, 1, 2, 0, 1, 2, 0, 1, 2]));
    let misere = json(&["bash", "--m", "4", "--upto", "12", "--misere"]);
    assert_eq!(misere["outcomes"], "NPNNNNPNNNNP");
    assert_eq!(
        (&misere["period"], &misere["proven"]),
        (&5.into(), &true.into())
    );
}

/// Kayles' period (12, from 71) needs 168 values by Guy and Smith's
/// theorem: a shorter table claims none.
#[test]
fn an_octal_period_is_claimed_only_when_proven() {
    let kayles = json(&["octal", "0.77", "--upto", "200"]);
    assert_eq!(
        (&kayles["preperiod"], &kayles["period"], &kayles["proven"]),
        (&71.into(), &12.into(), &true.into())
    );
    let short = json(&["octal", "0.77", "--upto", "160"]);
    assert_eq!(
        (&short["period"], &short["proven"], &short["budget"]),
        (&Value::Null, &false.into(), &Value::Null)
    );
    assert!(
        short["proof"]
            .as_str()
            .unwrap()
            .starts_with("no period found up to 160"),
        "{short}"
    );
}

/// With no `--upto` the table doubles until its period is proven: Kayles
/// from 100 to 200 positions, which the report says.
#[test]
fn kayles_proves_its_period_with_no_upto() {
    let kayles = json(&["octal", "0.77"]);
    assert_eq!(
        (&kayles["upto"], &kayles["budget"], &kayles["proven"]),
        (&200.into(), &12_800.into(), &true.into())
    );
    assert_eq!(
        (&kayles["preperiod"], &kayles["period"]),
        (&71.into(), &12.into())
    );
    let (code, text, err) = lab(&["octal", "0.77"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        text.starts_with("octal, code 0.77, normal play, positions 0..200\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "period 12 from position 71, proven: Guy and Smith: the values match for \
             2·preperiod + period + 2 positions (the table doubled from 100 to 200 positions to \
             prove it)"
        ),
        "{text}"
    );
}

#[test]
fn two_piles_list_their_p_positions() {
    let report = json(&["wythoff", "--upto", "8"]);
    assert_eq!(
        report["p_pairs"],
        serde_json::json!([[0, 0], [1, 2], [3, 5], [4, 7]])
    );
    let fib = json(&["fibonacci", "--upto", "14"]);
    assert_eq!(
        fib["p_positions"],
        serde_json::json!([0, 1, 2, 3, 5, 8, 13])
    );
    let circle = json(&["circle", "--k", "2", "--upto", "6"]);
    assert_eq!(circle["outcomes"], "PNNPPP");
}

/// Several heaps: Nim's P-positions XOR to zero, misère Nim's and merge
/// piles' are the problems' (the `games` crate's tests hold the engine to
/// their references).
#[test]
fn heaps_list_their_p_positions() {
    let nim = json(&["nim", "--heaps", "2", "--upto", "3"]);
    assert_eq!(
        nim["p_heaps"],
        serde_json::json!([[], [1, 1], [2, 2], [3, 3]])
    );
    let misere = json(&["nim", "--heaps", "3", "--upto", "3", "--misere"]);
    assert_eq!(
        misere["p_heaps"],
        serde_json::json!([[1], [1, 1, 1], [2, 2], [3, 3], [1, 2, 3]])
    );
    let merge = json(&["merge-piles", "--upto", "4"]);
    assert_eq!(
        merge["p_heaps"],
        serde_json::json!([[], [2], [1, 1, 1], [4]])
    );
    let (_, text, _) = lab(&["nim", "--heaps", "2", "--upto", "2"]);
    assert!(text.contains("P-positions: () (1 1) (2 2)"), "{text}");
}

#[test]
fn bad_parameters_are_exit_2_saying_what_was_expected() {
    for (args, expected) in [
        (
            &["subtraction", "--moves", "0,2"][..],
            "expected moves of at least 1",
        ),
        (
            &["subtraction", "--moves", "5-2"],
            "expected a-b with a ≤ b",
        ),
        (
            &["subtraction", "--moves", "x"],
            "expected a positive number",
        ),
        (&["octal", "0.78"], "`8` is no octal digit"),
        (&["octal", "77"], "expected `0.` then digits"),
        (&["circle", "--k", "0"], "expected at least 1"),
        (
            &["bash", "--m", "3", "--upto", "100000000000000"],
            "would need about",
        ),
        (&["octal", "0.77", "--misere"], "misère outcome"),
        (&["bash", "--m", "3", "--sg", "--misere"], "normal play's"),
        (
            &["nim", "--heaps", "20", "--upto", "1000"],
            "would need about",
        ),
    ] {
        let (code, out, err) = lab(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// A sweep: a row per parameter set, each with its period proven, grouped
/// by the shape of its gaps.
#[test]
fn a_sweep_shows_the_rule_emerge() {
    let args = [
        "subtraction",
        "--moves",
        "1-a,c-b",
        "--sweep",
        "a=1..2, c=a+2..5, b=c..6",
    ];
    let report = json(&args);
    assert_eq!(report["parameters"], serde_json::json!(["a", "c", "b"]));
    let sets = report["sets"].as_array().unwrap();
    // a = 1: c 3..5, b c..6 (4 + 3 + 2); a = 2: c 4..5 (3 + 2).
    assert_eq!(sets.len(), 14, "{report}");
    assert!(sets.iter().all(|s| s["proven"] == true), "{report}");
    let first = &sets[0];
    assert_eq!(first["values"], serde_json::json!({"a": 1, "c": 3, "b": 3}));
    assert_eq!(first["moves"], serde_json::json!([1, 3]));
    // {1, 3}: P at the even positions.
    assert_eq!(
        (&first["pattern"], &first["shape"]),
        (&"2".into(), &"a+1".into())
    );
    let five = sets
        .iter()
        .find(|s| s["values"] == serde_json::json!({"a": 1, "c": 3, "b": 5}))
        .unwrap();
    assert_eq!(
        (&five["pattern"], &five["shape"]),
        (&"2/6".into(), &"a+1/b+1".into())
    );

    let (code, text, _) = lab(&args);
    assert_eq!(code, 0);
    assert!(text.contains("14 sets"), "{text}");
    assert!(text.contains("gaps a+1/b+1:"), "{text}");
    assert!(
        text.contains("a=1 c=3 b=5: gaps 2/6, period 8 from 0"),
        "{text}"
    );

    // With --sg each row has its Grundy values, and the period is theirs:
    // {1, 3, 4} has values 0 1 0 1 2 3 2, again and again.
    let report = json(&[
        "subtraction",
        "--moves",
        "1,a-b",
        "--sweep",
        "a=3..3, b=4..5",
        "--sg",
        "--upto",
        "100",
    ]);
    let row = &report["sets"][0];
    assert_eq!(row["moves"], serde_json::json!([1, 3, 4]));
    assert_eq!(
        row["grundy"].as_array().unwrap()[..14],
        [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
    );
    assert_eq!(row["p_positions"].as_array().unwrap()[..4], [0, 2, 7, 9]);
    assert_eq!((&row["period"], &row["preperiod"]), (&7.into(), &0.into()));
    assert_eq!(report["sets"][1]["moves"], serde_json::json!([1, 3, 4, 5]));
    let plain = json(&[
        "subtraction",
        "--moves",
        "1,a-b",
        "--sweep",
        "a=3..3, b=4..5",
    ]);
    assert_eq!(plain["sets"][0]["grundy"], Value::Null);

    for (sweep, expected) in [
        ("a=3..1", "no parameter set"),
        ("a=1..3, b=z..4", "`z` is neither"),
    ] {
        let (code, _, err) = lab(&["subtraction", "--moves", "1-a", "--sweep", sweep]);
        assert_eq!(code, 2, "{sweep}");
        assert!(err.contains(expected), "{sweep}: {err}");
    }
    // A set whose moves are no set: named.
    let (code, _, err) = lab(&[
        "subtraction",
        "--moves",
        "c-a",
        "--sweep",
        "a=1..2, c=a+1..3",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("the sweep's set a=1 c=2"), "{err}");
}

/// The squares of the P-positions with their positions, from an SVG.
fn squares(svg: &str, attrs: &[&str]) -> Vec<Vec<usize>> {
    svg.split("<rect class=\"p\"")
        .skip(1)
        .map(|rect| {
            (attrs.iter())
                .map(|a| {
                    let start = rect.find(&format!("{a}=\"")).unwrap() + a.len() + 2;
                    let end = start + rect[start..].find('"').unwrap();
                    rect[start..end].parse().unwrap()
                })
                .collect()
        })
        .collect()
}

/// Whether the SVG draws position `n`'s square at (x, y).
fn svg_rect_at(svg: &str, n: usize, x: usize, y: usize) -> bool {
    svg.contains(&format!("data-n=\"{n}\" x=\"{x}\" y=\"{y}\""))
}

/// The number in the first `name="…"` attribute of `svg` after `from`.
fn attr(svg: &str, from: &str, name: &str) -> usize {
    let at = svg.find(from).unwrap_or_else(|| panic!("no {from}: {svg}"));
    let rest = &svg[at..];
    let start = rest.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let end = start + rest[start..].find('"').unwrap();
    rest[start..end].parse().unwrap()
}

/// A one-heap picture's layout: columns, rows, side, left, top.
fn strip_layout(svg: &str) -> [usize; 5] {
    [
        "data-columns",
        "data-rows",
        "data-side",
        "data-left",
        "data-top",
    ]
    .map(|name| attr(svg, "<g class=\"strip\"", name))
}

/// `--plot`: a square per P-position, each where the table says: a strip,
/// Wythoff's grid (both halves), the circle's plane, a sweep's rows; as
/// SVG, or as PNG pixels.
#[test]
fn plots_draw_the_p_positions_of_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let plot = |args: &[&str], name: &str| {
        let path = dir.path().join(name);
        let all = [args, &["--json", "--plot", path.to_str().unwrap()]].concat();
        let (code, out, err) = lab(&all);
        assert_eq!(code, 0, "{err}");
        let report: Value = serde_json::from_str(&out).unwrap();
        (report, std::fs::read_to_string(path).unwrap())
    };
    let (report, svg) = plot(
        &["subtraction", "--moves", "1,3,4", "--upto", "30"],
        "s.svg",
    );
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    let drawn: Vec<usize> = squares(&svg, &["data-n"])
        .into_iter()
        .map(|s| s[0])
        .collect();
    let lost: Vec<usize> = serde_json::from_value(report["p_positions"].clone()).unwrap();
    assert_eq!(drawn, lost);
    assert!(svg.contains("period 7 from 0, proven"));

    let (_, svg) = plot(&["wythoff", "--upto", "8"], "w.svg");
    let mut drawn = squares(&svg, &["data-a", "data-b"]);
    drawn.sort();
    let expected = [[0, 0], [1, 2], [2, 1], [3, 5], [4, 7], [5, 3], [7, 4]];
    assert_eq!(drawn, expected.map(|p| p.to_vec()));

    let sweep = [
        "subtraction",
        "--moves",
        "1-a",
        "--sweep",
        "a=1..3",
        "--upto",
        "12",
    ];
    let (_, svg) = plot(&sweep, "sweep.svg");
    let drawn = squares(&svg, &["data-set", "data-n"]);
    // Bash 1-a: P at the multiples of a + 1.
    let expected: Vec<Vec<usize>> = (0..3)
        .flat_map(|s| {
            (0..12)
                .filter(move |n| n % (s + 2) == 0)
                .map(move |n| vec![s, n])
        })
        .collect();
    assert_eq!(drawn, expected);

    // The circle's (n, k) plane: with k = 1 the first player loses on even
    // circles, with k ≥ 2 on every circle but those taken whole (n ≤ k).
    let (report, svg) = plot(&["circle", "--k", "3", "--upto", "12"], "circle.svg");
    assert_eq!(report["plane"].as_array().unwrap().len(), 3);
    let drawn = squares(&svg, &["data-k", "data-n"]);
    let expected: Vec<Vec<usize>> = (1..=3)
        .flat_map(|k| {
            (0..12)
                .filter(move |&n| if k == 1 { n % 2 == 0 } else { n == 0 || n > k })
                .map(move |n| vec![k, n])
        })
        .collect();
    assert_eq!(drawn, expected);

    // `.png`: the same picture in pixels, black on each P-position's
    // square (rows of two periods, 14 positions, as the SVG lays them out).
    let path = dir.path().join("s.png");
    let args = ["subtraction", "--moves", "1,3,4", "--upto", "30", "--plot"];
    let (code, _, err) = lab(&[&args[..], &[path.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let svg = plot(&args[..5], "s2.svg").1;
    let [columns, rows, side, left, top] = strip_layout(&svg);
    assert_eq!((columns, rows), (14, 3));
    assert!(svg_rect_at(&svg, 0, left, top));
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let size = (attr(&svg, "<svg", "width"), attr(&svg, "<svg", "height"));
    assert_eq!((info.width as usize, info.height as usize), size);
    let lost = [0, 2, 7, 9, 14, 16, 21, 23, 28];
    for n in 0..30 {
        let (x, y) = (
            left + (n % columns) * side + side / 2,
            top + (n / columns) * side + side / 2,
        );
        let at = (y * info.line_size) + x * 4;
        let rgb = &pixels[at..at + 3];
        match lost.contains(&n) {
            true => assert_eq!(rgb, [0, 0, 0], "position {n}"),
            false => assert_eq!(rgb, [0xee, 0xee, 0xee], "position {n}"),
        }
    }

    // A path that cannot be written is an error naming it, and no report.
    let (code, _, err) = lab(&["bash", "--m", "2", "--plot", "/proc/no/such/plot.svg"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot write the plot /proc/no/such/plot.svg"),
        "{err}"
    );
}

/// Each `<rect` and `<text` of `svg` (the first, the background, left
/// out): its x, y, width and height (0 when it has none).
fn boxes(svg: &str) -> Vec<(&str, [usize; 4])> {
    let tags = svg
        .split('<')
        .filter(|t| t.starts_with("rect ") || t.starts_with("text "));
    tags.skip(1)
        .map(|tag| {
            let tag = &tag[..tag.find('>').unwrap()];
            let number = |name: &str| match tag.find(&format!(" {name}=\"")) {
                Some(_) => attr(tag, tag, name),
                None => 0,
            };
            (
                tag,
                [number("x"), number("y"), number("width"), number("height")],
            )
        })
        .collect()
}

/// The picture, the subtraction game {5, 7} (period 12, 100
/// positions: 9 rows, the last of 4): squares of at least 12 pixels, the
/// rows labelled with their first position and the columns with their
/// residue, a legend, and nothing past the picture's edges (the last row
/// and the legend inside its height), in SVG and in PNG pixels.
#[test]
fn a_subtraction_plot_reads_and_holds_every_row() {
    let dir = tempfile::tempdir().unwrap();
    let (svg_path, png_path) = (dir.path().join("s.svg"), dir.path().join("s.png"));
    for path in [&svg_path, &png_path] {
        let args = [
            "subtraction",
            "--moves",
            "5,7",
            "--plot",
            path.to_str().unwrap(),
        ];
        let (code, _, err) = lab(&args);
        assert_eq!(code, 0, "{err}");
    }
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let [columns, rows, side, left, top] = strip_layout(&svg);
    assert_eq!((columns, rows), (12, 9));
    assert!(side >= 12, "{side}");
    let (width, height) = (attr(&svg, "<svg", "width"), attr(&svg, "<svg", "height"));
    assert!(
        width >= left + columns * side && height >= top + rows * side,
        "{width}×{height}"
    );
    for (tag, [x, y, w, h]) in boxes(&svg) {
        // A text's y is its baseline: leave room for the descenders.
        let h = if tag.starts_with("text") { h + 4 } else { h };
        assert!(
            x + w <= width && y + h <= height,
            "{tag} past {width}×{height}"
        );
    }
    let labels = |class: &str| -> Vec<usize> {
        (svg.split(&format!("<text class=\"{class}\"")).skip(1))
            .map(|t| {
                t[t.find('>').unwrap() + 1..t.find('<').unwrap()]
                    .parse()
                    .unwrap()
            })
            .collect()
    };
    assert_eq!(labels("row"), (0..9).map(|r| r * 12).collect::<Vec<_>>());
    assert_eq!(labels("column"), (0..12).collect::<Vec<_>>());
    assert!(svg.contains(">P: the player to move loses</text>"), "{svg}");
    assert!(
        svg.contains(">not tabulated: position 100 on</text>"),
        "{svg}"
    );
    assert!(
        svg.contains("rows of 12: period 12 from 0, proven"),
        "{svg}"
    );

    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((info.width as usize, info.height as usize), (width, height));
    // The last row: 96 to 99 lost ({5, 7} loses at 0 to 4 modulo 12).
    for n in 96..100 {
        let (x, y) = (left + (n % 12) * side + side / 2, top + 8 * side + side / 2);
        let at = y * info.line_size + x * 4;
        assert_eq!(pixels[at..at + 3], [0, 0, 0], "position {n}");
    }

    // Grundy values are written in their squares, and where the period
    // starts is marked: Kayles, from 71.
    let kayles = dir.path().join("k.svg");
    let (code, _, err) = lab(&["octal", "0.77", "--plot", kayles.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let svg = std::fs::read_to_string(&kayles).unwrap();
    assert_eq!(strip_layout(&svg)[..2], [12, 17]);
    assert!(svg.contains("<g class=\"grundy\""), "{svg}");
    assert!(
        svg.contains("<rect class=\"preperiod\" data-n=\"71\""),
        "{svg}"
    );
    assert!(
        svg.contains(">the period starts: position 71</text>"),
        "{svg}"
    );
}

/// `--emit-tests`: the positions a problem's tests should hold, each with
/// its outcome, which the proven period gives up to `--max`.
#[test]
fn the_positions_to_test_come_with_their_outcomes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("positions.txt");
    let args = [
        "subtraction",
        "--moves",
        "1,3,4",
        "--max",
        "1000",
        "--emit-tests",
    ];
    let (code, _, err) = lab(&[&args[..], &[path.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<(u64, char)> = (text.lines())
        .map(|l| {
            let mut words = l.split_whitespace();
            let n = words.next().unwrap().parse().unwrap();
            (n, words.next().unwrap().chars().next().unwrap())
        })
        .collect();
    // The first period, whole, and the largest of each residue class.
    let positions: Vec<u64> = lines.iter().map(|l| l.0).collect();
    assert_eq!(
        positions,
        [0, 1, 2, 3, 4, 5, 6, 994, 995, 996, 997, 998, 999, 1000]
    );
    // P exactly at 0 and 2 mod 7.
    assert!(
        lines
            .iter()
            .all(|&(n, o)| (o == 'P') == (n % 7 == 0 || n % 7 == 2)),
        "{text}"
    );
    assert!(
        text.contains("994 P  # the largest position of its residue class"),
        "{text}"
    );

    // No proven period, no positions.
    let (code, _, err) = lab(&["fibonacci", "--emit-tests", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--emit-tests needs a one-heap game whose period"),
        "{err}"
    );
}

/// A conjecture for the sweep of `1-a,c-b`: the period is `a + b + 2`
/// (right for {1} ∪ {3, 4}, period 7; wrong where c = b).
const SWEPT_RULE: &str = "import sys\n\
for line in sys.stdin:\n    a, c, b = map(int, line.split())\n    print(a + b + 2)\n";

#[test]
fn a_conjecture_is_held_to_every_set_and_its_counterexample_shrunk() {
    let kit = Kit::new();
    kit.write(
        "rules/bash.py",
        "import sys\nfor line in sys.stdin:\n    print(int(line) + 1)\n",
    );
    let (code, report) = kit.json(&[
        "lab",
        "subtraction",
        "--moves",
        "1-a",
        "--sweep",
        "a=1..20",
        "--conjecture",
        "rules/bash.py",
    ]);
    assert_eq!((code, &report["verdict"]), (0, &"AC".into()));
    let c = &report["conjecture"];
    assert_eq!(
        (&c["predicts"], &c["case"]),
        (&"period".into(), &"a".into())
    );
    assert_eq!(
        (&c["compared"], &c["disagreements"]),
        (&20.into(), &0.into())
    );

    // The first set of the sweep it is wrong on, then one below the sweep's
    // lower end of a (4) that is wrong too. The tables' periods were
    // checked by a separate brute force: {1..4} ∪ {6} has period 5, {1, 5}
    // period 2.
    kit.write("rules/swept.py", SWEPT_RULE);
    let args = [
        "lab",
        "subtraction",
        "--moves",
        "1-a,c-b",
        "--sweep",
        "a=4..10, c=a+2..20, b=c..40",
        "--conjecture",
        "rules/swept.py",
    ];
    let (code, report) = kit.json(&args);
    assert_eq!((code, &report["verdict"]), (1, &"WA".into()));
    let c = &report["conjecture"];
    assert_eq!(
        (&c["compared"], &c["disagreements"]),
        (&2240.into(), &1125.into())
    );
    let disagreement =
        |d: &Value| ["case", "table", "conjecture"].map(|k| d[k].as_str().unwrap().to_string());
    assert_eq!(disagreement(&c["first"]), ["4 6 6", "5", "12"]);
    assert_eq!(disagreement(&c["shrunk"]), ["1 5 5", "2", "8"]);
    assert!(c["tried"].as_u64().unwrap() > 0);
    let run = kit.judge(&[&args[..], &["--html", "lab.html"]].concat());
    assert!(
        run.stdout
            .contains("shrunk `1 5 5`: the table says 2, the conjecture 8"),
        "{}",
        run.stdout
    );
    let page = std::fs::read_to_string(kit.path("lab.html")).unwrap();
    assert!(
        page.contains("<p id=\"conjecture\" data-disagreements=\"1125\">"),
        "{page}"
    );
}

#[test]
fn a_conjecture_may_predict_each_position() {
    let kit = Kit::new();
    // Wythoff's pairs (⌊kφ⌋, ⌊kφ⌋ + k): right on the whole grid.
    kit.write(
        "rules/wythoff.py",
        "import sys\nphi = (1 + 5 ** 0.5) / 2\n\
lost = {(int(k * phi), int(k * phi) + k) for k in range(100)}\n\
for line in sys.stdin:\n    a, b = sorted(map(int, line.split()))\n    \
print('P' if (a, b) in lost else 'N')\n",
    );
    let (code, report) = kit.json(&[
        "lab",
        "wythoff",
        "--upto",
        "40",
        "--conjecture",
        "rules/wythoff.py",
        "--positions",
    ]);
    assert_eq!(code, 0, "{report}");
    let c = &report["conjecture"];
    assert_eq!((&c["case"], &c["compared"]), (&"a b".into(), &1600.into()));

    // Misère Nim taken for Nim: wrong where every heap is 1.
    kit.write(
        "rules/nim.py",
        "import sys\nfrom functools import reduce\nfor line in sys.stdin:\n    \
k, *heaps = map(int, line.split())\n    \
print('P' if reduce(lambda x, y: x ^ y, heaps, 0) == 0 else 'N')\n",
    );
    let (code, report) = kit.json(&[
        "lab",
        "nim",
        "--heaps",
        "3",
        "--upto",
        "6",
        "--misere",
        "--conjecture",
        "rules/nim.py",
        "--positions",
    ]);
    assert_eq!(code, 1, "{report}");
    let c = &report["conjecture"];
    assert_eq!(c["case"], "k h1 … hk");
    // The empty position: the player to move has taken nothing and wins.
    assert_eq!(c["first"]["case"], "0");
    assert_eq!(
        (&c["first"]["table"], &c["first"]["conjecture"]),
        (&"N".into(), &"P".into())
    );

    // A sweep's positions: Bash's P-positions are the multiples of a + 1,
    // said here of a + 2 from a = 3 on.
    kit.write(
        "rules/bash.py",
        "import sys\nfor line in sys.stdin:\n    a, n = map(int, line.split())\n    \
print('P' if n % (a + 1 + (a >= 3)) == 0 else 'N')\n",
    );
    let (code, report) = kit.json(&[
        "lab",
        "subtraction",
        "--moves",
        "1-a",
        "--sweep",
        "a=1..6",
        "--upto",
        "50",
        "--conjecture",
        "rules/bash.py",
        "--positions",
    ]);
    assert_eq!(code, 1, "{report}");
    let c = &report["conjecture"];
    assert_eq!((&c["case"], &c["compared"]), (&"a n".into(), &300.into()));
    // a = 3: 4 is a P-position, the rule says 5.
    assert_eq!(c["first"]["case"], "3 4");
    assert_eq!(c["shrunk"]["case"], "3 4");
}

#[test]
fn a_conjecture_that_fails_or_prints_garbage_is_exit_2() {
    let kit = Kit::new();
    let sweep = [
        "lab",
        "subtraction",
        "--moves",
        "1-a",
        "--sweep",
        "a=1..5",
        "--conjecture",
    ];
    for (name, source, expected) in [
        (
            "crash.py",
            "raise SystemExit('no rule yet')\n",
            "ended with exit code 1: no rule yet",
        ),
        (
            "garbage.py",
            "import sys\nfor i, _ in enumerate(sys.stdin):\n    print('seven' if i == 2 else 2)\n",
            "line 3 of its output (for the case `3`): expected a period (a positive integer), got `seven`",
        ),
        (
            "short.py",
            "print(2)\n",
            "line 2 of its output (for the case `2`): expected a period (a positive integer), and it printed only 1",
        ),
        (
            "long.py",
            "for i in range(9):\n    print(2)\n",
            "printed more than 5 lines",
        ),
        ("broken.c", "int main( {", "broken.c"),
    ] {
        kit.write(&format!("rules/{name}"), source);
        let error = kit.error(&[&sweep[..], &[&format!("rules/{name}")]].concat());
        assert!(error.contains(expected), "{name}: {error}");
    }
    let error = kit.error(&["lab", "bash", "--m", "3", "--conjecture", "rules/crash.py"]);
    assert!(error.contains("expected --positions"), "{error}");

    // Outside a kit there are no languages to compile it with.
    let (code, _, error) = lab(&["bash", "--m", "3", "--conjecture", "x.py", "--positions"]);
    assert_eq!(code, 2);
    assert!(
        error.contains("compiles its program with a kit's languages"),
        "{error}"
    );
}
