//! `kakunin compare` with kakunin's own GTP engine as the other engine: both
//! sides search with the same bounds, so they must agree on every string,
//! whether the position goes over by `loadsgf` or by one `play` per stone,
//! from a case, an SGF record or an OGS end position.

use std::path::Path;
use std::process::Command;

fn compare(setup: &str, files: &[&str]) -> String {
    let (code, text) = run(setup, files);
    assert_eq!(code, Some(0), "{text}");
    text
}

/// Runs `kakunin compare --fail-on-diff` against kakunin's own GTP engine:
/// the exit status and the report (with stderr after it).
fn run(setup: &str, files: &[&str]) -> (Option<i32>, String) {
    let bin = env!("CARGO_BIN_EXE_kakunin");
    let out = Command::new(bin)
        .args([
            "compare",
            "--engine",
            &format!("\"{bin}\" gtp --max-nodes 2000"),
            "--max-nodes",
            "2000",
            "--setup",
            setup,
            "--fail-on-diff",
        ])
        .args(files)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."))
        .output()
        .expect("run kakunin compare");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    (
        out.status.code(),
        format!("{text}{}", String::from_utf8_lossy(&out.stderr)),
    )
}

/// A file kakunin cannot read is bad input: the others are compared, and
/// the exit status is 2, so a gate never passes with nothing compared.
#[test]
fn an_unreadable_file_fails_the_comparison() {
    let (code, text) = run("sgf", &["cases/official/j89-09.yaml", "no/such/file.sgf"]);
    assert_eq!(code, Some(2), "{text}");
    assert!(text.contains("no/such/file.sgf: skipped: "), "{text}");
    assert!(text.contains("compared 1 file(s)"), "{text}");
}

#[test]
fn kakunin_agrees_with_itself_by_loadsgf_and_by_play() {
    let files = [
        "cases/official/j89-09.yaml",
        "cases/official/j89-24.yaml",
        "../shared/data/gnugo-kgs/GNU-tadf.sgf",
        "../shared/data/ogs-score-estimator/test_games/hard/12249646.game",
    ];
    for setup in ["sgf", "play"] {
        let out = compare(setup, &files);
        let summary = out.lines().last().unwrap_or_default();
        assert!(
            summary.starts_with("compared 4 file(s) with kakunin: ")
                && summary.contains(", 0 disagreement(s) in 0 file(s), ")
                && summary.ends_with(", 0 file(s) skipped"),
            "{setup}: {out}"
        );
    }
}
