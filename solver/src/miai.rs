//! Safety by miai: strings that can never be captured as long as their owner
//! answers, decided without search.
//!
//! Benson's algorithm proves strings that live even if their owner never
//! moves again. Most living groups need their owner to answer: an empty
//! corner with a point not touching the wall, a straight four. Proving those
//! by search is costly (an empty 4x3 corner took 239 000 nodes, because
//! Benson ends the game only once every empty point touches the wall). This
//! module proves the common cases statically, with a strategy the owner can
//! always follow: answer each of a set of paired points with its partner.
//!
//! # The rule
//!
//! Let S be a string of colour P and O the opponent. An *area* of S is a
//! connected set of points not of colour P whose every neighbouring stone of
//! colour P belongs to S (S alone encloses it, with the board edge). An area
//! counts toward S's eyes when either
//!
//! - it comes with a set of disjoint *pairs* of its empty points, all
//!   liberties of S, such that every point of the area (empty or holding an
//!   opposing stone) that touches no stone of S touches both points of some
//!   pair. Its eyes are the fewest connected pieces the area falls into
//!   once P holds one point of each pair (the least over all 2^k choices),
//!   at most two; or
//! - without pairs, every empty point of it is a liberty of S (a vital
//!   region as in Benson's algorithm, opposing stones anywhere in it); it
//!   gives one eye.
//!
//! S is **safe by miai** when its areas give two eyes or more.
//!
//! # Why it is sound (Article 7 capture game, O moving first)
//!
//! P's strategy: when O plays on a point of a pair whose partner is empty, P
//! plays the partner; otherwise P passes. Fix the choices made so far and
//! any for the pairs still open; call σ the resulting completion, S* the
//! string S with P's pair stones (they touch S, so they join it), and E1, E2
//! two pieces of the areas once P's points of σ are removed.
//!
//! - *S is never captured.* Consider the first capture of the string
//!   holding S, by O's play on its last liberty m. Every point of an open
//!   pair is a liberty of S, and an open pair has two, so no pair is open:
//!   the board's P stones around E1 and E2 are all on it, and they are S*.
//!   Every point of E1 and E2 touches S*: it touches S, or it touches both
//!   points of a pair and P holds one; so every empty point there is a
//!   liberty (also where O's stones were taken). As m is the only liberty,
//!   one of the two pieces, say E2 (m is in at most one), has no empty
//!   point: it is filled with O's stones, enclosed by S*, so they have no
//!   liberty, which no position after a move allows.
//! - *P's answers are legal.* Its point is empty (the pair was open). It is
//!   no retake of a ko: O cannot take P stones next to an area (they are
//!   S*, never captured), so no ban falls on a point of the areas. It is no
//!   suicide: if S* had no liberty after it, both pieces would be full of
//!   O's stones without liberties, which P's stone then captures.
//! - *No repetition favours O.* P's pair stones stay, and O's stones in the
//!   areas are taken only by them; in a round that repeats a position P
//!   plays no pair stone, so he passes every turn, O can place no stone that
//!   stays, and the round gains O nothing (Article 1 reading,
//!   [`crate::cycle`]).
//!
//! In a vital area P never plays, O's stones there are never taken (P
//! plays in no area next to it), and every empty point stays a liberty of
//! S; the same argument covers it.
//!
//! The search ends a capture game as soon as its target is safe by miai,
//! exactly as it does for a pass-alive target.

use crate::board::{Board, Color, Point};

/// Largest area examined. Bigger areas almost never pass the interior
/// condition (a point two steps from every liberty fails it), and the eye
/// count enumerates choices over the area's pairs.
pub const MAX_AREA: usize = 16;

/// Most pairs in one area (the eye count tries all 2^k choices).
const MAX_PAIRS: usize = 8;

/// One area counted toward a string's eyes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// Its points, in increasing order.
    pub points: Vec<Point>,
    /// The owner's answers: each point is answered by its partner.
    pub pairs: Vec<(Point, Point)>,
    /// Eyes it gives: 1 or 2.
    pub eyes: u8,
}

/// Why a string is safe by miai: areas giving two eyes or more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The areas, in the order their first liberty is met along the string.
    pub areas: Vec<Area>,
}

