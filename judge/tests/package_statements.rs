//! An imported problem's own statements, whatever form its package wrote
//! them in, on small packages written here: a Polygon package whose English
//! statement is in `problem-properties.json` and Chinese one in section
//! files (`legend.tex`, ...), and a legacy ICPC package with
//! `problem_statement/problem.en.tex`.
//! * `judge statement` renders each as the kit's page: the text, the
//!   sections as headings, every formula as MathML (and in a headless
//!   Chromium, slow tier, the formulas laid out as math);
//! * a language the package lacks is an error naming those it has;
//! * exported to another format and imported back, the statements keep
//!   their languages and text (`judge diff` finds none changed, and the
//!   pages read the same);
//! * `judge diff` says which languages each side has, and which
//!   language's text differs, in a line.

use std::path::Path;

use judge::core::browser::Browser;
use scraper::{Html, Selector};
use testkit::kit::Kit;

const PROBLEM_XML: &str = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="1" short-name="stones">
    <names>
        <name language="english" value="Stone Count"/>
        <name language="chinese" value="数石子"/>
    </names>
    <judging input-file="" output-file="">
        <testset name="tests">
            <time-limit>1000</time-limit>
            <memory-limit>268435456</memory-limit>
            <test-count>2</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
                <test method="manual" sample="true"/>
                <test method="manual"/>
            </tests>
        </testset>
    </judging>
    <assets>
        <checker type="testlib"><source path="files/check.c" type="c.gcc"/></checker>
        <validators><validator><source path="files/val.c" type="c.gcc"/></validator></validators>
        <solutions>
            <solution tag="main"><source path="solutions/double.py" type="python.3"/></solution>
        </solutions>
    </assets>
</problem>
"#;

/// Accepts one number from 1 to 10^9 on a line (exit 3 otherwise).
const VALIDATOR_C: &str = "#include <stdio.h>\nint main(void) { long long n; char c; if (scanf(\"%lld%c\", &n, &c) != 2 || c != '\\n' || n < 1 || n > 1000000000LL) return 3; return 0; }\n";

const DOUBLE_PY: &str = "print(2 * int(input()))\n";

/// The English statement, as Polygon keeps its sections.
const PROPERTIES: &str = r#"{
  "name": "Stone Count",
  "legend": "Every pile on the table holds exactly two pebbles.\r\nHow many pebbles lie in $n$ piles, that is $2 \\cdot n$?\r\n\r\n\\begin{itemize}\r\n\\item Piles never move.\r\n\\end{itemize}",
  "input": "A single line holds $n$ ($1 \\le n \\le 10^{9}$).",
  "output": "Print the count of pebbles.",
  "notes": "Three piles hold $\\frac{12}{2}$ pebbles.",
  "interaction": null,
  "sampleTests": []
}"#;

