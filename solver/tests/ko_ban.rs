//! The two readings of what an Article 7-2 ban forbids (`--ko-ban`), on the
//! corner shape of the first, unfaithful reconstruction of example 15
//! (`research/j89-15-two-liberties.yaml`: White has two outside liberties,
//! so the shape is no bent-four ko): after White takes the four black
//! stones, plays into the corner, Black takes back and White fills C5
//! (oshitsubushi), White's move on the ko point captures the ko stone *and*
//! Black's stone on the vital point. `point` forbids it until White passes;
//! `retake` (the default) allows it, since it is more than a recapture of
//! the lone ko stone. A plain retake is banned under both.

use kakunin::board::Color;
use kakunin::case;
use kakunin::ko::{KoBan, PassRule};
use kakunin::position::{MoveError, Position};
use std::path::Path;

/// Example 15's position under `ko_ban` after White's first moves `moves`.
fn after(ko_ban: KoBan, moves: &[&str]) -> Position {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../research/j89-15-two-liberties.yaml");
    let c = case::load(&path).expect("the case");
    let geo = c.board.geometry().clone();
    let mut pos = Position::new(c.board.clone(), Color::White).with_ko_ban(ko_ban);
    for m in moves {
        pos.play(geo.parse_point(m).expect("a point"))
            .expect("a legal move");
    }
    pos
}

fn after_the_ko(ko_ban: KoBan) -> Position {
    let mut pos = after(ko_ban, &["D5", "B5", "A5", "A4", "C5"]);
    // Black passes (he holds no ban), White to move.
    pos.pass(None, PassRule::OneBan);
    pos
}

#[test]
fn the_point_reading_bans_the_capture_on_the_ko_point() {
    let pos = after_the_ko(KoBan::Point);
    let a5 = pos.board.geometry().parse_point("A5").expect("a point");
    assert_eq!(pos.check(a5), Err(MoveError::Banned));
}

#[test]
fn the_retake_reading_allows_a_capture_of_more_than_the_ko_stone() {
    let mut pos = after_the_ko(KoBan::Retake);
    let geo = pos.board.geometry().clone();
    let a5 = geo.parse_point("A5").expect("a point");
    assert_eq!(pos.check(a5), Ok(()));
    pos.play(a5).expect("legal");
    for p in ["A4", "B5"] {
        assert!(
            pos.board.is_empty_at(geo.parse_point(p).expect("a point")),
            "{p} captured"
        );
    }
}

#[test]
fn neither_reading_allows_a_plain_retake() {
    for ko_ban in [KoBan::Point, KoBan::Retake] {
        let pos = after(ko_ban, &["D5", "B5", "A5", "A4"]);
        // White at A5 now would take back only the ko stone A4 (B5 still has C5).
        let a5 = pos.board.geometry().parse_point("A5").expect("a point");
        assert_eq!(pos.check(a5), Err(MoveError::Banned), "{ko_ban:?}");
    }
}
