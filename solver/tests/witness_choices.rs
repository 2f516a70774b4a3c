//! The choices a witness line makes (`Engine::witness_line`): the defender
//! does not end his loss at once by a move after which a static rule
//! settles it, while a move that lets the play go on loses too; and after
//! a capture, the owner's failed try at a new stone is a stone where his
//! captured string stood.

use kakunin::board::Board;
use kakunin::confirm::Limits;
use kakunin::status::{Options, Status, StringVerdict, judge};
use kakunin::symmetry::Transform;
use std::time::Duration;

/// cases/basic/seki-bent-three-vital-stone.yaml: the white stone A1 stands
/// on the vital point of Black's bent three in a seki. Black B1 puts it in
/// atari. White's F1 then fills his own eye, after which the stone stands
/// in Black's unconditional territory: a static rule settles the capture
/// at once, but it is no resistance, and the line must show Black's A2.
const SEKI: [&str; 7] = [
    ". X . X . X .",
    "X X X X X X X",
    "X X X X X X X",
    "O O O X X X X",
    "X X O O O X X",
    ". X X . O O O",
    "O . X . O . O",
];

fn verdict(board: &Board, name: &str) -> StringVerdict {
    let opts = Options {
        limits: Limits {
            nodes: 100_000,
            time: Duration::from_secs(60),
            deadline: None,
        },
        ..Options::default()
    };
    let p = board.geometry().parse_point(name).expect("a point");
    judge(board, &opts)
        .strings
        .into_iter()
        .find(|s| s.points.contains(&p))
        .expect("a string")
}

#[test]
fn the_defender_does_not_settle_his_loss_by_filling_his_own_eye() {
    let board = Board::from_rows(&SEKI).expect("a board");
    let a1 = verdict(&board, "A1");
    assert_eq!(a1.status, Status::Dead);
    let capture = &a1.witness[0];
    assert_eq!(capture.moves, ["B1", "pass", "A2"], "{capture:?}");
    assert_eq!(capture.end, "goal", "{capture:?}");
}

#[test]
fn the_same_holds_on_the_colour_swapped_board() {
    let swap = Transform {
        transpose: false,
        flip_x: false,
        flip_y: false,
        swap_colors: true,
    };
    let board = swap.board(&Board::from_rows(&SEKI).expect("a board"));
    let a1 = verdict(&board, "A1");
    assert_eq!(a1.status, Status::Dead);
    assert_eq!(
        a1.witness[0].moves,
        ["B1", "pass", "A2"],
        "{:?}",
        a1.witness[0]
    );
}

/// cases/shapes/l-group-corner.yaml: the L group B3 C3 D3 D2 is dead.
/// After Black's capture, the line of "no new white stone survives" starts
/// with White playing on one of the L's points, not elsewhere.
const L_GROUP: [&str; 6] = [
    ". X . X . X",
    "X X X X X X",
    "X X X X X .",
    ". O O O X .",
    ". . . O X .",
    ". . . . X .",
];

#[test]
fn the_owner_tries_a_new_stone_where_his_string_stood() {
    let board = Board::from_rows(&L_GROUP).expect("a board");
    let l = verdict(&board, "C3");
    assert_eq!(l.status, Status::Dead);
    let after = &l.witness[1];
    let first = after.moves.first().map(String::as_str);
    assert!(
        matches!(first, Some("B3" | "C3" | "D3" | "D2")),
        "{after:?}"
    );
}