fn write(dir: &Path, files: &[(&str, &str)]) {
    for (rel, text) in files {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn polygon_package(dir: &Path) {
    write(
        dir,
        &[
            ("problem.xml", PROBLEM_XML),
            ("files/check.c", testkit::kit::CHECKER),
            ("files/val.c", VALIDATOR_C),
            ("files/testlib.h", "// the package's own stand-in\n"),
            ("tests/01", "3\n"),
            ("tests/01.a", "6\n"),
            ("tests/02", "1000000000\n"),
            ("tests/02.a", "2000000000\n"),
            ("solutions/double.py", DOUBLE_PY),
            ("statements/english/problem-properties.json", PROPERTIES),
            (
                "statements/.html/english/problem.html",
                "<html><body>Polygon's page</body></html>",
            ),
            ("statements/chinese/name.tex", "数石子\n"),
            (
                "statements/chinese/legend.tex",
                "桌上每堆恰有两颗石子，$n$ 堆共有 $2n$ 颗。\n",
            ),
            (
                "statements/chinese/input.tex",
                "一行，一个整数 $n$（$n \\le 10^{9}$）。\n",
            ),
            ("statements/chinese/output.tex", "输出石子的总数。\n"),
            (
                "statements/russian/legend.tex",
                "В каждой куче лежат два камня.\n",
            ),
        ],
    );
}

/// An output validator in the Kattis protocol: the team's number must be
/// the answer's (exit 42), else 43.
const SAME_C: &str = "#include <stdio.h>\nint main(int argc, char **argv) { long long want, got; FILE *f = fopen(argv[2], \"r\"); if (!f || fscanf(f, \"%lld\", &want) != 1) return 1; return scanf(\"%lld\", &got) == 1 && got == want ? 42 : 43; }\n";

const STATEMENT_TEX: &str = "\\problemname{Stone Count}\n\
Every pile on the table holds exactly two pebbles.\n\
In all there are $$s = \\sum_{i=1}^{n} 2$$ pebbles.\n\
\\section*{Input}\n\
A single line holds $n$, where $1 \\le n \\le 10^{9}$.\n\
\\section*{Output}\n\
Print \\emph{one} number.\n";

fn icpc_package(dir: &Path) {
    write(
        dir,
        &[
            ("problem.yaml", "name: Stone Count\nvalidation: custom\n"),
            ("output_validators/same/same.c", SAME_C),
            (
                "input_validators/check/check.py",
                "import sys\nn = int(sys.stdin.read())\nsys.exit(42 if 1 <= n <= 10**9 else 43)\n",
            ),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/secret/big.in", "1000000000\n"),
            ("data/secret/big.ans", "2000000000\n"),
            ("submissions/accepted/double.py", DOUBLE_PY),
            ("problem_statement/problem.en.tex", STATEMENT_TEX),
        ],
    );
}

/// A throw-away kit, and a folder beside it for packages and pages.
struct Place {
    kit: Kit,
    scratch: tempfile::TempDir,
}

impl Place {
    fn new() -> Place {
        Place {
            kit: Kit::new(),
            scratch: tempfile::tempdir().unwrap(),
        }
    }

    /// A path in the scratch folder.
    fn at(&self, rel: &str) -> std::path::PathBuf {
        self.scratch.path().join(rel)
    }
}

/// Imports `fixture` as `name`.
fn import(place: &Place, fixture: fn(&Path), name: &str) {
    let kit = &place.kit;
    let dir = place.at(&format!("packages/{name}"));
    fixture(&dir);
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", name]);
    assert_eq!(code, 0, "{report}");
}

/// `judge statement NAME --lang LANG`: the page written.
fn page(place: &Place, name: &str, lang: &str) -> String {
    let kit = &place.kit;
    let out = place.at(&format!("pages/{name}.{lang}.html"));
    let args = [
        "statement",
        name,
        "--lang",
        lang,
        "--out",
        out.to_str().unwrap(),
    ];
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{report}");
    std::fs::read_to_string(out).unwrap()
}

/// The differences `judge diff a b` reports whose `what` starts with
/// `statement`, as (what, a, b).
fn statement_differences(kit: &Kit, a: &str, b: &str) -> Vec<(String, String, String)> {
    let (_, diff) = kit.json(&["diff", a, b]);
    let all = diff["differences"]
        .as_array()
        .unwrap_or_else(|| panic!("{diff}"));
    (all.iter())
        .filter(|d| d["what"].as_str().unwrap().starts_with("statement"))
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap().to_string();
            (s("what"), s("a"), s("b"))
        })
        .collect()
}

/// What the English page of either fixture must show: its prose, its
/// sections as headings, formulas as MathML and no TeX left raw.
fn assert_rendered(html: &str, sections: &[&str]) {
    assert!(
        html.contains("Every pile on the table holds exactly two pebbles."),
        "{html}"
    );
    for heading in sections {
        assert!(
            html.contains(&format!("<h2>{heading}</h2>")),
            "{heading}: {html}"
        );
    }
    assert!(
        html.contains("<msup><mn>10</mn><mn>9</mn></msup>"),
        "{html}"
    );
    assert!(html.contains("<mo>≤</mo>"), "{html}");
    assert!(!html.contains("\\le") && !html.contains('$'), "{html}");
    // The samples are the problem's sample test.
    assert!(
        html.contains("<pre class=\"sample-input\">3\n</pre>"),
        "{html}"
    );
}

