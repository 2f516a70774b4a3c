//! Article 8: eye points, dame, seki and territory, as a plain function of
//! the stones' statuses.
//!
//! A *region* is a connected set of points that are empty or hold dead
//! stones. Its empty points are eye points of a colour when every live stone
//! bordering it has that colour and it holds no dead stone of that colour
//! (examples 9 and 25: a region touching the surrounding colour's own dead
//! stone is dame). All other empty points are dame. Live strings touching a
//! dame point are in seki ("border upon dame", read point by point); eye
//! points are territory only when no string bordering their region is in
//! seki.

use crate::board::{Board, Color, Point};
use crate::case::Mark;
use crate::status::{Status, Verdicts};

/// The Article 8 map: one mark per point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Overlay marks, one per point, top row first.
    pub marks: Vec<Mark>,
}

struct Region {
    points: Vec<Point>,
    /// Colour whose eye points these are, if any.
    eyes_of: Option<Color>,
    /// Heads of the live strings bordering it.
    borders: Vec<Point>,
}

/// Builds the Article 8 map. Undecided stones count as alive here (they
/// stand on the board either way) and keep the mark `?`.
#[must_use]
pub fn map(board: &Board, verdicts: &Verdicts) -> Map {
    let geo = board.geometry();
    let n = geo.len();
    let status: Vec<Option<Status>> = geo.points().map(|p| verdicts.status_at(p)).collect();
    let in_region = |p: Point| status[p as usize].is_none_or(|s| s == Status::Dead);
    let mut region_of = vec![usize::MAX; n];
    let mut regions: Vec<Region> = Vec::new();
    for start in geo.points() {
        if !in_region(start) || region_of[start as usize] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut points = vec![start];
        region_of[start as usize] = id;
        let mut borders = Vec::new();
        let mut i = 0;
        while i < points.len() {
            let p = points[i];
            i += 1;
            for &q in geo.neighbors(p) {
                if in_region(q) {
                    if region_of[q as usize] == usize::MAX {
                        region_of[q as usize] = id;
                        points.push(q);
                    }
                } else {
                    borders.push(board.head(q));
                }
            }
        }
        borders.sort_unstable();
        borders.dedup();
        let colors: Vec<Color> = borders.iter().filter_map(|&h| board.color(h)).collect();
        let eyes_of = match colors.first() {
            Some(&c) if colors.iter().all(|&d| d == c) => {
                let own_dead = points.iter().any(|&p| board.color(p) == Some(c));
                (!own_dead).then_some(c)
            }
            _ => None,
        };
        regions.push(Region {
            points,
            eyes_of,
            borders,
        });
    }
    // Seki: live strings that touch a dame point. "Border upon dame" is
    // read point by point: in example 9 the white wall touches the corner's
    // dead stones, not its dame A and B, and keeps its territory elsewhere.
    let mut seki_heads: Vec<Point> = Vec::new();
    for r in &regions {
        if r.eyes_of.is_some() {
            continue;
        }
        for &p in &r.points {
            if !board.is_empty_at(p) {
                continue;
            }
            for &q in geo.neighbors(p) {
                if board.color(q).is_some() && !in_region(q) {
                    seki_heads.push(board.head(q));
                }
            }
        }
    }
    seki_heads.sort_unstable();
    seki_heads.dedup();
    let mut marks = vec![Mark::Dame; n];
    for p in geo.points() {
        marks[p as usize] = match status[p as usize] {
            Some(Status::Dead) => Mark::Dead,
            Some(Status::Unknown) => Mark::Unknown,
            Some(Status::Alive) => {
                if seki_heads.contains(&board.head(p)) {
                    Mark::Seki
                } else {
                    Mark::Alive
                }
            }
            None => {
                let r = &regions[region_of[p as usize]];
                match r.eyes_of {
                    None => Mark::Dame,
                    Some(c) => {
                        if r.borders.iter().any(|h| seki_heads.contains(h)) {
                            Mark::Eye
                        } else if c == Color::Black {
                            Mark::BlackTerritory
                        } else {
                            Mark::WhiteTerritory
                        }
                    }
                }
            }
        };
    }
    Map { marks }
}

impl Map {
    /// The colour whose territory holds `p` (empty point or dead stone), if any:
    /// the territory of a region is decided by its empty points.
    #[must_use]
    pub fn territory_owner(&self, board: &Board, p: Point) -> Option<Color> {
        let geo = board.geometry();
        let mut seen = vec![false; geo.len()];
        let mut stack = vec![p];
        seen[p as usize] = true;
        while let Some(q) = stack.pop() {
            match self.marks[q as usize] {
                Mark::BlackTerritory => return Some(Color::Black),
                Mark::WhiteTerritory => return Some(Color::White),
                Mark::Dead => {}
                _ if q == p => {}
                _ => continue,
            }
            for &r in geo.neighbors(q) {
                let m = self.marks[r as usize];
                if !seen[r as usize] && (m == Mark::Dead || !m.on_stone()) {
                    seen[r as usize] = true;
                    stack.push(r);
                }
            }
        }
        None
    }
}
