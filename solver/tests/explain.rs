//! The `explain`, `render` and `report` commands as a user runs them: what
//! they print and write, and the clear errors on bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn case(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../cases")
        .join(rel)
}

/// Runs kakunin. j89-07-1 needs the default bounds to decide its white
/// group (a few seconds); other cases get a small node bound.
fn kakunin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kakunin"))
        .args(args)
        .output()
        .expect("run kakunin")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kakunin-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn explain_draws_every_disputed_string_with_numbered_diagrams() {
    let f = case("official/j89-07-1.yaml");
    let o = kakunin(&["explain", f.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    // The three black stones: White cannot capture them.
    assert!(
        text.contains("Black A5 B5 C5 [3]: alive: the opponent, moving first, cannot capture it"),
        "{text}"
    );
    // The seven white stones: captured, and no new white stone survives.
    assert!(
        text.contains("White E5 B4 C4 D4 E4 A3 B3 [7]: dead"),
        "{text}"
    );
    assert!(
        text.contains("Line 2: Black captures the white string."),
        "{text}"
    );
    assert!(
        text.contains("Line 3: After the capture no new white stone survives."),
        "{text}"
    );
    // Diagrams carry coordinates and numbers; captures are listed.
    assert!(text.contains("     A  B  C  D  E  F  G"), "{text}");
    assert!(text.contains("captures 4 stones"), "{text}");
    // The pass-alive black wall is not disputed: two strings only.
    let strings = text
        .lines()
        .filter(|l| l.starts_with("Black ") || l.starts_with("White "))
        .count();
    assert_eq!(strings, 2, "{text}");
}

#[test]
fn explain_lists_ko_passes_and_takes() {
    let f = case("official/j89-10.yaml");
    let o = kakunin(&[
        "explain",
        f.to_str().expect("utf-8"),
        "--max-nodes",
        "20000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("passes (lifts the ko ban)"), "{text}");
    assert!(text.contains("takes the ko"), "{text}");
}

#[test]
fn explain_point_keeps_one_string_and_its_line_numbers() {
    let f = case("official/j89-07-1.yaml");
    let o = kakunin(&["explain", f.to_str().expect("utf-8"), "--point", "c4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("White E5 B4 C4 D4 E4 A3 B3 [7]"), "{text}");
    assert!(!text.contains("Black A5 B5 C5"), "{text}");
    assert!(
        text.contains("Line 2:") && !text.contains("Line 1:"),
        "{text}"
    );
    let wall = kakunin(&["explain", f.to_str().expect("utf-8"), "--point", "G1"]);
    assert!(wall.status.success(), "{}", stderr(&wall));
    assert!(stdout(&wall).contains("pass-alive"), "{}", stdout(&wall));
}

#[test]
fn explain_and_render_refuse_bad_input_by_name() {
    let f = case("official/j89-07-1.yaml");
    let f = f.to_str().expect("utf-8");
    let cases: [(&[&str], &str); 6] = [
        (&["explain", f, "--point", "Z99"], "--point Z99"),
        (
            &["explain", f, "--point", "D5"],
            "--point D5: no stone there",
        ),
        (&["explain", "no/such/case.yaml"], "no/such/case.yaml"),
        (&["render", f], "render needs --svg FILE or --png FILE"),
        (
            &["render", f, "--line", "99", "--svg", "/dev/null"],
            "--line 99",
        ),
        (
            &["render", "no/such/case.yaml", "--png", "/dev/null"],
            "no/such/case.yaml",
        ),
    ];
    for (args, want) in cases {
        let o = kakunin(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        let err = stderr(&o);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn render_writes_svg_and_png_for_verdict_expected_and_line() {
    let dir = scratch("render");
    let f = case("classic/mannen-ko.yaml");
    let f = f.to_str().expect("utf-8");
    for (extra, name) in [
        (&[][..], "verdict"),
        (&["--expected"][..], "expected"),
        (&["--line", "1"][..], "line"),
    ] {
        let svg = dir.join(format!("{name}.svg"));
        let png = dir.join(format!("{name}.png"));
        let mut args = vec!["render", f, "--max-nodes", "20000"];
        args.extend(["--svg", svg.to_str().expect("utf-8")]);
        args.extend(["--png", png.to_str().expect("utf-8")]);
        args.extend(extra);
        let o = kakunin(&args);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let text = std::fs::read_to_string(&svg).expect("svg written");
        assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(text.contains(">A</text>"), "{name}: the label A is drawn");
        let bytes = std::fs::read(&png).expect("png written");
        assert!(bytes.starts_with(b"\x89PNG"), "{name}: a PNG");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn report_writes_one_self_contained_page() {
    let dir = scratch("report");
    let out = dir.join("page");
    let f = case("official/j89-07-1.yaml");
    let o = kakunin(&[
        "report",
        f.to_str().expect("utf-8"),
        "--out",
        out.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let files: Vec<_> = std::fs::read_dir(&out)
        .expect("out folder")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(files, vec!["index.html"], "one file, pictures inline");
    let html = std::fs::read_to_string(out.join("index.html")).expect("page");
    assert!(html.contains("<h2>j89-07-1: Bent four in the corner</h2>"));
    assert!(html.contains("Provenance: reconstructed"));
    assert!(
        html.contains("kakunin agrees with the expected verdict"),
        "{html}"
    );
    assert!(
        html.contains("Line 3: After the capture no new white stone survives (White plays 1).")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn time_bounds_that_are_not_seconds_are_refused_by_name() {
    let f = case("official/j89-01.yaml");
    for flag in ["--max-seconds", "--max-position-seconds"] {
        for bad in ["nan", "inf", "1e30", "abc"] {
            let o = kakunin(&["judge", flag, bad, f.to_str().expect("utf-8")]);
            assert_eq!(o.status.code(), Some(2), "{flag} {bad}");
            let e = stderr(&o);
            assert!(
                e.contains(&format!("invalid value '{bad}' for '{flag}")),
                "{flag} {bad}: {e}"
            );
        }
    }
    let o = kakunin(&[
        "compare",
        "--engine",
        "true",
        "--timeout",
        "nan",
        f.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("invalid value 'nan' for '--timeout"));
    // A long but finite bound is fine.
    let o = kakunin(&["judge", "--max-seconds", "1e9", f.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn check_symmetries_runs_every_case_in_its_sixteen_images() {
    let f = case("classic/bent-four-side.yaml");
    let o = kakunin(&["check", "--symmetries", f.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("ok ")).collect();
    assert_eq!(lines.len(), 16, "{out}");
    assert!(out.contains("ok   bent-four-side [identity]"), "{out}");
    assert!(
        out.contains("ok   bent-four-side [transpose+flip-x+flip-y+swap-colours]"),
        "{out}"
    );
    // Black's six points become White's when the colours are swapped.
    assert_eq!(out.matches("result B+6").count(), 8, "{out}");
    assert_eq!(out.matches("result W+6").count(), 8, "{out}");
    assert!(out.contains("16 passed, 0 failed"), "{out}");
}
