//! A capture that a static rule proves certain, played out unopposed.
//!
//! A witness line may end before its capture: "the white string stands in
//! black's unconditional territory, where its capture is certain". The rule
//! shows that no defence exists, so the search never draws one, and a dead
//! stone in territory, the commonest dead stone of a real game, got the
//! line `black first: (no move)`. A referee still asks how it is taken.
//! This module answers with the capturer's stones while the owner only
//! passes: an illustration of the capture the rule guarantees, not a line
//! of best play (every resistance fails as well, by the rule), and said so
//! wherever it is shown.
//!
//! The stones are chosen greedily: the capture itself when it is legal,
//! else a liberty of the target where the new stone keeps two liberties
//! (outside liberties before the target's eyes), else any legal liberty;
//! when every liberty is an eye the capturer may not fill yet (shared with
//! another string of the owner), a liberty of a string of the owner next
//! to it. Ko bans of the position are kept: the capturer never passes, so
//! a banned retake stays banned.

use crate::board::{Color, Point};
use crate::position::Position;

/// The capturer's stones that take the string at `target` from `start`
/// while its owner passes at every turn, or `None` when the greedy order
/// finds no capture within as many stones as the board has points.
#[must_use]
pub fn capture(start: &Position, target: Point) -> Option<Vec<Point>> {
    let owner = start.board.color(target)?;
    let taker = owner.opponent();
    let mut pos = start.clone();
    let mut stones = Vec::new();
    for _ in 0..pos.board.geometry().len() {
        if pos.to_move == owner {
            pos.pass(None, crate::ko::PassRule::OneBan);
        }
        let p = next_stone(&pos, target, taker)?;
        pos.play(p).ok()?;
        stones.push(p);
        if pos.board.color(target) != Some(owner) {
            return Some(stones);
        }
    }
    None
}

/// The capturer's next stone against the string at `target` (see the
/// module's order), with `taker` to move.
fn next_stone(pos: &Position, target: Point, taker: Color) -> Option<Point> {
    let board = &pos.board;
    let liberties = board.string_liberties(target);
    if let [last] = liberties[..]
        && pos.check(last).is_ok()
    {
        return Some(last);
    }
    let best = |points: &[Point]| {
        let legal = || points.iter().copied().filter(|&p| pos.check(p).is_ok());
        legal()
            .find(|&p| keeps_two_liberties(pos, p))
            .or_else(|| legal().next())
    };
    if let Some(p) = best(&liberties) {
        return Some(p);
    }
    // Every liberty is an eye shared with another string of the owner:
    // shorten that string first.
    let owner = taker.opponent();
    let geo = board.geometry();
    let mut others: Vec<Point> = liberties
        .iter()
        .flat_map(|&l| geo.neighbors(l).iter().copied())
        .filter(|&q| board.color(q) == Some(owner) && board.head(q) != board.head(target))
        .flat_map(|q| board.string_liberties(q))
        .collect();
    others.sort_unstable();
    others.dedup();
    best(&others)
}

/// Whether the capturer's stone on `p` stands with two liberties or more.
fn keeps_two_liberties(pos: &Position, p: Point) -> bool {
    let mut after = pos.clone();
    after.play_unchecked(p, &mut |_| {});
    after.board.liberties(p) >= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn names(board: &Board, stones: &[Point]) -> Vec<String> {
        stones.iter().map(|&p| board.geometry().name(p)).collect()
    }

    #[test]
    fn a_lone_stone_is_surrounded_on_its_four_sides() {
        let b = Board::from_rows(&[
            ". . . . .",
            ". . . . .",
            ". . O . .",
            ". . . . .",
            ". . . . .",
        ])
        .unwrap();
        let p = b.geometry().parse_point("C3").unwrap();
        let pos = Position::new(b.clone(), Color::Black);
        let stones = capture(&pos, p).expect("a capture");
        assert_eq!(stones.len(), 4);
        let after = {
            let mut q = pos.clone();
            for &s in &stones {
                q.play(s).unwrap();
                q.pass(None, crate::ko::PassRule::OneBan);
            }
            q
        };
        assert_eq!(after.board.color(p), None);
    }

    #[test]
    fn the_eye_is_filled_last() {
        // White's corner string has the eye A2 and five outside liberties;
        // A4 would stand in atari while B4 is open, so it waits.
        let b = Board::from_rows(&[". . . .", "O O . .", ". O . .", "O O . ."]).unwrap();
        let target = b.geometry().parse_point("B1").unwrap();
        let pos = Position::new(b.clone(), Color::White);
        let stones = capture(&pos, target).expect("a capture");
        assert_eq!(names(&b, &stones), ["B4", "C3", "C2", "C1", "A4", "A2"]);
    }

    #[test]
    fn two_eyes_cannot_be_taken() {
        let b = Board::from_rows(&[". O . O .", "O O O O O", ". . . . ."]).unwrap();
        let target = b.geometry().parse_point("B3").unwrap();
        let pos = Position::new(b, Color::Black);
        assert_eq!(capture(&pos, target), None);
    }
}
