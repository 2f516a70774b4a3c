//! Splitting the board into independent problems.
//!
//! Benson's algorithm finds the strings that are *pass-alive*: alive even if
//! their owner never moves again. They can never be captured, so they are
//! alive without search, and they wall the rest of the board into connected
//! components that share no string and no empty point. Under Article 7-2
//! (no ko threats, every ban lifted only by its own pass) play in one
//! component cannot change what can be forced in another: a move elsewhere
//! is at best a pass that lifts no ban. Each component is solved alone.

use crate::board::{Board, Color, Point};

/// The pass-alive stones of both colours, one flag per point.
#[must_use]
pub fn pass_alive(board: &Board) -> Vec<bool> {
    let mut alive = vec![false; board.geometry().len()];
    for color in [Color::Black, Color::White] {
        for head in benson(board, color).0 {
            for s in board.string_stones(head) {
                alive[s as usize] = true;
            }
        }
    }
    alive
}

/// True when the string on `p` is pass-alive.
#[must_use]
pub fn is_pass_alive(board: &Board, p: Point) -> bool {
    match board.color(p) {
        Some(c) => benson(board, c).0.contains(&board.head(p)),
        None => false,
    }
}

/// The points that `color` holds unconditionally: its pass-alive stones and
/// every point of a region that is vital to one of its pass-alive strings
/// (all the region's empty points are liberties of that string).
///
/// Why the vital regions are safe: every empty point of such a region
/// touches the pass-alive string, so it can never be an eye of the other
/// colour, and a stone `color` plays there joins that string and can never
/// be captured. `color` can therefore fill the region point by point, and
/// every opposing stone in it, now or later, is eventually captured.
#[must_use]
pub fn unconditional(board: &Board, color: Color) -> Vec<bool> {
    let (heads, regions) = benson(board, color);
    let mut held = vec![false; board.geometry().len()];
    for h in heads {
        for s in board.string_stones(h) {
            held[s as usize] = true;
        }
    }
    for r in regions {
        for p in r {
            held[p as usize] = true;
        }
    }
    held
}

/// Benson's algorithm for `color`: the heads of its pass-alive strings, and
/// the regions vital to at least one of them whose bordering strings are all
/// pass-alive.
fn benson(board: &Board, color: Color) -> (Vec<Point>, Vec<Vec<Point>>) {
    let geo = board.geometry();
    let n = geo.len();
    // Regions: maximal connected sets of points without a `color` stone.
    let mut region_of = vec![usize::MAX; n];
    let mut regions: Vec<Vec<Point>> = Vec::new();
    for start in geo.points() {
        if board.color(start) == Some(color) || region_of[start as usize] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut pts = vec![start];
        region_of[start as usize] = id;
        let mut i = 0;
        while i < pts.len() {
            let p = pts[i];
            i += 1;
            for &q in geo.neighbors(p) {
                if board.color(q) != Some(color) && region_of[q as usize] == usize::MAX {
                    region_of[q as usize] = id;
                    pts.push(q);
                }
            }
        }
        regions.push(pts);
    }
    let heads: Vec<Point> = board
        .strings()
        .into_iter()
        .filter(|&(_, c)| c == color)
        .map(|(h, _)| h)
        .collect();
    // Bordering strings of each region, and which regions are vital to which string.
    let borders: Vec<Vec<Point>> = regions
        .iter()
        .map(|pts| {
            let mut b: Vec<Point> = pts
                .iter()
                .flat_map(|&p| geo.neighbors(p).iter().copied())
                .filter(|&q| board.color(q) == Some(color))
                .map(|q| board.head(q))
                .collect();
            b.sort_unstable();
            b.dedup();
            b
        })
        .collect();
    let vital = |r: usize, head: Point| -> bool {
        regions[r].iter().all(|&p| {
            !board.is_empty_at(p)
                || geo
                    .neighbors(p)
                    .iter()
                    .any(|&q| board.color(q) == Some(color) && board.head(q) == head)
        })
    };
    let mut live_strings: Vec<Point> = heads;
    let mut live_regions: Vec<bool> = vec![true; regions.len()];
    loop {
        let before = live_strings.len();
        live_strings.retain(|&h| {
            (0..regions.len())
                .filter(|&r| live_regions[r] && borders[r].contains(&h) && vital(r, h))
                .count()
                >= 2
        });
        for r in 0..regions.len() {
            if live_regions[r] && borders[r].iter().any(|h| !live_strings.contains(h)) {
                live_regions[r] = false;
            }
        }
        if live_strings.len() == before {
            break;
        }
    }
    let vital_regions = (0..regions.len())
        .filter(|&r| live_regions[r] && borders[r].iter().any(|&h| vital(r, h)))
        .map(|r| regions[r].clone())
        .collect();
    (live_strings, vital_regions)
}

/// An independent problem: connected points that are not pass-alive stones.
#[derive(Clone, Debug)]
pub struct Component {
    /// Every point of the component (empty points and unsettled stones).
    pub points: Vec<Point>,
    /// Heads of the strings standing in it.
    pub strings: Vec<Point>,
}

/// The components of the board outside the pass-alive stones that hold at
/// least one stone (empty areas bordered by one colour's pass-alive strings
/// hold nothing to decide).
#[must_use]
pub fn components(board: &Board, settled: &[bool]) -> Vec<Component> {
    let geo = board.geometry();
    let mut seen = vec![false; geo.len()];
    let mut out = Vec::new();
    for start in geo.points() {
        if settled[start as usize] || seen[start as usize] {
            continue;
        }
        let mut pts = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while i < pts.len() {
            let p = pts[i];
            i += 1;
            for &q in geo.neighbors(p) {
                if !settled[q as usize] && !seen[q as usize] {
                    seen[q as usize] = true;
                    pts.push(q);
                }
            }
        }
        pts.sort_unstable();
        let mut strings: Vec<Point> = pts
            .iter()
            .filter(|&&p| board.color(p).is_some())
            .map(|&p| board.head(p))
            .collect();
        strings.sort_unstable();
        strings.dedup();
        if !strings.is_empty() {
            out.push(Component {
                points: pts,
                strings,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Geometry;

    fn board(rows: &[&str]) -> Board {
        let h = rows.len();
        let w = rows[0].split_whitespace().count();
        let geo = Geometry::new(w, h).unwrap();
        let stones: Vec<Option<Color>> = rows
            .iter()
            .flat_map(|r| r.split_whitespace())
            .map(|c| match c {
                "X" => Some(Color::Black),
                "O" => Some(Color::White),
                _ => None,
            })
            .collect();
        Board::from_stones(geo, &stones).unwrap()
    }

    #[test]
    fn two_one_point_eyes_are_pass_alive_one_is_not() {
        let b = board(&[". X . X .", "X X X X X", ". . . . .", ". . . . ."]);
        let alive = pass_alive(&b);
        // The black string with eyes A4 and C4 is pass-alive.
        assert!(alive[b.geometry().parse_point("B4").unwrap() as usize]);
        let c = board(&[". X O . .", "X X O . .", "O O O . .", ". . . . ."]);
        let alive = pass_alive(&c);
        assert!(!alive[c.geometry().parse_point("B4").unwrap() as usize]);
    }

    #[test]
    fn pass_alive_walls_split_the_board() {
        let b = board(&[
            ". X O . X O .",
            "X X O O X O O",
            "X . X O X . O",
            "X X X O X O O",
        ]);
        let settled = pass_alive(&b);
        let comps = components(&b, &settled);
        assert!(comps.iter().all(|c| !c.strings.is_empty()));
    }
}
