//! Every shortcut of the search agrees with the plain search: on every
//! corpus case, and on real OGS end positions, the verdicts with local
//! proofs on cut-out boards equal those of the whole-component search
//! wherever both decide.

use kakunin::board::Board;
use kakunin::case;
use kakunin::confirm::Limits;
use kakunin::status::{Options, Status, judge};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn options(local: bool) -> Options {
    Options {
        limits: Limits {
            nodes: 20_000,
            time: Duration::from_secs(30),
        },
        line_len: 4,
        local,
        ..Options::default()
    }
}

/// Strings decided both ways, after checking that they agree.
fn agree(name: &str, board: &Board) -> usize {
    let with = judge(board, &options(true));
    let without = judge(board, &options(false));
    let mut both = 0;
    for s in &with.strings {
        let Some(other) = without.status_at(s.points[0]) else {
            panic!("{name}: string {:?} missing without local proofs", s.stones);
        };
        if s.status != Status::Unknown && other != Status::Unknown {
            assert_eq!(
                s.status, other,
                "{name}: {:?} is {:?} with local proofs ({:?}) and {other:?} without",
                s.stones, s.status, s.reason
            );
            both += 1;
        }
    }
    both
}

#[test]
fn local_proofs_agree_with_the_whole_search_on_the_corpus() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cases"));
    let mut compared = 0;
    for path in case::find(&[root]).expect("the corpus") {
        let c = case::load(&path).unwrap_or_else(|e| panic!("{e}"));
        compared += agree(&c.id, &c.board);
    }
    assert!(compared > 50, "only {compared} strings decided both ways");
}

#[test]
fn local_proofs_agree_with_the_whole_search_on_small_real_positions() {
    // The pattern positions, and the 9x9 endings whose groups live on big
    // territories (cut out alone, `local::lone_clusters`).
    for folder in ["patterns", "no_removals"] {
        let root = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/ogs-score-estimator/test_games"
        ))
        .join(folder);
        let Ok(dir) = std::fs::read_dir(&root) else {
            eprintln!("skipped: {} is not there", root.display());
            continue;
        };
        let mut files: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for f in files {
            let g = kakunin::ogs::load(&f).unwrap_or_else(|e| panic!("{e}"));
            agree(&f.display().to_string(), &g.board);
        }
    }
}
