//! Splitting the board into independent problems.
//!
//! Benson's algorithm finds the strings that are *pass-alive*: alive even if
//! their owner never moves again. They can never be captured, so they are
//! alive without search, and they wall the rest of the board into connected
//! components that share no string and no empty point. Under Article 7-2
//! (no ko threats, every ban lifted only by its own pass) play in one
//! component cannot change what can be forced in another: a move elsewhere
//! is at best a pass that lifts no ban. Each component is solved alone.

use crate::bitboard::{Bits, Grid};
use crate::board::{Board, Color, Geometry, Point};
use std::sync::Arc;

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Safety {
    /// `words` words of alive bits, then `words` words of held bits.
    bits: Box<[u64]>,
    words: usize,
}

impl Safety {
    /// A safety from two predicates over the `n` points of a board: the
    /// stones that can never be captured and the points held. For rules
    /// that extend Benson's ([`crate::secure`]).
    #[must_use]
    pub fn from_fns(
        n: usize,
        alive: impl Fn(Point) -> bool,
        held: impl Fn(Point) -> bool,
    ) -> Safety {
        let words = n.div_ceil(64);
        let mut bits = vec![0u64; 2 * words].into_boxed_slice();
        for i in 0..n {
            let p = i as Point;
            if alive(p) {
                bits[i / 64] |= 1 << (i % 64);
            }
            if held(p) {
                bits[words + i / 64] |= 1 << (i % 64);
            }
        }
        Safety { bits, words }
    }

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
            if b.sets.is_alive(si) {
                for s in board.string_stones(b.heads[si]) {
                    let i = s as usize;
                    bits[i / 64] |= 1 << (i % 64);
                }
            }
        }
        b.vital_region.clear();
        b.vital_region
            .extend((0..b.sets.regions).map(|r| b.sets.holds(r)));
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
            .filter(|&si| b.sets.is_alive(si))
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
    region_of: Vec<u32>,
    stack: Vec<Point>,
    sets: BensonSets,
    vital_region: Vec<bool>,
}

/// Benson's sets over numbered strings and regions, shared by the whole-board
/// and the region-only computations, and the iteration on them.
#[derive(Default)]
struct BensonSets {
    /// Words per bitset of strings.
    words: usize,
    regions: usize,
    /// Per region, the strings bordering it (a bitset of `words` words).
    border: Vec<u64>,
    /// Per region, the strings it is vital to (every empty point of the
    /// region is a liberty of the string).
    vital: Vec<u64>,
    alive: Vec<u64>,
    healthy: Vec<bool>,
    /// Healthy regions vital to each string, counted up to 2.
    count: Vec<u8>,
}

impl BensonSets {
    fn is_alive(&self, si: usize) -> bool {
        self.alive[si / 64] >> (si % 64) & 1 == 1
    }

    /// Whether region `r` is held: it is healthy (every bordering string is
    /// alive) and vital to some bordering string, so it is vital to a live
    /// string.
    fn holds(&self, r: usize) -> bool {
        self.healthy[r]
            && self.vital[r * self.words..(r + 1) * self.words]
                .iter()
                .any(|&w| w != 0)
    }

    /// Starts the flood for strings numbered in `words` words.
    fn begin(&mut self, words: usize) {
        self.words = words;
        self.regions = 0;
        self.border.clear();
        self.vital.clear();
    }

    /// Numbers a new region: its sets start empty (nothing borders it, and
    /// it is vital to every string until its empty points say otherwise).
    fn add_region(&mut self) -> usize {
        let id = self.regions;
        self.regions += 1;
        let end = (id + 1) * self.words;
        self.border.resize(end, 0);
        self.vital.resize(end, u64::MAX);
        id
    }

    /// The bitsets of region `id`: bordering strings and vital strings.
    fn region_sets(&mut self, id: usize) -> (&mut [u64], &mut [u64]) {
        let range = id * self.words..(id + 1) * self.words;
        (&mut self.border[range.clone()], &mut self.vital[range])
    }

