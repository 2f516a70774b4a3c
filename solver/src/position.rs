//! A position of confirmation play: the stones, the Article 7-2 bans and the
//! side to move, with the moves allowed in it. Used by the search and by the
//! replay of proof lines, so that both obey exactly the same rules.

use crate::board::{Board, Color, MoveOutcome, PlayError, Point, splitmix64};
use crate::ko::{Bans, PassRule};
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The stones.
    pub board: Board,
    /// Article 7-2 bans in force.
    pub bans: Bans,
    /// Whose turn it is.
    pub to_move: Color,
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
        }
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
        if self.bans.forbids(self.to_move, p) {
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
    let mut pos = start.clone();
    // Per player, the bans held at each of his unspent passes.
    let mut credits: [Vec<Vec<Point>>; 2] = [Vec::new(), Vec::new()];
    for (i, mv) in line.iter().enumerate() {
        let me = pos.to_move;
        match *mv {
            None => {
                let held: Vec<Point> = pos.bans.of(me).map(|b| b.point).collect();
                if rule == PassRule::AllBans {
                    pos.bans.lift_all(me);
                } else if !held.is_empty() {
                    credits[me.index()].push(held);
                }
                pos.to_move = me.opponent();
            }
            Some(p) => {
                if pos.bans.forbids(me, p) {
                    let mine = &mut credits[me.index()];
                    match mine.iter().position(|held| held.contains(&p)) {
                        Some(k) => {
                            mine.remove(k);
                            pos.bans.lift(me, p);
                        }
                        None => return Err((i, MoveError::Banned)),
                    }
                }
                pos.play(p).map_err(|e| (i, e))?;
            }
        }
    }
    Ok(pos)
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
