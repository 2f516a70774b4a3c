//! How a node stands before its moves are searched: the static rules that
//! end a game (a pass-alive or miai-safe target, a target or a fight held
//! in the opponent's unconditional territory or in an area too small for
//! two eyes, a fight sealed) and the nested questions of the new-stone
//! game ("can this new stone be captured?").

use super::order::hint_key;
use super::{
    Engine, Game, Kind, Node, SAFETY_SALT, SECURE_POINTS_PER_NODE, SECURE_SALT, SETTLED_WIN, Val,
};
use crate::bitboard::Bits;
use crate::board::{Board, Color, Point};
use crate::cramped::all_cramped;
use crate::position::Move;
use crate::region::{Safety, SafetyBase, safety};
use crate::secure::AreaMemo;
use std::cell::RefCell;
use std::rc::Rc;

/// How a node stands before its moves are searched.
pub(super) enum Standing {
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
/// captured?") may spend before it is left open and the game plays on.
/// Without a bound one hard nested question, asked at a node where the
/// owner could still strengthen the stone, spends the whole budget and
/// leaves the string unknown. (Measured: 500 leaves double-ko seki cases
/// unknown. The question "is the fight sealed?" has a budget of its own,
/// [`SEALED_BUDGET`]; an early measurement had 2 000 leave double-ko seki
/// cases unknown for it too, before it was asked once per string.)
pub(super) const NESTED_BUDGET: u64 = 20_000;

/// Nodes the question "is the fight sealed?" may spend. It is only a
/// shortcut, asked at every node of a new-stone game, and where it needs
/// more the new-stone game itself plays the fight out. (Measured in
/// session 33, with [`Engine::fight_sealed`]'s memo: 20 000 nodes left
/// `seki-shape-attacker-ko-stone-lives` at 549 000 nodes, 1 000 at 44 500,
/// 300 at 38 000; without the question at all it needs 35 000, but example
/// 12 with open areas then needs 800 000 instead of under 100 000.)
const SEALED_BUDGET: u64 = 1_000;

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
    /// The target can never be captured while its owner answers every play
    /// in the small areas of its walls ([`crate::secure`]).
    TargetSafeWithAnswers,
    /// The target stands where the opponent, answering every play in the
    /// small areas of his walls, holds every point ([`crate::secure`]), or
    /// in an area of those walls too small for two eyes: its capture is
    /// certain.
    TargetTakenWithAnswers,
    /// Every fight point is so held by the opponent ([`crate::secure`]), or
    /// in an area of his walls too small for two eyes.
    FightHeldWithAnswers,
    /// A guard stone (the open wall of a cut-out board) is lost, or as good
    /// as lost.
    GuardLost,
    /// The side to move has nothing to try: no useful point and no pass
    /// (a pass that lifts no ban is never the reacher's).
    NoMove(Color),
}

impl Engine {
    pub(super) fn captured(game: &Game, node: &Node) -> bool {
        game.target
            .iter()
            .any(|&p| node.pos.board.color(p) != Some(game.owner))
    }

    /// Whether the game ends at `node`, and with which value.
    pub(super) fn standing(&mut self, game: &Game, node: &Node) -> Standing {
        self.standing_why(game, node).0
    }

