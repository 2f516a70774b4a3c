//! Secure areas: Benson's algorithm with small areas that stay eyes as long
//! as their owner answers every play in them.
//!
//! Benson proves strings that live even if their owner never moves again,
//! so an eye counts only when every empty point of it touches the string.
//! An ordinary living wall has a corner territory, a 2x2 square or a bent
//! three instead, with a point that touches no wall stone: alive, but only
//! because the owner answers. Without a rule for such walls, every string
//! they surround is searched through the wall's territory (an invasion in
//! each corner at every ply), and textbook shapes inside walls that a
//! player would never doubt stay `unknown` (`research/realistic-walls/`).
//! This module decides such small areas exhaustively, one at a time, and
//! counts them as eyes in Benson's algorithm.
//!
//! # The rule
//!
//! Let O be a colour and P the other. Take X, a set of strings of O, and an
//! *area* A: a connected set of at most [`MAX_AREA`] points holding no
//! stone of O whose neighbours outside A are all stones of X (a region of
//! Benson's algorithm without O stones). Inside A, under the assumption that
//! no string of X is ever captured, play is a small game:
//!
//! - P may put a stone on any empty point of A where his string keeps an
//!   empty neighbour in A (he can capture nothing there: every O stone in A
//!   belongs to a string of X), or play elsewhere;
//! - O *answers* only with stones that touch a string of X or an O stone
//!   already in A (so they join X), capturing P's strings left without an
//!   empty neighbour in A.
//!
//! BASE_k(s): every string of X touching A (strings joined through O's
//! stones in A counted as one) has k empty neighbours in A or more.
//! KILL(t), O to move: O can reach, playing in A and P answering there or
//! not, a k-good state with no stone of P in A, BASE_k holding at every P
//! turn. A state s
//! with P to move is **k-good** when BASE_k(s) and KILL(s) hold, and for
//! every play m of P in A, KILL(s+m) holds and either s+m is k-good or some
//! answer r of O makes s+m+r k-good. Both recursions end: every answer adds
//! an O stone that stays, and between answers P only adds stones. A 2-good
//! area is worth two eyes (a straight four: a play on one middle point is
//! answered on the other, and the strings keep two liberties there), a
//! 1-good one an eye.
//!
//! The extended algorithm is Benson's, where a string's *healthy* regions
//! are those vital to it (every empty point a liberty of it, and no stone
//! of O inside: a region holding a stone of a string that left X is
//! healthy for nobody, as in Benson's, since taking that stone would make
//! an empty point that may touch no string of X) and the good areas it
//! touches, counted once or twice: strings with fewer than two leave X
//! until none does. Call the result X'. The **held** points of O are X',
//! the regions vital to a string of X', and the good areas.
//!
//! # Why it is sound
//!
//! O's strategy: whenever P plays in a good area, answer there as the area's
//! solution says (or not at all, when that is what keeps it good); play
//! anything else otherwise, except in good areas and in regions vital to X'.
//!
//! - *No string of X' is captured.* At each turn of P, every string b of X'
//!   has a liberty in each of its healthy regions, two in a 2-good area: in
//!   a vital region because P cannot fill its last point (his stones there
//!   would have no liberty), in a good area by BASE. P's stone takes one
//!   liberty in one region at most, so b keeps one. O's answer joins strings of
//!   X', which then have a liberty outside the area, so it is legal; it is
//!   no ko capture that P could retake (P captures nothing in a good area),
//!   and O holds no ban there (the caller asks that O hold no ban on a
//!   held point: a ban from a ko fought before the area was closed).
//! - *Nothing repeats through an area.* O's stones in a good area are never
//!   taken, and P's are taken only by O's answers; so the area's contents
//!   never return to an earlier state once O has answered there, and a P
//!   stone that stays makes it differ too. A repeated position holds no play
//!   in a good area.
//! - *P never keeps a stone in a good area or a vital region.* In a good
//!   area, at every turn of O the state satisfies KILL, so O can capture
//!   every P stone there whenever he chooses. In a region vital to a string
//!   of X' every empty point touches that string, so a stone O plays there
//!   joins it and is never captured, and O can fill the region around P's
//!   stones until they have no liberty.
//!
//! So X' can never be captured as long as O answers, and a target of P in
//! O's held points is captured for certain (O spends as many moves on it
//! as it takes, answering the areas in between). The strategies of
//! [`crate::cramped`] and of Benson's held regions use only stones that
//! join the wall and the fact that the wall is never captured, so they run
//! as well beside these answers: each P play in a good area costs P the
//! turn that O's answer costs O.
//!
//! The area's own state is read from the board as it stands: a state that
//! is not good (P has just played there and O has not answered) simply
//! does not count, and the rule says nothing there.

