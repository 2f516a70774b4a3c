//! The depth-first search of one game: iterative deepening over
//! [`DEEPENING`], df-pn before the long passes, repetitions on the path,
//! the transposition tables, and playing a move.
//!
//! A position repeated on the current path is scored by the cycle rule
//! ([`crate::cycle`]); a result that depends on such a repetition above
//! the node is never stored, so no path-dependent result is reused on
//! another path.

use super::order::{by_score, first_by_score};
use super::standing::Standing;
use super::{Bound, Engine, FREE, Game, KeyMap, Kind, LOSS, Node, Prev, Val, decode, in_set};
use crate::board::Point;
use crate::position::Move;
use smallvec::SmallVec;
use std::time::Instant;

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

/// The pass of [`DEEPENING`] before which the df-pn search ([`super::dfpn`])
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
///
/// Confirm games get no df-pn phase (session 25). A confirm game is a
/// capture line followed, at each capture, by the owner's new-stone game,
/// which is solved as a game of its own (with its own df-pn phase). Over
/// the whole compound df-pn proved nothing: on the corpus its six phases
/// of more than 5 000 nodes (examples 6 twice, 7-2, 15, 17, 21) all ended
/// unknown, 1 272 374 nodes in all, and the passes after them decided.
/// Without it: `check` 38 of 38 with 10 % less CPU (j89-21 3.1 s to 1.8 s,
/// j89-17 6.0 s to 4.8 s, j89-06 2.3 s to 1.7 s; j89-07-2 1.4 s to 1.7 s),
/// `check --symmetries` 608 of 608 with 367.6 s of CPU instead of 406.6 s,
/// the corpus at 100 000 nodes a string 175 of 184 strings decided either
/// way, and the real sets at 20 000 nodes 990 of 2 149 either way.
pub(super) const PROOF_NUMBER_BEFORE: usize = 5;

/// The df-pn search gets at most 1/`PROOF_NUMBER_SHARE` of the nodes left
/// (see [`PROOF_NUMBER_BEFORE`]).
const PROOF_NUMBER_SHARE: u64 = 4;

/// The pass of [`DEEPENING`] before which df-pn runs, with every node the
/// depth-first search has left, when [`Engine::set_proof_number_early`] is
/// on: after the three short passes (depths 4, 6 and 8), which find the
/// quick captures and refutations.
///
/// Why: a proof that walls live around a wide area is one refutation
/// under every invasion, and the same few hundred thousand positions are
/// reached by far more move orders; df-pn finds them again through its
/// table, where the long depth-first passes redo them. Measured on empty
/// strips walled by one string (nodes, local proof, 4 000 000 nodes a
/// string): 2x7 122 001 -> 72 081, 2x8 459 065 -> 159 636, 2x9 2 618 721
/// (the local proof failed, the whole search decided) -> 391 109, 3x4
/// 91 942 -> 88 149; 3x5 needs 1 150 527, past the local proof's
/// 1 000 000 at that bound (alive with 8 000 000). Before pass 0 instead: 3x5 alive
/// in 998 408 nodes, but 4 KGS strings fewer at 20 000 nodes a string;
/// before pass 1 or 2: no better than 3. Short strips lose a little: a
/// df-pn node plays every move of its node, and 2x6 takes 26 332 nodes
/// instead of 23 788, in nearly twice the time.
pub(super) const PROOF_NUMBER_EARLY: usize = 3;

/// Nodes the quick depth-first search may spend before the exact graph
/// analysis takes over.
const DFS_BUDGET: u64 = 2_000_000;

/// The pass balance (the reacher's passes minus the defender's, which
/// [`crate::cycle::Cycles::reached`] scores) after `m`, played by the reacher when
/// `reacher_moves`.
pub(super) fn balance_after(m: Move, reacher_moves: bool, balance: i32) -> i32 {
    match (m, reacher_moves) {
        (Move::Pass { .. }, true) => balance + 1,
        (Move::Pass { .. }, false) => balance - 1,
        _ => balance,
    }
}

impl Engine {
    /// [`Engine::solve`]: the deepening passes, the df-pn phase and
    /// the graph analysis.
    pub(super) fn deepen(&mut self, game: &Game, node: &Node) -> Val {
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
        let (df_pass, df_share) = if self.proof_number_early {
            (PROOF_NUMBER_EARLY, 1)
        } else {
            (PROOF_NUMBER_BEFORE, PROOF_NUMBER_SHARE)
        };
        for (pass, &(limit, cut_wins)) in DEEPENING.iter().enumerate() {
            if pass == df_pass && self.proof_number && !matches!(game.kind, Kind::Confirm) {
                // df-pn goes for the cheapest proof rather than for the
                // first move's.
                self.depth_limit = u32::MAX;
                self.cut_wins = false;
                let before = self.nodes;
                let bound = self.limits.nodes;
                self.limits.nodes = before + bound.saturating_sub(before) / df_share;
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

    /// The value of a position that repeats one of `path` (at pass balance
    /// `balance`), with the path depth it repeats: a cycle the reacher gains
    /// on is his win, any other is his loss (official example 6).
    pub(super) fn repeated(
        &self,
        path: &KeyMap<(u32, i32)>,
        key: u64,
        balance: i32,
    ) -> Option<(Val, u32)> {
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
    pub(super) fn resume_after_share(&mut self, bound: u64) {
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
        } else if self.past_deadline() {
            Bound::Deadline
        } else if self.started.elapsed() >= self.limits.time {
            Bound::Time
        } else {
            Bound::Nested
        };
        (bound, self.nodes)
    }

    pub(super) fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // The clock is read every 512 nodes (a few milliseconds of search),
        // so that a position's time bound is kept within about that much:
        // every 4 096 nodes, judgements bounded to 50 ms took up to 141 ms.
        if self.nodes >= self.limits.nodes || (self.nodes % 512 == 0 && self.time_up()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Whether the string's or the position's time bound has passed, read
    /// from one look at the clock.
    fn time_up(&self) -> bool {
        let now = Instant::now();
        now.duration_since(self.started) >= self.limits.time
            || self.limits.deadline.is_some_and(|d| now >= d)
    }

    /// Whether the position's time bound ([`super::Limits::deadline`]) has passed.
    fn past_deadline(&self) -> bool {
        self.limits.deadline.is_some_and(|d| Instant::now() >= d)
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
    pub(super) fn child_into(&self, game: &Game, node: &Node, m: Move, scratch: &mut Node) {
        scratch.clone_from(node);
        self.play_on(game, node, m, scratch);
    }

    /// Returns the value and the shallowest path depth the value relied on
    /// through a repetition (`FREE` when none), and whether it relied on a
    /// depth cut-off (a failure in a pass that proves wins, a win in one that
    /// proves failures: such values are not stored). `path` holds the positions
    /// on the line with their depth and pass balance (the reacher's passes
    /// minus the defender's from the root), `balance` is the node's.
    pub(super) fn search(
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
}
