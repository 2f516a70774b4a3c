//! A position of confirmation play: the stones, the Article 7-2 bans and the
//! side to move, with the moves allowed in it. Used by the search and by the
//! replay of proof lines, so that both obey exactly the same rules.

use crate::board::{Board, Color, MoveOutcome, PlayError, Point, splitmix64};
use crate::ko::{Bans, KoBan, PassRule};
use serde::Serialize;
use std::fmt;

/// A move of confirmation play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Move {
    /// A stone on a point.
    Play(Point),
    /// A pass; `lifts` names the ban it is for (the point of that ko), if any.
    Pass {
        /// The ko point whose ban this pass lifts (all bans under
        /// [`PassRule::AllBans`]).
        lifts: Option<Point>,
    },
}

/// Side-to-move keys for the position hash.
const SIDE_KEY: [u64; 2] = [0x1F2E_3D4C_5B6A_7988, 0x7A69_5847_3625_1403];

/// Board, bans and side to move.
#[derive(Debug, PartialEq, Eq)]
pub struct Position {
    /// The stones.
    pub board: Board,
    /// Article 7-2 bans in force.
    pub bans: Bans,
    /// Whose turn it is.
    pub to_move: Color,
    /// What a ban forbids (the same for every position of a search, so not
    /// part of the hash).
    pub ko_ban: KoBan,
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            board: self.board.clone(),
            bans: self.bans.clone(),
            to_move: self.to_move,
            ko_ban: self.ko_ban,
        }
    }

    fn clone_from(&mut self, other: &Position) {
        self.board.clone_from(&other.board);
        self.bans.clone_from(&other.bans);
        self.to_move = other.to_move;
        self.ko_ban = other.ko_ban;
    }
}

/// Why a move of a line cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Article 4-6 reasons.
    #[error("{0}")]
    Board(PlayError),
    /// The mover's stone was captured in this ko and he has not passed for it.
    #[error("the ko may be retaken only after a pass for that capture (Article 7-2)")]
    Banned,
}

impl Position {
    /// A position with no bans.
    #[must_use]
    pub fn new(board: Board, to_move: Color) -> Position {
        Position {
            board,
            bans: Bans::new(),
            to_move,
            ko_ban: KoBan::default(),
        }
    }

    /// The same position under another reading of what a ban forbids.
    #[must_use]
    pub fn with_ko_ban(mut self, ko_ban: KoBan) -> Position {
        self.ko_ban = ko_ban;
        self
    }

    /// A hash of stones, bans and side to move.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.board.hash() ^ self.bans.hash() ^ SIDE_KEY[self.to_move.index()]
    }

    /// Whether the side to move may play on `p`.
    ///
    /// # Errors
    /// Occupied point, suicide, or an Article 7-2 ban.
    pub fn check(&self, p: Point) -> Result<(), MoveError> {
        if !self.board.is_empty_at(p) {
            return Err(MoveError::Board(PlayError::Occupied));
        }
        if self.bans.forbids(&self.board, self.to_move, p, self.ko_ban) {
            return Err(MoveError::Banned);
        }
        if self.board.is_suicide(p, self.to_move) {
            return Err(MoveError::Board(PlayError::Suicide));
        }
        Ok(())
    }

    /// Plays a stone known to be legal; reports removed points.
    pub fn play_unchecked(&mut self, p: Point, removed: &mut dyn FnMut(Point)) -> MoveOutcome {
        let mover = self.to_move;
        let out = self.board.place(p, mover, removed);
        self.bans.after_move(&self.board, mover, p, &out);
        self.to_move = mover.opponent();
        out
    }

    /// Plays a stone after checking it.
    ///
    /// # Errors
    /// See [`Position::check`].
    pub fn play(&mut self, p: Point) -> Result<MoveOutcome, MoveError> {
        self.check(p)?;
        Ok(self.play_unchecked(p, &mut |_| {}))
    }

    /// The passes open to the side to move: one per ban it holds (each lifts
    /// that ban), or a single pass lifting all of them, or a plain pass when
    /// it holds none. A pass that lifts nothing while a ban is held is never
    /// better than one that lifts a ban, so it is not offered.
    #[must_use]
    pub fn passes(&self, rule: PassRule) -> Vec<Move> {
        let mine: Vec<Point> = self.bans.of(self.to_move).map(|b| b.point).collect();
        if mine.is_empty() {
            return vec![Move::Pass { lifts: None }];
        }
        match rule {
            PassRule::OneBan => mine
                .into_iter()
                .map(|p| Move::Pass { lifts: Some(p) })
                .collect(),
            PassRule::AllBans => vec![Move::Pass {
                lifts: Some(mine[0]),
            }],
        }
    }

    /// Passes, lifting the ban named by `lifts` (all bans under `AllBans`).
    pub fn pass(&mut self, lifts: Option<Point>, rule: PassRule) {
        match (rule, lifts) {
            (_, None) => {}
            (PassRule::OneBan, Some(p)) => self.bans.lift(self.to_move, p),
            (PassRule::AllBans, Some(_)) => self.bans.lift_all(self.to_move),
        }
        self.to_move = self.to_move.opponent();
    }

    /// Plays `m`, checking stones; a pass lifts the ban it names.
    ///
    /// # Errors
    /// See [`Position::check`].
    pub fn apply(&mut self, m: Move, rule: PassRule) -> Result<MoveOutcome, MoveError> {
        match m {
            Move::Play(p) => self.play(p),
            Move::Pass { lifts } => {
                self.pass(lifts, rule);
                Ok(MoveOutcome::default())
            }
        }
    }
}