use crate::board::{Board, Color, Point};
use crate::region::Safety;
use smallvec::SmallVec;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Most points in an area solved exhaustively. Areas of a wall's eyes are
/// small (a 2x2 corner, a bent three, a straight four, a 2x3 corner); the
/// search meets many more regions of up to nine points in the fights
/// themselves, whose games cost more than they settle (measured on example
/// 20: five times the time per node with nine points and any stones).
pub const MAX_AREA: usize = 7;

/// Most stones of the other colour in an area solved: a dead stone or two
/// in a wall's eye; more is a fight, not an eye.
pub const MAX_INVADERS: u32 = 2;

/// Answers of the small games, kept across calls: per shape of area (its
/// points in board order, each with its neighbours in the area and the
/// strings of X it touches, numbered by first appearance), the states known
/// to be good or to allow the kill. A shape's states are shared by every
/// board it appears on, so each is solved once.
#[derive(Default)]
pub struct AreaMemo {
    shapes: FastMap<ShapeKey, ShapeMemo>,
    entries: usize,
}

#[derive(Default)]
struct ShapeMemo {
    good: FastMap<u32, bool>,
    kill: FastMap<u32, bool>,
}

/// A shape of area and the eyes asked of it: per point its neighbours in
/// the area (low 16 bits) and the strings it touches (high 16 bits),
/// [`FREE`] past the last point, then the eyes. An array, not a vector:
/// the engine looks shapes up after most stones.
type ShapeKey = [u32; MAX_AREA + 1];

/// Past the last point of a [`ShapeKey`].
const FREE: u32 = u32::MAX;

type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A multiply-rotate hash (the Fx hash of rustc) for the memo's small keys:
/// std's default hasher, built against hostile keys, showed in profiles,
/// and these keys come from board shapes only.
#[derive(Default)]
struct FastHasher(u64);

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

impl AreaMemo {
    /// States remembered (a bound for callers that cap their memory).
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries
    }

    /// True when nothing is remembered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries == 0
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.shapes.clear();
        self.entries = 0;
    }
}

/// Benson's algorithm for `color` with good areas counted as eyes: `None`
/// when no good area counts otherwise than Benson's regions do
/// ([`adds_to_benson`]; then the answer is Benson's own), else
/// the strings that can never be captured while `color` answers in its
/// good areas, and the points `color` holds (module doc).
#[must_use]
pub fn secure_safety(board: &Board, color: Color, memo: &mut AreaMemo) -> Option<Safety> {
    let geo = board.geometry();
    let n = geo.len();
    // The colour's strings, numbered by head.
    let mut sidx = vec![usize::MAX; n];
    let mut heads: Vec<Point> = Vec::new();
    for p in geo.points() {
        if board.color(p) == Some(color) && board.head(p) == p {
            sidx[p as usize] = heads.len();
            heads.push(p);
        }
    }
    if heads.is_empty() {
        return None;
    }
    let string_of = |p: Point| sidx[board.head(p) as usize];
    // Areas are regions of the first round (every string in X). So
    // without a good one among these that Benson's algorithm does not
    // already count, the answer is Benson's; this pass allocates nothing
    // for the big regions that most boards have.
    if !any_good_area(board, color, &string_of, memo) {
        return None;
    }
    // Benson's iteration on the regions of the first round: a string
    // leaves X when fewer than two of its regions are healthy, and a
    // region bordering a string that left X is healthy for nobody (it
    // would hold that string's stones). This is the algorithm of the
    // module doc, where the regions are flooded afresh each round: a
    // region then holding a stone of a string that left X is one of these
    // merged with such strings, and healthy for nobody either way.
    let mut region_of = vec![usize::MAX; n];
    let regions = regions(board, color, &string_of, &mut region_of);
    // Per region, the eyes of a good area that adds to Benson's count, and
    // what the region is worth to each string of its border: those eyes,
    // or one when it is vital to the string.
    let eyes: Vec<u32> = regions
        .iter()
        .map(|r| {
            if r.is_area {
                adds_to_benson(board, color, r, &string_of, memo)
            } else {
                0
            }
        })
        .collect();
    let worth: Vec<Vec<u32>> = regions
        .iter()
        .zip(&eyes)
        .map(|(r, &e)| {
            r.border
                .iter()
                .map(|&b| {
                    if e > 0 {
                        e
                    } else {
                        u32::from(r.vital_to(board, color, b, &string_of))
                    }
                })
                .collect()
        })
        .collect();
    let mut in_x = vec![true; heads.len()];
    let mut live = vec![true; regions.len()];
    loop {
        if !live.iter().zip(&eyes).any(|(&l, &e)| l && e > 0) {
            return None;
        }
        let mut healthy = vec![0u32; heads.len()];
        for (i, r) in regions.iter().enumerate() {
            if live[i] {
                for (&b, &w) in r.border.iter().zip(&worth[i]) {
                    healthy[b] += w;
                }
            }
        }
        let mut removed = false;
        for b in 0..heads.len() {
            if in_x[b] && healthy[b] < 2 {
                in_x[b] = false;
                removed = true;
            }
        }
        if !removed {
            break;
        }
        for (i, r) in regions.iter().enumerate() {
            live[i] &= r.border.iter().all(|&b| in_x[b]);
        }
    }
    if !in_x.iter().any(|&x| x) {
        return None;
    }
    let held_region: Vec<bool> = live
        .iter()
        .zip(&worth)
        .map(|(&l, w)| l && w.iter().any(|&e| e > 0))
        .collect();
    let alive = |p: Point| board.color(p) == Some(color) && in_x[string_of(p)];
    let held = |p: Point| {
        alive(p) || {
            let r = region_of[p as usize];
            r != usize::MAX && held_region[r]
        }
    };
    Some(Safety::from_fns(n, alive, held))
}

