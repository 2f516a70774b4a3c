//! Depth-first proof-number search (df-pn, Nagai 2002) for the games of
//! [`super`], with the 1 + ε threshold trick (Pawlewicz and Lew 2007).
//!
//! Why: a depth-first search with iterative deepening commits to its first
//! try until that try is settled, and a best-first proof-number search that
//! keeps an explicit tree meets transpositions only through proven values.
//! df-pn keeps the proof and disproof numbers of every position it leaves
//! in a table, so the work spent on a position is found again by every path
//! that reaches it, and it always expands the position that is cheapest to
//! prove or refute. In an invasion (example 15's strip: can the owner,
//! moving first, make a new stone live in an area the capturer encloses?)
//! the same few thousand positions are reached by millions of move orders.
//!
//! **Repetitions stay exact.** A position repeated on the current path is
//! valued as [`Engine::search`] values it (a failure for the reacher, or his
//! win when the round gained him prisoners, [`crate::cycle`]), and every
//! value carries the shallowest path depth it relied on (`dep`, as in
//! `search`). A proven value is stored in the engine's table of proven
//! results only when it relies on no position above its node; a value that
//! does is used only inside the frame that computed it, which holds the
//! numbers of its children itself. Unproven numbers go to a table of their
//! own ([`Engine::pn_table`]): they only steer the search, so they may come
//! from any path.

use super::search::balance_after;
use super::{Engine, FREE, Game, KeyMap, LOSS, Node, Standing, Val, decode};
use crate::position::Move;

/// Proof and disproof numbers at or above this are infinite.
pub(super) const INF: u32 = u32::MAX / 4;

/// The numbers of a position: proof (how hard for the reacher to win) and
/// disproof (how hard to refute him), with, once proven, the length of the
/// win and the shallowest path depth of a repetition it relies on.
#[derive(Clone, Copy, Debug)]
pub(super) struct Numbers {
    pn: u32,
    dn: u32,
    len: u32,
    dep: u32,
}

impl Numbers {
    fn fresh() -> Numbers {
        Numbers {
            pn: 1,
            dn: 1,
            len: 0,
            dep: FREE,
        }
    }

    fn of(v: Val, dep: u32) -> Numbers {
        match v {
            Val::Win(k) => Numbers {
                pn: 0,
                dn: INF,
                len: k,
                dep,
            },
            Val::Loss => Numbers {
                pn: INF,
                dn: 0,
                len: 0,
                dep,
            },
            // Neither provable nor refutable within the bounds.
            Val::Unknown => Numbers {
                pn: INF,
                dn: INF,
                len: 0,
                dep: FREE,
            },
        }
    }

    fn proven(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// The value, if proven.
    pub(super) fn val(&self) -> Val {
        if self.pn == 0 {
            Val::Win(self.len)
        } else if self.dn == 0 {
            Val::Loss
        } else {
            Val::Unknown
        }
    }
}

/// The threshold handed to the most promising child: one more than the
/// second best, widened by a quarter so that two nearly equal siblings do
/// not take turns at every step (the 1 + ε trick).
fn widened(second: u32) -> u32 {
    let s = u64::from(second);
    (s + 1).max(s + s / 4).min(u64::from(INF)) as u32
}

/// One child of a frame: the move and its current numbers. Its position is
/// made again when the search enters it: a frame of a 19x19 position has a
/// hundred children, and keeping them all cost more than replaying one.
struct Kid {
    mv: Move,
    nums: Numbers,
}

impl Engine {
    /// Proves or refutes `game` from `root` by df-pn within the node
    /// bound: `Unknown` when a bound or an open nested question stops it.
    pub(super) fn dfpn(&mut self, game: &Game, root: &Node) -> Val {
        let mut path = KeyMap::default();
        let n = self.mid(game, root, 0, 0, &mut path, INF, INF);
        if self.aborted {
            return Val::Unknown;
        }
        n.val()
    }

    /// The unproven numbers remembered for `tkey`, if any.
    fn remembered(&self, tkey: u64) -> Option<Numbers> {
        if let Some(&e) = self.tt.get(&tkey) {
            return Some(Numbers::of(decode(e), FREE));
        }
        self.pn_table.get(&tkey).map(|&(pn, dn)| Numbers {
            pn,
            dn,
            len: 0,
            dep: FREE,
        })
    }

