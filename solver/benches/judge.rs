//! Benchmarks of whole judgements: corpus cases the search settles quickly,
//! and small real end positions from online-go.com. Run with
//! `cargo bench -p kakunin`; the numbers go into BENCHMARKS.md.

use kakunin::case;
use kakunin::status::{Options, judge};
use std::path::{Path, PathBuf};

fn main() {
    divan::main();
}

fn case_board(name: &str) -> kakunin::board::Board {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cases")).join(name);
    case::load(&path).expect("corpus case").board
}

/// Official and classic cases (each settled well inside the default bounds).
#[divan::bench(args = [
    "official/j89-01.yaml",
    "official/j89-05.yaml",
    "official/j89-10.yaml",
    "official/j89-12.yaml",
    "official/j89-14.yaml",
    "official/j89-24.yaml",
    "classic/bent-four-side.yaml",
    "classic/mannen-ko.yaml",
])]
fn corpus_case(bencher: divan::Bencher, name: &str) {
    let board = case_board(name);
    let opts = Options::default();
    bencher.bench(|| judge(divan::black_box(&board), &opts));
}

/// A real 19x19 end position that the local proofs settle completely.
#[divan::bench(sample_count = 20)]
fn ogs_easy_13003398(bencher: divan::Bencher) {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/data/ogs-score-estimator/test_games/easy/13003398.game"
    ));
    let Ok(game) = kakunin::ogs::load(path) else {
        eprintln!("skipped: {} is not there", path.display());
        return;
    };
    let opts = Options::default();
    bencher.bench(|| judge(divan::black_box(&game.board), &opts));
}

/// A wall around an empty strip two rows deep along the edge, the wide
/// areas of real endings at their simplest: the wall lives by the local
/// proof on its cut-out, whose search grows quickly with the length
/// (research/zones/README.md).
#[divan::bench(args = [5, 6, 7], sample_count = 10)]
fn edge_strip(bencher: divan::Bencher, length: usize) {
    let empty = vec!["."; length].join(" ");
    let wall = vec!["X"; length].join(" ");
    let board = kakunin::board::Board::from_rows(&[&empty, &empty, &wall]).expect("board");
    let opts = Options::default();
    bencher.bench(|| judge(divan::black_box(&board), &opts));
}