/// Whether the stone of `color` on `p` borders a good area that Benson's
/// algorithm does not already count ([`adds_to_benson`]): a pocket of at
/// most [`MAX_AREA`] points without `color`'s stones, next to `p`, bounded
/// by `color`'s stones and the edge, and good. Such a stone may have walled
/// off a new area, so the engine asks afresh after it; after other stones
/// it takes the parent's answer (a new area can then only come from
/// strings the stone joined, which is rare, and missing it only lets the
/// search play on). Reads only the pockets, not the board: the engine asks
/// after most stones of `color`.
#[must_use]
pub fn walls_off_good_area(board: &Board, p: Point, color: Color, memo: &mut AreaMemo) -> bool {
    let geo = board.geometry();
    let string_of = |q: Point| board.head(q) as usize;
    // Points flooded from earlier neighbours: a neighbour among them lies
    // in a pocket already read, or in a region already found too big. A
    // flood that meets the points of a big one is in that region too (it
    // must not stop there, as if they bounded a small pocket: that made
    // the answer depend on the order of the neighbours, found by the
    // invariance test).
    let mut done = crate::bitboard::Bits::default();
    let mut big = crate::bitboard::Bits::default();
    for &q in geo.neighbors(p) {
        if board.color(q) == Some(color) || done.contains(q) {
            continue;
        }
        let mut seen: SmallVec<[Point; 8]> = SmallVec::new();
        seen.push(q);
        done.insert(q);
        let mut k = 0;
        let mut small = true;
        'flood: while k < seen.len() {
            for &r in geo.neighbors(seen[k]) {
                if board.color(r) == Some(color) {
                    continue;
                }
                if big.contains(r) {
                    small = false;
                    break 'flood;
                }
                if !done.contains(r) {
                    if seen.len() == MAX_AREA {
                        small = false;
                        break 'flood;
                    }
                    seen.push(r);
                    done.insert(r);
                }
            }
            k += 1;
        }
        if !small {
            for &r in &seen {
                big.insert(r);
            }
        } else if pocket_adds(board, color, seen, &string_of, memo) {
            return true;
        }
    }
    false
}

