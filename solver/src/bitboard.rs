//! Point sets of a rectangular board as bit masks, with the flood fill that
//! Benson's region search ([`crate::region`]) runs at nearly every node of
//! the search.
//!
//! Why: on a 19x19 board the search's region is most of the board, and
//! flooding its regions point by point (a neighbour scan and a string
//! lookup per point) was a quarter of the whole run time on real games.
//! A mask grows a region by one step for all its points at once (a few
//! shifts per 64 points), so a region costs as many steps as it is wide,
//! and only its empty points and bordering stones are looked at one by one.

use crate::board::{Geometry, MAX_SIDE, Point};

/// Words enough for the largest board.
const WORDS: usize = (MAX_SIDE * MAX_SIDE).div_ceil(64);

/// A set of points of one board: bit `p` for point `p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bits([u64; WORDS]);

impl Default for Bits {
    fn default() -> Bits {
        Bits([0; WORDS])
    }
}

impl Bits {
    /// Adds `p`.
    pub fn insert(&mut self, p: Point) {
        let i = p as usize;
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Takes `p` out.
    pub fn remove(&mut self, p: Point) {
        let i = p as usize;
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// True when `p` is in the set.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        let i = p as usize;
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// True when the set has no point.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The points in the set, in increasing order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut m = word;
            std::iter::from_fn(move || {
                if m == 0 {
                    return None;
                }
                let bit = m.trailing_zeros() as usize;
                m &= m - 1;
                Some((w * 64 + bit) as Point)
            })
        })
    }

    /// The lowest point in the set, if any.
    #[must_use]
    pub fn first(&self) -> Option<Point> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|w| (w * 64 + self.0[w].trailing_zeros() as usize) as Point)
    }

    /// The words, lowest points first.
    #[must_use]
    pub fn words(&self) -> &[u64; WORDS] {
        &self.0
    }

    /// Both sets' points.
    #[must_use]
    pub fn or(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The points of both sets.
    #[must_use]
    pub fn and(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The points of this set not in `other`.
    #[must_use]
    pub fn and_not(&self, other: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }
}

impl FromIterator<Point> for Bits {
    fn from_iter<I: IntoIterator<Item = Point>>(points: I) -> Bits {
        let mut b = Bits::default();
        for p in points {
            b.insert(p);
        }
        b
    }
}

/// The masks that make shifts into neighbour steps on a full rectangular
/// board (point `y * width + x`).
#[derive(Clone, Debug)]
pub struct Grid {
    width: usize,
    /// Words holding the board's points.
    words: usize,
    /// Every point of the board.
    all: Bits,
    /// The points with a left neighbour (not in the first column).
    has_left: Bits,
    /// The points with a right neighbour (not in the last column).
    has_right: Bits,
}

impl Grid {
    /// The masks for `geo`, or `None` when its points are not joined as on
    /// a full rectangle (a board cut out for a local proof): there shifts
    /// would cross removed edges.
    #[must_use]
    pub fn of(geo: &Geometry) -> Option<Grid> {
        let (w, h) = (geo.width(), geo.height());
        let mut grid = Grid {
            width: w,
            words: geo.len().div_ceil(64),
            all: Bits::default(),
            has_left: Bits::default(),
            has_right: Bits::default(),
        };
        for p in geo.points() {
            let (x, y) = geo.xy(p);
            let expected = usize::from(x > 0)
                + usize::from(x + 1 < w)
                + usize::from(y > 0)
                + usize::from(y + 1 < h);
            if geo.neighbors(p).len() != expected {
                return None;
            }
            grid.all.insert(p);
            if x > 0 {
                grid.has_left.insert(p);
            }
            if x + 1 < w {
                grid.has_right.insert(p);
            }
        }
        Some(grid)
    }

    /// The set and every point next to one of its points.
    #[must_use]
    pub fn grow(&self, s: &Bits) -> Bits {
        let mut out = [0; WORDS];
        for (i, o) in out.iter_mut().enumerate().take(self.words) {
            *o = self.grown_word(&s.0, i);
        }
        Bits(out)
    }

    /// Word `i` of the set `s` grown by one step ([`Grid::grow`]).
    #[inline(always)]
    fn grown_word(&self, s: &[u64; WORDS], i: usize) -> u64 {
        let (w, n) = (self.width, self.words);
        let (right, left) = (&self.has_right.0, &self.has_left.0);
        // A point moved right (one place up the numbering) lands on a point
        // with a left neighbour, and the other way round; a row up or down
        // stays in its column. Bits cross into the next word and the one
        // before.
        let x = s[i];
        let mut v = x | (x & right[i]) << 1 | (x & left[i]) >> 1 | x << w | x >> w;
        if i > 0 {
            v |= (s[i - 1] & right[i - 1]) >> 63 | s[i - 1] >> (64 - w);
        }
        if i + 1 < n {
            v |= (s[i + 1] & left[i + 1]) << 63 | s[i + 1] << (64 - w);
        }
        v & self.all.0[i]
    }

    /// The connected part of `within` that holds `start` (a point of it).
    ///
    /// Each step grows the set by one point in every direction, computed
    /// only over the words the set has reached and their neighbours (a
    /// step moves a point at most one row, fewer than 64 places, so into
    /// the next word at most): most regions of a 19x19 board are small,
    /// and this flood showed in profiles of real positions.
    #[must_use]
    pub fn flood(&self, start: Point, within: &Bits) -> Bits {
        let n = self.words;
        let mut cur = Bits::default();
        cur.insert(start);
        let (mut lo, mut hi) = (start as usize / 64, start as usize / 64);
        loop {
            let from = lo.saturating_sub(1);
            let to = (hi + 1).min(n - 1);
            let s = &cur.0;
            let mut next = cur.0;
            let mut grew = false;
            for i in from..=to {
                let v = self.grown_word(s, i) & within.0[i];
                if v != s[i] {
                    grew = true;
                    next[i] = v;
                    lo = lo.min(i);
                    hi = hi.max(i);
                }
            }
            if !grew {
                return cur;
            }
            cur = Bits(next);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Bits, Grid};
    use crate::board::{Board, Geometry, Point};

    fn set(points: &[Point]) -> Bits {
        points.iter().copied().collect()
    }

    proptest::proptest! {
        #[test]
        fn growing_a_set_adds_exactly_its_neighbours(
            w in 2usize..26, h in 2usize..26,
            picks in proptest::collection::vec(0usize..10_000, 0..40),
        ) {
            let geo = Geometry::new(w, h).unwrap();
            let grid = Grid::of(&geo).unwrap();
            let points: Vec<Point> = picks.iter().map(|&i| (i % geo.len()) as Point).collect();
            let mut expected = set(&points);
            for &p in &points {
                for &q in geo.neighbors(p) {
                    expected.insert(q);
                }
            }
            proptest::prop_assert_eq!(grid.grow(&set(&points)), expected);
        }

        #[test]
        fn a_flood_is_the_connected_part(
            w in 2usize..26, h in 2usize..26,
            density in 1u64..10, seed in 0u64..u64::MAX, start in 0usize..10_000,
        ) {
            let geo = Geometry::new(w, h).unwrap();
            let grid = Grid::of(&geo).unwrap();
            let mut state = seed;
            let within: Bits = geo
                .points()
                .filter(|_| crate::board::splitmix64(&mut state) % 10 < density)
                .collect();
            let Some(start) = within.points().nth(start % within.points().count().max(1)) else {
                return Ok(());
            };
            // The connected part by a plain search over neighbours.
            let mut expected = set(&[start]);
            let mut todo = vec![start];
            while let Some(p) = todo.pop() {
                for &q in geo.neighbors(p) {
                    if within.contains(q) && !expected.contains(q) {
                        expected.insert(q);
                        todo.push(q);
                    }
                }
            }
            proptest::prop_assert_eq!(grid.flood(start, &within), expected);
        }
    }

    #[test]
    fn a_flood_stays_inside_its_set_and_connected() {
        let b = Board::from_rows(&[". . X . .", "X X X . .", ". . . X .", ". X . X ."]).unwrap();
        let geo = b.geometry();
        let grid = Grid::of(geo).unwrap();
        let mut empty = Bits::default();
        for p in geo.points() {
            if b.is_empty_at(p) {
                empty.insert(p);
            }
        }
        let corner = grid.flood(geo.point(0, 0), &empty);
        assert_eq!(corner, set(&[geo.point(0, 0), geo.point(1, 0)]));
        let right = grid.flood(geo.point(4, 3), &empty);
        assert!(right.contains(geo.point(3, 0)) && right.contains(geo.point(4, 2)));
        assert!(!right.contains(geo.point(2, 3)));
        assert_eq!(right.points().count(), 6);
    }

    #[test]
    fn a_cut_out_board_has_no_grid() {
        let geo = Geometry::new(5, 5).unwrap();
        let mut keep = vec![true; geo.len()];
        keep[7] = false;
        assert!(Grid::of(&geo.cut_out(&keep)).is_none());
        assert!(Grid::of(&geo).is_some());
    }
}
