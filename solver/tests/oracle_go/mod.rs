//! An independent model of Article 7 confirmation play for tiny boards, used
//! by `tests/oracle.rs` as a soundness oracle for kakunin's search.
//!
//! Nothing here comes from kakunin: the board (a vector of cells packed two
//! bits a point), captures, suicide, the Article 7-2 bans and the games are
//! written from RULES-MODEL.md alone, and every game is solved by plain
//! retrograde analysis (the reacher's attractor) over the whole graph of
//! positions reachable from the root. There is no shortcut of any kind: no
//! Benson, no components, no held regions, no pruned passes, no cut-outs,
//! no move ordering. A position repeated for ever never reaches the goal,
//! which is exactly "a cycle is a failure for the side trying to capture".
//! The capture games share one graph per board shape (`Space`: every
//! position reachable from the roots asked about, whatever the target);
//! the confirm and new-stone games are solved on graphs of their own.
//!
//! The rules, as RULES-MODEL.md states them (defaults: `--ko-ban point`,
//! `--pass-rule one-ban`):
//!
//! * a move is a stone on any empty point of the board that is not suicide
//!   and not banned for the mover, or a pass;
//! * a *ko capture* takes exactly one stone and leaves the capturing stone a
//!   lone stone with a single liberty (the emptied point); it bans the side
//!   whose stone was taken from playing on that point (any move there);
//! * a ban lasts until its owner passes for it (one pass lifts the bans of
//!   one point, of the passer's choosing; a pass may also lift nothing) or
//!   its shape is gone (the point is filled, or the capturing stone is no
//!   longer a lone stone whose only liberty is the point);
//! * the position is the stones, the bans and the side to move.
//!
//! The games about a string S of player P (opponent O), O moving first from
//! the stopped position with no bans:
//!
//! * capture: O wins when S is captured;
//! * new stone (after the capture, P to move): P wins when, with O to move,
//!   a stone P played after the capture on a point of the fight stands in a
//!   string O cannot capture moving first (a capture game of its own);
//! * confirm: O wins when he captures S and P then loses the new-stone game
//!   played on the fight grown by the points of O's stones of the stopped
//!   position that S itself captured on the way, by a stone of P joining it
//!   (the confirm game's nodes carry them).
//!
//! S is alive exactly when O loses the confirm game.

#![allow(dead_code)]

use std::cell::Cell;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// A multiply-rotate hasher: the keys are small integers, and SipHash
/// dominated the oracle's time.
#[derive(Default)]
pub struct FastHasher(u64);

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// A hash map with [`FastHasher`].
pub type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FastHasher>>;
use std::rc::Rc;

/// An empty point.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;

/// The other colour.
#[must_use]
pub fn other(c: u8) -> u8 {
    3 - c
}

/// The letter of a colour.
#[must_use]
pub fn letter(c: u8) -> char {
    match c {
        BLACK => 'X',
        WHITE => 'O',
        _ => '.',
    }
}

/// A board shape: points `y * w + x`, top row first.
pub struct Geo {
    /// Width.
    pub w: usize,
    /// Height.
    pub h: usize,
    /// Points.
    pub n: usize,
    nbr: Vec<Vec<usize>>,
}

impl Geo {
    /// A `w` x `h` board (at most 32 points).
    #[must_use]
    pub fn new(w: usize, h: usize) -> Geo {
        assert!(w * h <= 32, "the oracle packs a board in 64 bits");
        let mut nbr = vec![Vec::new(); w * h];
        for y in 0..h {
            for x in 0..w {
                let p = y * w + x;
                if y > 0 {
                    nbr[p].push(p - w);
                }
                if x > 0 {
                    nbr[p].push(p - 1);
                }
                if x + 1 < w {
                    nbr[p].push(p + 1);
                }
                if y + 1 < h {
                    nbr[p].push(p + w);
                }
            }
        }
        Geo {
            w,
            h,
            n: w * h,
            nbr,
        }
    }

    /// GTP name (columns skip I, row 1 at the bottom).
    #[must_use]
    pub fn name(&self, p: usize) -> String {
        const COLS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        format!("{}{}", COLS[p % self.w] as char, self.h - p / self.w)
    }

