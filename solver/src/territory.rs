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
use serde::Serialize;

/// How far a dead stone of the colour around it makes dame (Article 8).
/// Official examples 9, 24b and 25 only show small regions sealed off
/// from the wall's other territory, where both readings agree; they differ
/// where the region is open to it (RULES-MODEL.md, "Article 8 and 10";
/// `research/session35-open-dame/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum OwnDeadStone {
    /// Every empty point of its region (the connected set of empty points
    /// and dead stones) is dame, and every live string touching one is in
    /// seki: the text read region by region.
    #[default]
    Region,
    /// Only the connected sets of the region's empty points next to it are
    /// dame, and those next to dead stones only, when their dead stones
    /// are joined to it; the region's other empty points are eye points.
    /// No dead stone of such a region is removed.
    Area,
}

/// The Article 8 map: one mark per point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Overlay marks, one per point, top row first.
    pub marks: Vec<Mark>,
    /// Dead stones that stay on the board whatever territory they touch:
    /// those of a region holding a dead stone of its surrounding colour,
    /// read by [`OwnDeadStone::Area`] (under `Region` that region has no
    /// territory, so nothing there is removed anyway).
    stays: Vec<bool>,
}

struct Region {
    points: Vec<Point>,
    /// Colour whose eye points these are, if any.
    eyes_of: Option<Color>,
    /// It is walled by live stones of one colour only and holds a dead stone
    /// of that colour (its empty points are dame, or under
    /// [`OwnDeadStone::Area`] those next to such a stone).
    tainted: bool,
    /// Heads of the live strings bordering it.
    borders: Vec<Point>,
    /// It holds a string the search left undecided: its mark depends on
    /// that string's status.
    undecided: bool,
}

