//! The shortcuts agree with the plain search on positions nobody chose:
//! random playouts on small boards, stopped at a random move, judged once
//! with every shortcut (local proofs on cut-out boards, the miai rule, and
//! the Benson endings they lean on, guards included, the df-pn search and
//! the rule for areas too small for two eyes, walls that live by
//! answering, skipped and sealed new-stone questions) and once without
//! any of them. Wherever both decide a string, they
//! give it the same status. (`tests/shortcuts.rs` does the same on the
//! corpus and real positions; these boards reach shapes neither holds.)
//! Each board's image under one of the 16 transforms (the 8 symmetries,
//! with and without the colour swap) gets the same decided statuses too.
//!
//! `cargo test` runs a small fixed sweep. A longer one:
//! `SHORTCUT_SWEEP=N SHORTCUT_SEED=S cargo test --release --test
//! shortcuts_random -- --ignored --nocapture` (`SHORTCUT_NODES` the node
//! bound per string, `SHORTCUT_SIZES=9x7,9x9` other board sizes,
//! `SHORTCUT_VERBOSE` to print each board).

mod common;

use common::{Rng, env_or};
use kakunin::board::{Board, Color, Geometry, Point};
use kakunin::confirm::Limits;
use kakunin::cycle::Cycles;
use kakunin::ko::{KoBan, PassRule};
use kakunin::status::{Options, Status, judge};
use kakunin::symmetry::Transform;
use std::time::Duration;

/// The options of board `i`: every fourth board is judged with every
/// ban lifted by one pass, every fourth with the point reading of the ban
/// and the literal reading of cycles (the switches of RULES-MODEL.md),
/// since the shortcuts must hold under each.
fn options(i: usize, nodes: u64, shortcuts: bool) -> Options {
    let (pass_rule, ko_ban, cycles) = match i % 4 {
        2 => (PassRule::AllBans, KoBan::Retake, Cycles::Article1),
        3 => (PassRule::OneBan, KoBan::Point, Cycles::Literal),
        _ => (PassRule::OneBan, KoBan::Retake, Cycles::Article1),
    };
    Options {
        pass_rule,
        ko_ban,
        cycles,
        limits: Limits {
            nodes,
            time: Duration::from_secs(30),
            deadline: None,
        },
        position_time: None,
        line_len: 4,
        own_dead_stone: kakunin::territory::OwnDeadStone::Region,
        local: shortcuts,
        miai: shortcuts,
        proof_number: shortcuts,
        cramped: shortcuts,
        secure: shortcuts,
        settling: shortcuts,
        sealed: shortcuts,
    }
}

/// Whether `p` is an eye-like point of `color`: every neighbour is its
/// stone. Playouts do not fill those, so groups keep their eyes and the
/// positions look like endings (living groups, territories, dead stones
/// inside them) rather than a full board.
fn own_eye(board: &Board, p: Point, color: Color) -> bool {
    board
        .geometry()
        .neighbors(p)
        .iter()
        .all(|&q| board.color(q) == Some(color))
}

/// A random playout of `moves` moves on a `w`x`h` board, Black first; a
/// side with no legal non-eye move passes.
fn playout(rng: &mut Rng, w: usize, h: usize, moves: usize) -> Board {
    let geo = Geometry::new(w, h).expect("a board size");
    let mut board = Board::empty(geo.clone());
    let mut color = Color::Black;
    for _ in 0..moves {
        let mut points: Vec<Point> = geo
            .points()
            .filter(|&p| board.is_empty_at(p) && !own_eye(&board, p, color))
            .collect();
        let mut played = false;
        while !points.is_empty() {
            let p = points.swap_remove(rng.below(points.len() as u64) as usize);
            if board.play(p, color).is_ok() {
                played = true;
                break;
            }
        }
        if !played {
            board.pass();
        }
        color = color.opponent();
    }
    // The game stopped: no ko point is pending.
    board.pass();
    board
}

/// The sizes of the fixed sweep.
const SIZES: &[(usize, usize)] = &[(5, 5), (6, 5), (6, 6), (7, 5), (7, 6)];

