//! The Article 1 reading of endless cycles (`--cycles`, `kakunin::cycle`) on
//! the six-turn cycle Takao Shinji describes for shapes like official
//! example 23 (helper research, `research/j89-23-notes.md`): every round
//! Black takes three white stones and White two black ones, and Black
//! passes once for a ko while White never passes.
//!
//! Board (7x5), the nine-stone white group around D4 inside Black's
//! pass-alive wall; `t` A5, `s` the lone white stone B5, `e` C5, `k` A4:
//!
//! ```text
//! 5  . O . O X . X
//! 4  . X O O X X X
//! 3  X X . O X . X
//! 2  . X O O O X X
//! 1  X X O . O X .
//! ```
//!
//! The round: Black A5 (atari on B5), White A4 takes it (a ko), Black
//! passes for the ban, White A5 (A4 A5 B5 in atari at C5), Black C5 takes
//! three, White B5 takes one back, and the board is back with Black to move.
//! The cycle is never White's only defence here (at the stop White may
//! connect at C5 for a seki), so the two readings must agree: these tests
//! pin that the Article 1 rule does not reach beyond gaining cycles the
//! defender cannot leave. The rule's arithmetic is unit-tested in
//! `kakunin::cycle` and `kakunin::confirm`.
//!
//! With A1 empty (the black string's eye two points), and on the board cut
//! at column D, the cycle *is* White's only defence: that is official
//! example 23, `cases/official/j89-23.yaml` (session 22). The last test
//! pins that only the Article 1 reading kills the white group there.

use kakunin::board::{Board, Color, Point};
use kakunin::confirm::{Engine, Game, Kind, Limits, Node, Val};
use kakunin::cycle::Cycles;
use kakunin::ko::PassRule;
use kakunin::position::{Move, Position};
use kakunin::status::{Options, Reason, Status, judge};
use std::rc::Rc;
use std::time::Duration;

const ROWS: [&str; 5] = [
    ". O . O X . X",
    ". X O O X X X",
    "X X . O X . X",
    ". X O O O X X",
    "X X O . O X .",
];

fn limits() -> Limits {
    Limits {
        nodes: 2_000_000,
        time: Duration::from_secs(120),
        deadline: None,
    }
}

/// The position after Black A5, White A4 (the ko capture) and Black's pass
/// lifting his ban: White to move.
fn after_the_pass() -> Position {
    let b = Board::from_rows(&ROWS).expect("a board");
    let geo = b.geometry().clone();
    let mut pos = Position::new(b, Color::Black);
    for m in ["A5", "A4"] {
        pos.play(geo.parse_point(m).expect("a point"))
            .expect("a legal move");
    }
    let lifts = pos
        .passes(PassRule::OneBan)
        .into_iter()
        .find_map(|m| match m {
            Move::Pass { lifts: Some(p) } => Some(p),
            _ => None,
        });
    assert!(lifts.is_some(), "Black holds the ko ban");
    pos.pass(lifts, PassRule::OneBan);
    pos
}

/// Black's capture game of the nine white stones from `pos`.
fn capture_game(pos: &Position) -> Game {
    let d4 = pos.board.geometry().parse_point("D4").expect("a point");
    let mut nine: Vec<Point> = pos.board.string_stones(d4).collect();
    nine.sort_unstable();
    assert_eq!(nine.len(), 9);
    let nine: Rc<[Point]> = nine.into();
    Game::new(Kind::Capture, Color::White, nine.clone(), nine)
}

/// Judging options with `cycles` and this file's bounds.
fn options(cycles: Cycles) -> Options {
    Options {
        cycles,
        limits: limits(),
        ..Options::default()
    }
}

fn engine(pos: &Position, cycles: Cycles) -> Engine {
    let all: Vec<Point> = pos.board.geometry().points().collect();
    let nine = capture_game(pos).target;
    let mut e = Engine::new(
        &pos.board,
        &all,
        &nine,
        Color::White,
        PassRule::OneBan,
        limits(),
    );
    e.set_cycles(cycles);
    e
}

/// After Black's pass White must play A5 (every other move loses the nine
/// stones), but the round then brings back the stop, where White may leave
/// the cycle by connecting at C5. A cycle the defender can leave is no
/// defence he relies on, so the Article 1 reading must not call the
/// stones capturable: both readings fail to capture.
#[test]
fn a_cycle_the_defender_can_leave_is_no_capture_under_either_reading() {
    for cycles in [Cycles::Literal, Cycles::Article1] {
        let pos = after_the_pass();
        let game = capture_game(&pos);
        let v = engine(&pos, cycles).solve(&game, &Node::new(pos));
        assert_eq!(v, Val::Loss, "{cycles:?}");
    }
}

#[test]
fn at_the_stop_both_readings_give_the_same_verdicts() {
    let b = Board::from_rows(&ROWS).expect("a board");
    let verdicts = |cycles| {
        let v = judge(&b, &options(cycles));
        v.strings.iter().map(|s| s.status).collect::<Vec<_>>()
    };
    assert_eq!(verdicts(Cycles::Literal), verdicts(Cycles::Article1));
}

/// Example 23's board: the literal reading keeps the seven-stone group
/// alive (in seki) by the cycle; the Article 1 reading calls it dead, for
/// the gaining cycle, with that cycle as its one witness line.
#[test]
fn example_23_needs_the_article_1_reading() {
    let b = Board::from_rows(&[". O . O", ". X O O", "X X . O", ". X O O", ". X O ."])
        .expect("a board");
    let d4 = b.geometry().parse_point("D4").expect("a point");
    let group = |cycles| {
        let v = judge(&b, &options(cycles));
        v.strings
            .into_iter()
            .find(|s| s.points.contains(&d4))
            .expect("the white group")
    };
    let literal = group(Cycles::Literal);
    assert_eq!(literal.status, Status::Alive);
    let article1 = group(Cycles::Article1);
    assert_eq!(article1.status, Status::Dead);
    assert_eq!(article1.reason, Reason::GainingCycle);
    assert_eq!(article1.witness.len(), 1);
    assert_eq!(article1.witness[0].end, "gains");
    assert_eq!(
        article1.witness[0].moves,
        ["A5", "A4", "pass", "A5", "C5", "B5"]
    );
}
