//! The search of Article 7 confirmation play.
//!
//! Three games, each a reachability game on a finite graph, solved by a
//! depth-first AND/OR search:
//!
//! * **capture** (Art. 7-1, first clause): the opponent O of the string's
//!   owner P moves first, the players alternate with any legal move of the
//!   component or a pass, and O wins when the string is captured;
//! * **new stone** (second clause): after the capture, P wins when, with O to
//!   move, a stone P played after the capture on a point of the fight stands
//!   in a string that O cannot capture (a capture game of its own);
//! * **confirm**: O wins when he captures the string *and* P then loses the
//!   new-stone game. A string is alive exactly when O loses this game.
//!
//! "The fight" is the string itself and the opposing strings touching it in
//! the stopped position (with their eye space, [`crate::status`]): the new
//! stone must stand where stones of the fight stood (example 1: White's new
//! stones stand where Black's four stones stood). A new stone anywhere on
//! the board would make everything alive. Opposing stones that the string
//! itself takes on the confirm game's line join its fight ([`Node::taken`],
//! example 4).
//!
//! Cycles: a position repeated on the current path is a failure for the side
//! trying to reach its goal. If the goal can be forced it can be forced
//! without repeating, so this is exact at the root (example 6, long life).
//! Won results are stored in the transposition table freely; failures only
//! when they do not depend on a repetition of a position above the node
//! (the graph-history-interaction problem), so no path-dependent result is
//! ever reused on another path.

use crate::board::{Board, Color, Point};
use crate::cramped::all_cramped;
use crate::cycle::Cycles;
use crate::ko::PassRule;
use crate::position::{Move, Position, points_key};
use crate::region::{Safety, SafetyBase, safety};
use smallvec::SmallVec;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;
use std::time::{Duration, Instant};

mod dfpn;
mod table;

use table::Table;

/// Bounds on the work of one string's verdict.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Nodes searched at most (all games of the component together).
    pub nodes: u64,
    /// Wall time at most.
    pub time: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        // On a typical machine the node bound decides for the small boards
        // of the corpus, so verdicts do not depend on load; the time bound
        // caps the wall time per string, and on a 19x19 ending (slower
        // nodes) it usually decides. Examples 6, 15, 18 and 20 need between
        // 0.7 and 2 million nodes for one string each (session 18).
        Limits {
            nodes: 2_000_000,
            time: Duration::from_secs(20),
        }
    }
}

/// Which bound stopped a search that gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Bound {
    /// The node bound ([`Limits::nodes`]).
    Nodes,
    /// The time bound ([`Limits::time`]).
    Time,
    /// Neither: the search ended with a nested question ("can this new
    /// stone be captured?", "is the fight sealed?") left open at its own
    /// bound of [`NESTED_BUDGET`] nodes, on which the answer depends.
    Nested,
}

/// The value of a game for the side trying to reach its goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Val {
    /// The goal can be forced; the number is the length of the line found.
    Win(u32),
    /// The goal cannot be forced.
    Loss,
    /// A limit was hit first.
    Unknown,
}

/// Which game is played.
#[derive(Clone, Debug)]
pub enum Kind {
    /// Capture the target string.
    Capture,
    /// Capture the target and keep its owner from a new uncapturable stone.
    Confirm,
    /// After the target's capture: a new uncapturable stone on the fight.
    NewStone,
}

impl Kind {
    fn index(&self) -> usize {
        match self {
            Kind::Capture => 0,
            Kind::Confirm => 1,
            Kind::NewStone => 2,
        }
    }
}

/// A game about one string.
#[derive(Clone, Debug)]
pub struct Game {
    /// Which game.
    pub kind: Kind,
    /// Owner of the target string.
    pub owner: Color,
    /// The target's points in the position the game starts from.
    pub target: Rc<[Point]>,
    /// Points of the fight (the target and the opposing strings touching it).
    pub fight: Rc<[Point]>,
    /// Stones whose capture loses the game for their colour (local proofs
    /// on a cut-out board, where such a capture would not happen alike on
    /// the real board).
    pub guard: Option<Guard>,
    key: u64,
    /// The fight as a bitset of points: move generation asks "is `p` on the
    /// fight?" for every point at every node, and a scan of `fight` for each
    /// showed in profiles.
    fight_mask: Rc<[u64]>,
    /// Confirm game: the points outside the fight that held opposing stones
    /// at the stop, as a bitset. When the target string takes such stones
    /// they join the fight ([`Node::taken`]).
    takeable: Rc<[u64]>,
    /// For a capture game whose target is one string: the salt of its
    /// canonical keys ([`Game::tkey`]), which name the target by the least
    /// point of its string in each position rather than by the stones it
    /// had where the game started.
    canon: Option<u64>,
}

/// Stones of one colour that must never be captured: if any of them is, the
/// game ends and that colour has lost it.
#[derive(Clone, Debug)]
pub struct Guard {
    /// Whose stones.
    pub color: Color,
    /// Their points.
    pub points: Rc<[Point]>,
}

impl Guard {
    /// The part of a game's key that tells results under this guard from
    /// results without it.
    fn key(&self) -> u64 {
        points_key(
            &self.points,
            0x6A4D_0000_0000_0000 ^ self.color.index() as u64,
        )
    }
}

impl Game {
    /// A game about the string on `target` (its points) with the given fight.
    #[must_use]
    pub fn new(kind: Kind, owner: Color, target: Rc<[Point]>, fight: Rc<[Point]>) -> Game {
        let salt = match kind {
            Kind::Capture => 0x0C4F_0000_0000_0001,
            Kind::Confirm => 0x0C4F_0000_0000_0002,
            Kind::NewStone => 0x0C4F_0000_0000_0003,
        } ^ ((owner.index() as u64) << 40);
        let key = points_key(&target, salt);
        let mask = bitset(&fight);
        Game {
            kind,
            owner,
            target,
            fight,
            guard: None,
            key,
            fight_mask: mask,
            takeable: Rc::new([]),
            canon: None,
        }
    }

    /// The same capture game keyed canonically ([`Game::tkey`]); the
    /// target must be one string. Whether a string can be captured depends
    /// only on the position and the string, not on which of its stones the
    /// question was first asked about: a string never splits before it is
    /// captured. So the capture games about a string asked at different
    /// nodes of a new-stone game (after the string grew by a stone, say)
    /// share their proven positions.
    #[must_use]
    pub fn canonical(mut self) -> Game {
        if matches!(self.kind, Kind::Capture) {
            let guard = self.guard.as_ref().map_or(0, Guard::key);
            self.canon = Some(0xCA40_0000_0000_0000 ^ ((self.owner.index() as u64) << 40) ^ guard);
        }
        self
    }

    /// The key of `node` in this game's tables: the position's key with the
    /// game's, or, for a canonical capture game whose target still stands,
    /// with the least point of the target's string there.
    #[must_use]
    pub fn tkey(&self, node: &Node) -> u64 {
        if let Some(salt) = self.canon {
            let board = &node.pos.board;
            if let Some(&p) = self.target.first()
                && self
                    .target
                    .iter()
                    .all(|&q| board.color(q) == Some(self.owner))
            {
                let least = board.string_stones(board.head(p)).min().unwrap_or(p);
                let mut s = salt ^ u64::from(least);
                return node.key() ^ crate::board::splitmix64(&mut s);
            }
        }
        node.key() ^ self.key
    }

    /// The new-stone game that follows the target's capture at `node`, a
    /// node of this confirm game: its fight gains the points of the
    /// opposing stones the target string took on the way ([`Node::taken`]).
    #[must_use]
    pub fn after_capture(&self, node: &Node) -> Game {
        let mut fight = self.fight.to_vec();
        fight.extend_from_slice(&node.taken);
        fight.sort_unstable();
        let mut after = Game::new(
            Kind::NewStone,
            self.owner,
            self.target.clone(),
            fight.into(),
        )
        .guarded(self.guard.clone());
        after.key ^= points_key(&node.taken, 0x5441_4B45_4E00_0001);
        after
    }

    /// The same confirm game where the target string's captures of the
    /// opposing stones standing on `board` (the stopped position) outside
    /// the fight add their points to the fight ([`Node::taken`]).
    #[must_use]
    pub fn taking_from(mut self, board: &Board) -> Game {
        let theirs: Vec<Point> = (0..board.geometry().len() as Point)
            .filter(|&p| board.color(p) == Some(self.owner.opponent()) && !self.in_fight(p))
            .collect();
        self.takeable = bitset(&theirs);
        self
    }

    /// True when `p` is a point of the fight.
    fn in_fight(&self, p: Point) -> bool {
        in_set(&self.fight_mask, p)
    }

    /// The same game with `guard` (inherited by the games nested in it).
    #[must_use]
    pub fn guarded(mut self, guard: Option<Guard>) -> Game {
        if let Some(g) = &guard {
            // Results under a guard are not results without it.
            let k = g.key();
            self.key ^= k;
            if let Some(c) = &mut self.canon {
                *c ^= k;
            }
        }
        self.guard = guard;
        self
    }

    /// The side that tries to reach the goal.
    #[must_use]
    pub fn reacher(&self) -> Color {
        match self.kind {
            Kind::Capture | Kind::Confirm => self.owner.opponent(),
            Kind::NewStone => self.owner,
        }
    }
}

/// A node: the position, and for the new-stone game the owner's stones
/// played on the fight since the capture.
#[derive(Debug)]
pub struct Node {
    /// Board, bans, side to move.
    pub pos: Position,
    /// New stones (new-stone game only), sorted.
    pub new_stones: Vec<Point>,
    /// Confirm game only: the points, outside the fight, of opposing stones
    /// of the stopped position that the target string itself has captured
    /// on the line so far (by a stone of its owner that joined it), sorted.
    /// They join the fight once the target is captured: the place disputed
    /// is where the stones of the fight stood, and the stones the string
    /// took are of it (example 4, RULES-MODEL.md). A ko capture is made by
    /// a lone stone, so it never adds to them.
    pub taken: Vec<Point>,
    /// How the board was reached from its parent's, when by a stone:
    /// Benson's answers are then often the parent's.
    prev: Option<Prev>,
}

/// The points as a bitset.
fn bitset(points: &[Point]) -> Rc<[u64]> {
    let words = points
        .iter()
        .map(|&p| p as usize / 64 + 1)
        .max()
        .unwrap_or(0);
    let mut mask = vec![0u64; words];
    for &p in points {
        mask[p as usize / 64] |= 1 << (p % 64);
    }
    mask.into()
}

/// True when `p` is in the bitset.
fn in_set(set: &[u64], p: Point) -> bool {
    set.get(p as usize / 64)
        .is_some_and(|w| w >> (p % 64) & 1 == 1)
}

/// A stone played on the parent's board.
#[derive(Clone, Copy, Debug)]
struct Prev {
    /// The parent's board hash.
    hash: u64,
    /// Where the stone was played.
    point: Point,
    /// Whose stone.
    mover: Color,
    /// Whether it captured.
    captured: bool,
}

impl Clone for Node {
    fn clone(&self) -> Node {
        Node {
            pos: self.pos.clone(),
            new_stones: self.new_stones.clone(),
            taken: self.taken.clone(),
            prev: self.prev,
        }
    }

    fn clone_from(&mut self, other: &Node) {
        self.pos.clone_from(&other.pos);
        self.new_stones.clone_from(&other.new_stones);
        self.taken.clone_from(&other.taken);
        self.prev = other.prev;
    }
}

impl Node {
    /// A node without new stones.
    #[must_use]
    pub fn new(pos: Position) -> Node {
        Node {
            pos,
            new_stones: Vec::new(),
            taken: Vec::new(),
            prev: None,
        }
    }

    fn key(&self) -> u64 {
        self.pos.key()
            ^ points_key(&self.new_stones, 0x4E45_5753_544F_4E45)
            ^ points_key(&self.taken, 0x5441_4B45_4E00_0000)
    }
}

