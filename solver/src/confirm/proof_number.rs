//! Best-first proof-number search (Allis 1994) for the games of
//! [`super`], tried between the short and the long depth-first passes
//! with a share of the nodes left ([`super::PROOF_NUMBER_BEFORE`],
//! [`super::PROOF_NUMBER_SHARE`]).
//!
//! Why: the depth-first search commits to its first move until that move is
//! settled. In an invasion (example 15's strip, a big territory of a real
//! game) a poor first try of the reacher leads into a subtree far larger
//! than the proof through another move. Proof numbers (how many leaves
//! must still be proved to win) and disproof numbers (to refute) steer the
//! search toward the cheapest proof or refutation at every step, so a
//! narrow forcing line is found without exhausting the wide ones beside it.
//!
//! The search keeps an explicit tree, not a graph: every tree node has one
//! path from the root, so a repetition is read on that path exactly as the
//! depth-first search reads it (the cycle scoring of [`crate::cycle`], and
//! the depth of the repeated position kept with the value). A proven value
//! that relies on no repetition above its node is stored in the engine's
//! transposition table, where the other searches and the witness lines
//! find it; transpositions inside the tree are only met through that table.
//! Leaves are valued as [`Engine::search`] values them: the table first,
//! then the node's standing (nested questions included), then the path.
//!
//! The tree is capped ([`TREE_MAX`]): past the cap, or past its share of
//! the nodes, the search gives up, its proven results stay in the table,
//! and the depth-first passes take over.
//!
//! Measured (BENCHMARKS.md, session 14): it decides more strings of the
//! corpus at small bounds (146 against 140 of 180 at 20 000 nodes) and one
//! more at the default bounds; on the real positions it changes nothing.

use super::{Engine, FREE, Game, LOSS, Node, Standing, Val, balance_after, decode};
use crate::position::Move;

/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = u32::MAX / 4;

/// Tree entries (children created) at most: 32 bytes each, so a million
/// entries hold 32 MB per search thread (measured: with 2 million, `bench
/// cases` peaked at 219 to 264 MiB, against 171 MiB without the search).
const TREE_MAX: usize = 1_000_000;

/// No children yet.
const LEAF: u32 = u32::MAX;

/// One node of the tree.
#[derive(Clone, Copy)]
struct Entry {
    /// The move from the parent.
    mv: Move,
    /// Proof number: leaves to prove for the reacher to win (0: won).
    pn: u32,
    /// Disproof number: leaves to prove for the reacher to fail (0: lost).
    dn: u32,
    /// Index of the first child, or [`LEAF`].
    first: u32,
    /// Number of children.
    count: u16,
    /// Whether the reacher moves here.
    reacher: bool,
    /// A nested question was left open here: the reacher may already have
    /// won, so a failure to win by playing on is no failure.
    chance: bool,
    /// Once proven: the length of the win, and the shallowest path depth
    /// of a repetition the value relies on ([`FREE`] when none).
    len: u32,
    dep: u32,
}

impl Entry {
    fn open(mv: Move, reacher: bool) -> Entry {
        Entry {
            mv,
            pn: 1,
            dn: 1,
            first: LEAF,
            count: 0,
            reacher,
            chance: false,
            len: 0,
            dep: FREE,
        }
    }

    /// Sets a proven value (or `Unknown`: neither provable nor refutable).
    fn settle(&mut self, v: Val, dep: u32) {
        match v {
            Val::Win(k) => {
                self.pn = 0;
                self.dn = INF;
                self.len = k;
            }
            Val::Loss => {
                self.pn = INF;
                self.dn = 0;
            }
            Val::Unknown => {
                self.pn = INF;
                self.dn = INF;
            }
        }
        self.dep = dep;
    }
}

impl Engine {
    /// Proof-number search of `game` from `root`: `Win` or `Loss` when
    /// proved, `Unknown` when a limit, the tree cap or an open nested
    /// question stopped it.
    pub(super) fn proof_number(&mut self, game: &Game, root: &Node) -> Val {
        let reacher = game.reacher();
        let mut tree = vec![Entry::open(
            Move::Pass { lifts: None },
            root.pos.to_move == reacher,
        )];
        // Root's own standing was read by the depth-first passes already,
        // but a chance there must be known here too.
        match self.standing(game, root) {
            Standing::Ended(v) => return v,
            Standing::Chance => tree[0].chance = true,
            Standing::Open => {}
        }
        let mut path_keys: super::KeyMap<(u32, i32)> = super::KeyMap::default();
        let mut trail: Vec<usize> = Vec::new();
        let mut line: Vec<Node> = Vec::new();
        loop {
            let r = tree[0];
            if r.pn == 0 {
                return Val::Win(r.len);
            }
            if r.dn == 0 {
                return Val::Loss;
            }
            if (r.pn >= INF && r.dn >= INF) || tree.len() >= TREE_MAX || self.out_of_budget() {
                return Val::Unknown;
            }
            // Down to the most proving leaf: at the reacher's nodes the
            // child with the least proof number, at the defender's the one
            // with the least disproof number, never a settled one.
            path_keys.clear();
            trail.clear();
            line.clear();
            let mut balance = 0i32;
            let mut at = 0usize;
            path_keys.insert(root.key(), (0, 0));
            trail.push(0);
            line.push(root.clone());
            while tree[at].first != LEAF {
                let e = tree[at];
                let kids = e.first as usize..e.first as usize + e.count as usize;
                let open = kids.filter(|&c| tree[c].pn != 0 && tree[c].dn != 0);
                let pick = if e.reacher {
                    open.min_by_key(|&c| (tree[c].pn, tree[c].dn))
                } else {
                    open.min_by_key(|&c| (tree[c].dn, tree[c].pn))
                };
                let Some(c) = pick else { break };
                let m = tree[c].mv;
                balance = balance_after(m, e.reacher, balance);
                let next = self.child(game, &line[line.len() - 1], m);
                at = c;
                path_keys.insert(next.key(), (trail.len() as u32, balance));
                trail.push(c);
                line.push(next);
            }
            let depth = trail.len() as u32 - 1;
            let node = &line[line.len() - 1];
            self.expand(game, node, depth, balance, at, &mut tree, &path_keys);
            if self.aborted {
                return Val::Unknown;
            }
            self.back_up(game, &trail, &line, &mut tree);
        }
    }

