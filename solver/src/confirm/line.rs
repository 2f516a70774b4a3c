//! Witness lines: the line of play that proves a verdict, drawn from the
//! proved results of the search, with each win shortened where a shorter
//! one is found within [`SHORTENING_BUDGET`].

use super::standing::{Settlement, Standing};
use super::{Engine, Game, KeyMap, Kind, Node, SETTLED_WIN, Val, decode};
use crate::board::{Board, Color, Geometry, Point};
use crate::position::Move;

/// Nodes a witness line may spend on shortening its wins
/// ([`Engine::shorten`]), over the whole line, and never more than half of
/// what the line has left. A win whose shortest form is not found within
/// them keeps the length that proved it.
const SHORTENING_BUDGET: u64 = 50_000;

/// Nodes the owner's failed tries may spend on being compared
/// ([`Engine::longest_try`]); past it the longest drawn so far is shown.
const TRY_BUDGET: u64 = 20_000;

/// How far (in steps along the lines of the board) a defender's answer
/// drawn on a witness line may stand from the try it answers and still be
/// preferred to the search's first refutation
/// ([`Engine::answer_nearby`]).
const ANSWER_DISTANCE: usize = 2;

/// The city-block distance between two points.
fn distance(geo: &Geometry, p: Point, q: Point) -> usize {
    let ((px, py), (qx, qy)) = (geo.xy(p), geo.xy(q));
    px.abs_diff(qx) + py.abs_diff(qy)
}