/// Whether some region of `color`'s Benson algorithm, every string of
/// `color` in X, is a good area that Benson's algorithm does not already
/// count as it ([`adds_to_benson`]).
fn any_good_area(
    board: &Board,
    color: Color,
    string_of: &dyn Fn(Point) -> usize,
    memo: &mut AreaMemo,
) -> bool {
    let geo = board.geometry();
    let mut seen = crate::bitboard::Bits::default();
    let mut stack: SmallVec<[Point; 32]> = SmallVec::new();
    for start in geo.points() {
        if board.color(start) == Some(color) || seen.contains(start) {
            continue;
        }
        // Flood the whole region, keeping its first points only.
        let mut points: SmallVec<[Point; 8]> = SmallVec::new();
        let mut size = 0;
        seen.insert(start);
        stack.push(start);
        while let Some(p) = stack.pop() {
            size += 1;
            if size <= MAX_AREA {
                points.push(p);
            }
            for &q in geo.neighbors(p) {
                if board.color(q) != Some(color) && !seen.contains(q) {
                    seen.insert(q);
                    stack.push(q);
                }
            }
        }
        if size <= MAX_AREA && pocket_adds(board, color, points, string_of, memo) {
            return true;
        }
    }
    false
}

/// Whether the pocket `points` (a whole region of `color`'s Benson
/// algorithm, every string of `color` in X, of at most [`MAX_AREA`]
/// points) is a good area that Benson's algorithm does not already count
/// as it ([`adds_to_benson`]).
fn pocket_adds(
    board: &Board,
    color: Color,
    mut points: SmallVec<[Point; 8]>,
    string_of: &dyn Fn(Point) -> usize,
    memo: &mut AreaMemo,
) -> bool {
    let invaders = points.iter().filter(|&&p| board.color(p).is_some()).count();
    if invaders > MAX_INVADERS as usize {
        return false;
    }
    let geo = board.geometry();
    let mut border: Vec<usize> = Vec::new();
    for &p in &points {
        for &q in geo.neighbors(p) {
            if board.color(q) == Some(color) && !border.contains(&string_of(q)) {
                border.push(string_of(q));
            }
        }
    }
    if border.is_empty() {
        return false;
    }
    points.sort_unstable();
    border.sort_unstable();
    let r = Region {
        points: points.to_vec(),
        border,
        is_area: true,
    };
    // The one- and two-point eyes of every living group are areas that
    // Benson's algorithm already counts (vital to all their strings, and
    // never worth two eyes): almost every real board has one.
    if r.points.len() <= 2 && r.vital_to_all(board, color, string_of) {
        return false;
    }
    adds_to_benson(board, color, &r, string_of, memo) > 0
}

/// The eyes the area `r` counts for in the extended algorithm when that
/// differs from Benson's own count, else 0: a good area worth two eyes, or
/// one worth an eye with an empty point that some string of its border
/// does not touch. A good area worth one eye and vital to every string of
/// its border counts as Benson's vital region does, once for each of them;
/// when all good areas are such, the extended answer is Benson's.
fn adds_to_benson(
    board: &Board,
    color: Color,
    r: &Region,
    string_of: &dyn Fn(Point) -> usize,
    memo: &mut AreaMemo,
) -> u32 {
    match area_eyes(board, r, string_of, memo) {
        1 if r.vital_to_all(board, color, string_of) => 0,
        e => e,
    }
}

/// One region of Benson's algorithm with every string of the colour in X:
/// a connected set of points holding no stone of the colour. (Regions of
/// later rounds, which hold the stones of strings that left X, are healthy
/// for nobody: [`secure_safety`] drops the regions beside such strings.)
struct Region {
    points: Vec<Point>,
    /// Strings bordering it (indices), in increasing order.
    border: Vec<usize>,
    /// A candidate area: small, at most [`MAX_INVADERS`] stones inside.
    is_area: bool,
}

impl Region {
    /// Every empty point of the region touches every string of its border.
    fn vital_to_all(
        &self,
        board: &Board,
        color: Color,
        string_of: &dyn Fn(Point) -> usize,
    ) -> bool {
        self.border
            .iter()
            .all(|&b| self.vital_to(board, color, b, string_of))
    }

    /// Every empty point of the region is a liberty of the string of
    /// `color` numbered `b`.
    fn vital_to(
        &self,
        board: &Board,
        color: Color,
        b: usize,
        string_of: &dyn Fn(Point) -> usize,
    ) -> bool {
        let geo = board.geometry();
        self.points.iter().all(|&p| {
            !board.is_empty_at(p)
                || geo
                    .neighbors(p)
                    .iter()
                    .any(|&q| board.color(q) == Some(color) && string_of(q) == b)
        })
    }
}