    /// [`Engine::standing`], with the static rule that ended the game when
    /// one did.
    pub(super) fn standing_why(
        &mut self,
        game: &Game,
        node: &Node,
    ) -> (Standing, Option<Settlement>) {
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
                } else if let Some(why) = self.settled_capture(game, node) {
                    Some((Val::Win(SETTLED_WIN), Some(why)))
                } else if self
                    .secure_safety(game, node, game.owner)
                    .is_some_and(|s| game.target.iter().all(|&p| s.alive(p)))
                {
                    Some((Val::Loss, Some(Settlement::TargetSafeWithAnswers)))
                } else {
                    self.secure_safety(game, node, game.owner.opponent())
                        .and_then(|theirs| self.capture_settled_in(game, node, &theirs))
                        .map(|_| {
                            (
                                Val::Win(SETTLED_WIN),
                                Some(Settlement::TargetTakenWithAnswers),
                            )
                        })
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
                if self.sealed
                    && let Some(v) = self.fight_sealed(game, node)
                {
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
                    match self.solve_nested(&g, &Node::new(node.pos.clone()), NESTED_BUDGET) {
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
        target_heads(board, &game.target).points().all(|h| {
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
    pub(super) fn settled_capture(&mut self, game: &Game, node: &Node) -> Option<Settlement> {
        let theirs = self.safety(node, game.owner.opponent());
        if !Self::guard_holds(game, game.owner.opponent(), &theirs) {
            return None;
        }
        self.capture_settled_in(game, node, &theirs)
    }

    /// [`Engine::settled_capture`] with the opponent's stones that can never
    /// be captured and the points he holds given by `theirs`: Benson's
    /// answers, or those extended with good areas ([`crate::secure`]),
    /// whose held points and walls serve the same two rules.
    fn capture_settled_in(&self, game: &Game, node: &Node, theirs: &Safety) -> Option<Settlement> {
        let board = &node.pos.board;
        let why = if game.target.iter().any(|&p| theirs.held(p)) {
            Settlement::TargetHeld
        } else if !self.cramped {
            return None;
        } else {
            if target_heads(board, &game.target)
                .points()
                .any(|h| all_cramped(board, theirs, &[h], |_| false))
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
        all_cramped(board, theirs, &fight, held).then_some(Settlement::TargetCramped)
    }

    /// Benson's answers for `color` extended with good areas
    /// ([`crate::secure`]), when the rule is on, they add something to
    /// Benson's, the game has no guard stones (a cut-out's open walls are
    /// read by Benson's rules only) and `color` holds no ban on a point he
    /// holds (an answer of his in an area must never be a banned retake).
    ///
    /// Remembered by board and colour, and taken over from the parent's
    /// board when the last stone stands on a point the parent's answer
    /// does not hold: such a stone lies in no good area and no region vital
    /// to the extended walls, so those stay as they were (an opposing stone
    /// there captures none of the walls' stones, which keep a liberty in two
    /// of those regions; a stone of `color` there only joins them), and the
    /// walls stay safe. An answer taken over may miss what the stone added
    /// (a new area), never claim more. A parent with no answer is taken
    /// over too after the opponent's stone (his stones never make an area
    /// of `color`'s good) and after a stone of `color` that walls off no
    /// new good area ([`crate::secure::walls_off_good_area`], which reads
    /// only the pockets next to the stone): another new area is rare, and a
    /// miss only lets the search play on. Measured: computed afresh at
    /// every node, the rule made searches about ten times slower per node.
    pub(super) fn secure_safety(
        &mut self,
        game: &Game,
        node: &Node,
        color: Color,
    ) -> Option<Rc<Safety>> {
        if !self.secure || game.guard.is_some() {
            return None;
        }
        let board = &node.pos.board;
        let salt = SECURE_SALT[color.index()];
        let key = board.hash() ^ salt;
        let s = if let Some(s) = self.secure_cache.get(&key) {
            s.clone()
        } else if let Some(prev) = &node.prev
            && let Some(parent) = self.secure_cache.get(&(prev.hash ^ salt))
            && !parent.as_ref().is_some_and(|s| s.held(prev.point))
            && (parent.is_some()
                || prev.mover != color
                || !with_area_memo(|memo| {
                    crate::secure::walls_off_good_area(board, prev.point, color, memo)
                }))
        {
            let s = parent.clone();
            self.secure_cache.insert(key, s.clone());
            s
        } else {
            let points = board.geometry().len() as u64;
            if (self.secure_fresh + 1) * points > (self.total_nodes() + 64) * SECURE_POINTS_PER_NODE
            {
                return None;
            }
            self.secure_fresh += 1;
            let s = with_area_memo(|memo| crate::secure::secure_safety(board, color, memo))
                .map(Rc::new);
            self.secure_cache.insert(key, s.clone());
            s
        }?;
        if node.pos.bans.of(color).any(|b| s.held(b.point)) {
            return None;
        }
        Some(s)
    }

    /// `Some(Loss)` when every fight point holds a stone of the opponent
    /// whose string the owner cannot capture even moving first, or is empty
    /// and held unconditionally by the opponent, and no guard stone of the
    /// opponent could still fall.
    ///
    /// The question about a string is asked once per engine when it stays
    /// open at its budget: a string whose safety a search of
    /// [`SEALED_BUDGET`] nodes could not settle is not settled by asking
    /// again at the next node, whose board differs by a stone or two
    /// elsewhere. Asked at every node of a new-stone game, such questions
    /// spent 1.5 M of the 2 M nodes of `seki-shape-attacker-ko-stone-lives`
    /// (`cases/rules/`), whose stone was then left `unknown`; where a
    /// string is plainly safe (a seki beside a mannen ko, example 12) the
    /// answer comes within that budget and ends the game as before. Not
    /// asking is always sound: the game plays on.
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
            // The string by its stones alone (their Zobrist keys), whatever
            // the rest of the board.
            let skey = stones
                .iter()
                .fold(0, |k, &p| k ^ board.geometry().key(p, them));
            if self.sealed_open.contains(&skey) {
                return None;
            }
            let stones: Rc<[Point]> = stones.into();
            let g = Game::new(Kind::Capture, them, stones.clone(), stones)
                .canonical()
                .guarded(game.guard.clone());
            // Sealing is only a shortcut: a question left open lets the
            // game play on.
            match self.solve_nested(&g, &Node::new(first.clone()), SEALED_BUDGET) {
                Val::Loss => {}
                Val::Unknown => {
                    if !self.aborted {
                        self.sealed_open.insert(skey);
                    }
                    return None;
                }
                Val::Win(_) => return None,
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
    pub(super) fn safety(&mut self, node: &Node, color: Color) -> Rc<Safety> {
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

    /// `solve` within at most `budget` nodes ([`NESTED_BUDGET`] or
    /// [`SEALED_BUDGET`]); an answer left open is remembered as such so the
    /// same question is not asked again.
    fn solve_nested(&mut self, game: &Game, node: &Node, budget: u64) -> Val {
        let tkey = game.tkey(node);
        self.nested_stats[0] += 1;
        if self.nested_open.contains(&tkey) {
            return Val::Unknown;
        }
        let saved = self.limits.nodes;
        self.limits.nodes = saved.min(self.nodes + budget);
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

    /// Whether the opponent of the new stones' owner, to move at `node` of
    /// a new-stone game, has a move after which the fight is held
    /// ([`Engine::fight_held`]). If so, that move is noted as the position's
    /// hint ([`Engine::hints`]), so the search tries it first.
    pub(super) fn settling_move(&mut self, game: &Game, node: &Node) -> bool {
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
        self.fight_held_in(game, node, &held).or_else(|| {
            let wide = self.secure_safety(game, node, game.owner.opponent())?;
            self.fight_held_in(game, node, &wide)
                .map(|_| Settlement::FightHeldWithAnswers)
        })
    }

    /// [`Engine::fight_held`] with the opponent's held points and the walls
    /// around them given by `theirs`: Benson's answers, or those extended
    /// with good areas ([`crate::secure`]).
    fn fight_held_in(&self, game: &Game, node: &Node, theirs: &Safety) -> Option<Settlement> {
        if game.fight.iter().all(|&p| theirs.held(p)) {
            Some(Settlement::FightHeld)
        } else if self.cramped
            && all_cramped(&node.pos.board, theirs, &game.fight, |p| theirs.held(p))
        {
            Some(Settlement::FightCramped)
        } else {
            None
        }
    }
}

thread_local! {
    /// The small games' answers by shape of area ([`AreaMemo`]), shared by
    /// every engine on the thread: an engine searches one string, and the
    /// same eye shapes come back in every string's search (kept per engine,
    /// each solved them again).
    static AREA_MEMO: RefCell<AreaMemo> = RefCell::new(AreaMemo::default());
}

/// Runs `f` with the thread's [`AREA_MEMO`], forgotten first when it has
/// grown past a million states (each a few bytes).
fn with_area_memo<R>(f: impl FnOnce(&mut AreaMemo) -> R) -> R {
    AREA_MEMO.with_borrow_mut(|memo| {
        if memo.len() > 1 << 20 {
            memo.clear();
        }
        f(memo)
    })
}

/// The heads of the strings holding `target`'s stones (all on the board),
/// in increasing order. A set of bits rather than a sorted list: on a local
/// proof the target is every wall stone, and sorting it at every node took
/// about 4 % of the time on 19x19 games.
fn target_heads(board: &Board, target: &[Point]) -> Bits {
    target.iter().map(|&p| board.head(p)).collect()
}