    /// Names of the points of a mask.
    #[must_use]
    pub fn names(&self, mask: u64) -> String {
        bits(mask)
            .map(|p| self.name(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The board as rows of `X`, `O`, `.`.
    #[must_use]
    pub fn diagram(&self, cells: &Cells) -> String {
        let mut s = String::new();
        for y in 0..self.h {
            s.push_str(&format!("{:>2} ", self.h - y));
            for x in 0..self.w {
                s.push(letter(cells[y * self.w + x]));
                s.push(' ');
            }
            s.push('\n');
        }
        s.push_str("   ");
        for x in 0..self.w {
            s.push(b"ABCDEFGHJKLMNOPQRSTUVWXYZ"[x] as char);
            s.push(' ');
        }
        s.push('\n');
        s
    }

    /// The string through the stone on `p`: its stones and its liberties.
    #[must_use]
    pub fn string_at(&self, cells: &Cells, p: usize) -> (u64, u64) {
        let c = cells[p];
        debug_assert!(c != EMPTY);
        let mut stones = 1u64 << p;
        let mut libs = 0u64;
        let mut stack = [0usize; 32];
        let mut top = 1;
        stack[0] = p;
        while top > 0 {
            top -= 1;
            let q = stack[top];
            for &r in &self.nbr[q] {
                if cells[r] == EMPTY {
                    libs |= 1 << r;
                } else if cells[r] == c && stones & (1 << r) == 0 {
                    stones |= 1 << r;
                    stack[top] = r;
                    top += 1;
                }
            }
        }
        (stones, libs)
    }

    /// True when every string has a liberty.
    #[must_use]
    pub fn legal(&self, cells: &Cells) -> bool {
        (0..self.n).all(|p| cells[p] == EMPTY || self.string_at(cells, p).1 != 0)
    }

    /// Each string once: (colour, stones).
    #[must_use]
    pub fn strings(&self, cells: &Cells) -> Vec<(u8, u64)> {
        let mut seen = 0u64;
        let mut out = Vec::new();
        for p in 0..self.n {
            if cells[p] != EMPTY && seen & (1 << p) == 0 {
                let (s, _) = self.string_at(cells, p);
                seen |= s;
                out.push((cells[p], s));
            }
        }
        out
    }

    /// Neighbours of `p`.
    #[must_use]
    pub fn neighbors(&self, p: usize) -> &[usize] {
        &self.nbr[p]
    }
}

/// Iterates the set bits of a mask.
pub fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(p)
        }
    })
}

/// The cells of a board, one per point.
pub type Cells = [u8; 32];

/// Packs cells two bits a point.
#[must_use]
pub fn pack(cells: &Cells, n: usize) -> u64 {
    (0..n).fold(0, |b, p| b | u64::from(cells[p]) << (2 * p))
}

/// Unpacks a board.
#[must_use]
pub fn unpack(board: u64, n: usize) -> Cells {
    let mut c = [EMPTY; 32];
    for (p, cell) in c.iter_mut().enumerate().take(n) {
        *cell = (board >> (2 * p) & 3) as u8;
    }
    c
}

/// The points of `color` on a packed board.
#[must_use]
pub fn stones_of(board: u64, n: usize, color: u8) -> u64 {
    (0..n)
        .filter(|&p| (board >> (2 * p) & 3) as u8 == color)
        .fold(0, |m, p| m | 1 << p)
}

/// One Article 7-2 ban: `player` may not play on `point`; `stone` is the
/// capturing stone, alone in atari there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ban {
    /// The banned point.
    pub point: usize,
    /// The capturing stone.
    pub stone: usize,
    /// The banned player.
    pub player: u8,
}

const BAN_SLOTS: usize = 5;

fn ban_code(b: &Ban) -> u64 {
    1 + (b.point as u64 | (b.stone as u64) << 5 | u64::from(b.player - 1) << 10)
}

fn pack_bans(bans: &[Ban]) -> u64 {
    if bans.is_empty() {
        return 0;
    }
    let mut codes: Vec<u64> = bans.iter().map(ban_code).collect();
    codes.sort_unstable();
    codes.dedup();
    assert!(codes.len() <= BAN_SLOTS, "more bans than the oracle packs");
    codes
        .iter()
        .enumerate()
        .fold(0, |acc, (i, &c)| acc | c << (12 * i))
}

/// The bans of a packed set.
#[must_use]
pub fn unpack_bans(packed: u64) -> Vec<Ban> {
    let mut out = Vec::new();
    if packed == 0 {
        return out;
    }
    for i in 0..BAN_SLOTS {
        let c = (packed >> (12 * i)) & 0xFFF;
        if c == 0 {
            break;
        }
        let c = c - 1;
        out.push(Ban {
            point: (c & 31) as usize,
            stone: (c >> 5 & 31) as usize,
            player: (c >> 10 & 1) as u8 + 1,
        });
    }
    out
}

