//! Move ordering: which move a node tries first.
//!
//! A proof of failure needs one refutation under every try of the reacher,
//! and a proof of a win one good move, so the order decides the cost of a
//! search, never its value. Moves are scored from the board (captures,
//! ataris, the target's liberties, answers next to the opponent's last
//! stone) and from what ended searches before (the position's hint, the
//! ply's killer moves, each point's history).

use super::{Engine, Game, Kind, Node};
use crate::board::{Board, Color, Point};
use crate::position::{Move, Position};
use crate::region::Safety;
use smallvec::SmallVec;
use std::rc::Rc;

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
pub(super) fn by_score(scored: &[(i32, Move)]) -> Vec<Move> {
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
pub(super) fn first_by_score(scored: &[(i32, Move)]) -> Move {
    let mut best = scored[0];
    for &s in &scored[1..] {
        if s.0 > best.0 {
            best = s;
        }
    }
    best.1
}

/// The key of [`Engine::hints`]: the position and the side to move.
pub(super) fn hint_key(pos: &Position) -> u64 {
    pos.key() ^ pos.to_move.index() as u64
}

/// Move ordering learnt from the moves that ended a search of their
/// siblings (a reacher's win or a defender's refutation): the *killer*
/// moves of each ply and a *history* count per point. A refutation of one
/// reacher try usually refutes its siblings too (the defender's vital
/// point, or his pass in a seki), and a proof of failure needs one
/// refutation under every try. Only the order changes, never a value.
#[derive(Default)]
pub(super) struct Ordering {
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
pub(super) struct MoveContext {
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

impl Engine {
    /// Moves for the side to move, best first for a quick proof.
    pub fn moves(&mut self, game: &Game, node: &Node) -> Vec<Move> {
        self.moves_at(game, node, None)
    }

    /// [`Engine::moves`], at ply `ply` of the depth-first search when it is
    /// `Some`: then the learnt order ([`Ordering`]) is applied too. The graph
    /// analysis and witness lines pass `None`.
    pub(super) fn moves_at(&mut self, game: &Game, node: &Node, ply: Option<u32>) -> Vec<Move> {
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
    pub(super) fn quick_first(
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
    pub(super) fn score_moves(
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

    /// Notes `m`, the move that ended the search at `node` (a reacher's win
    /// or a defender's refutation): it is tried first when the position
    /// comes up again, in this game or another ([`Engine::hints`]), and
    /// early at the same ply elsewhere ([`Ordering`]).
    pub(super) fn remember_cut(&mut self, game: &Game, node: &Node, depth: u32, m: Move) {
        self.hints.insert(hint_key(&node.pos), m);
        self.order.learn(game, depth, node.pos.to_move, m);
    }
}

#[cfg(test)]
mod tests {
    use super::{Ordering, by_score, first_by_score};
    use crate::board::{Board, Color, Point};
    use crate::confirm::{Engine, Game, Kind, Limits, Node};
    use crate::ko::PassRule;
    use crate::position::{Move, Position};

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
}
