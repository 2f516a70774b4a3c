//! The shortcuts for Benson's algorithm in the search (over the search's
//! region only, `region::SafetyBase`; the parent's answer,
//! `region::same_after_opponent_stone` and `region::same_after_own_stone`)
//! give exactly the answers of the full algorithm: every answer they give in
//! real searches is checked against the full one (a difference panics the
//! search). Positions: the corpus, the real 19x19 end positions of
//! `../shared/data` when present, and end positions of random games.

use kakunin::board::{Board, Color, Geometry, Point};
use kakunin::confirm::Limits;
use kakunin::region::{safety_checks, set_verify_safety};
use kakunin::status::{Options, judge};
use std::path::PathBuf;
use std::time::Duration;

fn options(nodes: u64) -> Options {
    Options {
        limits: Limits {
            nodes,
            time: Duration::from_secs(60),
            deadline: None,
        },
        line_len: 2,
        ..Options::default()
    }
}

/// Judges `boards` with every region answer checked; returns the checks.
fn checked(boards: &[Board], nodes: u64) -> u64 {
    set_verify_safety(true);
    let before = safety_checks();
    for b in boards {
        let _ = judge(b, &options(nodes));
    }
    safety_checks() - before
}

#[test]
fn region_benson_agrees_on_the_corpus() {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cases"));
    let (positions, errors) = kakunin::bench::positions(&[root]);
    assert!(errors.is_empty(), "{errors:?}");
    let boards: Vec<Board> = positions.into_iter().map(|p| p.board).collect();
    assert!(checked(&boards, 5_000) > 10_000);
}

#[test]
fn region_benson_agrees_on_real_19x19_positions() {
    let data = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data"));
    let sets = [
        data.join("ogs-score-estimator/test_games"),
        data.join("gnugo-kgs"),
    ];
    let sets: Vec<PathBuf> = sets.into_iter().filter(|p| p.exists()).collect();
    if sets.is_empty() {
        eprintln!("no real positions under {}: skipped", data.display());
        return;
    }
    let (positions, _) = kakunin::bench::positions(&sets);
    // Every third position, at a small bound: the check doubles the work.
    let boards: Vec<Board> = positions.into_iter().step_by(3).map(|p| p.board).collect();
    assert!(checked(&boards, 300) > 10_000);
}

/// A random game on `size`x`size` after `moves` moves, or at its end:
/// random legal moves that do not fill a point whose neighbours are all the
/// mover's, until both pass.
fn random_game(size: usize, seed: u64, moves: usize) -> Board {
    let geo = Geometry::new(size, size).unwrap();
    let mut board = Board::empty(geo.clone());
    let mut state = seed;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut color = Color::Black;
    let mut passes = 0;
    for _ in 0..moves {
        let mut pts: Vec<Point> = geo
            .points()
            .filter(|&p| {
                board.is_empty_at(p)
                    && !geo
                        .neighbors(p)
                        .iter()
                        .all(|&q| board.color(q) == Some(color))
            })
            .collect();
        let mut played = false;
        while !pts.is_empty() {
            let i = (next() % pts.len() as u64) as usize;
            let p = pts.swap_remove(i);
            if board.play(p, color).is_ok() {
                played = true;
                break;
            }
        }
        if played {
            passes = 0;
        } else {
            board.pass();
            passes += 1;
            if passes == 2 {
                break;
            }
        }
        color = color.opponent();
    }
    board
}

#[test]
fn region_benson_agrees_on_random_games() {
    let boards: Vec<Board> = (1..=30u64)
        .map(|s| {
            let size = [7, 9, 13][s as usize % 3];
            // One game in three stopped in the middle.
            let moves = if s % 3 == 1 {
                size * size / 2
            } else {
                4 * size * size
            };
            random_game(size, s * 0x9E37_79B9, moves)
        })
        .collect();
    assert!(checked(&boards, 2_000) > 1_000);
}