/// True when a stone of `me` on the empty point `p` would capture nothing
/// and leave its string with a single liberty (move ordering only).
///
/// It runs for every legal point at every node, so it allocates nothing: it
/// only needs to know whether a second distinct liberty exists, and stops
/// as soon as it finds one.
fn self_atari(board: &crate::board::Board, p: Point, me: Color) -> bool {
    let geo = board.geometry();
    let mut first: Option<Point> = None;
    // Notes a liberty; true when it is a second distinct one.
    let mut second = |l: Point| match first {
        None => {
            first = Some(l);
            false
        }
        Some(f) => f != l,
    };
    for &q in geo.neighbors(p) {
        match board.color(q) {
            None => {
                if second(q) {
                    return false;
                }
            }
            Some(c) if c != me && board.liberties(q) == 1 => return false,
            Some(c) if c == me => {
                // `p` is one of the string's liberties: three or more leave
                // it two others.
                if board.liberties(q) >= 3 {
                    return false;
                }
                for s in board.string_stones(q) {
                    for &l in geo.neighbors(s) {
                        if l != p && board.is_empty_at(l) && second(l) {
                            return false;
                        }
                    }
                }
            }
            Some(_) => {}
        }
    }
    true
}

/// The bonus of an answer next to the opponent's last stone
/// ([`Engine::set_answer_nearby`]): above an atari (12) and a liberty of the
/// target (20), below a capture (40).
const NEARBY: i32 = 25;

/// The moves by score, best first, ties in the order given: what a stable
/// sort gives. Scores take few distinct values, so this counts them and
/// places each move at its value's next slot (no comparison sort, which
/// showed in profiles of 19x19 positions with a hundred moves a node).
fn by_score(scored: &[(i32, Move)]) -> Vec<Move> {
    const LEVELS: usize = 32;
    let mut levels = [0i32; LEVELS];
    let mut counts = [0u32; LEVELS];
    // The level of each move, found once (moves of one score come in runs,
    // so the last level found is tried first).
    let mut level_of: SmallVec<[u8; 512]> = SmallVec::with_capacity(scored.len());
    let mut k = 0;
    let mut last = 0;
    for &(s, _) in scored {
        let j = if k > 0 && levels[last] == s {
            last
        } else {
            match levels[..k].iter().position(|&l| l == s) {
                Some(j) => j,
                None if k < LEVELS => {
                    levels[k] = s;
                    k += 1;
                    k - 1
                }
                None => {
                    let mut sorted = scored.to_vec();
                    sorted.sort_by_key(|s| std::cmp::Reverse(s.0));
                    return sorted.into_iter().map(|(_, m)| m).collect();
                }
            }
        };
        last = j;
        level_of.push(j as u8);
        counts[j] += 1;
    }
    let mut rank: [usize; LEVELS] = std::array::from_fn(|i| i);
    rank[..k].sort_unstable_by_key(|&j| std::cmp::Reverse(levels[j]));
    let mut next = [0u32; LEVELS];
    let mut at = 0;
    for &j in &rank[..k] {
        next[j] = at;
        at += counts[j];
    }
    let mut out = vec![Move::Pass { lifts: None }; scored.len()];
    for (&(_, m), &j) in scored.iter().zip(&level_of) {
        let j = j as usize;
        out[next[j] as usize] = m;
        next[j] += 1;
    }
    out
}

/// The first move of [`by_score`]: the first of the highest score.
fn first_by_score(scored: &[(i32, Move)]) -> Move {
    let mut best = scored[0];
    for &s in &scored[1..] {
        if s.0 > best.0 {
            best = s;
        }
    }
    best.1
}

/// The key of [`Engine::hints`]: the position and the side to move.
fn hint_key(pos: &Position) -> u64 {
    pos.key() ^ pos.to_move.index() as u64
}

/// Identity hashing for keys that are already Zobrist hashes.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

type KeySet = HashSet<u64, BuildHasherDefault<KeyHasher>>;

const FREE: u32 = u32::MAX;

/// Salts of the Benson cache keys, per colour.
const SAFETY_SALT: [u64; 2] = [0x5AFE_0000_0000_0B1C, 0x5AFE_0000_0000_3417];

/// Entries of the Benson and miai caches before they are emptied
/// ([`Table`]). (Measured on j89-16:
/// 2^20 entries peak at 309 MB, 2^17 at 252 MB, in the same time; the cache
/// only saves recomputation, it never changes an answer.)
const SAFETY_CACHE_MAX: usize = 1 << 17;

/// Length credited to a capture that is certain but not played out (the
/// target stands in the opponent's unconditional territory).
const SETTLED_WIN: u32 = 64;

/// Transposition-table code of a proven failure.
const LOSS: u32 = u32::MAX;

/// The passes of the quick depth-first search: a depth limit, and whether
/// a cut-off there counts as the reacher's win. With `false` a pass can only
/// prove wins (short captures before long detours); with `true` it can only
/// prove failures, those in which the defender reaches a settled position
/// (say, a pass-alive target) within the limit against every reacher move.
/// A failure needs the whole width of the reacher's moves, so without the
/// defender's passes a bad first defence is refuted only at full depth:
/// measured, the proof that White cannot capture the nine black stones of
/// j89-17 fell from 925 000 nodes to 7 800, and `check` and `bench` decide
/// more strings (see BENCHMARKS.md). The last pass is unlimited, so the
/// order changes only the cost, never an answer.
const DEEPENING: &[(u32, bool)] = &[
    (4, true),
    (6, false),
    (8, true),
    (12, false),
    (12, true),
    (24, false),
    (16, true),
    (48, false),
    (u32::MAX, false),
];

/// The pass of [`DEEPENING`] before which the df-pn search ([`dfpn`])
/// runs: after the short passes (quick wins and refutations cost little
/// there, and what they store steers df-pn), before the long ones. Its
/// share of the nodes left is 1/[`PROOF_NUMBER_SHARE`]; the long passes and
/// the exact graph analysis get the rest.
///
/// Measured (session 18, strings decided): on the corpus at 100 000 nodes
/// per string, df-pn before pass 5 with a quarter decided 167 of 180,
/// before pass 2 with a half 170, and two phases (before pass 2 or 3 with
/// an eighth or a sixteenth, then before pass 5 with a quarter) 168 or 169;
/// on the KGS games at 20 000 nodes pass 5 decided 367, pass 2 370. But at
/// the default bounds only pass 5 with a quarter decides examples 6 and 15:
/// every earlier df-pn phase follows a capture line of the confirm game
/// into a new-stone game it cannot finish, with the whole budget, where
/// the short passes first store what steers it past. So pass 5 and a
/// quarter.
///
/// Tried and dropped: solving a confirm game in rounds that give each
/// new-stone game after a capture a growing share of the nodes (a
/// sixteenth, then four times more per round), so that one hard invasion
/// cannot take the whole budget. With pass 2 and a half it decided
/// examples 6 and 15 too, 170 corpus strings at 100 000 nodes and 370 KGS
/// strings at 20 000; but example 6 then passed in only 6 of its 16
/// images (`check --symmetries`, 14 of 16 without rounds), with pass 5 and
/// a quarter in 10 of 16 (and example 15 in 14 of 16 instead of 16), and
/// example 21 took 127 s for its images instead of 36 s. The rounds spend
/// nodes on the same capture lines again and drop the df-pn numbers
/// between rounds, and the images that needed most of the budget lost it.
const PROOF_NUMBER_BEFORE: usize = 5;

/// The df-pn search gets at most 1/`PROOF_NUMBER_SHARE` of the nodes left
/// (see [`PROOF_NUMBER_BEFORE`]).
const PROOF_NUMBER_SHARE: u64 = 4;

/// Nodes the quick depth-first search may spend before the exact graph
/// analysis takes over.
const DFS_BUDGET: u64 = 2_000_000;

/// Nodes a witness line may spend on shortening its wins
/// ([`Engine::shorten`]), over the whole line, and never more than half of
/// what the line has left. A win whose shortest form is not found within
/// them keeps the length that proved it.
const SHORTENING_BUDGET: u64 = 50_000;

fn decode(e: u32) -> Val {
    if e == LOSS { Val::Loss } else { Val::Win(e) }
}

/// How a node stands before its moves are searched.
enum Standing {
    /// The game ends here with this value.
    Ended(Val),
    /// The game goes on.
    Open,
    /// The game goes on, but the reacher may already have won here: a nested
    /// question was left open. A win found by playing on is a win; a failure
    /// is only unknown.
    Chance,
}

/// Nodes a nested question of the new-stone game ("can this new stone be
/// captured?", "is the fight sealed?") may spend before it is left open and
/// the game plays on. Without a bound one hard nested question, asked at a
/// node where the owner could still strengthen the stone, spends the whole
/// budget and leaves the string unknown. (Measured: 500 for the first or
/// 2 000 for the second leaves double-ko seki cases unknown.)
const NESTED_BUDGET: u64 = 20_000;

/// Move ordering learnt from the moves that ended a search of their
/// siblings (a reacher's win or a defender's refutation): the *killer*
/// moves of each ply and a *history* count per point. A refutation of one
/// reacher try usually refutes its siblings too (the defender's vital
/// point, or his pass in a seki), and a proof of failure needs one
/// refutation under every try. Only the order changes, never a value.
#[derive(Default)]
struct Ordering {
    /// Per game kind, ply and side, the last two moves that ended a search there.
    killers: [Vec<[Option<Move>; 2]>; 3],
    /// Per game kind, side and point (slot 0 for passes, point `p` at
    /// `p + 1`): how often a move there ended a search.
    history: [[Vec<u32>; 2]; 3],
}

impl Ordering {
    /// Notes that `m`, played by `mover` at ply `depth` of `game`, ended the
    /// search of its siblings.
    fn learn(&mut self, game: &Game, depth: u32, mover: Color, m: Move) {
        let k = game.kind.index();
        let d = Self::killer_slot(depth, mover);
        let killers = &mut self.killers[k];
        if killers.len() <= d {
            killers.resize(d + 1, [None, None]);
        }
        let slot = &mut killers[d];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        let h = &mut self.history[k][mover.index()];
        let i = Self::index(m);
        if h.len() <= i {
            h.resize(i + 1, 0);
        }
        h[i] = h[i].saturating_add(1);
    }

    /// The killer moves of ply `depth` of `game` for `mover`, the latest
    /// first.
    fn killers_at(&self, game: &Game, depth: u32, mover: Color) -> [Option<Move>; 2] {
        self.killers[game.kind.index()]
            .get(Self::killer_slot(depth, mover))
            .copied()
            .unwrap_or([None, None])
    }

    fn killer_slot(depth: u32, mover: Color) -> usize {
        2 * depth as usize + mover.index()
    }

    fn index(m: Move) -> usize {
        match m {
            Move::Play(p) => p as usize + 1,
            Move::Pass { .. } => 0,
        }
    }

    /// Raises the scores of killer moves at ply `d` and of moves with a
    /// history.
    fn boost(&self, game: &Game, d: u32, me: Color, scored: &mut [(i32, Move)]) {
        let k = game.kind.index();
        let killers = self.killers_at(game, d, me);
        let h = &self.history[k][me.index()];
        for (score, m) in scored.iter_mut() {
            if killers[0] == Some(*m) {
                *score += 30;
            } else if killers[1] == Some(*m) {
                *score += 20;
            }
            let n = h.get(Self::index(*m)).copied().unwrap_or(0);
            // A logarithmic bonus of at most 32: a tie-breaker among equal
            // shapes that never outweighs a capture (40).
            *score += (32 - n.leading_zeros()) as i32;
        }
    }
}

/// One step of a witness line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Who moves.
    pub color: Color,
    /// The move.
    pub mv: Move,
}

/// How a witness line ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// The goal of the game was reached (a capture, an uncapturable new stone).
    Goal,
    /// The position repeats: the cycle goes on for ever.
    Repeats,
    /// The position repeats after a round that gained the reacher prisoners:
    /// by Article 1 that reaches the goal ([`crate::cycle`]).
    Gains,
    /// The game ends without its goal played out: a static rule settles it.
    Settled(Settlement),
    /// The line was cut (length or work bound); the verdict stands.
    Cut,
}