/// What one replayed move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replayed {
    /// A stone: what it captured.
    Play(MoveOutcome),
    /// A pass; `held_ban` tells whether the passer held a ban it now may lift.
    Pass {
        /// The passer held at least one Article 7-2 ban.
        held_ban: bool,
    },
}

/// A line being replayed move by move (see [`replay`]): explanations need
/// what each move did, not only where the line ends.
#[derive(Clone, Debug)]
pub struct Replay {
    pos: Position,
    rule: PassRule,
    /// Per player, the bans held at each of his unspent passes.
    credits: [Vec<Vec<Point>>; 2],
}

impl Replay {
    /// Starts a replay at `start`.
    #[must_use]
    pub fn new(start: Position, rule: PassRule) -> Replay {
        Replay {
            pos: start,
            rule,
            credits: [Vec::new(), Vec::new()],
        }
    }

    /// The position reached.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Plays one move (`None` passes); `removed` hears of every captured stone.
    ///
    /// # Errors
    /// Why the move is illegal; the replay is then unchanged.
    pub fn step(
        &mut self,
        mv: Option<Point>,
        removed: &mut dyn FnMut(Point),
    ) -> Result<Replayed, MoveError> {
        let me = self.pos.to_move;
        match mv {
            None => {
                let held: Vec<Point> = self.pos.bans.of(me).map(|b| b.point).collect();
                let held_ban = !held.is_empty();
                if self.rule == PassRule::AllBans {
                    self.pos.bans.lift_all(me);
                } else if held_ban {
                    self.credits[me.index()].push(held);
                }
                self.pos.to_move = me.opponent();
                Ok(Replayed::Pass { held_ban })
            }
            Some(p) => {
                let mut spent = None;
                if self
                    .pos
                    .bans
                    .forbids(&self.pos.board, me, p, self.pos.ko_ban)
                {
                    let mine = &self.credits[me.index()];
                    match mine.iter().position(|held| held.contains(&p)) {
                        Some(k) => spent = Some(k),
                        None => return Err(MoveError::Banned),
                    }
                }
                let mut trial = self.pos.clone();
                if spent.is_some() {
                    trial.bans.lift(me, p);
                }
                trial.check(p)?;
                if let Some(k) = spent {
                    self.credits[me.index()].remove(k);
                }
                self.pos = trial;
                Ok(Replayed::Play(self.pos.play_unchecked(p, removed)))
            }
        }
    }
}

/// Plays a line of moves given as points or passes, choosing for each pass
/// the ban it is for: a pass is credited to the passer and spent on the
/// first banned retake he then makes, which is the most permissive reading
/// of "after passing once for that particular capture".
///
/// # Errors
/// The index of the first illegal move and why.
pub fn replay(
    start: &Position,
    line: &[Option<Point>],
    rule: PassRule,
) -> Result<Position, (usize, MoveError)> {
    let mut r = Replay::new(start.clone(), rule);
    for (i, &mv) in line.iter().enumerate() {
        r.step(mv, &mut |_| {}).map_err(|e| (i, e))?;
    }
    Ok(r.pos)
}

/// A short hash of a set of points (for keys of games about a string).
#[must_use]
pub fn points_key(points: &[Point], salt: u64) -> u64 {
    points.iter().fold(salt, |h, &p| {
        let mut s = h ^ (u64::from(p) << 17) ^ 0xA5A5;
        h ^ splitmix64(&mut s)
    })
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}{} to move", self.board, self.to_move)
    }
}