/// The boards of a sweep: sizes drawn from `sizes`, stopped between two
/// thirds of the points and about as many moves as there are points.
fn boards(count: usize, seed: u64, sizes: &[(usize, usize)]) -> Vec<Board> {
    let mut rng = Rng(seed);
    (0..count)
        .map(|_| {
            let (w, h) = sizes[rng.below(sizes.len() as u64) as usize];
            let n = w * h;
            let moves = 2 * n / 3 + rng.below((n / 2) as u64) as usize;
            playout(&mut rng, w, h, moves)
        })
        .collect()
}

/// What a sweep saw.
#[derive(Default, Debug)]
struct Tally {
    strings: usize,
    both: usize,
    with_only: usize,
    without_only: usize,
    /// Strings decided both on the board and on one of its images.
    image_both: usize,
}

/// Judges each board both ways, and one of its 16 images (symmetry and
/// colour swap) with the shortcuts, and fails on the first string whose
/// decided statuses differ.
fn sweep(count: usize, seed: u64, nodes: u64, sizes: &[(usize, usize)]) -> Tally {
    let mut t = Tally::default();
    let transforms = Transform::all();
    let verbose = std::env::var_os("SHORTCUT_VERBOSE").is_some();
    for (i, board) in boards(count, seed, sizes).iter().enumerate() {
        if verbose {
            eprintln!("board {i}\n{board:?}");
        }
        let with = judge(board, &options(i, nodes, true));
        let without = judge(board, &options(i, nodes, false));
        for s in &with.strings {
            t.strings += 1;
            let other = without
                .status_at(s.points[0])
                .unwrap_or_else(|| panic!("board {i}: {:?} has no plain verdict", s.stones));
            match (s.status, other) {
                (Status::Unknown, Status::Unknown) => {}
                (Status::Unknown, b) => {
                    if verbose {
                        eprintln!(
                            "board {i}: {:?} is {b:?} only without the shortcuts",
                            s.stones
                        );
                    }
                    t.without_only += 1;
                }
                (_, Status::Unknown) => t.with_only += 1,
                (a, b) => {
                    assert_eq!(
                        a, b,
                        "seed {seed}, board {i}: {:?} is {a:?} with the shortcuts ({:?}) \
                         and {b:?} without\n{board:?}",
                        s.stones, s.reason
                    );
                    t.both += 1;
                }
            }
        }
        let tr = &transforms[(i / 4 + i) % transforms.len()];
        let image = tr.board(board);
        let seen = judge(&image, &options(i, nodes, true));
        for s in &with.strings {
            let p = tr.point(board.geometry(), image.geometry(), s.points[0]);
            let other = seen
                .status_at(p)
                .unwrap_or_else(|| panic!("board {i}: {:?} has no image", s.stones));
            if s.status != Status::Unknown && other != Status::Unknown {
                assert_eq!(
                    s.status, other,
                    "seed {seed}, board {i}: {:?} is {:?}, and {other:?} in image {tr:?}\n{board:?}",
                    s.stones, s.status
                );
                t.image_both += 1;
            }
        }
    }
    t
}

#[test]
fn the_shortcuts_agree_with_the_plain_search_on_random_playouts() {
    let t = sweep(24, 1, 20_000, SIZES);
    eprintln!("{t:?}");
    assert!(
        t.both * 2 >= t.strings,
        "only {} of {} strings decided both ways",
        t.both,
        t.strings
    );
}

#[test]
#[ignore = "long: run with SHORTCUT_SWEEP=N"]
fn shortcut_sweep() {
    let sizes: Vec<(usize, usize)> = match std::env::var("SHORTCUT_SIZES") {
        Ok(spec) => spec
            .split(',')
            .map(|t| {
                let (w, h) = t.split_once('x').expect("SHORTCUT_SIZES: WxH,WxH,...");
                (w.parse().expect("a width"), h.parse().expect("a height"))
            })
            .collect(),
        Err(_) => SIZES.to_vec(),
    };
    let t = sweep(
        env_or("SHORTCUT_SWEEP", 300) as usize,
        env_or("SHORTCUT_SEED", 2),
        env_or("SHORTCUT_NODES", 50_000),
        &sizes,
    );
    eprintln!("{t:?}");
}