/// The static rule that settles a game before its goal is played out
/// (the end of a witness line), named so that a reader knows why the line
/// stops there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// The target is pass-alive (Benson): it can never be captured.
    TargetPassAlive,
    /// The target is safe by miai ([`crate::miai`]).
    TargetMiai,
    /// The target stands in the opponent's unconditional territory: its
    /// capture is certain.
    TargetHeld,
    /// The target stands in an area walled off by the opponent's
    /// pass-alive stones that is too small for two eyes
    /// ([`crate::cramped`]): its capture is certain.
    TargetCramped,
    /// Every fight point is the opponent's unconditional territory: no new
    /// stone of the owner can stand there.
    FightHeld,
    /// Every fight point is the opponent's unconditional territory or lies
    /// in an area walled off by his pass-alive stones that is too small
    /// for two eyes ([`crate::cramped`]): no new stone of the owner there
    /// can ever stand in a string the opponent cannot capture.
    FightCramped,
    /// Every fight point is the opponent's unconditional territory or under
    /// opposing strings the owner cannot capture.
    FightSealed,
    /// A guard stone (the open wall of a cut-out board) is lost, or as good
    /// as lost.
    GuardLost,
    /// The side to move has nothing to try: no useful point and no pass
    /// (a pass that lifts no ban is never the reacher's).
    NoMove(Color),
}

/// The pass balance (the reacher's passes minus the defender's, which
/// [`Cycles::reached`] scores) after `m`, played by the reacher when
/// `reacher_moves`.
fn balance_after(m: Move, reacher_moves: bool, balance: i32) -> i32 {
    match (m, reacher_moves) {
        (Move::Pass { .. }, true) => balance + 1,
        (Move::Pass { .. }, false) => balance - 1,
        _ => balance,
    }
}

/// The explicit graph of positions reachable in one game, for backward
/// induction: per node its key, whether the reacher moves, its value when
/// the game ends there, and its edges.
#[derive(Default)]
struct Graph {
    index: KeyMap<u32>,
    /// The nodes' keys in the game's tables ([`Game::tkey`]).
    keys: Vec<u64>,
    reacher: Vec<bool>,
    leaf: Vec<Option<Val>>,
    /// The game goes on from the node, but it may already be won there: a
    /// nested question was left open by its budget (see [`Standing`]).
    chance: Vec<bool>,
    first: Vec<u32>,
    count: Vec<u32>,
    edges: Vec<u32>,
    /// Passes of the reacher (from, to): only a cycle through one can gain
    /// him prisoners ([`crate::cycle`]).
    reacher_passes: Vec<(u32, u32)>,
}

impl Graph {
    /// The index of `node`, adding it if new (then the flag is true).
    fn add(&mut self, game: &Game, node: &Node, reacher: Color) -> (u32, bool) {
        let k = node.key();
        if let Some(&i) = self.index.get(&k) {
            return (i, false);
        }
        let i = self.keys.len() as u32;
        self.index.insert(k, i);
        self.keys.push(game.tkey(node));
        self.reacher.push(node.pos.to_move == reacher);
        self.leaf.push(None);
        self.chance.push(false);
        self.first.push(0);
        self.count.push(0);
        (i, true)
    }
}

/// Whether one of the reacher's passes `(from, to)` may lie on a cycle of
/// positions all marked `lost`, in the graph given by compressed rows
/// (`first`, `count`, `edges`). Work is capped at a few sweeps of the
/// graph; past the cap the answer is `true` (not ruled out).
fn pass_on_a_cycle(
    first: &[u32],
    count: &[u32],
    edges: &[u32],
    passes: &[(u32, u32)],
    lost: &[bool],
) -> bool {
    let mut seen = vec![0u32; lost.len()];
    let mut work = 4 * (edges.len() + lost.len());
    for (stamp, &(from, to)) in (1u32..).zip(passes) {
        let (from, to) = (from as usize, to as usize);
        if !(lost[from] && lost[to]) {
            continue;
        }
        let mut stack = vec![to];
        seen[to] = stamp;
        while let Some(x) = stack.pop() {
            if x == from {
                return true;
            }
            let out = &edges[first[x] as usize..(first[x] + count[x]) as usize];
            work = match work.checked_sub(out.len() + 1) {
                Some(w) => w,
                None => return true,
            };
            for &y in out {
                let y = y as usize;
                if seen[y] != stamp && lost[y] {
                    seen[y] = stamp;
                    stack.push(y);
                }
            }
        }
    }
    false
}

/// The points of the owner's held regions (empty or opposing, not the
/// owner's stones) connected within those regions to a fight point there;
/// `None` when no fight point lies in such a region.
fn contested_points(
    board: &Board,
    held: &Safety,
    fight: &[Point],
    owner: Color,
) -> Option<Vec<bool>> {
    let inside = |p: Point| held.held(p) && board.color(p) != Some(owner);
    let mut stack: Vec<Point> = fight.iter().copied().filter(|&p| inside(p)).collect();
    if stack.is_empty() {
        return None;
    }
    let mut seen = vec![false; board.geometry().len()];
    for &p in &stack {
        seen[p as usize] = true;
    }
    while let Some(p) = stack.pop() {
        for &q in board.geometry().neighbors(p) {
            if !seen[q as usize] && inside(q) {
                seen[q as usize] = true;
                stack.push(q);
            }
        }
    }
    Some(seen)
}

/// A node's facts that every move's score reads ([`Engine::move_context`]).
struct MoveContext {
    held_b: Rc<Safety>,
    held_w: Rc<Safety>,
    /// The head of the target string favoured by the scores.
    target_head: Option<Point>,
    /// A confirm game whose target stands in the opponent's held region.
    open_held: bool,
    /// Points of the owner's held regions that are no passes for his
    /// opponent ([`contested_points`]).
    contested: Option<Vec<bool>>,
    /// The points the side to move holds bans on (the first eight), and
    /// how many bans he holds.
    banned: [Point; 8],
    nbanned: usize,
    /// With [`Engine::set_answer_nearby`], in a capture game with its
    /// owner to move: the opponent's last stone, when the node was reached
    /// by one.
    last: Option<Point>,
}

/// The search over one component.
pub struct Engine {
    /// The points searched, in the order that breaks ties between moves of
    /// equal score ([`Engine::new`]).
    region: Rc<[Point]>,
    /// Every point's place in the tie-breaking order.
    rank: Rc<[u32]>,
    rule: PassRule,
    /// How a repetition on the path is scored ([`crate::cycle`]).
    cycles: Cycles,
    limits: Limits,
    started: Instant,
    /// Nodes expanded for the current question.
    pub nodes: u64,
    total: u64,
    aborted: bool,
    by_kind: [u64; 3],
    safety_cache: Table<Rc<Safety>, SAFETY_CACHE_MAX>,
    /// Benson's answers on the first board asked about, from which those of
    /// the later boards are computed over the region only (`Some(None)`
    /// when that board does not allow it).
    safety_base: Option<Option<SafetyBase>>,
    /// Benson computations over the region only, over the whole board, and
    /// answers taken over from the parent's board.
    safety_counts: [u64; 3],
    /// Winning moves seen, by position and mover: move-ordering hints shared
    /// between the games about a string.
    hints: Table<Move>,
    /// Move ordering learnt across positions (killer moves and history).
    order: Ordering,
    /// Failures proved only up to a depth (iterative deepening): position
    /// and game to the number of plies within which no win exists.
    tt_bounded: Table<u32>,
    /// The same, found while wins are shortened (`strict_lengths`): no
    /// win that fits within that many plies.
    tt_strict: Table<u32>,
    /// Depth beyond which the depth-first search stops (iterative deepening).
    depth_limit: u32,
    /// Whether a depth cut-off counts as the reacher's win (a search for
    /// the defender's quick refutations) rather than as his failure.
    cut_wins: bool,
    tt: Table<u32>,
    /// Nested questions left open by [`NESTED_BUDGET`].
    nested_open: KeySet,
    /// Trace counters of nested questions: asked, left open, and won by
    /// the capturer.
    nested_stats: [u64; 3],
    /// Whether a target safe by miai ([`crate::miai`]) ends its capture
    /// game. Off only to check that the rule agrees with the search.
    miai: bool,
    /// The miai rule's answers by board and string: boards recur across
    /// the games and transpositions of a string's questions (measured on
    /// example 20: 12.0 s without it, 10.1 s with it).
    miai_cache: Table<bool, SAFETY_CACHE_MAX>,
    /// Whether the df-pn search ([`dfpn`]) runs, before the depth-first
    /// pass [`PROOF_NUMBER_BEFORE`].
    proof_number: bool,
    /// Whether a target, or a fight, standing in an area too small for two
    /// eyes ([`crate::cramped`]) settles its game. Off only to check that
    /// the rule agrees with the search.
    cramped: bool,
    /// Whether the nested questions of a new-stone game are skipped where
    /// the owner's opponent can hold the fight with one move
    /// ([`Engine::settling_move`]). Off only to check that the shortcut
    /// agrees with the search.
    settling: bool,
    /// Whether the moves next to the opponent's last stone are tried first
    /// among equals by the owner of a capture game's target
    /// ([`Engine::set_answer_nearby`]).
    answer_nearby: bool,
    /// Whether a stored win counts only when it fits within the depth
    /// limit: set while a witness line looks for the shortest wins
    /// ([`Engine::shorten`]).
    strict_lengths: bool,
    /// df-pn's unproven proof and disproof numbers by position and game
    /// ([`dfpn`]): they steer the search only.
    pn_table: Table<(u32, u32)>,
    /// Nodes the depth-first search has finished with: it takes its
    /// children from here, so that a node costs no allocation (one per
    /// ply of the deepest line, reused).
    spare: Vec<Node>,
    /// Buffers for scored moves ([`Engine::score_moves`]): one per level
    /// of the depth-first search in use, and one for [`Engine::moves_at`]
    /// (reused, like `spare`).
    score_pool: Vec<Vec<(i32, Move)>>,
}

impl Engine {
    /// A search over the points of `region` of `board`, about `focus`, a
    /// string of `color` (or the walls of a local search). Ties between
    /// moves, and the order of nested questions, follow an order that every
    /// rotation, reflection and colour swap of `board` shares
    /// ([`crate::point_order`]).
    #[must_use]
    pub fn new(
        board: &Board,
        region: &[Point],
        focus: &[Point],
        color: Color,
        rule: PassRule,
        limits: Limits,
    ) -> Engine {
        let (order, rank) = crate::point_order::orientation_free(board, region, focus, color);
        Engine {
            region: order.into(),
            rank: rank.into(),
            rule,
            cycles: Cycles::default(),
            limits,
            started: Instant::now(),
            nodes: 0,
            total: 0,
            aborted: false,
            depth_limit: u32::MAX,
            cut_wins: false,
            by_kind: [0; 3],
            hints: Table::default(),
            order: Ordering::default(),
            tt_bounded: Table::default(),
            tt_strict: Table::default(),
            safety_cache: Table::default(),
            safety_base: None,
            safety_counts: [0; 3],
            tt: Table::default(),
            nested_open: KeySet::default(),
            nested_stats: [0; 3],
            miai: true,
            miai_cache: Table::default(),
            proof_number: true,
            cramped: true,
            answer_nearby: false,
            settling: true,
            strict_lengths: false,
            pn_table: Table::default(),
            spare: Vec::new(),
            score_pool: Vec::new(),
        }
    }

    /// Sorts strings (by their heads on `board`) by the tie-breaking order
    /// of their first stones and drops repeats: the order in which to ask
    /// questions about them that share this engine's tables. (Which stone
    /// heads a string depends on how the board is turned.)
    pub fn sort_strings(&self, board: &Board, heads: &mut Vec<Point>) {
        // Strings are disjoint and ranks distinct, so a repeated head has
        // the same key as its twin and lands next to it.
        heads.sort_by_cached_key(|&h| {
            crate::point_order::first_rank(&self.rank, board.string_stones(h))
        });
        heads.dedup();
    }

    /// Whether the df-pn search runs (on by default). Off only to check that
    /// it agrees with the depth-first search.
    pub fn set_proof_number(&mut self, on: bool) {
        self.proof_number = on;
    }