/// A position of confirmation play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Stones, two bits a point.
    pub board: u64,
    /// Bans in force, packed and sorted.
    pub bans: u64,
    /// The side to move.
    pub to_move: u8,
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mv {
    /// A stone.
    Play(usize),
    /// A pass, lifting the bans of the point named, if any.
    Pass(Option<usize>),
}

impl Geo {
    /// The stone of the side to move on `p`, if legal.
    #[must_use]
    pub fn play(&self, s: &State, p: usize) -> Option<State> {
        self.play_on(&unpack(s.board, self.n), &unpack_bans(s.bans), s.to_move, p)
    }

    fn play_on(&self, cells: &Cells, bans: &[Ban], me: u8, p: usize) -> Option<State> {
        if cells[p] != EMPTY || bans.iter().any(|b| b.player == me && b.point == p) {
            return None;
        }
        let mut cells = *cells;
        let opp = other(me);
        let mut bans = bans.to_vec();
        cells[p] = me;
        let mut taken = 0u32;
        let mut last = usize::MAX;
        let mut done = 0u64;
        for &q in &self.nbr[p] {
            if cells[q] == opp && done & (1 << q) == 0 {
                let (st, libs) = self.string_at(&cells, q);
                done |= st;
                if libs == 0 {
                    for r in bits(st) {
                        cells[r] = EMPTY;
                    }
                    taken += st.count_ones();
                    last = q;
                }
            }
        }
        let (own, libs) = self.string_at(&cells, p);
        if libs == 0 {
            return None;
        }
        if taken == 1 && own.count_ones() == 1 && libs.count_ones() == 1 {
            bans.push(Ban {
                point: last,
                stone: p,
                player: opp,
            });
        }
        bans.retain(|b| {
            cells[b.point] == EMPTY && cells[b.stone] == other(b.player) && {
                let (st, l) = self.string_at(&cells, b.stone);
                st.count_ones() == 1 && l.count_ones() == 1
            }
        });
        Some(State {
            board: pack(&cells, self.n),
            bans: pack_bans(&bans),
            to_move: opp,
        })
    }

    /// Every move of the side to move and the position after it.
    #[must_use]
    pub fn moves(&self, s: &State) -> Vec<(Mv, State)> {
        let mut out = Vec::with_capacity(self.n + 2);
        let cells = unpack(s.board, self.n);
        let me = s.to_move;
        let bans = unpack_bans(s.bans);
        for p in 0..self.n {
            if let Some(t) = self.play_on(&cells, &bans, me, p) {
                out.push((Mv::Play(p), t));
            }
        }
        out.push((
            Mv::Pass(None),
            State {
                to_move: other(me),
                ..*s
            },
        ));
        let mut points: Vec<usize> = bans
            .iter()
            .filter(|b| b.player == me)
            .map(|b| b.point)
            .collect();
        points.sort_unstable();
        points.dedup();
        for q in points {
            let left: Vec<Ban> = bans
                .iter()
                .copied()
                .filter(|b| !(b.player == me && b.point == q))
                .collect();
            out.push((
                Mv::Pass(Some(q)),
                State {
                    board: s.board,
                    bans: pack_bans(&left),
                    to_move: other(me),
                },
            ));
        }
        out
    }

    /// A move as text.
    #[must_use]
    pub fn move_text(&self, color: u8, m: Mv) -> String {
        let c = if color == BLACK { "B" } else { "W" };
        match m {
            Mv::Play(p) => format!("{c} {}", self.name(p)),
            Mv::Pass(None) => format!("{c} pass"),
            Mv::Pass(Some(q)) => format!("{c} pass (lifts the ban on {})", self.name(q)),
        }
    }
}

/// The oracle ran out of its node budget.
#[derive(Debug, Clone, Copy)]
pub struct Abort;

/// The value of a node for the reacher: `Some(d)` when he forces the goal
/// within `d` plies, `None` when he cannot.
pub type Value = Option<u32>;