#[test]
#[ignore = "slow tier: pandoc converts the LaTeX statements"]
fn latex_statements_render_as_the_kits_pages() {
    let place = Place::new();
    let kit = &place.kit;
    import(&place, polygon_package, "stones");
    import(&place, icpc_package, "stonesicpc");

    let en = page(&place, "stones", "en");
    assert_rendered(&en, &["Input", "Output", "Notes"]);
    // The sections, not Polygon's own page, which is there too.
    assert!(!en.contains("Polygon's page"), "{en}");
    assert!(en.contains("<mfrac><mn>12</mn><mn>2</mn></mfrac>"), "{en}");
    assert!(en.contains("<li>"), "{en}");
    let zh = page(&place, "stones", "zh");
    assert!(zh.contains("桌上每堆恰有两颗石子"), "{zh}");
    assert!(zh.contains("<h2>输入格式</h2>"), "{zh}");

    let icpc = page(&place, "stonesicpc", "en");
    assert_rendered(&icpc, &["Input", "Output"]);
    assert!(icpc.contains("<math display=\"block\">"), "{icpc}");
    assert!(
        icpc.contains("<munderover>") || icpc.contains("<msubsup>"),
        "{icpc}"
    );
    assert!(icpc.contains("<em>one</em>"), "{icpc}");

    // English only: no Chinese page is made up.
    let out = place.at("pages/none.html");
    let run = kit.judge(&[
        "statement",
        "stonesicpc",
        "--lang",
        "zh",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_ne!(run.code, Some(0));
    assert!(
        run.stderr.contains("no statement in `zh`; it has `en`"),
        "{}",
        run.stderr
    );
    assert!(!out.exists());
}

#[test]
#[ignore = "slow tier: pandoc converts the LaTeX statements"]
fn statements_go_out_in_each_format_and_come_back() {
    let place = Place::new();
    let kit = &place.kit;
    import(&place, polygon_package, "stones");
    let out = |name: &str| place.at(&format!("out/{name}"));
    let export = |name: &str, format: &str, to: &Path| {
        let to = to.to_str().unwrap();
        let args = ["package", name, "--format", format, "--no-pdf", "--out", to];
        let (code, report) = kit.json(&args);
        assert_eq!(code, 0, "{report}");
        report
    };

    // To Polygon again: its own files, as they are; imported, the same
    // statements.
    export("stones", "polygon", &out("poly"));
    let kept = out("poly").join("statements/english/problem-properties.json");
    assert_eq!(std::fs::read_to_string(kept).unwrap(), PROPERTIES);
    let poly = out("poly");
    let (code, report) = kit.json(&["import", poly.to_str().unwrap(), "--name", "again"]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(statement_differences(kit, "stones", "again"), vec![]);

    // To Hydro, as Markdown: the same pages come back, in both languages.
    let report = export("stones", "hydro", &out("hydro"));
    let md = std::fs::read_to_string(out("hydro").join("stones/problem_en.md")).unwrap();
    assert!(md.contains("## Input"), "{md}");
    assert!(md.contains("$1 \\le n \\le 10^{9}$"), "{md}");
    let hydro = out("hydro").join("stones");
    let (code, again) = kit.json(&["import", hydro.to_str().unwrap(), "--name", "back"]);
    assert_eq!(code, 0, "{again}");
    // The statement itself: Hydro marks no test a sample, so the re-import
    // has no sample box.
    let body = |html: &str| {
        let start = html.find("</header>").unwrap();
        let end = (html.find("<h2>Sample").or(html.find("<h2>样例")))
            .or(html.find("</article>"))
            .unwrap();
        html[start..end].to_string()
    };
    for lang in ["en", "zh"] {
        let (first, back) = (page(&place, "stones", lang), page(&place, "back", lang));
        assert_eq!(body(&first), body(&back), "{lang}");
    }
    let back = page(&place, "back", "en");
    assert!(
        back.contains("<mfrac><mn>12</mn><mn>2</mn></mfrac>"),
        "{back}"
    );
    // The Russian statement goes too (the kit renders a statement in any
    // language) and its page comes back.
    let russian = "В каждой куче лежат два камня.";
    let ru = std::fs::read_to_string(hydro.join("problem_ru.md")).unwrap();
    assert!(ru.contains(russian), "{ru}");
    assert!(page(&place, "back", "ru").contains(russian));
    // The LaTeX of each goes as Markdown: said, as `judge diff` sees their
    // text's form change; nothing else is.
    let warnings = report["warnings"].to_string();
    for lang in ["en", "ru", "zh"] {
        assert!(
            warnings.contains(&format!("the statement in `{lang}` (package/"))
                && warnings.contains("is LaTeX, which this format does not hold"),
            "{lang}: {warnings}"
        );
    }
    assert!(!warnings.contains("is not carried"), "{warnings}");
    let found = statement_differences(kit, "stones", "back");
    let what: Vec<&str> = found.iter().map(|(what, _, _)| what.as_str()).collect();
    assert_eq!(what, ["statement en", "statement ru", "statement zh"]);
    assert!(
        found[0]
            .1
            .starts_with("LaTeX, line 1: `\\problemname{Stone Count}`"),
        "{found:?}"
    );
    assert!(found[0].2.starts_with("Markdown, line 1: "), "{found:?}");
}

#[test]
fn diff_names_the_languages_and_the_statement_that_differs() {
    let place = Place::new();
    let kit = &place.kit;
    import(&place, polygon_package, "stones");
    import(&place, polygon_package, "twin");
    assert_eq!(statement_differences(kit, "stones", "twin"), vec![]);
    // A word of the Chinese legend changed; the English one is gone.
    let legend = kit.path("problems/twin/package/statements/chinese/legend.tex");
    std::fs::write(&legend, "桌上每堆恰有三颗石子，$n$ 堆共有 $3n$ 颗。\n").unwrap();
    std::fs::remove_dir_all(kit.path("problems/twin/package/statements/english")).unwrap();
    std::fs::remove_dir_all(kit.path("problems/twin/package/statements/.html")).unwrap();
    let found = statement_differences(kit, "stones", "twin");
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(
        found[0],
        (
            "statement languages".into(),
            "en, ru, zh".into(),
            "ru, zh".into()
        )
    );
    let (what, a, b) = &found[1];
    assert_eq!(what, "statement zh");
    assert!(a.starts_with("LaTeX, line 2: `桌上每堆恰有两颗石子"), "{a}");
    assert!(b.starts_with("LaTeX, line 2: `桌上每堆恰有三颗石子"), "{b}");
    assert!(!a.contains('\n') && a.len() < 120, "{a}");
}

#[test]
#[ignore = "slow tier: headless Chromium and pandoc"]
fn a_latex_statement_is_laid_out_as_math_in_the_browser() {
    let browser = Browser::find().expect("a headless Chromium (CI installs one)");
    let place = Place::new();
    let kit = &place.kit;
    import(&place, icpc_package, "stonesicpc");
    page(&place, "stonesicpc", "en");
    let html = place.at("pages/stonesicpc.en.html");
    let dom = Html::parse_document(&browser.dom(&html).unwrap());
    let select = |css: &str| -> Vec<String> {
        (dom.select(&Selector::parse(css).unwrap()))
            .map(|e| e.text().collect())
            .collect()
    };
    assert_eq!(select("h1"), vec!["Stone Count".to_string()]);
    assert_eq!(
        select("h2")[..2],
        ["Input".to_string(), "Output".to_string()]
    );
    // Three formulas, each a MathML element the browser parsed as one.
    let math = select("math");
    assert_eq!(math.len(), 3, "{math:?}");
    assert!(
        math.iter().any(|m| m.contains('≤') && m.contains("109")),
        "{math:?}"
    );
    let prose = select("article p").join(" ");
    assert!(prose.contains("holds exactly two pebbles"), "{prose}");
    assert_eq!(select("pre.sample-input"), vec!["3\n".to_string()]);
    // Printed, it is a PDF.
    let pdf = place.at("pages/stonesicpc.en.pdf");
    let args = [
        "statement",
        "stonesicpc",
        "--pdf",
        "--out",
        pdf.to_str().unwrap(),
    ];
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{report}");
    assert!(std::fs::read(pdf).unwrap().starts_with(b"%PDF"));
}
