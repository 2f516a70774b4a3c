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
        for head in benson(board, color) {
            for s in board.string_stones(head) {
                alive[s as usize] = true;
            }
        }
    }
    alive
}

/// What Benson's algorithm says about one colour on one board.
///
/// The search keeps one of these per board and colour in a cache of up to a
/// million entries, so both point sets are bitsets in one allocation (two
/// words per 64 points) rather than vectors of flags.
#[derive(Clone, Debug)]
pub struct Safety {
    /// `words` words of alive bits, then `words` words of held bits.
    bits: Box<[u64]>,
    words: usize,
}

impl Safety {
    /// True when `p` holds one of the colour's pass-alive stones.
    #[must_use]
    pub fn alive(&self, p: Point) -> bool {
        let i = p as usize;
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    /// True when the colour holds `p` unconditionally: one of its
    /// pass-alive stones, or a point of a region vital to one of its
    /// pass-alive strings (all the region's empty points are liberties of
    /// that string).
    ///
    /// Why such regions are safe: every empty point of one touches the
    /// pass-alive string, so it can never be an eye of the other colour, and
    /// a stone the colour plays there joins that string and can never be
    /// captured. The colour can therefore fill the region point by point, and
    /// every opposing stone in it, now or later, is eventually captured.
    #[must_use]
    pub fn held(&self, p: Point) -> bool {
        let i = p as usize;
        self.bits[self.words + i / 64] >> (i % 64) & 1 == 1
    }
}

/// Both answers of Benson's algorithm for `color` in one pass.
#[must_use]
pub fn safety(board: &Board, color: Color) -> Safety {
    SCRATCH.with_borrow_mut(|b| {
        benson_core(board, color, b);
        let n = board.geometry().len();
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; 2 * words].into_boxed_slice();
        for si in 0..b.heads.len() {
            if b.is_alive(si) {
                for s in board.string_stones(b.heads[si]) {
                    let i = s as usize;
                    bits[i / 64] |= 1 << (i % 64);
                }
            }
        }
        // A region is vital to a live string when it is healthy (every
        // bordering string is alive) and vital to some bordering string.
        let rw = b.words;
        b.vital_region.clear();
        b.vital_region.extend(
            (0..b.regions)
                .map(|r| b.healthy[r] && b.vital[r * rw..(r + 1) * rw].iter().any(|&w| w != 0)),
        );
        for (i, &r) in b.region_of.iter().enumerate() {
            let a = bits[i / 64] >> (i % 64) & 1 == 1;
            if a || (r != u32::MAX && b.vital_region[r as usize]) {
                bits[words + i / 64] |= 1 << (i % 64);
            }
        }
        Safety { bits, words }
    })
}

/// Benson's algorithm for `color`: the heads of its pass-alive strings.
fn benson(board: &Board, color: Color) -> Vec<Point> {
    SCRATCH.with_borrow_mut(|b| {
        benson_core(board, color, b);
        (0..b.heads.len())
            .filter(|&si| b.is_alive(si))
            .map(|si| b.heads[si])
            .collect()
    })
}

thread_local! {
    /// Benson's working arrays, reused from call to call: the search runs
    /// Benson at nearly every node, and allocating these afresh each time
    /// cost more than the algorithm itself.
    static SCRATCH: std::cell::RefCell<BensonCore> = std::cell::RefCell::new(BensonCore::default());
}

/// Benson's working state and result: the colour's strings (numbered, with
/// their heads), which are alive, the region of every point not of the
/// colour, the strings bordering each region and those it is vital to, and
/// which regions are healthy. It is computed at every node of the search, so
/// it works on flat arrays and bitsets of string indices rather than on sets
/// of points.
#[derive(Default)]
struct BensonCore {
    /// String index per point (valid on the colour's heads only).
    sidx: Vec<u16>,
    heads: Vec<Point>,
    /// Words per bitset of strings.
    words: usize,
    region_of: Vec<u32>,
    regions: usize,
    border: Vec<u64>,
    vital: Vec<u64>,
    stack: Vec<Point>,
    adj: Vec<u64>,
    alive: Vec<u64>,
    healthy: Vec<bool>,
    /// Healthy regions vital to each string, counted up to 2.
    count: Vec<u8>,
    vital_region: Vec<bool>,
}

impl BensonCore {
    fn is_alive(&self, si: usize) -> bool {
        self.alive[si / 64] >> (si % 64) & 1 == 1
    }
}