/// Orders `moves` nearest first to the points `target`, keeping the
/// search's order among moves as near. Among moves as near, one next to a
/// string at stake with fewer liberties comes first: a local proof's
/// target is every stone of its walls, and a try in a wide territory of a
/// big wall string is as near to it as a try at the last liberties of the
/// small string the verdict is about (in a seki on the first line, the
/// line began in the territory above). Passes come last (a pass is the
/// least telling try), except, with `retakes`, a pass that lifts a ban:
/// it counts as near as its ko point. In a new-stone game that pass is
/// the owner's way back onto a point taken from him by a ko capture,
/// where a stone of his is banned; put last, it left the line to a
/// stone in a far pocket. (In a capture game the reacher's ban-lifting
/// passes drew lines that only repeat.)
fn nearest_first(board: &Board, moves: &mut [Move], target: &[Point], retakes: bool) {
    let geo = board.geometry();
    let liberties: Vec<usize> = target
        .iter()
        .map(|&q| {
            if board.color(q).is_some() {
                board.liberties(q)
            } else {
                usize::MAX
            }
        })
        .collect();
    let near = |p: Point| {
        target
            .iter()
            .zip(&liberties)
            .map(|(&q, &l)| (distance(geo, p, q), l))
            .min()
            .unwrap_or((usize::MAX, usize::MAX))
    };
    moves.sort_by_key(|m| match *m {
        Move::Play(p) => near(p),
        Move::Pass { lifts: Some(k) } if retakes => near(k),
        Move::Pass { .. } => (usize::MAX, usize::MAX),
    });
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

impl Engine {
    /// A principal line of `game` from `node`: the reacher's fastest win or
    /// most natural try, the defender's longest resistance or refutation.
    /// Wins are drawn as they were proved; see [`Engine::witness_line`].
    pub fn line(&mut self, game: &Game, node: &Node, max_len: usize) -> (Vec<Step>, LineEnd, Node) {
        self.draw_line(game, node, max_len, false, false)
    }

    /// [`Engine::line`] for a reader: every win on it is first shortened
    /// (`Engine::shorten`), so the line shows the quickest way to the
    /// goal rather than the one the search happened to prove (a
    /// proof-number proof is the cheapest to find, not the shortest).
    ///
    /// On it the defender does not end his loss at once by a move after
    /// which a static rule settles it (filling his own eye, say), while a
    /// move that lets the play go on loses too: such a move is no
    /// resistance, though the settled capture counts as a long one
    /// (`SETTLED_WIN`). If the line that plays on cannot be drawn to its
    /// end (its wins were not shortened within the budget, and the proved
    /// ones wander), the line that lets him settle it is drawn instead.
    /// And in a new-stone game its owner loses, his try is a stone where
    /// his captured string stood (`Engine::longest_try`).
    pub fn witness_line(
        &mut self,
        game: &Game,
        node: &Node,
        max_len: usize,
    ) -> (Vec<Step>, LineEnd, Node) {
        if matches!(game.kind, Kind::NewStone)
            && node.pos.to_move == game.reacher()
            && !matches!(self.standing(game, node), Standing::Ended(_))
            && self.solve(game, node) == Val::Loss
            && let Some(line) = self.longest_try(game, node, max_len)
        {
            return line;
        }
        let resisting = self.draw_line(game, node, max_len, true, true);
        if resisting.1 != LineEnd::Cut || self.aborted {
            return resisting;
        }
        let settling = self.draw_line(game, node, max_len, true, false);
        if settling.1 == LineEnd::Cut {
            resisting
        } else {
            settling
        }
    }

    /// Looks for a shorter form of the win of length `k` stored for
    /// `node`: depth-first passes of growing depth up to `k - 1` plies, in
    /// which a stored win counts only if it fits within the depth left
    /// (`strict_lengths`). The first win found is the shortest, and it and
    /// its subtrees' wins are stored with their lengths: every stored
    /// length stays the length of a real win, so a win not shortened within
    /// [`SHORTENING_BUDGET`] keeps the one that proved it.
    pub(super) fn shorten(&mut self, game: &Game, node: &Node, k: u32, spent: &mut u64) {
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

    /// The value of `node` already known: stored in the transposition
    /// table or, with `rules`, given by a static rule that ends the game
    /// there; `Val::Unknown` otherwise. Nothing is searched.
    fn known(&mut self, game: &Game, node: &Node, rules: bool) -> Val {
        match self.tt.get(&game.tkey(node)) {
            Some(&e) => decode(e),
            None if rules => match self.standing(game, node) {
                Standing::Ended(v) => v,
                _ => Val::Unknown,
            },
            None => Val::Unknown,
        }
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
            if let Val::Win(k) = self.known(game, &child, true)
                && best.as_ref().is_none_or(|b| k < b.0)
            {
                best = Some((k, m, child));
            }
        }
        best.map(|(_, m, child)| (m, child))
    }

    /// A refutation of the reacher's try on `last`, at `node` where the
    /// defender is to move and the reacher loses: the move nearest `last`
    /// (at most [`ANSWER_DISTANCE`] away) after which the reacher loses.
    /// Only results already known are read (the transposition table, or
    /// in a capture game a static rule), so the line searches nothing
    /// more. Searching the answers not known made lines three to five
    /// times longer on real boards: a local answer keeps the string
    /// unsettled, where the search's first refutation (often a move far
    /// away that gives it its second eye) ends the line. `None` sends the
    /// line to that first refutation.
    fn answer_nearby(
        &mut self,
        game: &Game,
        node: &Node,
        moves: &[Move],
        last: Point,
    ) -> Option<(Move, Node)> {
        let geo = node.pos.board.geometry();
        let mut near: Vec<(usize, Move)> = moves
            .iter()
            .filter_map(|&m| match m {
                Move::Play(p) => Some((distance(geo, p, last), m)),
                Move::Pass { .. } => None,
            })
            .filter(|&(d, _)| d <= ANSWER_DISTANCE)
            .collect();
        near.sort_by_key(|&(d, _)| d);
        // A new-stone game's static rules ask nested questions: too dear
        // for a choice among answers that all refute.
        let rules = matches!(game.kind, Kind::Capture);
        for (_, m) in near {
            let child = self.child(game, node, m);
            if self.known(game, &child, rules) == Val::Loss {
                return Some((m, child));
            }
        }
        None
    }

    /// The owner's try in a new-stone game he loses: a new stone where his
    /// captured string stood, the one the opponent takes the longest to
    /// refute. Each such first move's line is drawn (within [`TRY_BUDGET`]
    /// nodes over all of them; the first always), and the longest that
    /// reaches its end is kept, the earliest in the move order among
    /// equals. The move order alone shows a pass or a stray move as often
    /// as a real attempt ("White passes, Black fills the point" instead of
    /// White playing on the captured point). `None` when no such line
    /// reaches its end: then the line is drawn as any other.
    fn longest_try(
        &mut self,
        game: &Game,
        node: &Node,
        max_len: usize,
    ) -> Option<(Vec<Step>, LineEnd, Node)> {
        let before = self.nodes;
        let mut best: Option<(Vec<Step>, LineEnd, Node)> = None;
        let tries = self
            .moves(game, node)
            .into_iter()
            .filter(|m| matches!(m, Move::Play(p) if game.target.contains(p)));
        for m in tries {
            if self.nodes - before > TRY_BUDGET || self.aborted || max_len == 0 {
                break;
            }
            let child = self.child(game, node, m);
            let first = Step {
                color: node.pos.to_move,
                mv: m,
            };
            let seen = vec![node.key(), child.key()];
            let line = self.draw_from(game, child, vec![first], seen, max_len, true, true);
            if line.1 != LineEnd::Cut && best.as_ref().is_none_or(|b| line.0.len() > b.0.len()) {
                best = Some(line);
            }
        }
        best
    }

    fn draw_line(
        &mut self,
        game: &Game,
        node: &Node,
        max_len: usize,
        shortest: bool,
        resist: bool,
    ) -> (Vec<Step>, LineEnd, Node) {
        let seen = vec![node.key()];
        self.draw_from(
            game,
            node.clone(),
            Vec::new(),
            seen,
            max_len,
            shortest,
            resist,
        )
    }

    /// Draws on from `cur`, reached by `steps` through the positions `seen`
    /// (the first is the line's start).
    #[allow(clippy::too_many_arguments)]
    fn draw_from(
        &mut self,
        game: &Game,
        mut cur: Node,
        mut steps: Vec<Step>,
        mut seen: Vec<u64>,
        max_len: usize,
        shortest: bool,
        resist: bool,
    ) -> (Vec<Step>, LineEnd, Node) {
        let mut spent = 0;
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
            let mut moves = self.moves(game, &cur);
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
            // In a confirm game the reacher loses, and the line must still
            // show a capture (the new stone's game starts from it): there
            // the search's order, which finds the capture, is kept.
            if value == Val::Loss && !matches!(game.kind, Kind::Confirm) {
                if reacher_moves {
                    // Every try fails: the line shows the one nearest the
                    // target, not the search's first (often a stone in a
                    // far corner, which a reader cannot connect to the
                    // verdict).
                    let retakes = matches!(game.kind, Kind::NewStone);
                    nearest_first(&cur.pos.board, &mut moves, &game.target, retakes);
                } else if let Some(Step {
                    mv: Move::Play(p), ..
                }) = steps.last()
                {
                    pick = self.answer_nearby(game, &cur, &moves, *p);
                }
            }
            // A reacher drawing the shortest line takes the first win found.
            let first_win_will_do = shortest && reacher_moves;
            if pick.is_none() {
                for m in moves {
                    let child = self.child(game, &cur, m);
                    let mut v = self.solve(game, &child);
                    if resist
                        && !reacher_moves
                        && v == Val::Win(SETTLED_WIN)
                        && matches!(self.standing(game, &child), Standing::Ended(_))
                    {
                        // The defender settles his loss at once: it ranks
                        // below every move that lets the play go on.
                        v = Val::Win(0);
                    }
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

    /// True when the game's goal itself (not a static rule) holds at
    /// `node`, where the game ended: the target is captured. A new-stone
    /// game is won by a nested verdict (the new stone cannot be captured),
    /// which comes with no rule; every rule that ends it is the
    /// opponent's (the fight held, sealed or cramped) or a lost guard.
    /// (Read as "a new stone stands", a line that ended by such a rule
    /// right after the owner's stone was shown as if the stone had lived.)
    fn goal_reached(game: &Game, node: &Node) -> bool {
        match game.kind {
            Kind::Capture | Kind::Confirm => Self::captured(game, node),
            Kind::NewStone => false,
        }
    }
}