    /// Whether the owner of a capture game's target tries the moves next
    /// to the opponent's last stone first among equals (off by default).
    /// An answer is most often next to the move it answers, and on a wide
    /// area (a cut-out's walls around a territory) the owner's answers are
    /// what the proof is made of: on a strip two rows deep it cut the
    /// nodes by a quarter (eight long) to a half (seven long). The whole search keeps the plain order:
    /// there the same bonus cost examples 17 and 20 their verdicts at the
    /// default bounds (their ko fights are decided by other moves).
    pub fn set_answer_nearby(&mut self, on: bool) {
        self.answer_nearby = on;
    }

    /// Whether a target or a fight in an area too small for two eyes
    /// settles its game (on by default). Set it before the first search,
    /// like [`Engine::set_cycles`].
    pub fn set_cramped(&mut self, on: bool) {
        self.cramped = on;
    }

    /// Whether the nested questions of a new-stone game are skipped where
    /// one move of the owner's opponent holds the fight (on by default).
    /// Set it before the first search, like [`Engine::set_cycles`].
    pub fn set_settling(&mut self, on: bool) {
        self.settling = on;
    }

    /// Whether a target safe by miai ends its capture game (on by
    /// default). Set it before the first search, like [`Engine::set_cycles`].
    pub fn set_miai(&mut self, on: bool) {
        self.miai = on;
    }

    /// Scores repetitions by `cycles` from now on. Set it before the first
    /// search: the transposition table holds results of one scoring only.
    pub fn set_cycles(&mut self, cycles: Cycles) {
        self.cycles = cycles;
    }

    /// Starts a fresh budget (nodes and time) for the next question; the
    /// transposition table is kept, since its entries are proven.
    pub fn reset_budget(&mut self) {
        if std::env::var_os("KAKUNIN_TRACE").is_some() {
            eprintln!(
                "nodes by game (capture, confirm, new stone): {:?}; Benson over the region / whole board / parent's: {:?}; nested asked/open/won {:?}",
                self.by_kind, self.safety_counts, self.nested_stats
            );
            eprintln!(
                "tables: tt {} bounded {} strict {} hints {} pn {} safety {} miai {} open {}",
                self.tt.len(),
                self.tt_bounded.len(),
                self.tt_strict.len(),
                self.hints.len(),
                self.pn_table.len(),
                self.safety_cache.len(),
                self.miai_cache.len(),
                self.nested_open.len()
            );
        }
        self.by_kind = [0; 3];
        self.total += self.nodes;
        self.nodes = 0;
        self.aborted = false;
        self.started = Instant::now();
    }

    /// Nodes searched over all questions.
    #[must_use]
    pub fn total_nodes(&self) -> u64 {
        self.total + self.nodes
    }

    /// True once a limit was hit; every later search answers `Unknown`.
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Solves `game` from `node` as a root: a bounded depth-first search
    /// first (quick wins), then, if that did not settle it, the exact
    /// retrograde analysis of the reachable graph.
    pub fn solve(&mut self, game: &Game, node: &Node) -> Val {
        // A nested question is answered in full, whatever line is drawn.
        let strict = std::mem::take(&mut self.strict_lengths);
        let v = self.deepen(game, node);
        self.strict_lengths = strict;
        v
    }

    /// [`Engine::solve`]: the deepening passes, the df-pn phase and
    /// the graph analysis.
    fn deepen(&mut self, game: &Game, node: &Node) -> Val {
        let tkey = game.tkey(node);
        if let Some(&e) = self.tt.get(&tkey) {
            return decode(e);
        }
        if self.out_of_budget() {
            return Val::Unknown;
        }
        let saved = self.limits.nodes;
        let saved_depth = self.depth_limit;
        let saved_cut = self.cut_wins;
        self.limits.nodes = saved.min(self.nodes + DFS_BUDGET);
        // Iterative deepening ([`DEEPENING`]) finds short wins before long
        // detours, and quick refutations before deep ones.
        let mut quick = Val::Unknown;
        for (pass, &(limit, cut_wins)) in DEEPENING.iter().enumerate() {
            if pass == PROOF_NUMBER_BEFORE && self.proof_number {
                // df-pn goes for the cheapest proof rather than for the
                // first move's.
                self.depth_limit = u32::MAX;
                self.cut_wins = false;
                let before = self.nodes;
                let bound = self.limits.nodes;
                self.limits.nodes = before + bound.saturating_sub(before) / PROOF_NUMBER_SHARE;
                let v = self.dfpn(game, node);
                self.limits.nodes = bound;
                // Only df-pn's share may have been spent.
                self.resume_after_share(bound);
                if self.nodes - before > 5_000 && std::env::var_os("KAKUNIN_TRACE").is_some() {
                    eprintln!(
                        "dfpn {:?} owner {} target {:?}: {:?} after {} nodes",
                        game.kind,
                        game.owner,
                        game.target,
                        v,
                        self.nodes - before
                    );
                }
                if v != Val::Unknown || self.aborted {
                    quick = v;
                    break;
                }
            }
            self.depth_limit = limit;
            self.cut_wins = cut_wins;
            let mut path = KeyMap::default();
            let v = self.search(game, node, 0, 0, &mut path).0;
            let proved = if cut_wins {
                v == Val::Loss
            } else {
                matches!(v, Val::Win(_))
            };
            if proved || limit == u32::MAX || self.aborted {
                quick = v;
                break;
            }
        }
        self.depth_limit = saved_depth;
        self.cut_wins = saved_cut;
        self.limits.nodes = saved;
        if quick != Val::Unknown {
            return quick;
        }
        if self.aborted && self.nodes >= saved {
            return Val::Unknown;
        }
        self.aborted = false;
        let before = self.nodes;
        let v = self.graph(game, node);
        if std::env::var_os("KAKUNIN_TRACE").is_some() {
            eprintln!(
                "graph {:?} owner {} target {:?}: {:?} after {} nodes, from\n{}fight {:?} new stones {:?}",
                game.kind,
                game.owner,
                game.target,
                v,
                self.nodes - before,
                node.pos,
                game.fight,
                node.new_stones
            );
        }
        v
    }

    /// Exact solution by backward induction on the graph of positions
    /// reachable from `root`: the reacher's attractor of its goal. Cycles
    /// need no special care here: a position from which the goal cannot be
    /// forced simply never enters the attractor. Every node's value is kept.
    fn graph(&mut self, game: &Game, root: &Node) -> Val {
        let mut g = Graph::default();
        let reacher_side = game.reacher();
        let (r, _) = g.add(game, root, reacher_side);
        // Positions still to expand, taken last in, first out: the order of
        // expansion does not change the graph, and depth-first order keeps
        // this list short. Breadth-first, it held most of the graph's
        // positions at once (measured on j89-21 at 5 000 000 nodes: 11.6 GB
        // peak against 0.43 GB, and 151 s against 57 s).
        let mut queue: Vec<(u32, Node)> = vec![(r, root.clone())];
        while let Some((i, node)) = queue.pop() {
            if self.out_of_budget() {
                return Val::Unknown;
            }
            self.nodes += 1;
            let tkey = game.tkey(&node);
            if let Some(&e) = self.tt.get(&tkey) {
                g.leaf[i as usize] = Some(decode(e));
                continue;
            }
            match self.standing(game, &node) {
                Standing::Ended(v) => {
                    g.leaf[i as usize] = Some(v);
                    continue;
                }
                Standing::Chance => g.chance[i as usize] = true,
                Standing::Open => {}
            }
            g.first[i as usize] = g.edges.len() as u32;
            for m in self.moves(game, &node) {
                let child = self.child(game, &node, m);
                let (j, fresh) = g.add(game, &child, reacher_side);
                if g.reacher[i as usize] && matches!(m, Move::Pass { .. }) {
                    g.reacher_passes.push((i, j));
                }
                g.edges.push(j);
                if fresh {
                    queue.push((j, child));
                }
            }
            g.count[i as usize] = g.edges.len() as u32 - g.first[i as usize];
        }
        let Graph {
            keys,
            reacher,
            leaf,
            chance,
            first,
            count,
            edges,
            reacher_passes,
            ..
        } = g;
        let n = keys.len();
        // Reverse edges (compressed rows).
        let mut rstart = vec![0u32; n + 1];
        for &j in &edges {
            rstart[j as usize + 1] += 1;
        }
        for i in 0..n {
            rstart[i + 1] += rstart[i];
        }
        let mut fill = rstart.clone();
        let mut parents = vec![0u32; edges.len()];
        for i in 0..n {
            for e in first[i]..first[i] + count[i] {
                let j = edges[e as usize] as usize;
                parents[fill[j] as usize] = i as u32;
                fill[j] += 1;
            }
        }
        let has_unknown = leaf.contains(&Some(Val::Unknown)) || chance.contains(&true);
        let attractor = |optimistic: bool| -> Vec<Option<u32>> {
            let mut win: Vec<Option<u32>> = vec![None; n];
            let mut left: Vec<u32> = count.clone();
            let mut q = std::collections::VecDeque::new();
            for i in 0..n {
                let w = match leaf[i] {
                    Some(Val::Win(k)) => Some(k),
                    Some(Val::Unknown) if optimistic => Some(0),
                    None if optimistic && chance[i] => Some(0),
                    _ => None,
                };
                if w.is_some() {
                    win[i] = w;
                    q.push_back(i);
                }
            }
            while let Some(j) = q.pop_front() {
                let d = win[j].unwrap_or(0) + 1;
                for &p in &parents[rstart[j] as usize..rstart[j + 1] as usize] {
                    let p = p as usize;
                    if win[p].is_some() || leaf[p].is_some() {
                        continue;
                    }
                    if reacher[p] {
                        win[p] = Some(d);
                        q.push_back(p);
                    } else {
                        left[p] -= 1;
                        if left[p] == 0 {
                            win[p] = Some(d);
                            q.push_back(p);
                        }
                    }
                }
            }
            win
        };
        let low = attractor(false);
        let high = if has_unknown {
            attractor(true)
        } else {
            low.clone()
        };
        // The attractor reads every cycle as the reacher's failure. Under
        // Article 1 a cycle through one of his passes may gain him prisoners:
        // then the failures are not proved (the depth-first search, which
        // sees the path, decides those).
        let failures_hold = self.cycles == Cycles::Literal || reacher_passes.is_empty() || {
            let lost: Vec<bool> = (0..n)
                .map(|i| high[i].is_none() && leaf[i].is_none())
                .collect();
            !pass_on_a_cycle(&first, &count, &edges, &reacher_passes, &lost)
        };
        for i in 0..n {
            if leaf[i].is_some() {
                continue;
            }
            let tkey = keys[i];
            match (low[i], high[i]) {
                (Some(k), _) => {
                    self.tt.insert(tkey, k.min(LOSS - 1));
                }
                (None, None) if failures_hold => {
                    self.tt.insert(tkey, LOSS);
                }
                _ => {}
            }
        }
        match (low[r as usize], high[r as usize], leaf[r as usize]) {
            (_, _, Some(v)) => v,
            (Some(k), _, _) => Val::Win(k),
            (None, None, _) if failures_hold => Val::Loss,
            _ => Val::Unknown,
        }
    }

    fn captured(game: &Game, node: &Node) -> bool {
        game.target
            .iter()
            .any(|&p| node.pos.board.color(p) != Some(game.owner))
    }

    /// Whether the game ends at `node`, and with which value.
    fn standing(&mut self, game: &Game, node: &Node) -> Standing {
        self.standing_why(game, node).0
    }