/// Benson's regions for `color` with every string of `color` in X.
fn regions(
    board: &Board,
    color: Color,
    string_of: &dyn Fn(Point) -> usize,
    region_of: &mut [usize],
) -> Vec<Region> {
    let geo = board.geometry();
    let is_x = |p: Point| board.color(p) == Some(color);
    region_of.fill(usize::MAX);
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in geo.points() {
        if is_x(start) || region_of[start as usize] != usize::MAX {
            continue;
        }
        let id = out.len();
        let mut points = Vec::new();
        let mut border = Vec::new();
        region_of[start as usize] = id;
        stack.push(start);
        while let Some(p) = stack.pop() {
            points.push(p);
            for &q in geo.neighbors(p) {
                if is_x(q) {
                    let b = string_of(q);
                    if !border.contains(&b) {
                        border.push(b);
                    }
                } else if region_of[q as usize] == usize::MAX {
                    region_of[q as usize] = id;
                    stack.push(q);
                }
            }
        }
        points.sort_unstable();
        border.sort_unstable();
        let invaders = points.iter().filter(|&&p| board.color(p).is_some()).count() as u32;
        let is_area = points.len() <= MAX_AREA && invaders <= MAX_INVADERS && !border.is_empty();
        out.push(Region {
            points,
            border,
            is_area,
        });
    }
    out
}

/// The eyes the area's current state is worth (module doc): 2 when it is
/// good with two liberties kept for every string, 1 when good, else 0; the
/// answers remembered by the area's shape.
fn area_eyes(
    board: &Board,
    r: &Region,
    string_of: &dyn Fn(Point) -> usize,
    memo: &mut AreaMemo,
) -> u32 {
    let Some(game) = AreaGame::new(board, r, string_of) else {
        return 0;
    };
    for need in [2, 1] {
        let mut key = game.key;
        key[MAX_AREA] = need;
        let shape = memo.shapes.entry(key).or_default();
        let before = shape_len(shape);
        let mut solver = Solver {
            game: &game,
            memo: shape,
            need,
        };
        let good = solver.good(game.start);
        let after = shape_len(solver.memo);
        memo.entries += after - before;
        if good {
            return need;
        }
    }
    0
}

fn shape_len(m: &ShapeMemo) -> usize {
    m.good.len() + m.kill.len()
}

/// The small game of one area, its points numbered 0.. in board order; a
/// state is P's stones (low 16 bits) and O's (high 16 bits) as masks.
struct AreaGame {
    /// Per point, its neighbours in the area (a mask).
    inner: Vec<u16>,
    /// Per point, the strings of X it touches, numbered 0.. by first
    /// appearance (a mask).
    outer: Vec<u16>,
    groups: usize,
    /// The state on the board (P's stones, none of O's).
    start: u32,
    /// The canonical form of the shape.
    key: ShapeKey,
}

const ALL: u16 = u16::MAX;

impl AreaGame {
    /// `None` when the area touches more strings than a mask holds.
    fn new(board: &Board, r: &Region, string_of: &dyn Fn(Point) -> usize) -> Option<AreaGame> {
        let geo = board.geometry();
        let k = r.points.len();
        let index = |p: Point| r.points.binary_search(&p).ok();
        let mut numbering: Vec<usize> = Vec::new();
        let mut inner = vec![0u16; k];
        let mut outer = vec![0u16; k];
        let mut start = 0u32;
        for (i, &p) in r.points.iter().enumerate() {
            if board.color(p).is_some() {
                start |= 1 << i;
            }
            for &q in geo.neighbors(p) {
                if let Some(j) = index(q) {
                    inner[i] |= 1 << j;
                } else {
                    let s = string_of(q);
                    let g = match numbering.iter().position(|&x| x == s) {
                        Some(g) => g,
                        None => {
                            numbering.push(s);
                            numbering.len() - 1
                        }
                    };
                    if g >= 16 {
                        return None;
                    }
                    outer[i] |= 1 << g;
                }
            }
        }
        let mut key = [FREE; MAX_AREA + 1];
        for (i, (&a, &b)) in inner.iter().zip(&outer).enumerate() {
            key[i] = u32::from(a) | u32::from(b) << 16;
        }
        Some(AreaGame {
            inner,
            outer,
            groups: numbering.len(),
            start,
            key,
        })
    }

    fn theirs(state: u32) -> u16 {
        state as u16
    }

    fn ours(state: u32) -> u16 {
        (state >> 16) as u16
    }