    /// Multiple iterative deepening at `node` (path depth `depth`, pass
    /// balance `balance`): searches until its proof number reaches `th_pn`
    /// or its disproof number `th_dn`, or it is proven.
    #[allow(clippy::too_many_arguments)]
    fn mid(
        &mut self,
        game: &Game,
        node: &Node,
        depth: u32,
        balance: i32,
        path: &mut KeyMap<(u32, i32)>,
        th_pn: u32,
        th_dn: u32,
    ) -> Numbers {
        let key = node.key();
        let tkey = game.tkey(node);
        if let Some(&e) = self.tt.get(&tkey) {
            return Numbers::of(decode(e), FREE);
        }
        let chance = match self.standing(game, node) {
            Standing::Ended(v) => return Numbers::of(v, FREE),
            Standing::Chance => true,
            Standing::Open => false,
        };
        if let Some((v, d)) = self.repeated(path, key, balance) {
            return Numbers::of(v, d);
        }
        if self.out_of_budget() {
            return Numbers::of(Val::Unknown, FREE);
        }
        self.nodes += 1;
        self.by_kind[game.kind.index()] += 1;
        let reacher = game.reacher();
        let reacher_moves = node.pos.to_move == reacher;
        path.insert(key, (depth, balance));
        let mut kids: Vec<Kid> = Vec::new();
        let mut scratch = node.clone();
        for m in self.moves_at(game, node, Some(depth)) {
            self.child_into(game, node, m, &mut scratch);
            let ckey = scratch.key();
            let child_balance = balance_after(m, reacher_moves, balance);
            let nums = match self.repeated(path, ckey, child_balance) {
                Some((v, d)) => Numbers::of(v, d),
                None => self
                    .remembered(game.tkey(&scratch))
                    .unwrap_or_else(Numbers::fresh),
            };
            kids.push(Kid { mv: m, nums });
        }
        let mut out;
        loop {
            out = Self::combine(&kids, reacher_moves, chance);
            if out.pn >= th_pn || out.dn >= th_dn || out.proven() || self.aborted {
                break;
            }
            // The most promising child, and the second best's number.
            let (mut best, mut first, mut second) = (usize::MAX, INF + 1, INF + 1);
            for (i, k) in kids.iter().enumerate() {
                if k.nums.proven() {
                    continue;
                }
                let s = if reacher_moves { k.nums.pn } else { k.nums.dn };
                if s < first {
                    second = first;
                    first = s;
                    best = i;
                } else if s < second {
                    second = s;
                }
            }
            if best == usize::MAX {
                break;
            }
            let c = &kids[best];
            let (c_pn, c_dn) = if reacher_moves {
                let sum_others = u64::from(out.dn) - u64::from(c.nums.dn.min(out.dn));
                (
                    th_pn.min(widened(second)),
                    (u64::from(th_dn).saturating_sub(sum_others)).min(u64::from(INF)) as u32,
                )
            } else {
                let sum_others = u64::from(out.pn) - u64::from(c.nums.pn.min(out.pn));
                (
                    (u64::from(th_pn).saturating_sub(sum_others)).min(u64::from(INF)) as u32,
                    th_dn.min(widened(second)),
                )
            };
            let child_balance = balance_after(c.mv, reacher_moves, balance);
            self.child_into(game, node, c.mv, &mut scratch);
            let r = self.mid(game, &scratch, depth + 1, child_balance, path, c_pn, c_dn);
            kids[best].nums = r;
        }
        path.remove(&key);
        if self.aborted {
            return Numbers::of(Val::Unknown, FREE);
        }
        if out.proven() && out.dep >= depth {
            let value = if out.pn == 0 {
                out.len.min(LOSS - 1)
            } else {
                LOSS
            };
            self.tt.insert(tkey, value);
            self.pn_table.remove(&tkey);
            if let Some(k) = Self::deciding_kid(&kids, reacher_moves, out) {
                self.remember_cut(game, node, depth, k.mv);
            }
            out.dep = FREE;
        } else if !out.proven() {
            self.pn_table.insert(tkey, (out.pn, out.dn));
        }
        out
    }

    /// A frame's numbers from its children's: at the reacher's nodes the
    /// least proof number and the sum of disproof numbers, at the
    /// defender's the other way round; where a nested question was left
    /// open (`chance`) a failure is never proven.
    fn combine(kids: &[Kid], reacher_moves: bool, chance: bool) -> Numbers {
        let mut out = Numbers {
            pn: 0,
            dn: 0,
            len: 0,
            dep: FREE,
        };
        if kids.is_empty() {
            // Nothing to try: the side to move cannot reach (the reacher)
            // or stop (the defender) anything here.
            return if reacher_moves {
                Numbers::of(Val::Loss, FREE)
            } else {
                Numbers::of(Val::Win(0), FREE)
            };
        }
        let (least, sum) = if reacher_moves {
            (
                kids.iter().map(|k| k.nums.pn).min(),
                kids.iter().map(|k| u64::from(k.nums.dn)).sum::<u64>(),
            )
        } else {
            (
                kids.iter().map(|k| k.nums.dn).min(),
                kids.iter().map(|k| u64::from(k.nums.pn)).sum::<u64>(),
            )
        };
        let least = least.unwrap_or(INF);
        let sum = sum.min(u64::from(INF)) as u32;
        if reacher_moves {
            out.pn = least;
            out.dn = sum;
        } else {
            out.dn = least;
            out.pn = sum;
        }
        if chance && out.pn != 0 {
            out.dn = INF;
        }
        if out.pn == 0 {
            if reacher_moves {
                if let Some(b) = Self::deciding_kid(kids, reacher_moves, out) {
                    out.len = b.nums.len + 1;
                    out.dep = b.nums.dep;
                }
            } else {
                out.len = kids.iter().map(|k| k.nums.len + 1).max().unwrap_or(0);
                out.dep = kids.iter().map(|k| k.nums.dep).min().unwrap_or(FREE);
            }
        } else if out.dn == 0 {
            if reacher_moves {
                out.dep = kids.iter().map(|k| k.nums.dep).min().unwrap_or(FREE);
            } else if let Some(b) = Self::deciding_kid(kids, reacher_moves, out) {
                out.dep = b.nums.dep;
            }
        }
        out
    }

    /// The child that settles a frame proven by one move of the side to
    /// move: the reacher's shortest win (the least path-bound among equals)
    /// or the defender's least path-bound refutation. `None` when the frame
    /// is unproven or proven over all its children.
    fn deciding_kid(kids: &[Kid], reacher_moves: bool, out: Numbers) -> Option<&Kid> {
        if out.pn == 0 && reacher_moves {
            kids.iter()
                .filter(|k| k.nums.pn == 0)
                .min_by_key(|k| (k.nums.len, std::cmp::Reverse(k.nums.dep)))
        } else if out.dn == 0 && !reacher_moves {
            kids.iter()
                .filter(|k| k.nums.dn == 0)
                .max_by_key(|k| k.nums.dep)
        } else {
            None
        }
    }
}
