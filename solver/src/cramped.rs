//! Areas too small for two eyes: a static rule that settles captures and
//! new-stone games inside an area walled off by pass-alive stones.
//!
//! Let W be the pass-alive strings of a colour O (Benson) and C a connected
//! set of points holding no stone of W, bounded by W and the edge (a
//! *component*: empty points, stones of the other colour P, stones of O not
//! in W). Its *interior* I(C) is the set of its points with no neighbour in
//! W. **If I(C) holds no two non-adjacent points (at most two points, and
//! two only when they touch), O can capture every string of P in C, from
//! any position with O to move, and this stays true whatever is played.**
//!
//! Proof. O's strategy: while a point of C next to W is empty, play there.
//! Such a stone joins a string of W, which keeps a liberty in each of its
//! vital regions whatever P plays (P cannot fill a region's last point), so
//! the move is always legal; it is never captured, so no ban of Article 7-2
//! ever falls on such a point, and nothing is repeated (every such stone
//! stays). Stones of O next to W are part of W, so O's stones in C that
//! could be captured all lie in I(C). Once no point of C next to W is
//! empty, every string of P in C has its liberties in I(C), which are at
//! most two touching points x, y. If one of them is a liberty, O plays it
//! and captures every string with only that liberty, or puts the others in
//! atari with his stone's one liberty y; if P takes that stone by playing y,
//! P's stone on y joins one of his strings (a point of the grid has at least
//! two neighbours, and x was its only neighbour in I(C) not of P), so it is
//! no ko capture, and O retakes at x, capturing everything. W only grows,
//! so components only shrink and interiors with them: the property holds in
//! every later position.
//!
//! Two consequences the search uses: a string of P standing in such a
//! component will be captured (a settled capture, like a string standing in
//! O's unconditional territory), and no new stone of P on a point of such a
//! component can ever stand in a string O cannot capture (a settled
//! new-stone game when every point of the fight is so placed or held by O).
//! Benson's held regions are the case where the interior holds no empty
//! point at all; the rule reaches further, to areas of a few points where
//! the capturer has not yet filled the liberties next to his wall.

use crate::bitboard::Bits;
use crate::board::{Board, Point};
use crate::region::Safety;
use smallvec::SmallVec;

/// True when every point of `points` is either `held` or lies in a
/// component, bounded by the pass-alive stones `wall` describes, whose
/// interior holds no two non-adjacent points. Each component is flooded
/// once, and a flood stops as soon as its interior is found too big.
#[must_use]
pub fn all_cramped(
    board: &Board,
    wall: &Safety,
    points: &[Point],
    held: impl Fn(Point) -> bool,
) -> bool {
    let geo = board.geometry();
    // Asked at nodes of the search: a set of bits, no allocation and a few
    // words to clear (clearing a flag per point took about 3 % of the time
    // on 19x19 games).
    let mut seen = Bits::default();
    let mut stack: SmallVec<[Point; 64]> = SmallVec::new();
    for &p in points {
        if held(p) || seen.contains(p) {
            continue;
        }
        if wall.alive(p) {
            return false;
        }
        stack.clear();
        stack.push(p);
        seen.insert(p);
        let mut inner: [Point; 2] = [Point::MAX; 2];
        let mut ninner = 0;
        while let Some(q) = stack.pop() {
            let mut touches_wall = false;
            for &r in geo.neighbors(q) {
                if wall.alive(r) {
                    touches_wall = true;
                } else if !seen.contains(r) {
                    seen.insert(r);
                    stack.push(r);
                }
            }
            if !touches_wall {
                if ninner == 2 {
                    return false;
                }
                inner[ninner] = q;
                ninner += 1;
                if ninner == 2 && !geo.neighbors(inner[0]).contains(&inner[1]) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::all_cramped;
    use crate::board::{Board, Color};
    use crate::region::safety;

    fn check(rows: &[&str], point: &str) -> bool {
        let board = Board::from_rows(rows).expect("board");
        let p = board.geometry().parse_point(point).expect("point");
        let wall = safety(&board, Color::Black);
        all_cramped(&board, &wall, &[p], |_| false)
    }

    /// A pass-alive black group (eyes A1 and C1) below a corner area.
    const WALL: [&str; 5] = [
        ". . . X X",
        ". . . X .",
        "X X X X X",
        "X X X X X",
        ". X . X X",
    ];

    #[test]
    fn a_three_by_two_corner_is_cramped_and_a_four_by_three_one_is_not() {
        // The area A5-C4: only A5 and B5 have no neighbour in the wall
        // (C5 touches D5, row 4 touches row 3), and they touch.
        assert!(check(&WALL, "A5"));
        let wider = [
            ". . . . X",
            ". . . . X",
            ". . . . X",
            "X X X X X",
            ". X . X X",
        ];
        assert!(!check(&wider, "A5"), "A5 and C4 are interior and apart");
    }

    #[test]
    fn white_stones_count_as_area_and_pass_alive_stones_never() {
        let rows = [
            "O O . X X",
            ". O . X .",
            "X X X X X",
            "X X X X X",
            ". X . X X",
        ];
        assert!(check(&rows, "B5"));
        assert!(!check(&rows, "D5"), "a pass-alive stone is no area");
    }
}