    fn state(theirs: u16, ours: u16) -> u32 {
        u32::from(theirs) | u32::from(ours) << 16
    }

    fn empty(&self, state: u32) -> u16 {
        let all = if self.inner.len() == 16 {
            ALL
        } else {
            (1u16 << self.inner.len()) - 1
        };
        all & !(Self::theirs(state) | Self::ours(state))
    }

    /// The points next to any of `mask`.
    fn around(&self, mask: u16) -> u16 {
        union_over(&self.inner, mask)
    }

    /// The strings of X touched by any of `mask`.
    fn touching(&self, mask: u16) -> u16 {
        union_over(&self.outer, mask)
    }

    /// The connected part of `within` holding point `i`.
    fn flood(&self, i: usize, within: u16) -> u16 {
        let mut s = 1u16 << i;
        loop {
            let next = (s | self.around(s)) & within;
            if next == s {
                return s;
            }
            s = next;
        }
    }

    /// P's plays: the states after each.
    fn their_plays(&self, state: u32) -> SmallVec<[u32; 16]> {
        let mut out = SmallVec::new();
        let empty = self.empty(state);
        let (t, o) = (Self::theirs(state), Self::ours(state));
        for i in bits(empty) {
            let t2 = t | 1 << i;
            let string = self.flood(i, t2);
            if self.around(string) & empty & !(1 << i) != 0 {
                out.push(Self::state(t2, o));
            }
        }
        out
    }

    /// O's answers: stones joining X, with P's strings left without an
    /// empty neighbour taken.
    fn our_answers(&self, state: u32) -> SmallVec<[u32; 16]> {
        let mut out = SmallVec::new();
        let empty = self.empty(state);
        let (t, o) = (Self::theirs(state), Self::ours(state));
        for i in bits(empty) {
            if self.outer[i] == 0 && self.inner[i] & o == 0 {
                continue;
            }
            let o2 = o | 1 << i;
            let empty2 = empty & !(1 << i);
            let mut t2 = t;
            let mut near = self.inner[i] & t;
            while near != 0 {
                let j = near.trailing_zeros() as usize;
                let string = self.flood(j, t2);
                near &= !string;
                if self.around(string) & empty2 == 0 {
                    t2 &= !string;
                }
            }
            out.push(Self::state(t2, o2));
        }
        out
    }

    /// BASE: every string of X touching the area (joined through O's stones
    /// in it) has `need` empty neighbours in the area or more.
    fn base(&self, state: u32, need: u32) -> bool {
        let empty = self.empty(state);
        let ours = Self::ours(state);
        // Classes of the X strings, joined through O's stones in the area,
        // as masks of strings; and per empty point, the strings it touches
        // directly or through O's stones.
        let mut class: [u16; 16] = [0; 16];
        for (g, c) in class.iter_mut().enumerate().take(self.groups) {
            *c = 1 << g;
        }
        let mut reach: [u16; 16] = [0; 16];
        for (i, r) in reach.iter_mut().enumerate().take(self.inner.len()) {
            if empty >> i & 1 == 1 {
                *r = self.outer[i];
            }
        }
        let mut rest = ours;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            let comp = self.flood(i, ours);
            rest &= !comp;
            let joined = self.touching(comp);
            for e in bits(self.around(comp) & empty) {
                reach[e] |= joined;
            }
            // Merge every class meeting `joined`.
            let mut merged = joined;
            for c in class.iter().take(self.groups) {
                if c & joined != 0 {
                    merged |= c;
                }
            }
            for c in class.iter_mut().take(self.groups) {
                if *c & merged != 0 {
                    *c = merged;
                }
            }
        }
        (0..self.groups).all(|g| {
            let c = class[g];
            let libs = reach
                .iter()
                .take(self.inner.len())
                .filter(|&&r| r & c != 0)
                .count() as u32;
            libs >= need
        })
    }
}

/// The points of `mask`, lowest first.
fn bits(mask: u16) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// The union of `per_point[i]` over the points `i` of `mask`.
fn union_over(per_point: &[u16], mask: u16) -> u16 {
    bits(mask).fold(0, |out, i| out | per_point[i])
}

struct Solver<'a> {
    game: &'a AreaGame,
    memo: &'a mut ShapeMemo,
    /// Liberties in the area every string must keep: 1 for an eye, 2 for
    /// an area worth two (a straight four: a play on one middle point is
    /// answered on the other).
    need: u32,
}

