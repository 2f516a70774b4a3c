//! `kakunin compare` against GNU Go (installed by `.ci/run` from Debian).
//! GNU Go judges by shape and playing strength, kakunin by the 1989 rules,
//! so they may differ; what must hold is that the comparison runs, skips
//! what GTP cannot express, and that where they differ on a corpus case
//! kakunin's side is the case's official verdict.

use kakunin::case::{self, Mark};
use std::path::{Path, PathBuf};
use std::process::Command;

const GNUGO: &str = "/usr/games/gnugo";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn compare(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kakunin"))
        .arg("compare")
        .args([
            "--engine",
            &format!("{GNUGO} --mode gtp"),
            "--timeout",
            "60",
        ])
        .args(args)
        .current_dir(root())
        .output()
        .expect("run kakunin compare");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "stderr: {stderr}");
    (
        out.status.code(),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

fn gnugo_present() -> bool {
    let there = Path::new(GNUGO).exists();
    if !there {
        eprintln!(
            "NOTICE: {GNUGO} is absent; install it with `apt-get install -y gnugo` (CI does)"
        );
    }
    there
}

#[test]
fn disagreements_with_gnugo_on_corpus_cases_side_with_the_official_verdict() {
    if !gnugo_present() {
        return;
    }
    let files = [
        "cases/official/j89-09.yaml",
        "cases/official/j89-22.yaml",
        "cases/official/j89-24.yaml",
        "cases/classic/bent-four-corner.yaml",
    ];
    let mut args = vec!["--max-nodes", "100000"];
    args.extend(files);
    let (code, out) = compare(&args);
    println!("{out}");
    assert_eq!(code, Some(0), "without --fail-on-diff the status is 0");
    let summary = out.lines().last().unwrap_or_default();
    assert!(
        summary.starts_with("compared 3 file(s) with GNU Go: ")
            && summary.ends_with(", 1 file(s) skipped"),
        "{summary}"
    );
    assert!(
        out.contains("bent-four-corner.yaml: skipped: a 7x5 board: GTP boards are square"),
        "{out}"
    );
    // Every disagreement line names kakunin's verdict: it must be the
    // official one of the case's expect overlay.
    let mut file = None;
    let mut checked = 0;
    for line in out.lines() {
        if let Some((f, _)) = line.split_once(".yaml: ") {
            file = Some(case::load(&root().join(format!("{f}.yaml"))).unwrap());
            continue;
        }
        let Some((head, verdicts)) = line.trim_start().split_once("]: kakunin ") else {
            continue;
        };
        let c = file.as_ref().expect("a file line first");
        let stone = head.split_whitespace().nth(1).expect("a stone");
        let p = c.board.geometry().parse_point(stone).unwrap();
        let want = match c.expect.as_ref().expect("an expect overlay")[p as usize] {
            Mark::Dead => "dead",
            Mark::Seki => "seki",
            _ => "alive",
        };
        let ours = verdicts.split(',').next().unwrap_or_default();
        assert_eq!(ours, want, "{}: {line}", c.id);
        checked += 1;
    }
    assert!(
        checked > 0,
        "GNU Go 3.8 misjudges example 9 and example 24's seki"
    );
    // The witness line comes with each disagreement.
    assert!(
        out.contains("white captures the black string: white first: A6"),
        "{out}"
    );
    let (code, by_sgf) = compare(&["--fail-on-diff", "--max-nodes", "100000", files[2]]);
    assert_eq!(code, Some(1), "--fail-on-diff with disagreements");
    // One play per stone gives GNU Go the same position as loadsgf.
    let (_, by_play) = compare(&["--setup", "play", "--max-nodes", "100000", files[2]]);
    assert_eq!(by_play, by_sgf);
}

#[test]
fn a_kgs_record_is_loaded_by_both_engines_alike() {
    if !gnugo_present() {
        return;
    }
    let game = "../shared/data/gnugo-kgs/GNU-tadf.sgf";
    let (code, out) = compare(&["--max-nodes", "2000", game]);
    println!("{out}");
    assert_eq!(code, Some(0));
    // Not skipped: GNU Go's stones after loadsgf (list_stones) are the
    // stones of kakunin's replay.
    assert!(out.starts_with(&format!("{game}: 26 string(s), ")), "{out}");
    assert!(out.ends_with("0 file(s) skipped\n"), "{out}");
}

#[test]
fn a_missing_engine_is_a_clear_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_kakunin"))
        .args(["compare", "--engine", "/no/such/engine", "x.sgf"])
        .output()
        .expect("run kakunin compare");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot start engine \"/no/such/engine\""),
        "{err}"
    );
}