/// Backward induction over the whole graph reachable from `root`. `leaf`
/// gives the value of nodes where the game ends (or whose value is known);
/// every other node is expanded by `succ`. Every node's value is returned.
fn retro<N: Copy + Eq + Hash>(
    root: N,
    budget: &Cell<i64>,
    reacher: &dyn Fn(&N) -> bool,
    leaf: &mut dyn FnMut(&N) -> Result<Option<Value>, Abort>,
    succ: &dyn Fn(&N) -> Vec<N>,
) -> Result<HashMap<N, Value>, Abort> {
    let mut index: HashMap<N, u32> = HashMap::default();
    let mut nodes: Vec<N> = vec![root];
    let mut leafv: Vec<Option<Value>> = Vec::new();
    let mut children: Vec<Vec<u32>> = Vec::new();
    index.insert(root, 0);
    let mut i = 0;
    while i < nodes.len() {
        budget.set(budget.get() - 1);
        if budget.get() < 0 {
            return Err(Abort);
        }
        let n = nodes[i];
        let l = leaf(&n)?;
        leafv.push(l);
        let mut kids = Vec::new();
        if l.is_none() {
            for c in succ(&n) {
                let j = *index.entry(c).or_insert_with(|| {
                    nodes.push(c);
                    (nodes.len() - 1) as u32
                });
                kids.push(j);
            }
            kids.sort_unstable();
            kids.dedup();
        }
        children.push(kids);
        i += 1;
    }
    let len = nodes.len();
    let mut parents: Vec<Vec<u32>> = vec![Vec::new(); len];
    for (p, kids) in children.iter().enumerate() {
        for &k in kids {
            parents[k as usize].push(p as u32);
        }
    }
    let mut win: Vec<Value> = vec![None; len];
    let mut left: Vec<usize> = children.iter().map(Vec::len).collect();
    let mut deepest: Vec<u32> = vec![0; len];
    let mut queue = std::collections::VecDeque::new();
    for k in 0..len {
        if let Some(Some(d)) = leafv[k] {
            win[k] = Some(d);
            queue.push_back(k);
        }
    }
    while let Some(k) = queue.pop_front() {
        let d = win[k].expect("a won node") + 1;
        for &p in &parents[k] {
            let p = p as usize;
            if win[p].is_some() || leafv[p].is_some() {
                continue;
            }
            if reacher(&nodes[p]) {
                win[p] = Some(d);
                queue.push_back(p);
            } else {
                left[p] -= 1;
                deepest[p] = deepest[p].max(d);
                if left[p] == 0 {
                    win[p] = Some(deepest[p]);
                    queue.push_back(p);
                }
            }
        }
    }
    Ok(nodes.into_iter().zip(win).collect())
}

/// A confirm game: the target's first point, its owner, the fight, and the
/// opposing stones of the stopped position outside the fight.
type ConfirmKey = (u64, u8, u64, u64);

/// The oracle for one board shape: caches of every game value it found.
pub struct Oracle {
    /// The board shape.
    pub geo: Rc<Geo>,
    /// Nodes left to expand.
    pub budget: Rc<Cell<i64>>,
    space: Space,
    confirm: HashMap<ConfirmKey, HashMap<(State, u64), Value>>,
    newstone: HashMap<(u64, u8), HashMap<(State, u64), Value>>,
}

/// The oracle's verdict on one string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// O, moving first, can capture the string (Art. 7-1, first clause).
    pub capturable: bool,
    /// O wins the confirm game: the string is dead.
    pub dead: bool,
}

fn captured(board: u64, target: u64, owner: u8) -> bool {
    bits(target).any(|p| (board >> (2 * p) & 3) as u8 != owner)
}

impl Oracle {
    /// An oracle with `budget` nodes to expand in all.
    #[must_use]
    pub fn new(geo: Rc<Geo>, budget: i64) -> Oracle {
        Oracle {
            geo,
            budget: Rc::new(Cell::new(budget)),
            space: Space::default(),
            confirm: HashMap::default(),
            newstone: HashMap::default(),
        }
    }

    /// A fresh budget of `nodes` for the next question; the values found
    /// so far are kept (they are values of positions, whatever the root).
    pub fn refill(&self, nodes: i64) {
        self.budget.set(nodes);
    }

    /// Positions whose values are stored.
    #[must_use]
    pub fn stored(&self) -> usize {
        self.space.states.len()
            + self.confirm.values().map(|m| m.len()).sum::<usize>()
            + self.newstone.values().map(|m| m.len()).sum::<usize>()
    }