    /// Creates the children of the leaf `at` (the position `node`, at
    /// `depth`, pass balance `balance`) and values those that end the game.
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &mut self,
        game: &Game,
        node: &Node,
        depth: u32,
        balance: i32,
        at: usize,
        tree: &mut Vec<Entry>,
        path_keys: &super::KeyMap<(u32, i32)>,
    ) {
        self.nodes += 1;
        self.by_kind[game.kind.index()] += 1;
        let reacher = game.reacher();
        let reacher_moves = node.pos.to_move == reacher;
        let moves = self.moves_at(game, node, Some(depth));
        let first = tree.len();
        for m in moves {
            let child = self.child(game, node, m);
            let mut e = Entry::open(m, child.pos.to_move == reacher);
            let child_balance = balance_after(m, reacher_moves, balance);
            if let Some(&v) = self.tt.get(&(child.key() ^ game.key)) {
                e.settle(decode(v), FREE);
            } else {
                match self.leaf_value(game, &child, child_balance, path_keys) {
                    Ok((v, dep)) => e.settle(v, dep),
                    Err(chance) => {
                        e.chance = chance;
                        if chance {
                            e.dn = INF;
                        }
                    }
                }
            }
            tree.push(e);
            if self.aborted {
                break;
            }
        }
        let count = (tree.len() - first) as u16;
        tree[at].first = first as u32;
        tree[at].count = count;
    }

    /// The value of `node` (pass balance `balance`) when the game ends there
    /// or it repeats a position of the path, as [`Engine::search`] reads
    /// them: its standing first, then the path. Otherwise `Err(chance)`,
    /// whether the reacher may already have won there.
    fn leaf_value(
        &mut self,
        game: &Game,
        node: &Node,
        balance: i32,
        path_keys: &super::KeyMap<(u32, i32)>,
    ) -> Result<(Val, u32), bool> {
        let chance = match self.standing(game, node) {
            Standing::Ended(v) => return Ok((v, FREE)),
            Standing::Chance => true,
            Standing::Open => false,
        };
        self.repeated(path_keys, node.key(), balance).ok_or(chance)
    }

    /// Recomputes the numbers on the path `trail` (the positions `line`)
    /// from its leaf up, storing every newly proven value that relies on no
    /// repetition above its node, and learning the move that proved it.
    fn back_up(&mut self, game: &Game, trail: &[usize], line: &[Node], tree: &mut [Entry]) {
        for (depth, &at) in trail.iter().enumerate().rev() {
            let e = tree[at];
            let kids = &tree[e.first as usize..e.first as usize + e.count as usize];
            let (pn, mut dn) = if e.reacher {
                let pn = kids.iter().map(|k| k.pn).min().unwrap_or(INF);
                let dn = kids
                    .iter()
                    .fold(0u32, |s, k| s.saturating_add(k.dn).min(INF));
                (pn, dn)
            } else {
                let pn = kids
                    .iter()
                    .fold(0u32, |s, k| s.saturating_add(k.pn).min(INF));
                let dn = kids.iter().map(|k| k.dn).min().unwrap_or(INF);
                (pn, dn)
            };
            // Where the game may already be won, it is never refuted.
            if e.chance && pn != 0 {
                dn = INF;
            }
            let mut len = 0;
            let mut dep = FREE;
            let mut cut: Option<Move> = None;
            if pn == 0 && e.reacher {
                // The shortest win, and the least path-bound among equals.
                if let Some(b) = kids
                    .iter()
                    .filter(|k| k.pn == 0)
                    .min_by_key(|k| (k.len, std::cmp::Reverse(k.dep)))
                {
                    len = b.len + 1;
                    dep = b.dep;
                    cut = Some(b.mv);
                }
            } else if pn == 0 {
                len = kids.iter().map(|k| k.len + 1).max().unwrap_or(0);
                dep = kids.iter().map(|k| k.dep).min().unwrap_or(FREE);
            } else if dn == 0 && e.reacher {
                dep = kids.iter().map(|k| k.dep).min().unwrap_or(FREE);
            } else if dn == 0 {
                if let Some(b) = kids.iter().filter(|k| k.dn == 0).max_by_key(|k| k.dep) {
                    dep = b.dep;
                    cut = Some(b.mv);
                }
            }
            let w = &mut tree[at];
            (w.pn, w.dn, w.len, w.dep) = (pn, dn, len, dep);
            if (pn == 0 || dn == 0) && dep >= depth as u32 {
                let node = &line[depth];
                let value = if pn == 0 { len.min(LOSS - 1) } else { LOSS };
                self.tt.insert(node.key() ^ game.key, value);
                if let Some(m) = cut {
                    self.remember_cut(game, node, depth as u32, m);
                }
            }
        }
    }
}
