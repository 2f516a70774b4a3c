//! The fight grows by the stones the string itself takes (RULES-MODEL.md,
//! new-stone game; official example 4): after a string S is captured, a new
//! stone of its owner counts where S stood, where the opposing strings
//! touching S stood, in their eye space, and where opposing stones of the
//! stopped position stood that S captured on the way to its capture.

use kakunin::board::{Board, Color};
use kakunin::confirm::Limits;
use kakunin::status::{Options, Reason, Status, StringVerdict, judge};
use std::time::Duration;

/// The white stone C6 has the liberties C5 and D6; the lone black stone D5
/// shares them, and the black stone E6 inside the live white group on the
/// right is in atari at D6. Black's only capture of C6 is C5 (D5 joins the
/// live black group), White D6 takes E6 and joins C6, Black E6 takes the
/// two. White then retakes E6 at D6 and connects at E6: his new stones stand
/// where the stone C6 took stood, joined to his live group. Black D6 first
/// is a self-atari of three stones (White C5 takes them).
const TAKES: [&str; 6] = [
    ". X O . X O .",
    "X X . X O O O",
    "X X X O O . O",
    "X X X O O O O",
    ". X X O . O .",
    "X X X O O O O",
];

fn opts() -> Options {
    Options {
        limits: Limits {
            nodes: 200_000,
            time: Duration::from_secs(60),
            deadline: None,
        },
        ..Options::default()
    }
}

fn verdict(board: &Board, name: &str) -> StringVerdict {
    let p = board.geometry().parse_point(name).expect("a point");
    judge(board, &opts())
        .strings
        .into_iter()
        .find(|s| s.points.contains(&p))
        .expect("a string")
}

#[test]
fn a_new_stone_where_a_taken_stone_stood_keeps_the_string_alive() {
    let board = Board::from_rows(&TAKES).expect("a board");
    let c6 = verdict(&board, "C6");
    assert_eq!(c6.color, Color::White);
    assert_eq!(c6.status, Status::Alive);
    assert_eq!(c6.reason, Reason::NewStone);
    // The capture goes through White's capture of E6, and White's new
    // stones end on E6.
    assert_eq!(c6.witness[0].moves, ["C5", "D6", "E6"]);
    assert_eq!(
        c6.witness[1].moves.last().map(String::as_str),
        Some("E6"),
        "{:?}",
        c6.witness[1]
    );
    // The stone E6 itself is dead: White takes it, and Black's retake at E6
    // stands in White's area.
    assert_eq!(verdict(&board, "E6").status, Status::Dead);
    assert_eq!(verdict(&board, "D5").status, Status::Alive);
}

#[test]
fn the_colour_swapped_board_gives_the_swapped_verdict() {
    let rows: Vec<String> = TAKES
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'X' => 'O',
                    'O' => 'X',
                    c => c,
                })
                .collect()
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let board = Board::from_rows(&rows).expect("a board");
    let c6 = verdict(&board, "C6");
    assert_eq!(c6.color, Color::Black);
    assert_eq!(c6.status, Status::Alive);
    assert_eq!(c6.reason, Reason::NewStone);
}