    /// [`Engine::standing`], with the static rule that ended the game when
    /// one did.
    fn standing_why(&mut self, game: &Game, node: &Node) -> (Standing, Option<Settlement>) {
        // A guard stone is lost when it is captured, and as good as lost
        // when it stands in the opponent's unconditional territory: moves
        // there are not generated (see `moves`), so the capture must be
        // settled here, as for the target in `settled_capture`.
        if let Some(g) = &game.guard {
            let board = &node.pos.board;
            let lost = g.points.iter().any(|&p| board.color(p) != Some(g.color)) || {
                let theirs = self.safety(node, g.color.opponent());
                g.points.iter().any(|&p| theirs.held(p))
            };
            if lost {
                let v = if g.color == game.reacher() {
                    Val::Loss
                } else {
                    Val::Win(0)
                };
                return (Standing::Ended(v), Some(Settlement::GuardLost));
            }
        }
        let ended = match game.kind {
            Kind::Capture | Kind::Confirm if !Self::captured(game, node) => {
                // A pass-alive target can never be captured; a target inside
                // the opponent's unconditional territory, or in an area of
                // his too small for two eyes, always can. Both settle the
                // game without searching on (this is what keeps the graphs
                // small).
                let mine = self.safety(node, game.owner);
                if game.target.iter().all(|&p| mine.alive(p))
                    && Self::guard_holds(game, game.owner, &mine)
                {
                    Some((Val::Loss, Some(Settlement::TargetPassAlive)))
                } else if self.miai
                    && matches!(game.kind, Kind::Capture)
                    && Self::guard_holds(game, game.owner, &mine)
                    && self.safe_by_miai(game, node)
                {
                    Some((Val::Loss, Some(Settlement::TargetMiai)))
                } else {
                    self.settled_capture(game, node)
                        .map(|why| (Val::Win(SETTLED_WIN), Some(why)))
                }
            }
            Kind::Capture => Some((Val::Win(0), None)),
            Kind::Confirm => {
                let after = game.after_capture(node);
                let fresh = Node::new(node.pos.clone());
                let v = match self.solve(&after, &fresh) {
                    Val::Win(_) => Val::Loss,
                    Val::Loss => Val::Win(0),
                    Val::Unknown => Val::Unknown,
                };
                Some((v, None))
            }
            Kind::NewStone => {
                // Every fight point held unconditionally by the opponent, or
                // in his areas too small for two eyes: no new stone there can
                // ever stand.
                if let Some(why) = self.fight_held(game, node) {
                    return (Standing::Ended(Val::Loss), Some(why));
                }
                // Every fight point under opposing strings that the owner,
                // even moving first, cannot capture: no point of the fight
                // will ever be free for a new stone.
                if let Some(v) = self.fight_sealed(game, node) {
                    return (Standing::Ended(v), Some(Settlement::FightSealed));
                }
                if node.pos.to_move == game.owner || node.new_stones.is_empty() {
                    return (Standing::Open, None);
                }
                // The opponent can hold the whole fight with one move: then
                // no new stone here can be uncapturable (he plays that move
                // and every one of them stands where it cannot live), and the
                // move wins the game (the hint has the search try it first).
                // So the nested questions are not asked.
                if self.settling && self.settling_move(game, node) {
                    return (Standing::Open, None);
                }
                let mut unknown = false;
                let mut heads: Vec<Point> = node
                    .new_stones
                    .iter()
                    .map(|&p| node.pos.board.head(p))
                    .collect();
                self.sort_strings(&node.pos.board, &mut heads);
                let mine = self.safety(node, game.owner);
                if heads.iter().any(|&h| mine.alive(h))
                    && Self::guard_holds(game, game.owner, &mine)
                {
                    return (Standing::Ended(Val::Win(0)), None);
                }
                for h in heads {
                    let mut stones: Vec<Point> = node.pos.board.string_stones(h).collect();
                    stones.sort_unstable();
                    let stones: Rc<[Point]> = stones.into();
                    let g = Game::new(Kind::Capture, game.owner, stones.clone(), stones)
                        .canonical()
                        .guarded(game.guard.clone());
                    match self.solve_nested(&g, &Node::new(node.pos.clone())) {
                        Val::Loss => return (Standing::Ended(Val::Win(0)), None),
                        Val::Unknown => unknown = true,
                        Val::Win(_) => {}
                    }
                }
                // A new stone the search could not settle: the owner may
                // already have won here, and may also win by playing on
                // (strengthening the stone until the question is easy).
                let standing = if unknown {
                    Standing::Chance
                } else {
                    Standing::Open
                };
                return (standing, None);
            }
        };
        match ended {
            Some((v, why)) => (Standing::Ended(v), why),
            None => (Standing::Open, None),
        }
    }

    /// Whether `color`'s guard stones, if the game has any, are all
    /// pass-alive in `safety` (Benson's answers for `color`), so that no
    /// line can lose one. The shortcuts that end a game by Benson (a
    /// pass-alive target, a capture settled in held territory, a fight
    /// held or sealed) read the board as if nothing else could change the
    /// result; a guard stone of the side they favour that could still be
    /// captured would lose that side the game on some line, so they apply
    /// only when this holds. (On local proofs the guard is the open walls,
    /// and a wrong shortcut there would prove stones dead that are not.)
    fn guard_holds(game: &Game, color: Color, safety: &Safety) -> bool {
        game.guard
            .as_ref()
            .is_none_or(|g| g.color != color || g.points.iter().all(|&p| safety.alive(p)))
    }

    /// True when every string holding target stones is safe by miai
    /// ([`crate::miai`]): its owner answers each pair point with its
    /// partner, and no string can ever be captured. The strings' areas are
    /// disjoint (each is enclosed by its string alone), so the answers of
    /// all of them make one strategy. A target of local proofs may be
    /// several walls; the target's stones are all still on the board.
    /// Guard stones of the owner must be pass-alive (the caller checks
    /// [`Engine::guard_holds`]): the answers are played inside areas that
    /// only target strings enclose, so they never touch a guard's vital
    /// regions, and nothing the opponent plays captures a pass-alive guard.
    ///
    /// It is asked in capture games only (the first clause, and every
    /// new stone's question). In confirm games it would be as right, but
    /// measured it made them slower: on example 9 the six black stones
    /// needed 200 000 nodes instead of 50 000, with the same line found
    /// (the confirm game's longer search teaches the move ordering of the
    /// games after it).
    ///
    /// The rule is asked only where its answer is likely to have changed
    /// since it was last asked on the line: at the start of a game or after
    /// a pass, and after a stone of the owner that joined the target or
    /// captured. (An opposing stone makes a string safe only by taking the
    /// owner's stones beside its area; an owner's stone elsewhere leaves
    /// the target's areas as they were.) The answer is right wherever it
    /// is asked; skipping it only lets the search play on. Measured: asked
    /// at every node it cost about a third of the search's time.
    fn safe_by_miai(&mut self, game: &Game, node: &Node) -> bool {
        let board = &node.pos.board;
        // The rule is about O moving first, and about the target only: the
        // caller asks it only when the owner's guard stones, if any, are
        // pass-alive, since losing one of them would lose the game.
        if node.pos.to_move == game.owner {
            return false;
        }
        if let Some(prev) = &node.prev {
            let joined = board.color(prev.point) == Some(game.owner)
                && game
                    .target
                    .iter()
                    .any(|&p| board.head(p) == board.head(prev.point));
            if prev.mover != game.owner || !(joined || prev.captured) {
                return false;
            }
        }
        let mut heads: Vec<Point> = game.target.iter().map(|&p| board.head(p)).collect();
        heads.sort_unstable();
        heads.dedup();
        heads.into_iter().all(|h| {
            let key = board.hash() ^ u64::from(h).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            if let Some(&safe) = self.miai_cache.get(&key) {
                return safe;
            }
            let safe = crate::miai::safe_in_order(board, h, Some(&self.rank));
            self.miai_cache.insert(key, safe);
            safe
        })
    }

    /// Why the target's capture is certain, if it is: it stands in the
    /// opponent's unconditional territory, or in an area walled off by his
    /// pass-alive stones that is too small for two eyes
    /// ([`crate::cramped`]); for the confirm game, every point of its fight
    /// (with the stones it took) must also be so placed, so that no new
    /// stone of the owner can ever stand there. Moves inside held regions
    /// are never generated, so these games end here rather than be searched
    /// on. With a guard stone of the opponent that could still fall
    /// ([`Engine::guard_holds`]) they are searched on instead: the capture
    /// inside the held region is then never played, so the search can only
    /// fail to prove it (on a cut-out, a failure proves nothing and the
    /// whole search decides).
    fn settled_capture(&mut self, game: &Game, node: &Node) -> Option<Settlement> {
        let theirs = self.safety(node, game.owner.opponent());
        if !Self::guard_holds(game, game.owner.opponent(), &theirs) {
            return None;
        }
        let board = &node.pos.board;
        let why = if game.target.iter().any(|&p| theirs.held(p)) {
            Settlement::TargetHeld
        } else if !self.cramped {
            return None;
        } else {
            let mut heads: SmallVec<[Point; 4]> =
                game.target.iter().map(|&p| board.head(p)).collect();
            heads.sort_unstable();
            heads.dedup();
            if heads
                .iter()
                .any(|&h| all_cramped(board, &theirs, &[h], |_| false))
            {
                Settlement::TargetCramped
            } else {
                return None;
            }
        };
        if matches!(game.kind, Kind::Capture) {
            return Some(why);
        }
        let held = |p: Point| theirs.held(p);
        if game.fight.iter().chain(&node.taken).all(|&p| held(p)) {
            return Some(why);
        }
        if !self.cramped {
            return None;
        }
        let mut fight: Vec<Point> = game.fight.to_vec();
        fight.extend_from_slice(&node.taken);
        all_cramped(board, &theirs, &fight, held).then_some(Settlement::TargetCramped)
    }

    /// `Some(Loss)` when every fight point holds a stone of the opponent
    /// whose string the owner cannot capture even moving first, or is empty
    /// and held unconditionally by the opponent, and no guard stone of the
    /// opponent could still fall.
    fn fight_sealed(&mut self, game: &Game, node: &Node) -> Option<Val> {
        let board = &node.pos.board;
        let them = game.owner.opponent();
        // Empty fight points (the opposing strings' eye space) are sealed
        // when the opponent holds them unconditionally.
        let theirs = self.safety(node, them);
        if !Self::guard_holds(game, them, &theirs) {
            return None;
        }
        let mut heads: Vec<Point> = Vec::new();
        for &p in game.fight.iter() {
            match board.color(p) {
                Some(c) if c == them => heads.push(board.head(p)),
                None if theirs.held(p) => {}
                _ => return None,
            }
        }
        self.sort_strings(board, &mut heads);
        let mut first = node.pos.clone();
        first.to_move = game.owner;
        for h in heads {
            let mut stones: Vec<Point> = board.string_stones(h).collect();
            stones.sort_unstable();
            let stones: Rc<[Point]> = stones.into();
            let g = Game::new(Kind::Capture, them, stones.clone(), stones)
                .canonical()
                .guarded(game.guard.clone());
            // Sealing is only a shortcut: a question left open lets the
            // game play on.
            if self.solve_nested(&g, &Node::new(first.clone())) != Val::Loss {
                return None;
            }
        }
        Some(Val::Loss)
    }

    /// Benson's answers for a node's board and colour, remembered by board
    /// hash (positions of many games share boards). Three ways to compute
    /// them, all giving [`safety`]'s answer exactly: the parent's answer,
    /// when the last stone provably changed nothing
    /// ([`crate::region::same_after_opponent_stone`],
    /// [`crate::region::same_after_own_stone`]);
    /// Benson over the engine's region ([`SafetyBase`]); the full algorithm.
    fn safety(&mut self, node: &Node, color: Color) -> Rc<Safety> {
        let board = &node.pos.board;
        let key = board.hash() ^ SAFETY_SALT[color.index()];
        if let Some(s) = self.safety_cache.get(&key) {
            return Rc::clone(s);
        }
        if let Some(prev) = node.prev
            && let Some(parent) = self
                .safety_cache
                .get(&(prev.hash ^ SAFETY_SALT[color.index()]))
            && if prev.mover == color {
                crate::region::same_after_own_stone(parent, board, prev.point, color)
            } else {
                crate::region::same_after_opponent_stone(board, prev.point, color, prev.captured)
            }
        {
            let s = Rc::clone(parent);
            self.safety_counts[2] += 1;
            if crate::region::verify_safety() {
                crate::region::check_safety(&s, board, color);
            }
            self.safety_cache.insert(key, Rc::clone(&s));
            return s;
        }
        let base = self
            .safety_base
            .get_or_insert_with(|| SafetyBase::new(board, &self.region));
        let s = match base.as_ref().and_then(|b| b.safety(board, color)) {
            Some(s) => {
                self.safety_counts[0] += 1;
                if crate::region::verify_safety() {
                    crate::region::check_safety(&s, board, color);
                }
                s
            }
            None => {
                self.safety_counts[1] += 1;
                safety(board, color)
            }
        };
        let s = Rc::new(s);
        self.safety_cache.insert(key, Rc::clone(&s));
        s
    }