/// True when the string on `head` is safe by miai (see the module doc).
#[must_use]
pub fn safe(board: &Board, head: Point) -> bool {
    proof(board, head).is_some()
}

/// The areas that make the string on `head` safe by miai, if it is.
#[must_use]
pub fn proof(board: &Board, head: Point) -> Option<Proof> {
    let me = board.color(head)?;
    let head = board.head(head);
    // Two eyes need two liberties; the search asks at nearly every node, so
    // the cheap test comes first.
    if board.liberties(head) < 2 {
        return None;
    }
    let geo = board.geometry();
    SEEN.with_borrow_mut(|seen| {
        seen.clear();
        seen.resize(geo.len(), 0);
        let mut areas = Vec::new();
        let mut eyes = 0u8;
        for s in board.string_stones(head) {
            for &lib in geo.neighbors(s) {
                if !board.is_empty_at(lib) || seen[lib as usize] != 0 {
                    continue;
                }
                let Some(points) = area(board, me, head, lib, seen) else {
                    continue;
                };
                if let Some(a) = count(board, me, head, points) {
                    eyes += a.eyes;
                    areas.push(a);
                    if eyes >= 2 {
                        return Some(Proof { areas });
                    }
                }
            }
        }
        None
    })
}

thread_local! {
    /// Marks of [`proof`]'s flood fills, reused from call to call (the
    /// search asks at nearly every node of a capture game).
    static SEEN: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The area of `head` through its liberty `lib`: the connected points not of
/// colour `me`, if no other string of `me` touches them and they are at most
/// [`MAX_AREA`]. Marks what it visits in `seen`: 1 for a point of an area
/// found, 2 for one of an area rejected. A rejected flood stops early, so
/// the rest of its area is unmarked; a later flood from another liberty
/// that meets a 2 is in that same area and is rejected too.
fn area(board: &Board, me: Color, head: Point, lib: Point, seen: &mut [u8]) -> Option<Vec<Point>> {
    let geo = board.geometry();
    let mut points = vec![lib];
    seen[lib as usize] = 1;
    let mut i = 0;
    let mut ok = true;
    while i < points.len() {
        let p = points[i];
        i += 1;
        for &q in geo.neighbors(p) {
            match board.color(q) {
                Some(c) if c == me => {
                    if board.head(q) != head {
                        ok = false;
                    }
                }
                _ => match seen[q as usize] {
                    0 => {
                        seen[q as usize] = 1;
                        points.push(q);
                    }
                    // Part of an area rejected before: this is the same
                    // area, met through another liberty.
                    2 => ok = false,
                    _ => {}
                },
            }
        }
        if !ok || points.len() > MAX_AREA {
            for &p in &points {
                seen[p as usize] = 2;
            }
            return None;
        }
    }
    points.sort_unstable();
    Some(points)
}

/// The area's eyes and the pairs they need, if it gives any.
fn count(board: &Board, me: Color, head: Point, points: Vec<Point>) -> Option<Area> {
    let shape = Shape::new(board, me, head, &points);
    let mut best: Option<Area> = None;
    let mut budget = 64u32;
    shape.cover(0, &mut Vec::new(), &mut |pairs| {
        budget = budget.saturating_sub(1);
        let mut eyes = shape.eyes(pairs);
        let mut pairs = pairs.to_vec();
        if eyes < 2
            && let Some(extra) = shape.splitting_pair(&pairs)
        {
            pairs.push(extra);
            eyes = 2;
        }
        if best.as_ref().is_none_or(|b| eyes > b.eyes) {
            best = Some(Area {
                points: points.clone(),
                pairs: pairs
                    .iter()
                    .map(|&(a, b)| (points[a as usize], points[b as usize]))
                    .collect(),
                eyes,
            });
        }
        // Stop at two eyes or when the budget is spent.
        eyes >= 2 || budget == 0
    });
    // Without pairs the owner never plays in the area and opposing stones
    // there are never taken: it is an eye when its empty points are all
    // liberties, wherever the opposing stones stand (Benson's vital region).
    best.or_else(|| {
        let vital = (0..points.len()).all(|i| shape.libs[i] || !board.is_empty_at(points[i]));
        vital.then(|| Area {
            points,
            pairs: Vec::new(),
            eyes: 1,
        })
    })
}

/// A pair of points in an area's local indices.
type Pair = (u8, u8);

/// What [`Shape::cover`] calls with each covering it finds; `true` stops it.
type Found<'a> = dyn FnMut(&[Pair]) -> bool + 'a;

/// An area in local indices: neighbours within it, which points touch the
/// string, and which of those are empty (the points pairs are made of).
struct Shape {
    nbrs: Vec<Vec<u8>>,
    /// Touches the string (an empty point there is a liberty of it; an
    /// opposing stone there leaves a liberty when it is taken).
    touches: Vec<bool>,
    /// Empty and touching the string: a liberty.
    libs: Vec<bool>,
}

impl Shape {
    fn new(board: &Board, me: Color, head: Point, points: &[Point]) -> Shape {
        let geo = board.geometry();
        let index = |q: Point| points.binary_search(&q).ok().map(|i| i as u8);
        let nbrs = points
            .iter()
            .map(|&p| geo.neighbors(p).iter().filter_map(|&q| index(q)).collect())
            .collect();
        let touches: Vec<bool> = points
            .iter()
            .map(|&p| {
                geo.neighbors(p)
                    .iter()
                    .any(|&q| board.color(q) == Some(me) && board.head(q) == head)
            })
            .collect();
        let libs = points
            .iter()
            .zip(&touches)
            .map(|(&p, &t)| t && board.is_empty_at(p))
            .collect();
        Shape {
            nbrs,
            touches,
            libs,
        }
    }

    /// Calls `found` with each set of disjoint pairs of liberties covering
    /// every point from `from` on that does not touch the string (it
    /// touches both points of a pair), until `found` returns true. Returns
    /// whether it did.
    fn cover(&self, from: usize, pairs: &mut Vec<Pair>, found: &mut Found<'_>) -> bool {
        let used = |pairs: &[Pair], x: u8| pairs.iter().any(|&(a, b)| a == x || b == x);
        let Some(i) = (from..self.libs.len()).find(|&i| {
            !self.touches[i]
                && !pairs
                    .iter()
                    .any(|&(a, b)| self.nbrs[i].contains(&a) && self.nbrs[i].contains(&b))
        }) else {
            return found(pairs);
        };
        if pairs.len() >= MAX_PAIRS {
            return false;
        }
        let cands: Vec<u8> = self.nbrs[i]
            .iter()
            .copied()
            .filter(|&q| self.libs[q as usize] && !used(pairs, q))
            .collect();
        for (k, &a) in cands.iter().enumerate() {
            for &b in &cands[k + 1..] {
                pairs.push((a, b));
                if self.cover(i + 1, pairs, found) {
                    return true;
                }
                pairs.pop();
            }
        }
        false
    }

    /// The fewest pieces the area falls into over every choice of one point
    /// per pair for the owner, at most 2.
    fn eyes(&self, pairs: &[Pair]) -> u8 {
        let mut least = 2u8;
        for choice in 0u32..1 << pairs.len() {
            let mut taken = vec![false; self.libs.len()];
            for (k, &(a, b)) in pairs.iter().enumerate() {
                taken[if choice >> k & 1 == 1 { b } else { a } as usize] = true;
            }
            least = least.min(self.pieces(&taken));
            if least <= 1 {
                break;
            }
        }
        least
    }

    /// Connected pieces of the points not `taken`, at most 2.
    fn pieces(&self, taken: &[bool]) -> u8 {
        let mut seen = taken.to_vec();
        let mut pieces = 0u8;
        for start in 0..seen.len() {
            if seen[start] {
                continue;
            }
            pieces += 1;
            if pieces >= 2 {
                return 2;
            }
            seen[start] = true;
            let mut stack = vec![start as u8];
            while let Some(p) = stack.pop() {
                for &q in &self.nbrs[p as usize] {
                    if !seen[q as usize] {
                        seen[q as usize] = true;
                        stack.push(q);
                    }
                }
            }
        }
        pieces
    }

    /// One more pair of unused liberties, next to each other or with a
    /// common neighbour, after which every choice splits the area in two.
    fn splitting_pair(&self, pairs: &[Pair]) -> Option<Pair> {
        if pairs.len() >= MAX_PAIRS {
            return None;
        }
        let used = |x: u8| pairs.iter().any(|&(a, b)| a == x || b == x);
        let free: Vec<u8> = (0..self.libs.len() as u8)
            .filter(|&x| self.libs[x as usize] && !used(x))
            .collect();
        let mut with = pairs.to_vec();
        for (k, &a) in free.iter().enumerate() {
            for &b in &free[k + 1..] {
                let close = self.nbrs[a as usize].contains(&b)
                    || self.nbrs[a as usize]
                        .iter()
                        .any(|q| self.nbrs[b as usize].contains(q));
                if !close {
                    continue;
                }
                with.push((a, b));
                if self.eyes(&with) >= 2 {
                    return Some((a, b));
                }
                with.pop();
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).expect("a board")
    }

    fn at(b: &Board, name: &str) -> Point {
        b.geometry().parse_point(name).expect("a point")
    }

    #[test]
    fn a_straight_four_lives_by_miai_and_a_straight_three_does_not() {
        // White encloses four empty points on the top line: the two middle
        // points are miai. With three, Black takes the middle one.
        let four = board(&[". . . . O .", "O O O O O .", ". . . . . .", ". . . . . ."]);
        let p = proof(&four, at(&four, "E4")).expect("safe");
        assert_eq!(p.areas.len(), 1);
        assert_eq!(p.areas[0].eyes, 2);
        let three = board(&[". . . O . .", "O O O O . .", ". . . . . .", ". . . . . ."]);
        assert!(!safe(&three, at(&three, "D4")));
    }

    #[test]
    fn points_off_the_wall_need_a_pair_of_liberties_each() {
        // Two separate areas, one with the point A6 touching no white stone:
        // its neighbours A5 and B6 are liberties and miai.
        let b = board(&[
            ". . O . O .",
            ". . O . O .",
            "O O O O O .",
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
        ]);
        let p = proof(&b, at(&b, "C6")).expect("safe");
        assert_eq!(p.areas.iter().map(|a| a.eyes).sum::<u8>(), 2);
        assert!(
            p.areas
                .iter()
                .any(|a| a.pairs == vec![(at(&b, "B6"), at(&b, "A5"))]
                    || a.pairs == vec![(at(&b, "A5"), at(&b, "B6"))])
        );
    }

    #[test]
    fn an_area_touching_another_string_of_the_owner_does_not_count() {
        // The white stone A5 is a string of its own beside the area.
        let b = board(&[". . O . O .", "O . O . O .", ". O O O O .", ". . . . . ."]);
        assert!(!safe(&b, at(&b, "C4")));
    }

    #[test]
    fn an_area_with_opposing_stones_counts_only_when_every_empty_point_is_a_liberty() {
        // A black stone in a three-point eye, whose empty points A4 and B4
        // are liberties: one eye; the two-point area E4 F4: another.
        let b = board(&[
            ". . X O . . O",
            "O O O O O O O",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let p = proof(&b, at(&b, "D4")).expect("safe");
        assert_eq!(p.areas.len(), 2);
        assert!(p.areas.iter().all(|a| a.eyes == 1 && a.pairs.is_empty()));
        // With A4 touching no white stone the corner area is no eye.
        let c = board(&[
            ". . X O . . O",
            ". X . O O O O",
            "O O O O . . .",
            ". . . . . . .",
        ]);
        assert!(!safe(&c, at(&c, "D4")));
    }

    #[test]
    fn a_big_area_met_again_through_another_liberty_is_still_too_big() {
        // Found by the random sweep of tests/miai.rs: the black area right
        // of the white string is larger than MAX_AREA. Its first flood was
        // rejected; the second, from the liberty F5, used to stop at the
        // points the first had marked and count a truncated area as an eye.
        let b = board(&[
            "X O O . O O X",
            "X . O O O . X",
            "X X X O X X X",
            ". X . X X X X",
            "X . X X X X X",
            "X . X X X X X",
        ]);
        assert!(!safe(&b, at(&b, "B6")));
    }
}