fn benson_core(board: &Board, color: Color, b: &mut BensonCore) {
    let geo = board.geometry();
    let n = geo.len();
    // Strings of `color`, numbered.
    b.sidx.clear();
    b.sidx.resize(n, u16::MAX);
    b.heads.clear();
    for p in geo.points() {
        if board.color(p) == Some(color) && board.head(p) == p {
            b.sidx[p as usize] = b.heads.len() as u16;
            b.heads.push(p);
        }
    }
    b.region_of.clear();
    b.region_of.resize(n, u32::MAX);
    b.regions = 0;
    b.alive.clear();
    b.healthy.clear();
    if b.heads.is_empty() {
        b.words = 0;
        return;
    }
    let words = b.heads.len().div_ceil(64);
    b.words = words;
    let sidx = &b.sidx;
    let string_of = |q: Point| -> Option<usize> {
        (board.color(q) == Some(color)).then(|| sidx[board.head(q) as usize] as usize)
    };
    // Regions: maximal connected sets of points without a `color` stone, with
    // the strings bordering them and those to which they are vital (every
    // empty point of the region is a liberty of the string).
    let region_of = &mut b.region_of;
    let border = &mut b.border;
    let vital = &mut b.vital;
    let stack = &mut b.stack;
    let adj = &mut b.adj;
    border.clear();
    vital.clear();
    stack.clear();
    adj.clear();
    adj.resize(words, 0);
    let mut regions = 0usize;
    for start in geo.points() {
        if board.color(start) == Some(color) || region_of[start as usize] != u32::MAX {
            continue;
        }
        let id = regions;
        regions += 1;
        let base = id * words;
        border.resize(base + words, 0);
        vital.resize(base + words, u64::MAX);
        region_of[start as usize] = id as u32;
        stack.push(start);
        while let Some(p) = stack.pop() {
            adj.iter_mut().for_each(|w| *w = 0);
            for &q in geo.neighbors(p) {
                if let Some(si) = string_of(q) {
                    adj[si / 64] |= 1 << (si % 64);
                } else if region_of[q as usize] == u32::MAX {
                    region_of[q as usize] = id as u32;
                    stack.push(q);
                }
            }
            let empty = board.is_empty_at(p);
            for w in 0..words {
                border[base + w] |= adj[w];
                if empty {
                    vital[base + w] &= adj[w];
                }
            }
        }
        for w in 0..words {
            vital[base + w] &= border[base + w];
        }
    }
    b.regions = regions;
    let nstrings = b.heads.len();
    let alive = &mut b.alive;
    alive.resize(words, u64::MAX);
    if nstrings % 64 != 0 {
        alive[words - 1] = (1u64 << (nstrings % 64)) - 1;
    }
    let healthy = &mut b.healthy;
    healthy.resize(regions, true);
    let count = &mut b.count;
    loop {
        // Regions bordered by a string no longer alive are not healthy.
        for r in 0..regions {
            if healthy[r] && (0..words).any(|w| border[r * words + w] & !alive[w] != 0) {
                healthy[r] = false;
            }
        }
        // Healthy regions vital to each live string, counted once per
        // region (up to 2), then every live string with fewer than two is
        // no longer alive. The healthy flags do not change within the pass,
        // so this is the same as counting string by string.
        count.clear();
        count.resize(nstrings, 0);
        for r in 0..regions {
            if !healthy[r] {
                continue;
            }
            for w in 0..words {
                let mut m = vital[r * words + w] & alive[w];
                while m != 0 {
                    let si = w * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    if count[si] < 2 {
                        count[si] += 1;
                    }
                }
            }
        }
        let mut changed = false;
        for w in 0..words {
            let mut m = alive[w];
            while m != 0 {
                let bit = m.trailing_zeros() as usize;
                m &= m - 1;
                if count[w * 64 + bit] < 2 {
                    alive[w] &= !(1 << bit);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
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
        Board::from_rows(rows).unwrap()
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

    /// Benson's algorithm written plainly over sets of points: the reference
    /// the fast version must agree with.
    fn benson_naive(board: &Board, color: Color) -> Vec<Point> {
        let geo = board.geometry();
        let mut region_of = vec![usize::MAX; geo.len()];
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
        let vital = |r: usize, h: Point| {
            regions[r].iter().all(|&p| {
                !board.is_empty_at(p)
                    || geo
                        .neighbors(p)
                        .iter()
                        .any(|&q| board.color(q) == Some(color) && board.head(q) == h)
            })
        };
        let mut live: Vec<Point> = board
            .strings()
            .into_iter()
            .filter(|s| s.1 == color)
            .map(|s| s.0)
            .collect();
        let mut healthy = vec![true; regions.len()];
        loop {
            let before = live.len();
            live.retain(|&h| {
                (0..regions.len())
                    .filter(|&r| healthy[r] && borders[r].contains(&h) && vital(r, h))
                    .count()
                    >= 2
            });
            for r in 0..regions.len() {
                if borders[r].iter().any(|h| !live.contains(h)) {
                    healthy[r] = false;
                }
            }
            if live.len() == before {
                break;
            }
        }
        live.sort_unstable();
        live
    }

    proptest::proptest! {
        #[test]
        fn fast_benson_agrees_with_the_plain_one(
            w in 2usize..8, h in 2usize..8,
            moves in proptest::collection::vec(0usize..64, 0..120),
        ) {
            let geo = Geometry::new(w, h).unwrap();
            let mut b = Board::empty(geo.clone());
            let mut c = Color::Black;
            for m in moves {
                let p = (m % geo.len()) as Point;
                if b.play(p, c).is_err() { b.pass(); }
                c = c.opponent();
            }
            for color in [Color::Black, Color::White] {
                let mut fast = benson(&b, color);
                fast.sort_unstable();
                proptest::prop_assert_eq!(fast, benson_naive(&b, color), "{:?}", b);
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]
        #[test]
        fn fast_benson_agrees_on_dense_random_boards(
            w in 3usize..9, h in 3usize..9,
            cells in proptest::collection::vec(0u8..10, 64),
        ) {
            let geo = Geometry::new(w, h).unwrap();
            // Mostly black, some white, some empty: pass-alive black is common.
            let mut stones: Vec<Option<Color>> = (0..geo.len())
                .map(|i| match cells[i % 64] { 0..=5 => Some(Color::Black), 6 => Some(Color::White), _ => None })
                .collect();
            let b = loop {
                match Board::from_stones(geo.clone(), &stones) {
                    Ok(b) => break b,
                    Err(crate::board::BoardError::NoLiberty { point, .. }) => {
                        let p = geo.parse_point(&point).unwrap();
                        stones[p as usize] = None;
                    }
                    Err(e) => panic!("{e}"),
                }
            };
            for color in [Color::Black, Color::White] {
                let mut fast = benson(&b, color);
                fast.sort_unstable();
                proptest::prop_assert_eq!(fast, benson_naive(&b, color), "{:?}", b);
            }
        }
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