    /// `solve` within at most [`NESTED_BUDGET`] nodes; an answer left open
    /// is remembered as such so the same question is not asked again.
    fn solve_nested(&mut self, game: &Game, node: &Node) -> Val {
        let tkey = game.tkey(node);
        self.nested_stats[0] += 1;
        if self.nested_open.contains(&tkey) {
            return Val::Unknown;
        }
        let saved = self.limits.nodes;
        self.limits.nodes = saved.min(self.nodes + NESTED_BUDGET);
        let before = self.nodes;
        let v = self.solve(game, node);
        // Only the costly questions are traced: most take a few nodes.
        if self.nodes - before > 5_000 && std::env::var_os("KAKUNIN_TRACE").is_some() {
            eprintln!(
                "nested {:?} owner {} target {:?}: {:?} after {} nodes\n{}",
                game.kind,
                game.owner,
                game.target,
                v,
                self.nodes - before,
                node.pos
            );
        }
        self.limits.nodes = saved;
        if matches!(v, Val::Win(_)) {
            self.nested_stats[2] += 1;
        }
        if v == Val::Unknown {
            self.nested_stats[1] += 1;
            // Only the nested bound may have been hit: the outer search goes on.
            self.resume_after_share(saved);
            if !self.aborted {
                self.nested_open.insert(tkey);
            }
        }
        v
    }

    /// The value of a position that repeats one of `path` (at pass balance
    /// `balance`), with the path depth it repeats: a cycle the reacher gains
    /// on is his win, any other is his loss (official example 6).
    fn repeated(&self, path: &KeyMap<(u32, i32)>, key: u64, balance: i32) -> Option<(Val, u32)> {
        let &(d, then) = path.get(&key)?;
        let v = if self.cycles.reached(then, balance) {
            Val::Win(0)
        } else {
            Val::Loss
        };
        Some((v, d))
    }

    /// While wins are shortened (`strict_lengths`), a win at `depth` counts
    /// only if it fits in the depth left.
    fn too_long(&self, v: Val, depth: u32) -> bool {
        self.strict_lengths
            && matches!(v, Val::Win(k) if depth.saturating_add(k) > self.depth_limit)
    }

    /// After a sub-search ran on a share of the budget: if it stopped only
    /// because that share ran out (the whole `bound` and the time are not
    /// spent), the caller's search goes on.
    fn resume_after_share(&mut self, bound: u64) {
        if self.aborted && self.nodes < bound && self.started.elapsed() < self.limits.time {
            self.aborted = false;
        }
    }