impl Solver<'_> {
    /// GOOD(s), P to move.
    fn good(&mut self, s: u32) -> bool {
        if let Some(&v) = self.memo.good.get(&s) {
            return v;
        }
        let v = self.game.base(s, self.need) && self.kill(s) && {
            let plays = self.game.their_plays(s);
            plays.into_iter().all(|m| {
                self.kill(m)
                    && (self.good(m) || {
                        let answers = self.game.our_answers(m);
                        answers.into_iter().any(|a| self.good(a))
                    })
            })
        };
        self.memo.good.insert(s, v);
        v
    }

    /// KILL(t), O to move: O takes every P stone in the area, answering
    /// P's plays there, BASE holding at P's turns, and leaves the area good
    /// (a target taken there leaves a fight that no new stone can hold).
    /// With no P stone in the area it holds at once.
    fn kill(&mut self, t: u32) -> bool {
        if AreaGame::theirs(t) == 0 {
            return true;
        }
        if let Some(&v) = self.memo.kill.get(&t) {
            return v;
        }
        let answers = self.game.our_answers(t);
        let v = answers.into_iter().any(|u| {
            if AreaGame::theirs(u) == 0 {
                return self.good(u);
            }
            self.game.base(u, self.need) && self.kill(u) && {
                let plays = self.game.their_plays(u);
                plays.into_iter().all(|m| {
                    if AreaGame::theirs(m) == 0 {
                        self.good(m)
                    } else {
                        self.kill(m)
                    }
                })
            }
        });
        self.memo.kill.insert(t, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::{AreaMemo, secure_safety, walls_off_good_area};
    use crate::board::{Board, Color};
    use crate::region::safety;

    fn extended(rows: &[&str], color: Color) -> Option<crate::region::Safety> {
        let board = Board::from_rows(rows).expect("board");
        secure_safety(&board, color, &mut AreaMemo::default())
    }

    fn at(rows: &[&str], name: &str) -> crate::board::Point {
        let board = Board::from_rows(rows).expect("board");
        board.geometry().parse_point(name).expect("point")
    }

    /// A wall living by a one-point eye and an empty 2x2 corner: not
    /// pass-alive (the corner point touches no wall stone), safe with
    /// answers.
    const TWO_BY_TWO: [&str; 5] = [
        ". . X O O",
        ". . X O .",
        "X X X O O",
        "X . X O O",
        "X X X O .",
    ];

    #[test]
    fn a_wall_with_an_open_two_by_two_corner_is_safe_only_with_answers() {
        let board = Board::from_rows(&TWO_BY_TWO).expect("board");
        assert!(!safety(&board, Color::Black).alive(at(&TWO_BY_TWO, "C5")));
        let s = extended(&TWO_BY_TWO, Color::Black).expect("a good area");
        assert!(s.alive(at(&TWO_BY_TWO, "C5")));
        assert!(s.held(at(&TWO_BY_TWO, "A5")), "the corner is held");
        assert!(s.held(at(&TWO_BY_TWO, "B2")), "the eye is held");
    }

    #[test]
    fn one_eye_and_a_corner_with_an_invader_inside() {
        // The 2x2 corner A5 B5 A4 B4 holds a white stone on B4: Black
        // answers and keeps an eye there (A5 touches no wall stone, so
        // Benson's algorithm does not count it); with the eye B2 the wall
        // is safe.
        let rows = [
            ". . X O O",
            ". O X O .",
            "X X X O O",
            "X . X O O",
            "X X X O .",
        ];
        let board = Board::from_rows(&rows).expect("board");
        assert!(!safety(&board, Color::Black).alive(at(&rows, "C5")));
        let s = extended(&rows, Color::Black).expect("a good area");
        assert!(s.alive(at(&rows, "C5")));
        assert!(s.held(at(&rows, "A5")));
    }

    #[test]
    fn an_invader_in_a_corner_bent_three_benson_counts() {
        // The corner A5 B5 A4 with a white stone on A5: every empty point
        // touches the wall, so Benson's algorithm counts the corner as
        // vital and the wall, with the eye B2, is pass-alive; the extended
        // answer has nothing to add.
        let rows = [
            "O . X O O",
            ". X X O .",
            "X X X O O",
            "X . X O O",
            "X X X O .",
        ];
        let board = Board::from_rows(&rows).expect("board");
        assert!(safety(&board, Color::Black).alive(at(&rows, "C5")));
        assert!(extended(&rows, Color::Black).is_none());
    }

    #[test]
    fn a_single_open_area_is_not_two_eyes() {
        // The 2x2 corner alone: one healthy region, nothing is safe.
        let rows = [
            ". . X O O",
            ". . X O .",
            "X X X O O",
            "O O O O .",
            ". O . O .",
        ];
        assert!(extended(&rows, Color::Black).is_none());
    }

    #[test]
    fn a_region_holding_a_stone_of_a_string_that_left_x_is_healthy_for_nobody() {
        // Long life after White's B1: F1 leaves X (no healthy region), and
        // the region C2-F2 with F1 in it must not count as vital to the
        // big white string: Black's F2 takes F1, and F1 touches none of
        // it. Counted, the black four would stand in White's held points
        // and come out dead, against the long life's seki.
        let rows = [
            "X X X . X .",
            "X X X X X X",
            "O O O O O O",
            "O O X X X .",
            ". O O . X O",
        ];
        let s = extended(&rows, Color::White);
        assert!(s.is_none_or(|s| !s.held(at(&rows, "D2"))));
    }

    #[test]
    fn an_area_where_the_invader_already_lives_is_not_good() {
        // White's six stones in Black's 2x4 corner have the two eyes A1
        // and C1: Black cannot take them, so the corner is no eye of his,
        // and his wall, with the one other eye E3, is not safe.
        let rows = ["X X X X X X", "X X X X . X", "O O O O X X", ". O . O X X"];
        let s = extended(&rows, Color::Black);
        assert!(s.is_none_or(|s| !s.alive(at(&rows, "A4"))));
    }

    #[test]
    fn eyes_benson_already_counts_give_no_answer() {
        // Two one-point eyes, each vital to the whole wall: Benson's
        // algorithm gives the answer, and the extended one has nothing to
        // add.
        let board = Board::from_rows(&TWO_EYES).expect("board");
        assert!(safety(&board, Color::Black).alive(at(&TWO_EYES, "A4")));
        assert!(extended(&TWO_EYES, Color::Black).is_none());
    }

    const TWO_EYES: [&str; 4] = ["X . X . X", "X X X X X", "O O O O O", ". O . O ."];

    #[test]
    fn a_stone_that_closes_an_open_corner_walls_off_a_good_area() {
        // Black's C5 closes the 2x2 corner of TWO_BY_TWO (without C5 the
        // corner is part of a bigger region).
        let board = Board::from_rows(&TWO_BY_TWO).expect("board");
        let mut memo = AreaMemo::default();
        assert!(walls_off_good_area(
            &board,
            at(&TWO_BY_TWO, "C5"),
            Color::Black,
            &mut memo
        ));
        // C4 closes the one-point eyes B4 and D4, which Benson's algorithm
        // counts already: nothing new.
        let board = Board::from_rows(&TWO_EYES).expect("board");
        assert!(!walls_off_good_area(
            &board,
            at(&TWO_EYES, "C4"),
            Color::Black,
            &mut memo
        ));
    }

    #[test]
    fn new_areas_are_found_alike_in_every_image_of_a_board() {
        // Random 7x6 boards: whether a stone walls off a good area must not
        // depend on how the board is turned (a first version let a flood
        // stop at the points of an earlier, too big one, so the answer
        // depended on the order of the stone's neighbours).
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut boards = 0;
        while boards < 300 {
            let rows: Vec<String> = (0..6)
                .map(|_| {
                    (0..7)
                        .map(|_| match next() % 8 {
                            0..=3 => "X",
                            4 | 5 => "O",
                            _ => ".",
                        })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let Ok(board) = Board::from_rows(&rows) else {
                continue;
            };
            boards += 1;
            let mut memo = AreaMemo::default();
            let geo = board.geometry();
            for t in crate::symmetry::Transform::all() {
                let image = t.board(&board);
                for p in geo.points() {
                    let Some(c) = board.color(p) else { continue };
                    let q = t.point(geo, image.geometry(), p);
                    assert_eq!(
                        walls_off_good_area(&board, p, c, &mut memo),
                        walls_off_good_area(&image, q, t.color(c), &mut memo),
                        "{rows:?} at {} under {t:?}",
                        geo.name(p)
                    );
                }
            }
        }
    }
}