/// Builds the Article 8 map.
///
/// A string the search left undecided (`?`) may be dead or alive, and the
/// map does not guess. It counts as part of the region around it, and that
/// region's empty points are marked undecided (`-`). Only what holds under
/// either status is marked: a live string is in seki when it touches a
/// dame point of a decided region; otherwise, when it touches an undecided
/// region, it may be in seki or not (`a`), and eye points whose region
/// borders such a string are undecided too (if it is in seki they are no
/// territory). Counting undecided
/// stones as alive instead, as before session 27, turned a whole territory
/// with one open stone into dame and its wall into seki.
#[must_use]
pub fn map(board: &Board, verdicts: &Verdicts, own_dead: OwnDeadStone) -> Map {
    let geo = board.geometry();
    let n = geo.len();
    let status: Vec<Option<Status>> = geo.points().map(|p| verdicts.status_at(p)).collect();
    let in_region = |p: Point| status[p as usize].is_none_or(|s| s != Status::Alive);
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
        let undecided = points
            .iter()
            .any(|&p| status[p as usize] == Some(Status::Unknown));
        let colors: Vec<Color> = borders.iter().filter_map(|&h| board.color(h)).collect();
        let (eyes_of, tainted) = match colors.first() {
            Some(&c) if !undecided && colors.iter().all(|&d| d == c) => {
                let own_dead = points.iter().any(|&p| board.color(p) == Some(c));
                (Some(c), own_dead)
            }
            _ => (None, false),
        };
        regions.push(Region {
            points,
            eyes_of,
            tainted,
            borders,
            undecided,
        });
    }
    // The empty points that are dame: every one of a region with no eye
    // colour, and those of a tainted region that its own dead stones reach.
    let mut dame = vec![false; n];
    for r in &regions {
        if r.undecided {
            continue;
        }
        match (r.eyes_of, r.tainted, own_dead) {
            (Some(_), false, _) => {}
            (Some(c), true, OwnDeadStone::Area) => {
                for area in tainted_areas(board, &status, r, c) {
                    for p in area {
                        dame[p as usize] = true;
                    }
                }
            }
            _ => {
                for &p in r.points.iter().filter(|&&p| board.is_empty_at(p)) {
                    dame[p as usize] = true;
                }
            }
        }
    }
    // Seki: live strings that touch a dame point. "Border upon dame" is
    // read point by point: in example 9 the white wall touches the corner's
    // dead stones, not its dame A and B, and keeps its territory elsewhere.
    // A string touching an empty point of an undecided region may be in
    // seki or not.
    let touching = |r: &Region, only: &dyn Fn(Point) -> bool| -> Vec<Point> {
        let mut heads = Vec::new();
        for &p in r
            .points
            .iter()
            .filter(|&&p| board.is_empty_at(p) && only(p))
        {
            for &q in geo.neighbors(p) {
                if !in_region(q) {
                    heads.push(board.head(q));
                }
            }
        }
        heads
    };
    let mut seki_heads: Vec<Point> = Vec::new();
    let mut maybe_seki: Vec<Point> = Vec::new();
    for r in &regions {
        if r.undecided {
            maybe_seki.extend(touching(r, &|_| true));
        } else {
            seki_heads.extend(touching(r, &|p| dame[p as usize]));
        }
    }
    seki_heads.sort_unstable();
    seki_heads.dedup();
    maybe_seki.sort_unstable();
    maybe_seki.dedup();
    let mut marks = vec![Mark::Dame; n];
    for p in geo.points() {
        marks[p as usize] = match status[p as usize] {
            Some(Status::Dead) => Mark::Dead,
            Some(Status::Unknown) => Mark::Unknown,
            Some(Status::Alive) => {
                let head = board.head(p);
                if seki_heads.contains(&head) {
                    Mark::Seki
                } else if maybe_seki.contains(&head) {
                    Mark::AliveSekiUndecided
                } else {
                    Mark::Alive
                }
            }
            None => {
                let r = &regions[region_of[p as usize]];
                // A decided region without an eye colour is dame throughout.
                match r.eyes_of {
                    _ if r.undecided => Mark::Undecided,
                    None => Mark::Dame,
                    Some(_) if dame[p as usize] => Mark::Dame,
                    Some(c) => {
                        if r.borders.iter().any(|h| seki_heads.contains(h)) {
                            Mark::Eye
                        } else if r.borders.iter().any(|h| maybe_seki.contains(h)) {
                            Mark::Undecided
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
    let mut stays = vec![false; n];
    for r in regions.iter().filter(|r| r.tainted) {
        for &p in &r.points {
            stays[p as usize] = !board.is_empty_at(p);
        }
    }
    Map { marks, stays }
}

/// The connected sets of `r`'s empty points that its dead stones of
/// colour `c` (the colour around it) make dame under
/// [`OwnDeadStone::Area`]: those next to such a stone, and those next to
/// dead stones only, when the dead stones joined to them (through dead
/// stones) include one of colour `c` (example 9's point B touches only
/// dead black stones joined to the dead white one).
fn tainted_areas(
    board: &Board,
    status: &[Option<Status>],
    r: &Region,
    c: Color,
) -> Vec<Vec<Point>> {
    let geo = board.geometry();
    let dead = |p: Point| status[p as usize] == Some(Status::Dead);
    let mut seen = vec![false; geo.len()];
    let mut out = Vec::new();
    for &start in r.points.iter().filter(|&&p| board.is_empty_at(p)) {
        if seen[start as usize] {
            continue;
        }
        let (area, next_to) = board.empty_area(start, &mut seen);
        let own = |p: &Point| dead(*p) && board.color(*p) == Some(c);
        let tainted = next_to.iter().any(own)
            || (next_to.iter().all(|&q| dead(q))
                && dead_complex(board, &dead, &next_to).iter().any(own));
        if tainted {
            out.push(area);
        }
    }
    out
}

/// The dead stones joined to `from` through dead stones.
fn dead_complex(board: &Board, dead: &dyn Fn(Point) -> bool, from: &[Point]) -> Vec<Point> {
    let geo = board.geometry();
    let mut seen = vec![false; geo.len()];
    let mut stack: Vec<Point> = from.iter().copied().filter(|&p| dead(p)).collect();
    for &p in &stack {
        seen[p as usize] = true;
    }
    let mut out = Vec::new();
    while let Some(p) = stack.pop() {
        out.push(p);
        for &q in geo.neighbors(p) {
            if !seen[q as usize] && !board.is_empty_at(q) && dead(q) {
                seen[q as usize] = true;
                stack.push(q);
            }
        }
    }
    out
}

impl Map {
    /// The colour whose territory holds `p` (empty point or dead stone), if any:
    /// the territory of a region is decided by its empty points.
    #[must_use]
    pub fn territory_owner(&self, board: &Board, p: Point) -> Option<Color> {
        if self.stays[p as usize] {
            return None;
        }
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::status::{Reason, StringVerdict};

    /// Verdicts for `board`: every string alive except those named in
    /// `other` (a stone of the string, its status).
    fn verdicts(board: &Board, other: &[(&str, Status)]) -> Verdicts {
        let geo = board.geometry();
        let mut heads: Vec<Point> = geo
            .points()
            .filter(|&p| board.color(p).is_some())
            .map(|p| board.head(p))
            .collect();
        heads.sort_unstable();
        heads.dedup();
        let strings = heads
            .into_iter()
            .map(|h| {
                let status = other
                    .iter()
                    .find(|(name, _)| board.head(geo.parse_point(name).expect("point")) == h)
                    .map_or(Status::Alive, |&(_, s)| s);
                let mut points: Vec<Point> = board.string_stones(h).collect();
                points.sort_unstable();
                StringVerdict {
                    color: board.color(h).expect("a stone"),
                    stones: points.iter().map(|&p| geo.name(p)).collect(),
                    points,
                    status,
                    reason: Reason::Uncapturable,
                    witness: Vec::new(),
                    open: None,
                }
            })
            .collect();
        Verdicts {
            strings,
            nodes: 0,
            millis: 0,
        }
    }

    /// The map's overlay rows, top first, without the spaces.
    fn letters(board: &Board, map: &Map) -> Vec<String> {
        crate::render::overlay_rows(board.geometry(), &map.marks)
            .lines()
            .map(|r| r.replace(' ', ""))
            .collect()
    }

    /// Two black corners, a white stone in the top one, White's wall with
    /// its own eyes: the rows of the research board
    /// `lone-stone-two-corners-7x7`.
    pub(crate) const TWO_CORNERS: [&str; 7] = [
        ". . . X O . O",
        ". O . X O O O",
        ". . . X O . .",
        "X X X X O . .",
        ". . . X O O O",
        ". . . X O . O",
        ". . . X O O .",
    ];

    /// The map's rows of [`TWO_CORNERS`] with the stone B6 of `status`.
    fn two_corners(status: Status) -> Vec<String> {
        let board = Board::from_rows(&TWO_CORNERS).expect("board");
        letters(
            &board,
            &map(
                &board,
                &verdicts(&board, &[("B6", status)]),
                OwnDeadStone::Region,
            ),
        )
    }

    /// Decided dead, the stone is removed from Black's territory.
    #[test]
    fn a_dead_stone_lies_in_territory() {
        let rows = two_corners(Status::Dead);
        assert_eq!(rows[0], "bbbAAwA");
        assert_eq!(rows[1], "bDbAAAA");
        assert_eq!(rows[6], "bbbAAAw");
    }

    /// Undecided, the stone's corner is undecided, and so is the other
    /// corner: the wall may be in seki (if the stone lived, the top corner
    /// would be dame). The wall is marked neither seki nor plain alive but
    /// `a`, and White's wall and area, which touch nothing undecided, stay
    /// `A` and territory.
    #[test]
    fn an_unknown_stone_leaves_its_region_and_its_walls_eyes_undecided() {
        let rows = two_corners(Status::Unknown);
        assert_eq!(rows[0], "---aAwA");
        assert_eq!(rows[1], "-?-aAAA");
        assert_eq!(rows[3], "aaaaAww");
        assert_eq!(rows[6], "---aAAw");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// The map with unknown strings marks only what holds whatever they
        /// turn out to be: for every way of ruling each of them alive or
        /// dead, every decided mark is the same (`A` and `S` included), and
        /// a live string marked `a` is `A` or `S` (its seki waits on them).
        #[test]
        fn the_provisional_map_holds_under_every_resolution(
            w in 3usize..7, h in 3usize..7,
            cells in proptest::collection::vec(0u8..4, 36),
            fates in proptest::collection::vec(0u8..3, 36),
        ) {
            let geo = crate::board::Geometry::new(w, h).expect("size");
            let stones: Vec<Option<Color>> = (0..geo.len())
                .map(|i| match cells[i] { 0 => Some(Color::Black), 1 => Some(Color::White), _ => None })
                .collect();
            let board = crate::board::legal_board(&geo, stones);
            let mut v = verdicts(&board, &[]);
            // At most four unknown strings: sixteen resolutions.
            let mut unknown = Vec::new();
            for (i, s) in v.strings.iter_mut().enumerate() {
                s.status = match fates[i % 36] {
                    0 => Status::Dead,
                    1 if unknown.len() < 4 => { unknown.push(i); Status::Unknown }
                    _ => Status::Alive,
                };
            }
            let provisional = map(&board, &v, OwnDeadStone::Region);
            for mask in 0u32..(1 << unknown.len()) {
                let mut r = v.clone();
                for (bit, &i) in unknown.iter().enumerate() {
                    r.strings[i].status = if mask >> bit & 1 == 1 { Status::Dead } else { Status::Alive };
                }
                let resolved = map(&board, &r, OwnDeadStone::Region);
                for p in geo.points() {
                    let (a, b) = (provisional.marks[p as usize], resolved.marks[p as usize]);
                    let holds = match a {
                        Mark::Unknown | Mark::Undecided => true,
                        Mark::AliveSekiUndecided => matches!(b, Mark::Alive | Mark::Seki),
                        _ => a == b,
                    };
                    proptest::prop_assert!(holds, "{} {:?} under {:?}: {:?}", geo.name(p), a, mask, b);
                }
            }
        }
    }

    /// A live string that touches a decided dame is in seki whatever an
    /// unknown string elsewhere turns out to be, and its eye elsewhere is
    /// `e`, not undecided.
    #[test]
    fn a_sure_seki_stays_beside_an_unknown_string() {
        let board = Board::from_rows(&[
            "X . O . .",
            "X X O . .",
            ". X O . X",
            "X X O . .",
            "X X O . .",
        ])
        .expect("board");
        // Black and White share the dame B5; the black stone E3 in White's
        // area is unknown.
        let v = verdicts(&board, &[("E3", Status::Unknown)]);
        let map = map(&board, &v, OwnDeadStone::Region);
        let rows = letters(&board, &map);
        assert_eq!(rows[0], "S.S--", "{rows:?}");
        assert_eq!(rows[2], "eSS-?", "{rows:?}");
    }

    /// research/session35-open-dame/open-straight-three-open.yaml: Black's
    /// dead group A8-D8 D9 has the straight three A9 B9 C9 as its eye space,
    /// with a dead white stone on C9; the region around them is open to
    /// White's area D7-J6. Under `Region` every empty point of it is dame
    /// and both white strings are in seki (their eyes F9 H9 F4 H4 with
    /// them); under `Area` only A9 B9, next to the dead white stone, are
    /// dame, the rest is White's, and the dead stones of the region stay.
    const OPEN_THREE: [&str; 9] = [
        ". . O X O . O . O",
        "X X X X O O O O O",
        "O O O . . . . . .",
        "O O O O O . . . .",
        "X X X X O O O O O",
        ". . . X O . O . O",
        "X X . X O O O O O",
        ". X X X X X X X X",
        ". X . . . . . . .",
    ];

    #[test]
    fn an_open_region_around_an_own_dead_stone_is_dame_by_region_and_territory_by_area() {
        let board = Board::from_rows(&OPEN_THREE).expect("board");
        let v = verdicts(&board, &[("D9", Status::Dead), ("C9", Status::Dead)]);
        let region = map(&board, &v, OwnDeadStone::Region);
        assert_eq!(
            letters(&board, &region)[..4],
            ["..DDSeSeS", "DDDDSSSSS", "SSS......", "SSSSS...."]
        );
        let area = map(&board, &v, OwnDeadStone::Area);
        assert_eq!(
            letters(&board, &area)[..4],
            ["..DDAwAwA", "DDDDAAAAA", "AAAwwwwww", "AAAAAwwww"]
        );
        // The dead stones touch White's territory D7 (D8) but stay.
        for name in ["D8", "C9"] {
            let p = board.geometry().parse_point(name).expect("point");
            assert_eq!(area.territory_owner(&board, p), None, "{name}");
        }
    }
}