    /// The fight of the string `target` of `owner` on the stopped board
    /// (RULES-MODEL.md, new-stone game): its points, the points of the
    /// opposing strings touching it, and every empty region of two points
    /// or more bordered only by the opponent's stones and touching one of
    /// those strings.
    #[must_use]
    pub fn fight(&self, cells: &Cells, target: u64, owner: u8) -> u64 {
        let geo = &self.geo;
        let opp = other(owner);
        let mut opposing = 0u64;
        for p in bits(target) {
            for &q in geo.neighbors(p) {
                if cells[q] == opp && opposing & (1 << q) == 0 {
                    opposing |= geo.string_at(cells, q).0;
                }
            }
        }
        let mut fight = target | opposing;
        let mut seen = 0u64;
        for start in 0..geo.n {
            if cells[start] != EMPTY || seen & (1 << start) != 0 {
                continue;
            }
            let mut region = 1u64 << start;
            let mut stack = vec![start];
            let mut only_opp = true;
            let mut touches = false;
            while let Some(q) = stack.pop() {
                for &r in geo.neighbors(q) {
                    match cells[r] {
                        EMPTY => {
                            if region & (1 << r) == 0 {
                                region |= 1 << r;
                                stack.push(r);
                            }
                        }
                        c if c == opp => touches |= opposing & (1 << r) != 0,
                        _ => only_opp = false,
                    }
                }
            }
            seen |= region;
            if only_opp && touches && region.count_ones() >= 2 {
                fight |= region;
            }
        }
        fight
    }

    /// Can the opponent of `owner`, from `root`, capture a stone of
    /// `target`? (The capture game.)
    ///
    /// # Errors
    /// The budget ran out.
    pub fn capture(&mut self, root: State, target: u64, owner: u8) -> Result<Value, Abort> {
        let i = self.space.ensure(&self.geo, root, &self.budget)?;
        Ok(self.space.value(i, target, owner))
    }

    /// The new-stone game of `owner` after the capture, from `root` with no
    /// new stone yet: does a new stone on `fight` stand uncapturable?
    ///
    /// # Errors
    /// The budget ran out.
    pub fn newstone(&mut self, root: State, fight: u64, owner: u8) -> Result<Value, Abort> {
        self.newstone_from((root, 0), fight, owner)
    }

    fn newstone_from(&mut self, root: (State, u64), fight: u64, owner: u8) -> Result<Value, Abort> {
        let key = (fight, owner);
        if let Some(v) = self.newstone.get(&key).and_then(|m| m.get(&root)) {
            return Ok(*v);
        }
        let mut cache = self.newstone.remove(&key).unwrap_or_default();
        let geo = Rc::clone(&self.geo);
        let budget = Rc::clone(&self.budget);
        let n = geo.n;
        let res = retro(
            root,
            &budget,
            &|x: &(State, u64)| x.0.to_move == owner,
            &mut |x: &(State, u64)| {
                if let Some(v) = cache.get(x) {
                    return Ok(Some(*v));
                }
                let (s, new) = *x;
                if s.to_move == owner || new == 0 {
                    return Ok(None);
                }
                let cells = unpack(s.board, n);
                let mut done = 0u64;
                for p in bits(new) {
                    if done & (1 << p) != 0 {
                        continue;
                    }
                    let (string, _) = geo.string_at(&cells, p);
                    done |= string;
                    if self.capture(s, string, owner)?.is_none() {
                        return Ok(Some(Some(0)));
                    }
                }
                Ok(None)
            },
            &|x: &(State, u64)| nodes(newstone_succ(&geo, x, fight, owner)),
        );
        let out = res.map(|m| {
            let v = m[&root];
            cache.extend(m);
            v
        });
        self.newstone.insert(key, cache);
        out
    }

    /// The confirm game about `target` from `root`: can its owner's
    /// opponent capture it so that the owner then loses the new-stone game?
    ///
    /// # Errors
    /// The budget ran out.
    pub fn confirm(
        &mut self,
        root: State,
        target: u64,
        owner: u8,
        fight: u64,
    ) -> Result<Value, Abort> {
        let target = target & target.wrapping_neg();
        let takeable = stones_of(root.board, self.geo.n, other(owner)) & !fight;
        let key = (target, owner, fight, takeable);
        if let Some(v) = self.confirm.get(&key).and_then(|m| m.get(&(root, 0))) {
            return Ok(*v);
        }
        let mut cache = self.confirm.remove(&key).unwrap_or_default();
        let geo = Rc::clone(&self.geo);
        let budget = Rc::clone(&self.budget);
        let res = retro(
            (root, 0),
            &budget,
            &|n: &(State, u64)| n.0.to_move != owner,
            &mut |n: &(State, u64)| {
                if let Some(v) = cache.get(n) {
                    return Ok(Some(*v));
                }
                let (s, taken) = *n;
                if !captured(s.board, target, owner) {
                    return Ok(None);
                }
                Ok(Some(match self.newstone(s, fight | taken, owner)? {
                    Some(_) => None,
                    None => Some(0),
                }))
            },
            &|n: &(State, u64)| nodes(confirm_succ(&geo, n, target, takeable, owner)),
        );
        let out = res.map(|m| {
            let v = m[&(root, 0)];
            cache.extend(m);
            v
        });
        self.confirm.insert(key, cache);
        out
    }

