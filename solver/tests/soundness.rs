//! Positions where an earlier version gave a wrong decided verdict: each
//! test pins the principle that was broken, not just the verdict.

use kakunin::board::{Board, Color};
use kakunin::confirm::{Game, Kind, Limits, Node, Val};
use kakunin::ko::PassRule;
use kakunin::local::{LocalSearch, clusters};
use kakunin::position::Position;
use kakunin::status::{Options, Status, judge};
use std::rc::Rc;
use std::time::Duration;

/// Example 3's row (a hanezeki) inside a white enclosure. After Black L5
/// takes the three white stones, White J5 wins the race: he captures the
/// black group at H5 (`L5 J5 pass H5 K5 H5 J5 A5 B5 F5 C5 H5`). The black
/// group then stands in White's unconditional territory, where no move is
/// generated; an earlier version therefore never played White's capture,
/// found no new white stone, and called the three white stones dead.
const HANEZEKI_ROW: [&str; 5] = [
    ". X X X O . X O O O .",
    "O O O O O X X X X X X",
    "X X X X X X X X X X X",
    "O O O O O O O O O O O",
    "O . O O O O O O O . O",
];

fn board() -> Board {
    Board::from_rows(&HANEZEKI_ROW).expect("a board")
}

#[test]
fn the_three_white_stones_are_never_dead() {
    let b = board();
    let opts = Options {
        limits: Limits {
            nodes: 50_000,
            time: Duration::from_secs(60),
            deadline: None,
        },
        line_len: 4,
        ..Options::default()
    };
    let v = judge(&b, &opts);
    let h5 = b.geometry().parse_point("H5").expect("a point");
    let status = v.status_at(h5).expect("a verdict for H5");
    assert_ne!(status, Status::Dead, "white H5 J5 K5 ruled dead");
}

/// The local proof's own game: on the cut-out of the black wall, after
/// Black's capture, White wins the new-stone game by capturing the wall
/// (a guard stone): the guard counts as lost once it stands in White's
/// unconditional territory, and White's moves there that touch black stones
/// are generated.
#[test]
fn on_the_cut_out_white_wins_the_new_stone_game() {
    let b = board();
    let geo = b.geometry().clone();
    let h5 = geo.parse_point("H5").expect("a point");
    let cluster = clusters(&b, Color::Black, &vec![false; geo.len()])
        .into_iter()
        .find(|c| c.areas.contains(&h5))
        .expect("the black wall's cluster");
    let limits = Limits {
        nodes: 2_000_000,
        time: Duration::from_secs(120),
        deadline: None,
    };
    let mut ls = LocalSearch::new(cluster, PassRule::OneBan, limits);
    assert!(
        ls.live_walls().is_ok(),
        "the wall is uncapturable at the stop"
    );
    let guard = Some(ls.guard());
    let cut = ls.cluster.board.clone();
    let mut target: Vec<_> = cut.string_stones(h5).collect();
    target.sort_unstable();
    let mut fight = target.clone();
    fight.extend(cut.string_stones(geo.parse_point("G5").expect("a point")));
    fight.sort_unstable();
    let mut pos = Position::new(cut, Color::Black);
    pos.play(geo.parse_point("L5").expect("a point"))
        .expect("the capture");
    let game = Game::new(
        Kind::NewStone,
        Color::White,
        Rc::from(target),
        Rc::from(fight),
    )
    .guarded(guard);
    ls.engine.reset_budget();
    let v = ls.engine.solve(&game, &Node::new(pos));
    assert!(matches!(v, Val::Win(_)), "White's new-stone game: {v:?}");
}
