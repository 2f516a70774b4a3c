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

/// The point named `name` of `board` moved by `t` onto `image`, by name.
fn moved(t: &Transform, board: &Board, image: &Board, name: &str) -> String {
    let (from, to) = (board.geometry(), image.geometry());
    let p = from.parse_point(name).expect("a point");
    to.name(t.point(from, to, p))
}

/// cases/walls/j89-13-open-edge.yaml: Black's seki string A5 B5 lives,
/// since White, moving first, cannot capture it. Every white try fails,
/// and the line shows the one next to the string (A4, its outside
/// liberty), not the search's first (it was White B1, a stone on Black's
/// far edge area, with Black's answer G1 beside it).
const OPEN_EDGE: [&str; 5] = [
    "X X . X X O X .",
    ". O X X . O X X",
    "O O O O O O X .",
    "X X X X X X X .",
    ". . . . . . . .",
];

#[test]
fn a_failed_capture_is_tried_next_to_the_string_in_every_image() {
    let board = Board::from_rows(&OPEN_EDGE).expect("a board");
    for t in Transform::all() {
        let image = t.board(&board);
        let a5 = verdict(&image, &moved(&t, &board, &image, "A5"));
        assert_eq!(a5.status, Status::Alive, "{t:?}");
        let line = &a5.witness[0];
        assert_eq!(
            line.moves.first(),
            Some(&moved(&t, &board, &image, "A4")),
            "{t:?} {line:?}"
        );
    }
}

/// A direct ko on the top edge (research/session35-scoring, now
/// cases/endings/game-9x9-side-direct-ko-both-dead-jigo.yaml): Black's
/// D8 takes White's ko stone D9, and White may not retake before a pass
/// (Article 7-2). White's only other stones would stand in Black's far
/// pocket A1 B1 A2. The line of "no new white stone survives" is White's
/// pass for the ban and Black filling D9, not a white stone in the
/// pocket.
const SIDE_KO: [&str; 9] = [
    ". X X O X . O X .",
    ". X O . O O O X .",
    ". X O O O X X X .",
    "X X X X X X X X X",
    ". . . X O O O O O",
    ". . . X O . . O .",
    "X X X X O . X O .",
    ". O X O O O O O O",
    ". . X O . . . . .",
];

#[test]
fn after_a_ko_capture_the_owner_passes_for_the_ban() {
    let board = Board::from_rows(&SIDE_KO).expect("a board");
    let d9 = verdict(&board, "D9");
    assert_eq!(d9.status, Status::Dead);
    assert_eq!(d9.witness[0].moves, ["D8"], "{:?}", d9.witness[0]);
    let after = &d9.witness[1];
    assert_eq!(after.moves, ["pass", "D9"], "{after:?}");
    assert_eq!(after.end, "settled", "{after:?}");
}

/// cases/official/j89-09.yaml: after White captures Black's six stones,
/// no new black stone survives. Every line of that game ends by a rule of
/// White's (the fight held), also when it ends right after a black stone:
/// such a line is `settled`, never `goal` (the goal of the new-stone game
/// is a stone that lives, which no rule gives).
const DIRECT_KO: [&str; 7] = [
    "X O . X O . O",
    ". X X X O . O",
    "X X O O O . O",
    "O O O . . . O",
    ". . . . . . O",
    "O O O O O O O",
    ". O . O . O .",
];

#[test]
fn a_lost_new_stone_game_never_ends_on_its_goal() {
    let board = Board::from_rows(&DIRECT_KO).expect("a board");
    let mut checked = 0;
    for t in Transform::all() {
        let image = t.board(&board);
        let verdicts = judge(&image, &Options::default()).strings;
        for s in verdicts.iter().filter(|s| s.status == Status::Dead) {
            for w in s.witness.iter().filter(|w| w.claim.contains("no new")) {
                assert_eq!(w.end, "settled", "{t:?} {:?} {w:?}", s.stones);
                checked += 1;
            }
        }
    }
    assert!(checked >= 16, "{checked}");
}

/// cases/endings/game-11x11-false-seki-shared-eye-connects.yaml: the white
/// stone B5 stands in Black's pocket A4-C5, which Black's pass-alive
/// string encloses. A local proof decides it on a cut-out where Black must
/// keep his open walls, and its line began by securing them far away
/// (`J1 B4 L4`). On the real board the capture needs none of that, and the
/// line shown is the one played there, inside the pocket, in every image.
const POCKET: [&str; 11] = [
    ". X X X X O . . . . .",
    "X X . . X O . . . . .",
    ". . . . X O O . . . .",
    ". . . X X O . O . . .",
    ". . . X O O O O O O O",
    "X X X X O . . O X X X",
    ". O . X O X . O X . .",
    ". . . X O . . O X X .",
    "X X X X O O O O X . .",
    "O O O O X X X O X X X",
    ". O O O . X X X . X X",
];

#[test]
fn a_dead_stone_in_a_pocket_is_taken_inside_it_in_every_image() {
    let board = Board::from_rows(&POCKET).expect("a board");
    let pocket = ["A5", "B5", "C5", "A4", "B4", "C4"];
    for t in Transform::all() {
        let image = t.board(&board);
        let b5 = verdict(&image, &moved(&t, &board, &image, "B5"));
        assert_eq!(b5.status, Status::Dead, "{t:?}");
        let inside: Vec<String> = pocket
            .iter()
            .map(|p| moved(&t, &board, &image, p))
            .collect();
        for line in &b5.witness {
            assert!(
                line.moves.iter().all(|m| m == "pass" || inside.contains(m)),
                "{t:?} {line:?}"
            );
        }
    }
}