    /// The verdict on the string through `p` of the stopped board `cells`.
    ///
    /// # Errors
    /// The budget ran out.
    pub fn verdict(&mut self, cells: &Cells, p: usize) -> Result<Verdict, Abort> {
        let owner = cells[p];
        let (target, _) = self.geo.string_at(cells, p);
        let root = State {
            board: pack(cells, self.geo.n),
            bans: 0,
            to_move: other(owner),
        };
        let capturable = self.capture(root, target, owner)?.is_some();
        if !capturable {
            return Ok(Verdict {
                capturable,
                dead: false,
            });
        }
        let fight = self.fight(cells, target, owner);
        let dead = self.confirm(root, target, owner, fight)?.is_some();
        Ok(Verdict { capturable, dead })
    }

    /// A principal line of the verdict on the string through `p` (which
    /// must have been computed): the capture or confirm line, then, after a
    /// capture, the new-stone line. Each move is shown with the repetition
    /// or goal that ends its game.
    #[must_use]
    pub fn proof(&self, cells: &Cells, p: usize, max: usize) -> String {
        let geo = &self.geo;
        let owner = cells[p];
        let (target, _) = geo.string_at(cells, p);
        let root = State {
            board: pack(cells, geo.n),
            bans: 0,
            to_move: other(owner),
        };
        let cap = |n: &State| self.space.known(n, target, owner);
        if cap(&root).flatten().is_none() {
            let (moves, end, _) = walk(
                root,
                &cap,
                &|n| captured(n.board, target, owner),
                &|n| geo.moves(n),
                &|n| n.to_move != owner,
                max,
            );
            return format!(
                "capture game, {} first, cannot capture: {} [{end}]",
                if owner == BLACK { "W" } else { "B" },
                line_text(geo, other(owner), &moves)
            );
        }
        let fight = self.fight(cells, target, owner);
        let takeable = stones_of(root.board, geo.n, other(owner)) & !fight;
        let Some(conf) =
            self.confirm
                .get(&(target & target.wrapping_neg(), owner, fight, takeable))
        else {
            return "(confirm not solved)".into();
        };
        let (moves, end, (last, taken)) = walk(
            (root, 0),
            &|n| conf.get(n).copied(),
            &|n| captured(n.0.board, target, owner),
            &|n| confirm_succ(geo, n, target, takeable, owner),
            &|n| n.0.to_move != owner,
            max,
        );
        let mut out = format!(
            "confirm game (fight {}): {} [{end}]",
            geo.names(fight),
            line_text(geo, other(owner), &moves)
        );
        if captured(last.board, target, owner) {
            let (moves, end) = self.newstone_walk(last, fight | taken, owner, max);
            out.push_str(&format!(
                "; then the new-stone game: {} [{end}]",
                line_text(geo, owner, &moves)
            ));
        }
        out
    }
}

impl Oracle {
    /// The new-stone game's value from `root` and its principal line.
    ///
    /// # Errors
    /// The budget ran out.
    pub fn newstone_line(
        &mut self,
        root: State,
        fight: u64,
        owner: u8,
        max: usize,
    ) -> Result<(Value, String), Abort> {
        let v = self.newstone(root, fight, owner)?;
        let (moves, end) = self.newstone_walk(root, fight, owner, max);
        Ok((
            v,
            format!("{} [{end}]", line_text(&self.geo, root.to_move, &moves)),
        ))
    }

    /// The principal line of the solved new-stone game from `start` (no
    /// new stone yet) and how it ends.
    fn newstone_walk(
        &self,
        start: State,
        fight: u64,
        owner: u8,
        max: usize,
    ) -> (Vec<Mv>, &'static str) {
        let geo = &self.geo;
        let ns = self.newstone.get(&(fight, owner));
        let look = |x: &(State, u64)| ns.and_then(|m| m.get(x).copied());
        let (moves, end, _) = walk(
            (start, 0),
            &look,
            &|x| look(x) == Some(Some(0)),
            &|x| newstone_succ(geo, x, fight, owner),
            &|x| x.0.to_move == owner,
            max,
        );
        (moves, end)
    }
}