    /// Benson's iteration over `nstrings` strings: every string starts
    /// alive, and a string without two healthy regions vital to it is
    /// removed until none is. The strings of `fixed` (a bitset, or empty for
    /// none) stay alive whatever their regions.
    fn iterate(&mut self, nstrings: usize, fixed: &[u64]) {
        let (words, regions) = (self.words, self.regions);
        let fixed_word = |w: usize| fixed.get(w).copied().unwrap_or(0);
        self.alive.clear();
        self.alive.resize(words, u64::MAX);
        if nstrings % 64 != 0 {
            self.alive[words - 1] = (1u64 << (nstrings % 64)) - 1;
        }
        self.healthy.clear();
        self.healthy.resize(regions, true);
        loop {
            // Regions bordered by a string no longer alive are not healthy.
            for r in 0..regions {
                if self.healthy[r]
                    && (0..words).any(|w| self.border[r * words + w] & !self.alive[w] != 0)
                {
                    self.healthy[r] = false;
                }
            }
            // Healthy regions vital to each live string, counted once per
            // region (up to 2), then every live string with fewer than two
            // is no longer alive. The healthy flags do not change within the
            // pass, so this is the same as counting string by string.
            self.count.clear();
            self.count.resize(nstrings, 0);
            for r in 0..regions {
                if !self.healthy[r] {
                    continue;
                }
                for w in 0..words {
                    let mut m = self.vital[r * words + w] & self.alive[w] & !fixed_word(w);
                    while m != 0 {
                        let si = w * 64 + m.trailing_zeros() as usize;
                        m &= m - 1;
                        if self.count[si] < 2 {
                            self.count[si] += 1;
                        }
                    }
                }
            }
            let mut changed = false;
            for w in 0..words {
                let mut m = self.alive[w] & !fixed_word(w);
                while m != 0 {
                    let bit = m.trailing_zeros() as usize;
                    m &= m - 1;
                    if self.count[w * 64 + bit] < 2 {
                        self.alive[w] &= !(1 << bit);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
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
    let words = b.heads.len().div_ceil(64);
    b.sets.begin(words);
    if b.heads.is_empty() {
        b.sets.alive.clear();
        b.sets.healthy.clear();
        return;
    }
    let sidx = &b.sidx;
    let string_of = |q: Point| -> Option<usize> {
        board.string_of(q, color).map(|h| sidx[h as usize] as usize)
    };
    // Regions: maximal connected sets of points without a `color` stone, with
    // the strings bordering them and those to which they are vital (every
    // empty point of the region is a liberty of the string).
    let region_of = &mut b.region_of;
    let stack = &mut b.stack;
    let sets = &mut b.sets;
    stack.clear();
    for start in geo.points() {
        if board.color(start) == Some(color) || region_of[start as usize] != u32::MAX {
            continue;
        }
        let id = sets.add_region();
        region_of[start as usize] = id as u32;
        stack.push(start);
        while let Some(p) = stack.pop() {
            let mut adj = [0usize; 4];
            let mut k = 0;
            for &q in geo.neighbors(p) {
                if let Some(si) = string_of(q) {
                    adj[k] = si;
                    k += 1;
                } else if region_of[q as usize] == u32::MAX {
                    region_of[q as usize] = id as u32;
                    stack.push(q);
                }
            }
            let (border, vital) = sets.region_sets(id);
            add_adjacent(border, vital, &adj[..k], board.is_empty_at(p));
        }
        let (border, vital) = sets.region_sets(id);
        for (v, &bd) in vital.iter_mut().zip(border.iter()) {
            *v &= bd;
        }
    }
    sets.iterate(b.heads.len(), &[]);
}

/// One point of a region flood: the strings `adj` next to it border the
/// region, and, when the point is empty, only they can still have every
/// empty point of the region as a liberty (`vital` keeps those of them).
fn add_adjacent(border: &mut [u64], vital: &mut [u64], adj: &[usize], empty: bool) {
    for &si in adj {
        border[si / 64] |= 1 << (si % 64);
    }
    if empty {
        keep_adjacent(vital, adj);
    }
}

/// Keeps in `vital` only the strings of `adj` (those next to an empty
/// point of the region).
fn keep_adjacent(vital: &mut [u64], adj: &[usize]) {
    for (w, v) in vital.iter_mut().enumerate() {
        let mut m = 0u64;
        for &si in adj {
            if si / 64 == w {
                m |= 1 << (si % 64);
            }
        }
        *v &= m;
    }
}

/// Benson's answers for the boards of one search, computed over the
/// search's region only.
///
/// A search (one [`crate::confirm::Engine`]) plays on the points of its
/// region `K` and nowhere else, yet Benson's algorithm floods the whole
/// board: on 19x19 that was most of the search's time. `SafetyBase` runs
/// the full algorithm once, on the root board `B0`, and answers every later
/// board `N` that has the same stones as `B0` on every point outside `K`
/// from `B0`'s answers plus a flood of `K` (and a check of a few regions
/// that a connection through `K` can make vital). The answers are exactly
/// those of [`safety`]; `tests/safety.rs` and the proptests below check it.
///
/// It applies only when, on `B0`, (P1) every point outside `K` next to `K`
/// holds a pass-alive stone (of either colour) and (P2) no point of `K` is
/// held by either colour. A component of [`components`] meets P1 by
/// construction; [`SafetyBase::new`] makes P2 hold by leaving the held
/// points of the search's region out of `K` (a held eye of a pass-alive
/// group in a cut-out board, say). For any board that differs from `B0`
/// outside `K`, the full algorithm is run. Nothing here depends on how the
/// search chooses its moves.
///
/// Why the answers are the same. Write `X` for the colour asked about, `Y`
/// for the other, `A0` for `X`'s pass-alive strings on `B0`. Benson's
/// answer is the largest *self-supporting* set of strings: each has at
/// least two regions vital to it whose bordering strings are all in the set
/// (the union of two such sets is one, and the iteration from all strings
/// removes only strings outside every such set).
///
/// 1. On `N` the strings containing `A0`'s strings are still pass-alive.
///    By P2 the stones of `A0` and their vital healthy regions lie outside
///    `K`, so they are unchanged on `N`; such a region is still a maximal
///    set of non-`X` points (its neighbours are `A0` stones), its empty
///    points are still liberties of the (possibly larger) strings holding
///    `A0`'s stones, and these strings still border it alone: the set is
///    still self-supporting. The same holds for `Y`.
/// 2. An `X`-region holding a pass-alive `Y` string `T` is vital to no `X`
///    string `S`. `T` has liberties in two different `Y`-regions (each of
///    its vital regions has an empty point, or a string inside it would have
///    no liberty), all in `T`'s `X`-region; `S` lies in one `Y`-region and
///    touches empty points of that one only, so some liberty of `T` is not
///    one of `S`.
/// 3. So the `X`-regions that matter lie in `K` (a flood from a point of
///    `K` that steps out of `K` reaches, by P1, a `Y` pass-alive stone: the
///    region is vital to nothing) or outside `K` and next to no point of
///    `K` (else, by P1, they hold a `Y` pass-alive stone). The latter are
///    exactly `B0`'s regions, with the same points and the same health (their
///    bordering strings are `A0` strings, alive on both boards, or strings
///    of other components, dead on both: such a string's vital regions lie
///    in its own component and are as on `B0`, so the dead ones and `A0`
///    would be self-supporting on `B0` too). Their vitality can only grow,
///    and only when stones played in `K` join two of their bordering `A0`
///    strings: those regions (healthy on `B0`, vital to no string there,
///    bordered by at least two strings, holding no `Y` pass-alive stone) are
///    kept and tested on every board.
/// 4. In `K` the largest self-supporting set is found by Benson's iteration
///    over the strings with a stone in `K`, the strings holding `A0` stones
///    fixed alive (by 1 they are in the largest set, so the iteration never
///    removes them), and the regions flooded inside `K`.
pub struct SafetyBase {
    geo: Arc<Geometry>,
    in_region: Vec<bool>,
    region: Vec<Point>,
    /// The points outside the region, and per colour its stones there on
    /// the root board: a board is the root's outside the region when its
    /// stone masks agree with these there (a few words to compare instead
    /// of a scan of the points at every call).
    outside: Bits,
    outside_stones: [Bits; 2],
    /// Per colour, its stones outside the region next to it (pass-alive).
    frontier: [Vec<Point>; 2],
    /// Per colour: the root's answer and the regions a connection can make
    /// vital.
    colors: [(Safety, Vec<Mergeable>); 2],
    /// The masks of the masked flood, on a full rectangular board.
    masks: Option<RegionMasks>,
}

/// A region outside the search's region that is healthy on the root board,
/// vital to none of its (at least two) bordering strings, but would be if
/// some of them were joined.
struct Mergeable {
    points: Vec<Point>,
    empties: Vec<Point>,
}

impl SafetyBase {
    /// The base for searches over `region` from `root`; `None` when P1
    /// fails on `root` (see the type's documentation).
    ///
    /// The points of `region` that either colour holds on `root` are left
    /// out of `K`, so that P2 holds: the proof above is for any `K` that
    /// meets P1 and P2, and a board that differs from `root` on such a point
    /// (a player filling his own eye, say) differs outside `K` and gets the
    /// full algorithm. The points left out must still meet P1 where they
    /// touch `K`: a pass-alive stone does; a held empty point only touches
    /// its own region and its owner's stones around it, so it touches `K`
    /// only where such a stone is not pass-alive, and the loop below
    /// returns `None` then.
    #[must_use]
    pub fn new(root: &Board, region: &[Point]) -> Option<SafetyBase> {
        let geo = root.geometry();
        let n = geo.len();
        let full = [safety(root, Color::Black), safety(root, Color::White)];
        let region: Vec<Point> = region
            .iter()
            .copied()
            .filter(|&p| !full.iter().any(|s| s.held(p)))
            .collect();
        let mut in_region = vec![false; n];
        for &p in &region {
            in_region[p as usize] = true;
        }
        for &p in &region {
            for &q in geo.neighbors(p) {
                if in_region[q as usize] {
                    continue;
                }
                match root.color(q) {
                    Some(c) if full[c.index()].alive(q) => {}
                    _ => return None,
                }
            }
        }
        let outside: Bits = geo.points().filter(|&p| !in_region[p as usize]).collect();
        let outside_stones = [Color::Black, Color::White].map(|c| root.stones_of(c).and(&outside));
        let mut frontier = [Vec::new(), Vec::new()];
        for p in geo.points() {
            if let Some(c) = root.color(p)
                && !in_region[p as usize]
                && geo.neighbors(p).iter().any(|&q| in_region[q as usize])
            {
                frontier[c.index()].push(p);
            }
        }
        let [b, w] = full;
        let mb = mergeable(root, Color::Black, &in_region, &b, &w);
        let mw = mergeable(root, Color::White, &in_region, &w, &b);
        let masks = RegionMasks::new(root, &in_region, &frontier);
        Some(SafetyBase {
            masks,
            geo: Arc::clone(geo),
            in_region,
            region,
            outside,
            outside_stones,
            frontier,
            colors: [(b, mb), (w, mw)],
        })
    }

    /// [`safety`] of `board` for `color`, computed over the region; `None`
    /// when `board` differs from the root outside the region (then only the
    /// full algorithm answers).
    #[must_use]
    pub fn safety(&self, board: &Board, color: Color) -> Option<Safety> {
        if !Arc::ptr_eq(board.geometry(), &self.geo)
            || [Color::Black, Color::White]
                .iter()
                .any(|&c| board.stones_of(c).and(&self.outside) != self.outside_stones[c.index()])
        {
            return None;
        }
        let (root, merge) = &self.colors[color.index()];
        let mut out = root.clone();
        let words = out.words;
        let set_held = |bits: &mut [u64], i: usize| bits[words + i / 64] |= 1 << (i % 64);
        for m in merge {
            if joined_vital(board, color, &m.empties) {
                for &p in &m.points {
                    set_held(&mut out.bits, p as usize);
                }
            }
        }
        if let Some(masks) = &self.masks {
            let (alive, held) = LOCAL_SCRATCH.with_borrow_mut(|b| {
                local_core_bits(board, color, masks, &self.frontier[color.index()], b)
            });
            let (a, h) = (alive.words(), held.words());
            for w in 0..words {
                out.bits[w] |= a[w];
                out.bits[words + w] |= a[w] | h[w];
            }
            return Some(out);
        }
        LOCAL_SCRATCH.with_borrow_mut(|b| {
            local_core(
                board,
                color,
                &self.region,
                &self.in_region,
                &self.frontier[color.index()],
                b,
            );
            for &p in &self.region {
                let i = p as usize;
                if board.color(p) == Some(color) {
                    if b.sets.is_alive(b.sidx[board.head(p) as usize] as usize) {
                        out.bits[i / 64] |= 1 << (i % 64);
                        set_held(&mut out.bits, i);
                    }
                } else {
                    let r = b.region_of[i] as usize;
                    if b.sets.holds(r) {
                        set_held(&mut out.bits, i);
                    }
                }
            }
        });
        Some(out)
    }
}

/// True when one `color` string of `board` touches every point of `empties`.
fn joined_vital(board: &Board, color: Color, empties: &[Point]) -> bool {
    let geo = board.geometry();
    let Some((&first, rest)) = empties.split_first() else {
        return false;
    };
    geo.neighbors(first)
        .iter()
        .filter(|&&q| board.color(q) == Some(color))
        .any(|&q| {
            let h = board.head(q);
            rest.iter().all(|&e| {
                geo.neighbors(e)
                    .iter()
                    .any(|&r| board.color(r) == Some(color) && board.head(r) == h)
            })
        })
}

/// The `color` regions of `root` outside the region and next to none of its
/// points that are healthy, vital to no string, bordered by two strings or
/// more, and hold no pass-alive stone of the other colour (`theirs`).
fn mergeable(
    root: &Board,
    color: Color,
    in_region: &[bool],
    mine: &Safety,
    theirs: &Safety,
) -> Vec<Mergeable> {
    let geo = root.geometry();
    let mut seen = vec![false; geo.len()];
    let mut out = Vec::new();
    for start in geo.points() {
        if root.color(start) == Some(color) || seen[start as usize] {
            continue;
        }
        seen[start as usize] = true;
        let mut pts = vec![start];
        let mut i = 0;
        let mut border: Vec<Point> = Vec::new();
        let mut usable = true;
        while i < pts.len() {
            let p = pts[i];
            i += 1;
            if in_region[p as usize] || theirs.alive(p) {
                usable = false;
            }
            for &q in geo.neighbors(p) {
                if root.color(q) == Some(color) {
                    if !mine.alive(q) {
                        usable = false;
                    }
                    border.push(root.head(q));
                } else if !seen[q as usize] {
                    seen[q as usize] = true;
                    pts.push(q);
                }
            }
        }
        border.sort_unstable();
        border.dedup();
        let empties: Vec<Point> = pts
            .iter()
            .copied()
            .filter(|&p| root.is_empty_at(p))
            .collect();
        if usable && border.len() >= 2 && !joined_vital(root, color, &empties) {
            out.push(Mergeable {
                points: pts,
                empties,
            });
        }
    }
    out
}

static VERIFY: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes every search check each answer of [`SafetyBase`] against the full
/// [`safety`] and panic on a difference (for tests; also on when the
/// environment variable `KAKUNIN_VERIFY_SAFETY` is set).
pub fn set_verify_safety(on: bool) {
    VERIFY.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// True when answers of [`SafetyBase`] are to be checked (see
/// [`set_verify_safety`]).
#[must_use]
pub fn verify_safety() -> bool {
    static ENV: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    VERIFY.load(std::sync::atomic::Ordering::Relaxed)
        || *ENV.get_or_init(|| std::env::var_os("KAKUNIN_VERIFY_SAFETY").is_some())
}

static VERIFIED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Panics unless `fast` (an answer of [`SafetyBase`]) is the full
/// [`safety`] of `board` for `color`; counts the checks.
pub fn check_safety(fast: &Safety, board: &Board, color: Color) {
    assert_eq!(
        *fast,
        safety(board, color),
        "Benson over the region differs from the full one for {color} on\n{board:?}"
    );
    VERIFIED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// Answers of [`SafetyBase`] checked so far by [`check_safety`].
#[must_use]
pub fn safety_checks() -> u64 {
    VERIFIED.load(std::sync::atomic::Ordering::Relaxed)
}

thread_local! {
    static LOCAL_SCRATCH: std::cell::RefCell<LocalCore> = std::cell::RefCell::new(LocalCore::default());
}

/// Benson's iteration over one region `K` of the board (see
/// [`SafetyBase`]): the strings with a stone in `K` or next to it, those
/// reaching outside `K` fixed alive, and the regions flooded inside `K`
/// (one that steps outside is vital to nothing).
#[derive(Default)]
struct LocalCore {
    /// String index per head point (valid where `stamp` is `generation`).
    sidx: Vec<u16>,
    stamp: Vec<u32>,
    generation: u32,
    heads: Vec<Point>,
    /// Strings reaching outside `K` (holding pass-alive root stones).
    fixed: Vec<u64>,
    /// Region index per non-`color` point of `K`.
    region_of: Vec<u32>,
    stack: Vec<Point>,
    sets: BensonSets,
    /// The regions as point masks (the masked flood, [`local_core_bits`]).
    regions: Vec<Bits>,
}

impl LocalCore {
    /// Starts a computation on a board of `n` points: no string numbered.
    fn begin(&mut self, n: usize) {
        if self.stamp.len() != n {
            self.stamp.clear();
            self.stamp.resize(n, 0);
            self.sidx.clear();
            self.sidx.resize(n, 0);
            self.region_of.clear();
            self.region_of.resize(n, u32::MAX);
            self.generation = 0;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = u32::MAX);
            self.generation = 1;
        }
        self.heads.clear();
    }

    /// Marks the strings holding a stone of `frontier` as fixed alive, in
    /// `words` words.
    fn fix(&mut self, board: &Board, frontier: &[Point], words: usize) {
        self.fixed.clear();
        self.fixed.resize(words, 0);
        for &q in frontier {
            let si = self.sidx[board.head(q) as usize] as usize;
            self.fixed[si / 64] |= 1 << (si % 64);
        }
    }

    /// The index of the string headed by `h`, numbering it if new.
    fn index(&mut self, h: Point) -> usize {
        let i = h as usize;
        if self.stamp[i] != self.generation {
            self.stamp[i] = self.generation;
            self.sidx[i] = self.heads.len() as u16;
            self.heads.push(h);
        }
        self.sidx[i] as usize
    }
}

/// The indices (in `sidx`, by head) of the `color` strings next to `p`: at
/// most four, with repeats (no bitset to clear), and how many.
fn strings_next_to(sidx: &[u16], board: &Board, color: Color, p: Point) -> ([usize; 4], usize) {
    let mut adj = [0usize; 4];
    let mut k = 0;
    for &q in board.geometry().neighbors(p) {
        if let Some(h) = board.string_of(q, color) {
            adj[k] = sidx[h as usize] as usize;
            k += 1;
        }
    }
    (adj, k)
}

fn local_core(
    board: &Board,
    color: Color,
    region: &[Point],
    in_region: &[bool],
    frontier: &[Point],
    b: &mut LocalCore,
) {
    let geo = board.geometry();
    b.begin(geo.len());
    // Strings with a stone in K or next to it. Those with a stone outside K
    // are fixed alive: they hold a frontier stone (a string with stones on
    // both sides has one next to K), and only they do.
    for &p in region {
        if board.string_of(p, color) == Some(p) {
            b.index(p);
        }
        b.region_of[p as usize] = u32::MAX;
    }
    for &q in frontier {
        b.index(board.head(q));
    }
    let nstrings = b.heads.len();
    let words = nstrings.div_ceil(64);
    b.fix(board, frontier, words);
    b.sets.begin(words);
    b.stack.clear();
    for &start in region {
        if board.color(start) == Some(color) || b.region_of[start as usize] != u32::MAX {
            continue;
        }
        let id = b.sets.add_region();
        b.region_of[start as usize] = id as u32;
        b.stack.push(start);
        let mut open = false;
        while let Some(p) = b.stack.pop() {
            let (adj, k) = strings_next_to(&b.sidx, board, color, p);
            // The other neighbours: a point outside K is a pass-alive
            // stone of the other colour (P1); one inside joins the region.
            for &q in geo.neighbors(p) {
                if board.color(q) == Some(color) {
                    continue;
                }
                if !in_region[q as usize] {
                    open = true;
                } else if b.region_of[q as usize] == u32::MAX {
                    b.region_of[q as usize] = id as u32;
                    b.stack.push(q);
                }
            }
            let (border, vital) = b.sets.region_sets(id);
            add_adjacent(border, vital, &adj[..k], board.is_empty_at(p));
        }
        let (border, vital) = b.sets.region_sets(id);
        for (v, &bd) in vital.iter_mut().zip(border.iter()) {
            *v &= if open { 0 } else { bd };
        }
    }
    b.sets.iterate(nstrings, &b.fixed);
}

/// [`local_core`] with masks ([`crate::bitboard`]), for a board whose
/// points are joined as on a full rectangle: the same strings, regions and
/// iteration, but each region is flooded a step at a time for all its
/// points, its bordering strings are read off the stones next to it, and
/// its empty points are scanned only until no string can have them all as
/// liberties. Returns the stones of `K` in pass-alive strings and the
/// points of `K` in held regions (see [`BensonSets::holds`]).
fn local_core_bits(
    board: &Board,
    color: Color,
    masks: &RegionMasks,
    frontier: &[Point],
    b: &mut LocalCore,
) -> (Bits, Bits) {
    let geo = board.geometry();
    b.begin(geo.len());
    // The board's stone masks; outside K the board is the root's, so the
    // only stones of `color` next to K there are the frontier's.
    let mine_inside = board.stones_of(color).and(&masks.inside);
    let mine = mine_inside.or(&masks.frontier[color.index()]);
    let empty = masks
        .inside
        .and_not(board.stones_of(Color::Black))
        .and_not(board.stones_of(Color::White));
    for p in mine_inside.points() {
        if board.head(p) == p {
            b.index(p);
        }
    }
    for &q in frontier {
        b.index(board.head(q));
    }
    let (mut alive, mut held) = (Bits::default(), Bits::default());
    let nstrings = b.heads.len();
    if nstrings == 0 {
        return (alive, held);
    }
    let words = nstrings.div_ceil(64);
    b.fix(board, frontier, words);
    b.sets.begin(words);
    b.regions.clear();
    let others = masks.inside.and_not(&mine);
    let mut left = others;
    while let Some(start) = left.first() {
        let points = masks.grid.flood(start, &others);
        left = left.and_not(&points);
        let id = b.sets.add_region();
        let ring = masks.grid.grow(&points);
        // A region that steps outside K onto a point that is no stone of
        // `color` (a pass-alive stone of the other colour) is vital to none.
        let open = !ring.and(&masks.outside_others[color.index()]).is_empty();
        let (border, vital) = b.sets.region_sets(id);
        if open {
            vital.fill(0);
        } else {
            for p in points.and(&empty).points() {
                let (adj, k) = strings_next_to(&b.sidx, board, color, p);
                keep_adjacent(vital, &adj[..k]);
                if vital.iter().all(|&v| v == 0) {
                    break;
                }
            }
        }
        // The bordering strings matter only for a region vital to some
        // string (its health counts for that string alone); most regions,
        // wide areas, are vital to none, and their border is left empty.
        if vital.iter().any(|&v| v != 0) {
            for q in ring.and(&mine).points() {
                let si = b.sidx[board.head(q) as usize] as usize;
                border[si / 64] |= 1 << (si % 64);
            }
            for (v, &bd) in vital.iter_mut().zip(border.iter()) {
                *v &= bd;
            }
        }
        b.regions.push(points);
    }
    b.sets.iterate(nstrings, &b.fixed);
    for (si, &h) in b.heads.iter().enumerate() {
        if b.sets.is_alive(si) {
            for s in board.string_stones(h) {
                if masks.inside.contains(s) {
                    alive.insert(s);
                }
            }
        }
    }
    for (r, points) in b.regions.iter().enumerate() {
        if b.sets.holds(r) {
            held = held.or(points);
        }
    }
    (alive, held)
}

/// The constant masks of [`SafetyBase`] for [`local_core_bits`].
struct RegionMasks {
    grid: Grid,
    /// The region `K`.
    inside: Bits,
    /// Per colour, its stones outside `K` next to it.
    frontier: [Bits; 2],
    /// Per colour, the points outside `K` without a stone of that colour.
    outside_others: [Bits; 2],
}

impl RegionMasks {
    fn new(root: &Board, in_region: &[bool], frontier: &[Vec<Point>; 2]) -> Option<RegionMasks> {
        let grid = Grid::of(root.geometry())?;
        let mut masks = RegionMasks {
            grid,
            inside: Bits::default(),
            frontier: [Bits::default(), Bits::default()],
            outside_others: [Bits::default(), Bits::default()],
        };
        for p in root.geometry().points() {
            if in_region[p as usize] {
                masks.inside.insert(p);
                continue;
            }
            for color in [Color::Black, Color::White] {
                if root.color(p) != Some(color) {
                    masks.outside_others[color.index()].insert(p);
                }
            }
        }
        for (mask, points) in masks.frontier.iter_mut().zip(frontier) {
            *mask = points.iter().copied().collect();
        }
        Some(masks)
    }
}

/// True when Benson's answers for `color` on `board` are those on the
/// board before the other colour's stone on `p` (`captured`: the stone
/// captured some of `color`'s strings).
///
/// Why, without captures. That stone removed no stone and added none of
/// `color`'s, so `color`'s strings and regions (maximal connected sets of
/// points without a `color` stone) are the same on both boards, and so are
/// the strings bordering each region. Only the empty points of the region
/// holding `p` changed (`p` is no longer one), and with them, possibly, the
/// strings the region is vital to (those touching every empty point of it):
/// none fewer, perhaps more. Benson's algorithm depends on nothing else, so
/// when that set did not grow, every answer is the same.
///
/// With captures. The captured strings were not pass-alive (those cannot
/// be captured) and all touched `p`; their points, `p`'s region and every
/// region they touched are now one region, and nothing else changed. Every
/// region so merged bordered a captured string, so was not healthy before:
/// none supported a pass-alive string or was held. When the merged region
/// is vital to no string, none of it supports one or is held after either,
/// and the rest is unchanged: every answer is the same.
///
/// Computing this needs a flood of `p`'s region, cut short as soon as no
/// string can touch all its empty points but `p` (usually at once: most
/// regions are wide).
#[must_use]
pub fn same_after_opponent_stone(board: &Board, p: Point, color: Color, captured: bool) -> bool {
    debug_assert_eq!(board.color(p), Some(color.opponent()));
    let geo = board.geometry();
    let heads_at = |q: Point, out: &mut [Point; 4]| -> usize {
        let mut k = 0;
        for &r in geo.neighbors(q) {
            if board.color(r) == Some(color) {
                let h = board.head(r);
                if !out[..k].contains(&h) {
                    out[k] = h;
                    k += 1;
                }
            }
        }
        k
    };
    let mut at_p = [0; 4];
    let n_at_p = heads_at(p, &mut at_p);
    FLOOD_SCRATCH.with_borrow_mut(|f| {
        let n = geo.len();
        if f.stamp.len() != n {
            f.stamp.clear();
            f.stamp.resize(n, 0);
            f.generation = 0;
        }
        if f.generation == u32::MAX {
            f.stamp.iter_mut().for_each(|s| *s = 0);
            f.generation = 0;
        }
        f.generation += 1;
        let generation = f.generation;
        f.stack.clear();
        f.border.clear();
        f.stamp[p as usize] = generation;
        f.stack.push(p);
        // The strings touching every empty point seen but `p` (None: no
        // such point yet).
        let mut cand: Option<([Point; 4], usize)> = None;
        while let Some(q) = f.stack.pop() {
            let mut hs = [0; 4];
            let k = heads_at(q, &mut hs);
            f.border.extend_from_slice(&hs[..k]);
            if q != p && board.is_empty_at(q) {
                let (mut c, mut m) = cand.unwrap_or((hs, k));
                let mut kept = 0;
                for i in 0..m {
                    if hs[..k].contains(&c[i]) {
                        c[kept] = c[i];
                        kept += 1;
                    }
                }
                m = kept;
                if m == 0 {
                    // Vital to no string on either board.
                    return true;
                }
                cand = Some((c, m));
            }
            for &r in geo.neighbors(q) {
                if board.color(r) != Some(color) && f.stamp[r as usize] != generation {
                    f.stamp[r as usize] = generation;
                    f.stack.push(r);
                }
            }
        }
        if captured {
            // Vital to some string.
            return false;
        }
        // Vital to these strings now (every bordering one when `p` was the
        // only empty point), to those of them touching `p` before.
        match cand {
            Some((c, m)) => c[..m].iter().all(|h| at_p[..n_at_p].contains(h)),
            None => f.border.iter().all(|h| at_p[..n_at_p].contains(h)),
        }
    })
}

/// True when Benson's answers for `color` on `board` are `parent`'s, those
/// on the board before `color`'s stone on `p` (with its captures, if any).
///
/// Why. Call `s1..sk` the strings the stone joined and `S` the string it
/// now stands in, `A` the pass-alive strings before and `A'` after. Ask
/// that (1) `p` was not held before, (2) none of `s1..sk` was pass-alive,
/// and (3) fewer than two regions are vital to `S` (so `S` is not
/// pass-alive). Only the region of `p` changed (it lost `p`, perhaps split
/// in parts, all touching `p`, so bordered by `S`; the stones captured were
/// in it, next to `p`, and are now empty points of it), and only the
/// strings `s1..sk` (now `S`). A region healthy before and vital to a string of `A`
/// borders only strings of `A`, so none of `s1..sk`, and is not `p`'s region
/// (by 1): it is unchanged, so `A` still supports itself: `A` is within
/// `A'`. A region healthy after and vital to a string of `A'` borders only
/// strings of `A'`, so not `S` (by 3): it is not a part of `p`'s region, and
/// is unchanged too: `A'` is within `A`. So `A' = A`, and the held points
/// are the same: the regions that could differ all border a string that is
/// not pass-alive on their board (`s1..sk` before, `S` after), or are `p`'s
/// region, not held before (by 1) and parts of it bordered by `S` after.
/// The cost is a walk of `S` and a flood of its regions, each cut short at
/// its first empty point that is not a liberty of `S`.
#[must_use]
pub fn same_after_own_stone(parent: &Safety, board: &Board, p: Point, color: Color) -> bool {
    debug_assert_eq!(board.color(p), Some(color));
    let geo = board.geometry();
    if parent.held(p)
        || geo
            .neighbors(p)
            .iter()
            .any(|&q| board.color(q) == Some(color) && parent.alive(q))
    {
        return false;
    }
    let h = board.head(p);
    let liberty_of_s = |e: Point| {
        geo.neighbors(e)
            .iter()
            .any(|&r| board.string_of(r, color) == Some(h))
    };
    FLOOD_SCRATCH.with_borrow_mut(|f| {
        let n = geo.len();
        if f.stamp.len() != n {
            f.stamp.clear();
            f.stamp.resize(n, 0);
            f.generation = 0;
        }
        // One generation per flood; stamps from earlier floods of this call
        // (at least `first`) mark regions already looked at.
        let stones = board.string_size(p) as u32;
        if f.generation > u32::MAX - 4 * stones - 8 {
            f.stamp.iter_mut().for_each(|s| *s = 0);
            f.generation = 0;
        }
        let first = f.generation + 1;
        let mut vital = 0;
        for s in board.string_stones(p) {
            for &l in geo.neighbors(s) {
                if !board.is_empty_at(l) || f.stamp[l as usize] >= first {
                    continue;
                }
                f.generation += 1;
                let g = f.generation;
                f.stack.clear();
                f.stamp[l as usize] = g;
                f.stack.push(l);
                let mut is_vital = true;
                'flood: while let Some(q) = f.stack.pop() {
                    if board.is_empty_at(q) && !liberty_of_s(q) {
                        is_vital = false;
                        break;
                    }
                    for &r in geo.neighbors(q) {
                        if board.color(r) == Some(color) {
                            continue;
                        }
                        let st = f.stamp[r as usize];
                        if st >= first && st < g {
                            // Part of a region already cut short.
                            is_vital = false;
                            break 'flood;
                        }
                        if st != g {
                            f.stamp[r as usize] = g;
                            f.stack.push(r);
                        }
                    }
                }
                if is_vital {
                    vital += 1;
                    if vital >= 2 {
                        return false;
                    }
                }
            }
        }
        true
    })
}

#[derive(Default)]
struct FloodScratch {
    stamp: Vec<u32>,
    generation: u32,
    stack: Vec<Point>,
    border: Vec<Point>,
}

thread_local! {
    static FLOOD_SCRATCH: std::cell::RefCell<FloodScratch> = std::cell::RefCell::new(FloodScratch::default());
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
    use crate::board::{Geometry, legal_board};

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
            let stones: Vec<Option<Color>> = (0..geo.len())
                .map(|i| match cells[i % 64] { 0..=5 => Some(Color::Black), 6 => Some(Color::White), _ => None })
                .collect();
            let b = legal_board(&geo, stones);
            for color in [Color::Black, Color::White] {
                let mut fast = benson(&b, color);
                fast.sort_unstable();
                proptest::prop_assert_eq!(fast, benson_naive(&b, color), "{:?}", b);
            }
        }
    }

    /// Plays `moves` (indices into the component's points, alternating
    /// colours, illegal ones passed) on a copy of `b` and checks at every
    /// board that Benson over the component equals the full algorithm.
    fn region_benson_agrees(
        b: &Board,
        moves: &[usize],
    ) -> Result<usize, proptest::test_runner::TestCaseError> {
        let settled = pass_alive(b);
        let mut checked = 0;
        let full = [safety(b, Color::Black), safety(b, Color::White)];
        for comp in components(b, &settled) {
            // A whole held region (a dead stone in an eye) leaves nothing
            // in `K`: every move in it gets the full algorithm, which the
            // whole-board test below covers.
            if comp.points.iter().any(|&p| full.iter().any(|s| s.held(p))) {
                continue;
            }
            let Some(base) = SafetyBase::new(b, &comp.points) else {
                continue;
            };
            // Both ways of flooding: with masks (full boards) and point by
            // point (the way of cut-out boards).
            proptest::prop_assert!(base.masks.is_some());
            let mut by_point = SafetyBase::new(b, &comp.points).expect("the same base");
            by_point.masks = None;
            let mut board = b.clone();
            let mut c = Color::Black;
            for &m in moves.iter().chain(std::iter::once(&0)) {
                for color in [Color::Black, Color::White] {
                    for base in [&base, &by_point] {
                        let fast = base.safety(&board, color);
                        proptest::prop_assert!(fast.is_some(), "{:?}", board);
                        proptest::prop_assert_eq!(
                            fast.unwrap(),
                            safety(&board, color),
                            "{:?} {:?}",
                            color,
                            board
                        );
                    }
                    checked += 1;
                }
                let p = comp.points[m % comp.points.len()];
                if board.play(p, c).is_err() {
                    board.pass();
                }
                c = c.opponent();
            }
        }
        Ok(checked)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]
        #[test]
        fn benson_over_a_component_agrees_with_the_full_one(
            w in 3usize..10, h in 3usize..10,
            cells in proptest::collection::vec(0u8..12, 100),
            moves in proptest::collection::vec(0usize..1000, 0..60),
        ) {
            let geo = Geometry::new(w, h).unwrap();
            // Walls of both colours with eyes, unsettled bits between.
            let stones: Vec<Option<Color>> = (0..geo.len())
                .map(|i| match cells[i % 100] { 0..=4 => Some(Color::Black), 5..=8 => Some(Color::White), _ => None })
                .collect();
            let b = legal_board(&geo, stones);
            region_benson_agrees(&b, &moves)?;
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]
        /// A search whose region is the whole board (a cut-out board's
        /// engine): the held points leave `K`, and the answers stay exact,
        /// also after moves on those points (then the full algorithm).
        #[test]
        fn benson_over_a_whole_board_region_agrees_with_the_full_one(
            w in 3usize..10, h in 3usize..10,
            cells in proptest::collection::vec(0u8..12, 100),
            moves in proptest::collection::vec(0usize..1000, 0..60),
        ) {
            let geo = Geometry::new(w, h).unwrap();
            let stones: Vec<Option<Color>> = (0..geo.len())
                .map(|i| match cells[i % 100] { 0..=4 => Some(Color::Black), 5..=8 => Some(Color::White), _ => None })
                .collect();
            let b = legal_board(&geo, stones);
            let all: Vec<Point> = geo.points().collect();
            let Some(base) = SafetyBase::new(&b, &all) else {
                return Ok(());
            };
            let mut board = b.clone();
            let mut c = Color::Black;
            for &m in moves.iter().chain(std::iter::once(&0)) {
                for color in [Color::Black, Color::White] {
                    if let Some(fast) = base.safety(&board, color) {
                        proptest::prop_assert_eq!(fast, safety(&board, color), "{:?} {:?}", color, board);
                    }
                }
                if board.play(all[m % all.len()], c).is_err() {
                    board.pass();
                }
                c = c.opponent();
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]
        #[test]
        fn the_parents_answer_is_kept_only_when_it_is_right(
            w in 3usize..10, h in 3usize..10,
            cells in proptest::collection::vec(0u8..12, 100),
            moves in proptest::collection::vec(0usize..1000, 1..40),
        ) {
            let geo = Geometry::new(w, h).unwrap();
            let stones: Vec<Option<Color>> = (0..geo.len())
                .map(|i| match cells[i % 100] { 0..=4 => Some(Color::Black), 5..=7 => Some(Color::White), _ => None })
                .collect();
            let mut b = legal_board(&geo, stones);
            let mut c = Color::Black;
            for m in moves {
                let p = (m % geo.len()) as Point;
                let before = [safety(&b, Color::Black), safety(&b, Color::White)];
                let mut next = b.clone();
                let mut captured = false;
                if next.check(p, c).is_err() {
                    c = c.opponent();
                    continue;
                }
                next.place(p, c, &mut |_| captured = true);
                for color in [Color::Black, Color::White] {
                    let same = if color == c {
                        same_after_own_stone(&before[color.index()], &next, p, color)
                    } else {
                        same_after_opponent_stone(&next, p, color, captured)
                    };
                    if same {
                        proptest::prop_assert_eq!(&before[color.index()], &safety(&next, color), "{:?} {:?}", color, next);
                    }
                }
                b = next;
                c = c.opponent();
            }
        }
    }

    #[test]
    fn benson_over_a_component_sees_a_connection_make_a_region_vital() {
        // Two pass-alive black strings, each with two eyes, share the region
        // {C6, D6, D5}, healthy but vital to neither: C6 touches only the
        // left one, D6 only the right one. Black C4, in the component below,
        // joins them; then the region is vital to the joined string: held.
        let b = board(&[
            ". X . . X . X . X",
            "X X X . X X X X X",
            ". X . X X . . . .",
            "X X . . . . . . .",
            ". . . . O O . . .",
            ". . . . . . . . .",
        ]);
        let geo = b.geometry().clone();
        let [c6, c4] = ["C6", "C4"].map(|n| geo.parse_point(n).unwrap());
        let settled = pass_alive(&b);
        let comps = components(&b, &settled);
        assert_eq!(comps.len(), 1, "{comps:?}");
        let base = SafetyBase::new(&b, &comps[0].points).expect("P1 and P2 hold");
        let before = base.safety(&b, Color::Black).unwrap();
        assert_eq!(before, safety(&b, Color::Black));
        assert!(!before.held(c6));
        let mut after = b.clone();
        after.play(c4, Color::Black).unwrap();
        let fast = base.safety(&after, Color::Black).unwrap();
        assert_eq!(fast, safety(&after, Color::Black));
        assert!(fast.held(c6));
        // The parent's answer is not kept for that stone; it is for a black
        // stone and a white one far away.
        assert!(!same_after_own_stone(&before, &after, c4, Color::Black));
        let [h2, f1] = ["H2", "F1"].map(|n| geo.parse_point(n).unwrap());
        let mut far = b.clone();
        far.play(h2, Color::Black).unwrap();
        assert!(same_after_own_stone(&before, &far, h2, Color::Black));
        let mut far = b.clone();
        far.play(f1, Color::White).unwrap();
        assert!(same_after_opponent_stone(&far, f1, Color::Black, false));
        let mut moves = Vec::new();
        for _ in 0..3 {
            moves.extend(0..40);
        }
        assert!(region_benson_agrees(&b, &moves).unwrap() > 0);
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