    /// After a question came back `Val::Unknown`: the bound that stopped
    /// it and the nodes the string had spent by then.
    #[must_use]
    pub fn spent(&self) -> (Bound, u64) {
        let bound = if self.nodes >= self.limits.nodes {
            Bound::Nodes
        } else if self.started.elapsed() >= self.limits.time {
            Bound::Time
        } else {
            Bound::Nested
        };
        (bound, self.nodes)
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.limits.nodes
            || (self.nodes % 4096 == 0 && self.started.elapsed() >= self.limits.time)
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Moves for the side to move, best first for a quick proof.
    pub fn moves(&mut self, game: &Game, node: &Node) -> Vec<Move> {
        self.moves_at(game, node, None)
    }

    /// [`Engine::moves`], at ply `ply` of the depth-first search when it is
    /// `Some`: then the learnt order ([`Ordering`]) is applied too. The graph
    /// analysis and witness lines pass `None`.
    fn moves_at(&mut self, game: &Game, node: &Node, ply: Option<u32>) -> Vec<Move> {
        // A pooled buffer, handed back below: no allocation per node.
        let mut scored = self.score_pool.pop().unwrap_or_default();
        self.score_moves(game, node, ply, None, &mut scored);
        let moves = by_score(&scored);
        self.score_pool.push(scored);
        moves
    }

    /// The move to try first at `node`, at ply `depth` of the depth-first
    /// search, before the moves are scored: the position's hint (a move
    /// that won here before, which scoring puts first whenever it is a
    /// move of the node) or else the ply's first killer, if it is one of
    /// the node's moves. Measured on two KGS games at 20 000 nodes: the
    /// best-scored move was the first killer at 84 % and 95 % of the nodes,
    /// and it ended the search at 97 % and 99 % of those. The second killer
    /// as a third choice decided 2 more KGS strings, 1 more OGS and 1 more
    /// corpus string in the same time, but made one of example 17's
    /// new-stone games 6.5 times dearer (137 000 nodes instead of 21 000),
    /// so it is not tried.
    /// Also returns the node's move context if it was built on the way.
    fn quick_first(
        &mut self,
        game: &Game,
        node: &Node,
        depth: u32,
    ) -> (Option<Move>, Option<MoveContext>) {
        let me = node.pos.to_move;
        let hint = self.hints.get(&hint_key(&node.pos)).copied();
        let [killer, _] = self.order.killers_at(game, depth, me);
        let region = self.region.len() as u32;
        let mut cx = None;
        for m in [hint, killer].into_iter().flatten() {
            let is_move = match m {
                // The region's points rank first in the tie-breaking order.
                Move::Play(p) => {
                    self.rank[p as usize] < region && {
                        let cx = match &cx {
                            Some(cx) => cx,
                            None => cx.insert(self.move_context(game, node)),
                        };
                        self.score_point(game, node, cx, p).is_some()
                    }
                }
                Move::Pass { .. } => self.scored_passes(game, node).any(|(_, x)| x == m),
            };
            if is_move {
                return (Some(m), cx);
            }
        }
        (None, cx)
    }

    /// What [`Engine::score_moves`] needs to know of a node before it
    /// scores its points: Benson's answers for both colours, the target
    /// string, and where the usual rules for held regions do not apply.
    fn move_context(&mut self, game: &Game, node: &Node) -> MoveContext {
        // Points held unconditionally by either colour (pass-alive stones and
        // the regions vital to them) are walled off by pass-alive strings: a
        // stone played there changes nothing outside, so it is no better than
        // a pass, which is always on offer. The exceptions are the moves that
        // change what lies inside such a region and matter to the game, listed
        // below (RULES-MODEL.md, "Moves inside regions held unconditionally").
        let held_b = self.safety(node, Color::Black);
        let held_w = self.safety(node, Color::White);
        let pos = &node.pos;
        let me = pos.to_move;
        let board = &pos.board;
        // The target's string, to favour its liberties (empty points touching
        // it; no liberty list is built).
        // With several target strings (a local search's walls), the first
        // standing one in the tie-breaking order, so that every image of the
        // board favours the same string.
        let target_head: Option<Point> = game
            .target
            .iter()
            .filter(|&&p| board.color(p) == Some(game.owner))
            .min_by_key(|&&p| self.rank[p as usize])
            .map(|&p| board.head(p));
        // A confirm game about a string already inside the opponent's held
        // region normally ends at once (`settled_capture`); should its fight
        // reach outside, the capture must still be playable there.
        let (mine_held, theirs) = if game.owner == Color::Black {
            (&held_b, &held_w)
        } else {
            (&held_w, &held_b)
        };
        let open_held = matches!(game.kind, Kind::Confirm)
            && game
                .target
                .iter()
                .any(|&p| board.color(p) == Some(game.owner) && theirs.held(p));
        // In the new-stone game the opponent's stones inside a region the
        // owner holds are no passes when that region holds a fight point: they
        // occupy the point where the new stone must stand, and capturing them
        // may fill the owner's eye there (`tests/oracle.rs`: on 3x3, White's
        // stone on C3 inside Black's eyes keeps Black's new stone off C3).
        let contested = if matches!(game.kind, Kind::NewStone) && me != game.owner {
            contested_points(board, mine_held, &game.fight, game.owner)
        } else {
            None
        };
        // The points the side to move holds a ban on (usually none, at most
        // a few): only there can a ban forbid a move.
        let mut banned = [Point::MAX; 8];
        let mut nbanned = 0;
        for b in pos.bans.of(me) {
            if nbanned < banned.len() {
                banned[nbanned] = b.point;
            }
            nbanned += 1;
        }
        MoveContext {
            held_b,
            held_w,
            target_head,
            open_held,
            contested,
            banned,
            nbanned,
            last: node
                .prev
                .as_ref()
                .filter(|_| {
                    self.answer_nearby && me == game.owner && matches!(game.kind, Kind::Capture)
                })
                .map(|p| p.point),
        }
    }

    /// The score of a stone of the side to move on `p`, or `None` when
    /// that is no move of the search: an occupied or illegal point, or one
    /// inside a held region that matters to nothing.
    #[inline(always)]
    fn score_point(&self, game: &Game, node: &Node, cx: &MoveContext, p: Point) -> Option<i32> {
        let pos = &node.pos;
        let board = &pos.board;
        let me = pos.to_move;
        // An occupied point is no move: the cheapest test first.
        if !board.is_empty_at(p) {
            return None;
        }
        let theirs = if game.owner == Color::Black {
            &cx.held_w
        } else {
            &cx.held_b
        };
        // After the capture, the owner's own unconditional territory may hold
        // opposing stones (dead there): capturing them frees fight points
        // where his new stones stand, also when the captured string is not
        // of the fight itself (it may hold the stone that took a fight
        // point: `tests/oracle.rs`, C1 on 3x3, where only A1's capture of
        // such a string frees C1 and C2). So every move touching an opposing
        // stone is kept; a move there touching none only fills his own area.
        let touches_opponent = |p: Point| {
            board
                .geometry()
                .neighbors(p)
                .iter()
                .any(|&q| board.color(q) == Some(me.opponent()))
        };
        if (cx.held_b.held(p) || cx.held_w.held(p))
            && !(cx.open_held && theirs.held(p))
            && !cx.contested.as_ref().is_some_and(|c| c[p as usize])
            && !(matches!(game.kind, Kind::NewStone)
                && me == game.owner
                && !theirs.held(p)
                && (game.in_fight(p) || touches_opponent(p)))
        {
            return None;
        }
        let check_all = cx.nbanned > cx.banned.len();
        if (check_all || cx.banned[..cx.nbanned.min(8)].contains(&p))
            && pos.bans.forbids(board, me, p, pos.ko_ban)
        {
            return None;
        }
        // One scan of the neighbours gives the legality (Article 4: the
        // stone keeps a liberty or captures; [`Board::is_suicide`]) and
        // the score.
        let mut score = 0;
        let mut empties = 0;
        let mut captures = false;
        let mut own_breathes = false;
        let mut on_target = false;
        for &q in board.geometry().neighbors(p) {
            let Some(c) = board.color(q) else {
                empties += 1;
                continue;
            };
            let libs = board.liberties(q);
            if c != me && libs == 1 {
                score += 40;
                captures = true;
            } else if libs == 1 {
                score += 12;
            } else if libs == 2 {
                score += 3;
            }
            if c == me && libs > 1 {
                own_breathes = true;
            }
            if c == game.owner && cx.target_head == Some(board.head(q)) {
                on_target = true;
            }
        }
        if empties == 0 && !captures && !own_breathes {
            return None;
        }
        if on_target {
            score += 20;
        }
        if cx
            .last
            .is_some_and(|m| board.geometry().neighbors(m).contains(&p))
        {
            score += NEARBY;
        }
        // A capture or two empty neighbours: never a self-atari.
        if !captures && empties < 2 && self_atari(board, p, me) {
            score -= 60;
        }
        if game.in_fight(p) {
            // After the capture the defender's first thought is to
            // occupy the fight himself: it seals it.
            score += if matches!(game.kind, Kind::NewStone) && me != game.owner {
                100
            } else {
                2
            };
        }
        Some(score)
    }

    /// The passes the side to move may make at `node` with their score, in
    /// the tie-breaking order.
    fn scored_passes(&self, game: &Game, node: &Node) -> impl Iterator<Item = (i32, Move)> {
        let me = node.pos.to_move;
        let pass_score = if me == game.reacher() { -100 } else { 15 };
        // Bans are kept sorted by point; a pass for each is tried in the
        // tie-breaking order instead, like the moves.
        let mut passes = node.pos.passes(self.rule);
        passes.sort_by_key(|m| match m {
            Move::Pass { lifts: Some(p) } => self.rank[*p as usize],
            _ => 0,
        });
        // The reacher never needs a pass that lifts no ban: the defender
        // could pass back, and the reacher would face the same position
        // (or one where the defender holds fewer bans, which is no easier
        // for the reacher). So a reacher who wins at all wins with another
        // move. Dropping these passes also removes the pass-pass cycles
        // that make failures depend on the path.
        let reacher = me == game.reacher();
        passes
            .into_iter()
            .filter(move |&m| !(reacher && m == (Move::Pass { lifts: None })))
            .map(move |m| (pass_score, m))
    }

    /// The moves of [`Engine::moves_at`] with their scores, unsorted (in
    /// the tie-breaking order), into `scored`; `cx` is the node's move
    /// context if it is at hand.
    fn score_moves(
        &mut self,
        game: &Game,
        node: &Node,
        ply: Option<u32>,
        cx: Option<MoveContext>,
        scored: &mut Vec<(i32, Move)>,
    ) {
        let cx = match cx {
            Some(cx) => cx,
            None => self.move_context(game, node),
        };
        scored.clear();
        for &p in self.region.iter() {
            if let Some(score) = self.score_point(game, node, &cx, p) {
                scored.push((score, Move::Play(p)));
            }
        }
        scored.extend(self.scored_passes(game, node));
        if let Some(d) = ply {
            self.order.boost(game, d, node.pos.to_move, scored);
        }
        // A move that won for this side in this position in any game
        // (capture, confirm, new stone) is tried first.
        if let Some(&h) = self.hints.get(&hint_key(&node.pos))
            && let Some(entry) = scored.iter_mut().find(|s| s.1 == h)
        {
            entry.0 += 10_000;
        }
    }

    /// The node after `m`.
    #[must_use]
    pub fn child(&self, game: &Game, node: &Node, m: Move) -> Node {
        let mut next = node.clone();
        self.play_on(game, node, m, &mut next);
        next
    }

    /// Turns `next`, a copy of `node`, into the node after `m`.
    fn play_on(&self, game: &Game, node: &Node, m: Move, next: &mut Node) {
        match m {
            Move::Play(p) => {
                let mover = next.pos.to_move;
                let mut captured = false;
                // In the confirm game, stones the target string itself takes
                // (a capture by a stone that joins it) are of its fight: the
                // owner's captures of takeable stones are noted, and kept if
                // the capturing stone joined the target.
                let track = mover == game.owner && !game.takeable.is_empty();
                let mut took: SmallVec<[Point; 8]> = SmallVec::new();
                next.pos.play_unchecked(p, &mut |q| {
                    captured = true;
                    if track && in_set(&game.takeable, q) {
                        took.push(q);
                    }
                });
                if !took.is_empty() && next.pos.board.head(p) == next.pos.board.head(game.target[0])
                {
                    next.taken.extend(took);
                    next.taken.sort_unstable();
                    next.taken.dedup();
                }
                next.prev = Some(Prev {
                    hash: node.pos.board.hash(),
                    point: p,
                    mover,
                    captured,
                });
                if matches!(game.kind, Kind::NewStone) {
                    let board = &next.pos.board;
                    next.new_stones
                        .retain(|&s| board.color(s) == Some(game.owner));
                    if mover == game.owner && game.in_fight(p) {
                        next.new_stones.push(p);
                        next.new_stones.sort_unstable();
                    }
                }
            }
            Move::Pass { lifts } => {
                next.prev = None;
                next.pos.pass(lifts, self.rule);
            }
        }
    }

    /// The node after `m` written into `scratch`, whose allocations are
    /// reused: for looking at many children without keeping them.
    fn child_into(&self, game: &Game, node: &Node, m: Move, scratch: &mut Node) {
        scratch.clone_from(node);
        self.play_on(game, node, m, scratch);
    }

    /// Returns the value and the shallowest path depth the value relied on
    /// through a repetition (`FREE` when none), and whether it relied on a
    /// depth cut-off (a failure in a pass that proves wins, a win in one that
    /// proves failures: such values are not stored). `path` holds the positions
    /// on the line with their depth and pass balance (the reacher's passes
    /// minus the defender's from the root), `balance` is the node's.
    fn search(
        &mut self,
        game: &Game,
        node: &Node,
        depth: u32,
        balance: i32,
        path: &mut KeyMap<(u32, i32)>,
    ) -> (Val, u32, bool) {
        // A stored result first: it is proved, and the standing of a node
        // (Benson's answers, nested questions) costs more than the lookup.
        let key = node.key();
        let tkey = game.tkey(node);
        if let Some(&e) = self.tt.get(&tkey) {
            let v = decode(e);
            if !self.too_long(v, depth) {
                return (v, FREE, false);
            }
        }
        let chance = match self.standing(game, node) {
            // A settled capture is credited a long line (`SETTLED_WIN`):
            // while wins are shortened, a capture played out within the
            // depth left is preferred to it.
            Standing::Ended(v) if self.too_long(v, depth) => return (Val::Loss, FREE, true),
            Standing::Ended(v) => return (v, FREE, false),
            Standing::Chance => true,
            Standing::Open => false,
        };
        if let Some((v, d)) = self.repeated(path, key, balance) {
            return (v, d, false);
        }
        if depth >= self.depth_limit {
            let cut = if self.cut_wins {
                Val::Win(0)
            } else {
                Val::Loss
            };
            return (cut, FREE, true);
        }
        let left = self.depth_limit.saturating_sub(depth);
        if self.depth_limit != u32::MAX
            && !self.cut_wins
            && (self.tt_bounded.get(&tkey).is_some_and(|&r| r >= left)
                || (self.strict_lengths && self.tt_strict.get(&tkey).is_some_and(|&r| r >= left)))
        {
            return (Val::Loss, FREE, true);
        }
        if self.out_of_budget() {
            return (Val::Unknown, FREE, false);
        }
        self.nodes += 1;
        self.by_kind[game.kind.index()] += 1;
        if self.nodes % 250_000 == 0 && std::env::var_os("KAKUNIN_TRACE").is_some() {
            eprintln!(
                "dfs {:?} depth {depth} bans {:?}\n{}",
                game.kind, node.pos.bans, node.pos
            );
        }
        path.insert(key, (depth, balance));
        let reacher_moves = node.pos.to_move == game.reacher();
        // Most nodes end with their first move (nine in ten on a KGS game),
        // and that move is nearly always the position's hint or the ply's
        // killer ([`Engine::quick_first`]). So that move, when it is one of
        // the node's moves, is tried before any is scored; otherwise the
        // best by score is. The rest are scored and sorted only if the
        // first does not end the search, in the order `moves_at` gives.
        // The node's move context, when `quick_first` built one, serves
        // the scoring too.
        let (quick, mut cx) = self.quick_first(game, node, depth);
        let mut scored = self.score_pool.pop().unwrap_or_default();
        let first = match quick {
            Some(m) => Some(m),
            None => {
                self.score_moves(game, node, Some(depth), cx.take(), &mut scored);
                (!scored.is_empty()).then(|| first_by_score(&scored))
            }
        };
        let mut rest: Option<Vec<Move>> = None;
        let mut unknown = false;
        let mut dep = FREE;
        let mut bounded = false;
        let mut result = None;
        let mut longest = 0;
        for i in 0.. {
            let m = match (i, first) {
                (_, None) => break,
                (0, Some(m0)) => m0,
                (_, Some(m0)) => {
                    let rest = rest.get_or_insert_with(|| {
                        if quick.is_some() {
                            self.score_moves(game, node, Some(depth), cx.take(), &mut scored);
                        }
                        let mut sorted = by_score(&scored);
                        sorted.retain(|&m| m != m0);
                        sorted
                    });
                    match rest.get(i - 1) {
                        Some(&m) => m,
                        None => break,
                    }
                }
            };
            // A node from the pool, its board's allocation reused.
            let mut child = self.spare.pop().unwrap_or_else(|| node.clone());
            self.child_into(game, node, m, &mut child);
            let child_balance = balance_after(m, reacher_moves, balance);
            let (v, d, b) = self.search(game, &child, depth + 1, child_balance, path);
            self.spare.push(child);
            match (reacher_moves, v) {
                (true, Val::Win(k)) => {
                    // A win through a gaining cycle relies on the path.
                    dep = d;
                    bounded = b;
                    result = Some(Val::Win(k + 1));
                    self.remember_cut(game, node, depth, m);
                    break;
                }
                (true, Val::Loss) => {
                    dep = dep.min(d);
                    bounded |= b;
                }
                (false, Val::Loss) => {
                    dep = d;
                    bounded = b;
                    result = Some(Val::Loss);
                    self.remember_cut(game, node, depth, m);
                    break;
                }
                (false, Val::Win(k)) => {
                    dep = dep.min(d);
                    bounded |= b;
                    longest = longest.max(k + 1);
                }
                (_, Val::Unknown) => unknown = true,
            }
            if self.aborted {
                break;
            }
        }
        self.score_pool.push(scored);
        path.remove(&key);
        let val = match result {
            Some(v) => v,
            None if unknown || self.aborted => Val::Unknown,
            None if reacher_moves => Val::Loss,
            None => Val::Win(longest),
        };
        // Where the game may already be won, a failure to win by playing on
        // is no failure.
        let val = if chance && val == Val::Loss {
            Val::Unknown
        } else {
            val
        };
        match val {
            // A win that relies on a cut-off (`cut_wins`) proves nothing.
            Val::Win(_) if bounded => (val, FREE, true),
            Val::Win(k) if dep >= depth => {
                self.tt.insert(tkey, k.min(LOSS - 1));
                (val, FREE, false)
            }
            Val::Win(_) => (val, dep, false),
            // No win, and no ancestor's repetition involved: exact unless a
            // depth cut-off was, in which case it holds for that depth.
            Val::Loss if dep >= depth && !bounded => {
                self.tt.insert(tkey, LOSS);
                (val, FREE, false)
            }
            Val::Loss if dep >= depth => {
                let r = self.depth_limit - depth;
                // A failure within the depth when long wins do not count
                // is no failure for the other passes, which count them.
                let table = if self.strict_lengths {
                    &mut self.tt_strict
                } else {
                    &mut self.tt_bounded
                };
                let e = table.entry_or(tkey, 0);
                *e = (*e).max(r);
                (val, FREE, true)
            }
            Val::Loss => (val, dep, bounded),
            Val::Unknown => (val, FREE, false),
        }
    }

    /// Whether the opponent of the new stones' owner, to move at `node` of
    /// a new-stone game, has a move after which the fight is held
    /// ([`Engine::fight_held`]). If so, that move is noted as the position's
    /// hint ([`Engine::hints`]), so the search tries it first.
    fn settling_move(&mut self, game: &Game, node: &Node) -> bool {
        let moves = self.moves_at(game, node, None);
        let mut child = self.spare.pop().unwrap_or_else(|| node.clone());
        let mut found = None;
        for m in moves {
            if matches!(m, Move::Pass { .. }) {
                continue;
            }
            // The children's Benson answers are work the node count does not
            // see (on a big board, many per node), so the time bound is
            // checked here too.
            if self.started.elapsed() >= self.limits.time {
                self.aborted = true;
                break;
            }
            self.child_into(game, node, m, &mut child);
            if self.fight_held(game, &child).is_some() {
                found = Some(m);
                break;
            }
        }
        self.spare.push(child);
        if let Some(m) = found {
            self.hints.insert(hint_key(&node.pos), m);
        }
        found.is_some()
    }

    /// Whether the fight of a new-stone game is settled for the owner's
    /// opponent at `node`, and by which rule: every fight point held by his
    /// pass-alive strings (Benson), or the rest in areas walled off by them
    /// that are too small for two eyes ([`crate::cramped`]). Either way no
    /// new stone of the owner can ever stand there uncaptured.
    fn fight_held(&mut self, game: &Game, node: &Node) -> Option<Settlement> {
        let held = self.safety(node, game.owner.opponent());
        if !Self::guard_holds(game, game.owner.opponent(), &held) {
            return None;
        }
        if game.fight.iter().all(|&p| held.held(p)) {
            Some(Settlement::FightHeld)
        } else if self.cramped && all_cramped(&node.pos.board, &held, &game.fight, |p| held.held(p))
        {
            Some(Settlement::FightCramped)
        } else {
            None
        }
    }

    /// Notes `m`, the move that ended the search at `node` (a reacher's win
    /// or a defender's refutation): it is tried first when the position
    /// comes up again, in this game or another ([`Engine::hints`]), and
    /// early at the same ply elsewhere ([`Ordering`]).
    fn remember_cut(&mut self, game: &Game, node: &Node, depth: u32, m: Move) {
        self.hints.insert(hint_key(&node.pos), m);
        self.order.learn(game, depth, node.pos.to_move, m);
    }

    /// A principal line of `game` from `node`: the reacher's fastest win or
    /// most natural try, the defender's longest resistance or refutation.
    /// Wins are drawn as they were proved; see [`Engine::witness_line`].
    pub fn line(&mut self, game: &Game, node: &Node, max_len: usize) -> (Vec<Step>, LineEnd, Node) {
        self.draw_line(game, node, max_len, false)
    }

    /// [`Engine::line`] for a reader: every win on it is first shortened
    /// ([`Engine::shorten`]), so the line shows the quickest way to the
    /// goal rather than the one the search happened to prove (a
    /// proof-number proof is the cheapest to find, not the shortest).
    pub fn witness_line(
        &mut self,
        game: &Game,
        node: &Node,
        max_len: usize,
    ) -> (Vec<Step>, LineEnd, Node) {
        self.draw_line(game, node, max_len, true)
    }

    /// Looks for a shorter form of the win of length `k` stored for
    /// `node`: depth-first passes of growing depth up to `k - 1` plies, in
    /// which a stored win counts only if it fits within the depth left
    /// (`strict_lengths`). The first win found is the shortest, and it and
    /// its subtrees' wins are stored with their lengths: every stored
    /// length stays the length of a real win, so a win not shortened within
    /// [`SHORTENING_BUDGET`] keeps the one that proved it.
    fn shorten(&mut self, game: &Game, node: &Node, k: u32, spent: &mut u64) {
        if *spent >= SHORTENING_BUDGET || self.aborted {
            return;
        }
        let saved = (
            self.limits.nodes,
            self.depth_limit,
            self.cut_wins,
            self.strict_lengths,
        );
        let before = self.nodes;
        // At most half of what the line has left: the moves still have to
        // be chosen.
        let share = (SHORTENING_BUDGET - *spent).min(saved.0.saturating_sub(before) / 2);
        self.limits.nodes = before + share;
        self.cut_wins = false;
        self.strict_lengths = true;
        for limit in 1..k {
            self.depth_limit = limit;
            let mut path = KeyMap::default();
            let (v, _, _) = self.search(game, node, 0, 0, &mut path);
            if matches!(v, Val::Win(_)) || self.aborted {
                break;
            }
        }
        (
            self.limits.nodes,
            self.depth_limit,
            self.cut_wins,
            self.strict_lengths,
        ) = saved;
        *spent += self.nodes - before;
        // Only the shortening's share may have been spent.
        self.resume_after_share(saved.0);
    }

    /// The child of `node` with the shortest win already known: one that
    /// ends the game at once, or one stored in the transposition table.
    fn quickest_stored(
        &mut self,
        game: &Game,
        node: &Node,
        moves: &[Move],
    ) -> Option<(Move, Node)> {
        let mut best: Option<(u32, Move, Node)> = None;
        for &m in moves {
            let child = self.child(game, node, m);
            let known = match self.tt.get(&game.tkey(&child)) {
                Some(&e) => decode(e),
                None => match self.standing(game, &child) {
                    Standing::Ended(v) => v,
                    _ => Val::Unknown,
                },
            };
            if let Val::Win(k) = known
                && best.as_ref().is_none_or(|b| k < b.0)
            {
                best = Some((k, m, child));
            }
        }
        best.map(|(_, m, child)| (m, child))
    }

    fn draw_line(
        &mut self,
        game: &Game,
        node: &Node,
        max_len: usize,
        shortest: bool,
    ) -> (Vec<Step>, LineEnd, Node) {
        let mut spent = 0;
        let mut steps = Vec::new();
        let mut seen = vec![node.key()];
        let mut cur = node.clone();
        loop {
            if let (Standing::Ended(_), why) = self.standing_why(game, &cur) {
                // A game that ends by no static rule ends on its goal (a
                // capture, a new stone settled alive).
                let end = match why {
                    Some(why) if !Self::goal_reached(game, &cur) => LineEnd::Settled(why),
                    _ => LineEnd::Goal,
                };
                return (steps, end, cur);
            }
            if steps.len() >= max_len || self.aborted {
                return (steps, LineEnd::Cut, cur);
            }
            let mut value = self.solve(game, &cur);
            if let (true, Val::Win(k)) = (shortest, value) {
                self.shorten(game, &cur, k, &mut spent);
                value = self.solve(game, &cur);
            }
            let reacher_moves = cur.pos.to_move == game.reacher();
            let mut pick: Option<(Move, Node)> = None;
            let mut best_len: Option<u32> = None;
            let moves = self.moves(game, &cur);
            if moves.is_empty() {
                // Nothing left to try (no pass either): the game is over.
                let side = cur.pos.to_move;
                return (steps, LineEnd::Settled(Settlement::NoMove(side)), cur);
            }
            if shortest && reacher_moves && matches!(value, Val::Win(_)) {
                // The shortened win is stored: take the quickest stored
                // win, and search the moves only when none is stored.
                pick = self.quickest_stored(game, &cur, &moves);
            }
            // A reacher drawing the shortest line takes the first win found.
            let first_win_will_do = shortest && reacher_moves;
            if pick.is_none() {
                for m in moves {
                    let child = self.child(game, &cur, m);
                    let v = self.solve(game, &child);
                    let take = match (value, reacher_moves, v) {
                        (Val::Win(_), true, Val::Win(k)) => best_len.is_none_or(|b| k < b),
                        (Val::Win(_), false, Val::Win(k)) => best_len.is_none_or(|b| k > b),
                        (Val::Loss, true, _) => pick.is_none(),
                        (Val::Loss, false, Val::Loss) => pick.is_none(),
                        _ => false,
                    };
                    if take {
                        if let Val::Win(k) = v {
                            best_len = Some(k);
                        }
                        pick = Some((m, child));
                        if matches!(value, Val::Loss) || first_win_will_do {
                            break;
                        }
                    }
                }
            }
            let Some((m, child)) = pick else {
                return (steps, LineEnd::Cut, cur);
            };
            steps.push(Step {
                color: cur.pos.to_move,
                mv: m,
            });
            let k = child.key();
            cur = child;
            if let Some(from) = seen.iter().position(|&s| s == k) {
                let balance: i32 = steps[from..]
                    .iter()
                    .filter(|s| matches!(s.mv, Move::Pass { .. }))
                    .map(|s| if s.color == game.reacher() { 1 } else { -1 })
                    .sum();
                let end = if self.cycles.reached(0, balance) {
                    LineEnd::Gains
                } else {
                    LineEnd::Repeats
                };
                return (steps, end, cur);
            }
            seen.push(k);
        }
    }

    /// True when the game's goal itself (not a nested verdict) holds at `node`.
    fn goal_reached(game: &Game, node: &Node) -> bool {
        match game.kind {
            Kind::Capture | Kind::Confirm => Self::captured(game, node),
            Kind::NewStone => node.pos.to_move != game.owner && !node.new_stones.is_empty(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        Engine, Game, Kind, Limits, Move, Node, Ordering, by_score, first_by_score, pass_on_a_cycle,
    };
    use crate::board::{Board, Color, Point};
    use crate::ko::PassRule;
    use crate::position::Position;

    /// `by_score` is a stable sort by falling score: with few levels, with
    /// runs of one level, and with more levels than its table holds; and
    /// `first_by_score` is its first move.
    #[test]
    fn moves_by_score_are_a_stable_sort() {
        let mut seed = 0x9E37_79B9_u32;
        for (n, spread) in [(0, 1), (1, 1), (40, 3), (120, 7), (200, 40), (300, 1000)] {
            let scored: Vec<(i32, Move)> = (0..n)
                .map(|i| {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    let s = (seed % spread) as i32 - 5;
                    (s, Move::Play(i))
                })
                .collect();
            let mut expected = scored.clone();
            expected.sort_by_key(|s| std::cmp::Reverse(s.0));
            let expected: Vec<Move> = expected.into_iter().map(|(_, m)| m).collect();
            assert_eq!(by_score(&scored), expected, "{n} moves, {spread} levels");
            if n > 0 {
                assert_eq!(first_by_score(&scored), expected[0], "{n} moves");
            }
        }
    }

    #[test]
    fn a_killer_is_raised_at_its_own_ply_and_side_only() {
        let game = Game::new(Kind::Capture, Color::Black, vec![0].into(), vec![0].into());
        let mut order = Ordering::default();
        order.learn(&game, 3, Color::White, Move::Play(7));
        let scores = |order: &Ordering, ply: u32, me: Color| {
            let mut scored = vec![(0, Move::Play(5)), (0, Move::Play(7))];
            order.boost(&game, ply, me, &mut scored);
            scored
        };
        // Killer bonus 30, plus the history bonus of one hit (1).
        assert_eq!(scores(&order, 3, Color::White)[1].0, 31);
        assert_eq!(scores(&order, 3, Color::White)[0].0, 0);
        // Another ply: the history bonus only; the other side: nothing.
        assert_eq!(scores(&order, 4, Color::White)[1].0, 1);
        assert_eq!(scores(&order, 3, Color::Black)[1].0, 0);
    }

    #[test]
    fn the_learnt_order_applies_inside_the_depth_first_search_only() {
        let board = Board::from_rows(&[". . .", ". X .", ". . ."]).expect("a board");
        let region: Vec<Point> = board.geometry().points().collect();
        let centre = board.geometry().parse_point("B2").expect("B2");
        let game = Game::new(
            Kind::Capture,
            Color::Black,
            vec![centre].into(),
            vec![centre].into(),
        );
        let node = Node::new(Position::new(board, Color::White));
        let mut engine = Engine::new(
            &node.pos.board,
            &region,
            &[centre],
            Color::Black,
            PassRule::OneBan,
            Limits::default(),
        );
        let plain = engine.moves(&game, &node);
        let last = *plain.last().expect("moves");
        engine.order.learn(&game, 0, Color::White, last);
        // Outside the depth-first search (graph analysis, witness lines):
        // the order is left alone.
        assert_eq!(engine.moves(&game, &node), plain);
        // At the killer's own ply it is tried earlier.
        let at_ply = engine.moves_at(&game, &node, Some(0));
        assert!(at_ply.iter().position(|&m| m == last) < Some(plain.len() - 1));
    }

    /// Compressed rows of the edge lists `adj`.
    fn rows(adj: &[&[u32]]) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
        let mut first = Vec::new();
        let mut count = Vec::new();
        let mut edges = Vec::new();
        for out in adj {
            first.push(edges.len() as u32);
            count.push(out.len() as u32);
            edges.extend_from_slice(out);
        }
        (first, count, edges)
    }

    #[test]
    fn a_pass_on_a_cycle_of_failures_is_found() {
        let (f, c, e) = rows(&[&[1], &[2], &[0]]);
        assert!(pass_on_a_cycle(&f, &c, &e, &[(0, 1)], &[true; 3]));
    }

    #[test]
    fn a_pass_off_every_cycle_or_through_a_win_is_not() {
        let (f, c, e) = rows(&[&[1], &[2], &[]]);
        assert!(!pass_on_a_cycle(&f, &c, &e, &[(0, 1)], &[true; 3]));
        let (f, c, e) = rows(&[&[1], &[2], &[0]]);
        assert!(!pass_on_a_cycle(
            &f,
            &c,
            &e,
            &[(0, 1)],
            &[true, true, false]
        ));
    }
}