/// The positions of successor moves, for the backward induction.
fn nodes<N>(succ: Vec<(Mv, N)>) -> Vec<N> {
    succ.into_iter().map(|(_, n)| n).collect()
}

/// The confirm game's moves and successors: each successor carries the points of `takeable`
/// (the opponent's stones of the stopped position outside the fight) whose
/// stones the target string has captured so far (by a stone of the owner
/// that joined it).
fn confirm_succ(
    geo: &Geo,
    x: &(State, u64),
    target: u64,
    takeable: u64,
    owner: u8,
) -> Vec<(Mv, (State, u64))> {
    let (s, taken) = *x;
    let theirs = stones_of(s.board, geo.n, other(owner));
    geo.moves(&s)
        .into_iter()
        .map(|(m, t)| {
            let mut taken = taken;
            if let Mv::Play(p) = m
                && s.to_move == owner
            {
                let cells = unpack(t.board, geo.n);
                if geo.string_at(&cells, p).0 & target != 0 {
                    taken |= theirs & !stones_of(t.board, geo.n, other(owner)) & takeable;
                }
            }
            (m, (t, taken))
        })
        .collect()
}

/// The new-stone game's moves and successors: each successor carries the
/// owner's new stones on the fight still on the board.
fn newstone_succ(geo: &Geo, x: &(State, u64), fight: u64, owner: u8) -> Vec<(Mv, (State, u64))> {
    let (s, new) = *x;
    geo.moves(&s)
        .into_iter()
        .map(|(m, t)| {
            let mut new = new;
            if let Mv::Play(p) = m
                && s.to_move == owner
                && fight & (1 << p) != 0
            {
                new |= 1 << p;
            }
            (m, (t, new & stones_of(t.board, geo.n, owner)))
        })
        .collect()
}

fn line_text(geo: &Geo, first: u8, moves: &[Mv]) -> String {
    let mut c = first;
    let mut out = Vec::new();
    for &m in moves {
        out.push(geo.move_text(c, m));
        c = other(c);
    }
    if out.is_empty() {
        "(no move)".into()
    } else {
        out.join(", ")
    }
}

/// Walks a principal line: the reacher's quickest win or any try, the
/// defender's longest resistance or a refutation.
fn walk<N: Copy + Eq + Hash>(
    root: N,
    value: &dyn Fn(&N) -> Option<Value>,
    terminal: &dyn Fn(&N) -> bool,
    succ: &dyn Fn(&N) -> Vec<(Mv, N)>,
    reacher: &dyn Fn(&N) -> bool,
    max: usize,
) -> (Vec<Mv>, &'static str, N) {
    let mut seen = HashSet::new();
    let mut cur = root;
    let mut moves = Vec::new();
    loop {
        if terminal(&cur) {
            return (moves, "goal", cur);
        }
        if !seen.insert(cur) {
            return (moves, "repeats", cur);
        }
        if moves.len() >= max {
            return (moves, "cut", cur);
        }
        let Some(v) = value(&cur) else {
            return (moves, "unsolved", cur);
        };
        let kids: Vec<(Mv, N, Option<Value>)> = succ(&cur)
            .into_iter()
            .map(|(m, c)| (m, c, value(&c)))
            .collect();
        let r = reacher(&cur);
        let pick = match v {
            Some(_) if r => kids
                .iter()
                .filter_map(|k| k.2.flatten().map(|d| (d, k)))
                .min_by_key(|x| x.0)
                .map(|x| x.1),
            Some(_) => kids
                .iter()
                .filter_map(|k| k.2.flatten().map(|d| (d, k)))
                .max_by_key(|x| x.0)
                .map(|x| x.1),
            // A failed reacher's try: prefer a stone to a pass.
            None if r => kids.iter().find(|k| !seen.contains(&k.1)).or(kids.first()),
            None => kids
                .iter()
                .filter(|k| k.2 == Some(None))
                .find(|k| !seen.contains(&k.1))
                .or_else(|| kids.iter().find(|k| k.2 == Some(None))),
        };
        let Some(&(m, c, _)) = pick else {
            return (moves, "stuck", cur);
        };
        moves.push(m);
        cur = c;
    }
}

