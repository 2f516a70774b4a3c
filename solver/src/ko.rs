//! The confirmation ko rule of Article 7-2.
//!
//! In confirmation play a player whose stone was captured in a ko may retake
//! in that ko only after passing once *for that particular capture*. A ban is
//! created by every ko capture (one stone taken by a single stone left with
//! the emptied point as its only liberty), binds the side whose stone was
//! taken, and lasts until its owner passes for it or the ko shape is gone
//! (the capturing stone is no longer a lone stone in atari at that point).
//! There are no ko threats: nothing else lifts a ban. Bans are part of the
//! search state and of its hash.

use crate::board::{Board, Color, MoveOutcome, Point, splitmix64};
use serde::Serialize;
use smallvec::SmallVec;

/// How a pass lifts bans: the rule text says "once for that particular
/// capture"; some readers hold that one pass lifts every ban of the passer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum PassRule {
    /// A pass lifts one ban of the passer's choosing (the literal reading).
    #[default]
    OneBan,
    /// A pass lifts every ban of the passer.
    AllBans,
}

/// What an Article 7-2 ban forbids. Official example 8 forces `Retake`: its
/// proof ends with White's capture, on the point of the ko Black has just
/// taken, of the ko stone together with the nine black stones
/// (`research/ko-ban-8-15.md`); on a true bent four (example 15) both
/// readings agree, since the retake there takes one stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum KoBan {
    /// Any move on the ko point, until its owner passes for it.
    Point,
    /// Only the retake (the default): a move on the ko point that captures
    /// the lone ko stone and nothing else. A move there that captures more
    /// stones with it is allowed (Art. 6 calls a ko the shape where single
    /// stones are taken back and forth); example 8's proof needs this.
    #[default]
    Retake,
}

/// One Article 7-2 ban.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Ban {
    /// The point the banned player may not play (where his stone was taken).
    pub point: Point,
    /// The capturing stone, alone in atari at `point`.
    pub stone: Point,
    /// The player whose stone was taken.
    pub player: Color,
}

/// The set of bans in force, kept sorted so that equal sets compare equal.
/// A few bans are stored inline: every child position copies its bans, and
/// a heap allocation per copy showed in profiles.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bans {
    bans: SmallVec<[Ban; 4]>,
}

fn ban_key(ban: &Ban) -> u64 {
    let mut s = (u64::from(ban.point) << 20)
        ^ (u64::from(ban.stone) << 4)
        ^ (ban.player.index() as u64)
        ^ 0x5EED_0000_0000_0000;
    splitmix64(&mut s)
}

impl Bans {
    /// No ban in force.
    #[must_use]
    pub fn new() -> Bans {
        Bans::default()
    }

    /// The bans in force.
    pub fn iter(&self) -> std::slice::Iter<'_, Ban> {
        self.bans.iter()
    }

    /// True when no ban is in force.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bans.is_empty()
    }

    /// True when `player` may not play on `p` because of a ban, under the
    /// reading `scope` of what a ban forbids.
    #[must_use]
    pub fn forbids(&self, board: &Board, player: Color, p: Point, scope: KoBan) -> bool {
        self.bans.iter().any(|b| {
            b.player == player
                && b.point == p
                && (scope == KoBan::Point
                    || !board.geometry().neighbors(p).iter().any(|&q| {
                        board.color(q) == Some(player.opponent())
                            && board.head(q) != board.head(b.stone)
                            && board.liberties(q) == 1
                    }))
        })
    }

    /// The bans binding `player`.
    pub fn of(&self, player: Color) -> impl Iterator<Item = &Ban> {
        self.bans.iter().filter(move |b| b.player == player)
    }

    /// A hash of the set (XOR of per-ban keys, so order does not matter).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.bans.iter().fold(0, |h, b| h ^ ban_key(b))
    }

    /// Updates the bans after `mover` played `p` with outcome `out`: adds the
    /// ban of a ko capture and drops every ban whose ko shape is gone.
    pub fn after_move(&mut self, board: &Board, mover: Color, p: Point, out: &MoveOutcome) {
        if let Some(k) = out.ko_capture {
            self.bans.push(Ban {
                point: k,
                stone: p,
                player: mover.opponent(),
            });
        }
        self.bans.retain(|b| shape_stands(board, b));
        self.bans.sort_unstable();
        self.bans.dedup();
    }

    /// Lifts the ban on `point` held by `player` (a pass for that capture).
    pub fn lift(&mut self, player: Color, point: Point) {
        self.bans
            .retain(|b| !(b.player == player && b.point == point));
    }

    /// Lifts every ban held by `player`.
    pub fn lift_all(&mut self, player: Color) {
        self.bans.retain(|b| b.player != player);
    }
}

/// A ban stands while its point is empty and the capturing stone is still a
/// lone stone whose only liberty is that point.
fn shape_stands(board: &Board, ban: &Ban) -> bool {
    board.is_empty_at(ban.point)
        && board.color(ban.stone) == Some(ban.player.opponent())
        && board.string_size(ban.stone) == 1
        && board.liberties(ban.stone) == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ko on the top edge: Black C3 takes the white stone on B3.
    fn ko_board() -> Board {
        Board::from_rows(&[". X O . .", "X O . O .", ". X O . .", ". . . . ."]).unwrap()
    }

    #[test]
    fn a_ko_capture_bans_the_retake_until_a_pass() {
        let mut board = ko_board();
        let geo = board.geometry().clone();
        let c3 = geo.parse_point("C3").unwrap();
        let b3 = geo.parse_point("B3").unwrap();
        let out = board.play(c3, Color::Black).unwrap();
        let mut bans = Bans::new();
        bans.after_move(&board, Color::Black, c3, &out);
        assert!(bans.forbids(&board, Color::White, b3, KoBan::Point));
        assert!(!bans.forbids(&board, Color::Black, b3, KoBan::Point));
        // A move elsewhere does not lift it.
        let e1 = geo.parse_point("E1").unwrap();
        let out = board.play(e1, Color::White).unwrap();
        bans.after_move(&board, Color::White, e1, &out);
        assert!(bans.forbids(&board, Color::White, b3, KoBan::Point));
        bans.lift(Color::White, b3);
        assert!(bans.is_empty());
    }

    #[test]
    fn a_ban_ends_when_its_shape_is_gone() {
        let mut board = ko_board();
        let geo = board.geometry().clone();
        let c3 = geo.parse_point("C3").unwrap();
        let b3 = geo.parse_point("B3").unwrap();
        let out = board.play(c3, Color::Black).unwrap();
        let mut bans = Bans::new();
        bans.after_move(&board, Color::Black, c3, &out);
        // Black fills the ko: no ban any more.
        let out = board.play(b3, Color::Black).unwrap();
        bans.after_move(&board, Color::Black, b3, &out);
        assert!(bans.is_empty());
    }
}
