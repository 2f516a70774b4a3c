//! Property tests of the board kernel over random legal play: every string
//! keeps a liberty, and incremental strings, liberties and hash equal a
//! naive recount.

use kakunin::board::{Board, Color, Geometry};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_play_keeps_the_incremental_state_exact(
        w in 2usize..10, h in 2usize..10,
        moves in proptest::collection::vec(0usize..100, 0..300),
    ) {
        let geo = Geometry::new(w, h).unwrap();
        let mut b = Board::empty(geo.clone());
        let mut color = Color::Black;
        for m in moves {
            let p = (m % geo.len()) as u16;
            if b.play(p, color).is_ok() {
                if let Some(why) = b.audit() {
                    prop_assert!(false, "after {} {}: {}\n{:?}", color, geo.name(p), why, b);
                }
            } else {
                b.pass();
            }
            color = color.opponent();
        }
    }

    #[test]
    fn illegal_moves_leave_the_board_unchanged(
        moves in proptest::collection::vec(0usize..25, 0..120),
    ) {
        let geo = Geometry::new(5, 5).unwrap();
        let mut b = Board::empty(geo.clone());
        let mut color = Color::White;
        for m in moves {
            let before = b.clone();
            if b.play(m as u16, color).is_err() {
                prop_assert_eq!(&before, &b);
                prop_assert_eq!(before.hash(), b.hash());
            }
            color = color.opponent();
        }
    }
}