/// The whole graph of positions reachable from the roots asked about, for
/// the capture games: the graph does not depend on the target, so it is
/// built once per board shape and each target's values are one backward
/// induction over it (the attractor of "the stone on this point is gone").
#[derive(Default)]
struct Space {
    index: HashMap<State, u32>,
    states: Vec<State>,
    kids: Vec<Vec<u32>>,
    /// Nodes whose children are not added yet.
    pending: Vec<u32>,
    /// Reverse edges, built when values are computed over a closed graph.
    parents: Option<(Vec<u32>, Vec<u32>)>,
    /// Per (point, owner): per node, plies to the capture (`u32::MAX`: never).
    values: HashMap<(usize, u8), Vec<u32>>,
}

impl Space {
    fn add(&mut self, s: State) -> u32 {
        if let Some(&i) = self.index.get(&s) {
            return i;
        }
        let i = self.states.len() as u32;
        self.index.insert(s, i);
        self.states.push(s);
        self.kids.push(Vec::new());
        self.pending.push(i);
        i
    }

    /// Adds `root` and everything reachable from it.
    fn ensure(&mut self, geo: &Geo, root: State, budget: &Cell<i64>) -> Result<u32, Abort> {
        let r = self.add(root);
        if self.pending.is_empty() {
            return Ok(r);
        }
        // The graph grows: every value computed so far is for a smaller one.
        self.values.clear();
        self.parents = None;
        while let Some(i) = self.pending.pop() {
            budget.set(budget.get() - 1);
            if budget.get() < 0 {
                self.pending.push(i);
                return Err(Abort);
            }
            let s = self.states[i as usize];
            let mut kids: Vec<u32> = geo
                .moves(&s)
                .into_iter()
                .map(|(_, t)| self.add(t))
                .collect();
            kids.sort_unstable();
            kids.dedup();
            self.kids[i as usize] = kids;
        }
        Ok(r)
    }

    /// The stored value of `s` for the target, if computed.
    fn known(&self, s: &State, target: u64, owner: u8) -> Option<Value> {
        let p = target.trailing_zeros() as usize;
        let i = *self.index.get(s)?;
        let v = self.values.get(&(p, owner))?[i as usize];
        Some((v != u32::MAX).then_some(v))
    }

    /// The value of node `i` for capturing the stone of `owner` on the first
    /// point of `target` (a string's stones are captured together). The
    /// graph must be closed (`ensure` succeeded).
    fn value(&mut self, i: u32, target: u64, owner: u8) -> Value {
        debug_assert!(self.pending.is_empty());
        let p = target.trailing_zeros() as usize;
        if !self.values.contains_key(&(p, owner)) {
            let n = self.states.len();
            if self.parents.is_none() {
                let mut start = vec![0u32; n + 1];
                for kids in &self.kids {
                    for &k in kids {
                        start[k as usize + 1] += 1;
                    }
                }
                for j in 0..n {
                    start[j + 1] += start[j];
                }
                let mut fill = start.clone();
                let mut parents = vec![0u32; start[n] as usize];
                for (j, kids) in self.kids.iter().enumerate() {
                    for &k in kids {
                        parents[fill[k as usize] as usize] = j as u32;
                        fill[k as usize] += 1;
                    }
                }
                self.parents = Some((start, parents));
            }
            let (start, parents) = self.parents.as_ref().expect("reverse edges");
            let mut win = vec![u32::MAX; n];
            let mut left: Vec<u32> = self.kids.iter().map(|k| k.len() as u32).collect();
            let mut deepest = vec![0u32; n];
            let mut queue = std::collections::VecDeque::new();
            for (j, s) in self.states.iter().enumerate() {
                if (s.board >> (2 * p) & 3) as u8 != owner {
                    win[j] = 0;
                    queue.push_back(j);
                }
            }
            while let Some(k) = queue.pop_front() {
                let d = win[k] + 1;
                for &q in &parents[start[k] as usize..start[k + 1] as usize] {
                    let q = q as usize;
                    if win[q] != u32::MAX {
                        continue;
                    }
                    if self.states[q].to_move != owner {
                        win[q] = d;
                        queue.push_back(q);
                    } else {
                        left[q] -= 1;
                        deepest[q] = deepest[q].max(d);
                        if left[q] == 0 {
                            win[q] = deepest[q];
                            queue.push_back(q);
                        }
                    }
                }
            }
            self.values.insert((p, owner), win);
        }
        let v = self.values[&(p, owner)][i as usize];
        (v != u32::MAX).then_some(v)
    }
}
