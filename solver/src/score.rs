//! Article 10: removing dead stones and the result.
//!
//! Each player removes the dead opposing stones that lie in his territory
//! and adds them to his prisoners; dead stones elsewhere stay on the board
//! and count for nobody (examples 9 and 25). A side's score is its territory
//! (the empty eye points plus the points of the removed stones) plus all its
//! prisoners; komi goes to White.

use crate::board::{Board, Color};
use crate::case::{Mark, Prisoners};
use crate::territory::Map;
use serde::Serialize;

/// The count of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Side {
    /// Empty points of territory.
    pub territory: u32,
    /// Dead opposing stones removed from that territory (each also a point).
    pub removed: u32,
    /// Prisoners taken during the game.
    pub prisoners: u32,
    /// territory + 2 x removed + prisoners (+ komi for White).
    pub total: f64,
}

/// The result under Article 10.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Score {
    /// Black's count.
    pub black: Side,
    /// White's count.
    pub white: Side,
    /// Komi.
    pub komi: f64,
    /// SGF `RE` form: `B+3`, `W+1.5`, `0` for a tie.
    pub result: String,
    /// Dead stones left on the board (in no territory).
    pub dead_left: u32,
}

/// The largest komi taken, in points either way: far beyond the points of
/// any board (a 25x25 board has 625), and small enough that a score stays
/// exact to the half point. A larger komi is refused where it is read,
/// not scored: from about 2^53 points the margin was rounded, and from
/// about 9.2e18 it printed as `i64::MAX`.
pub const MAX_KOMI: f64 = 10_000.0;

/// A komi as read: a finite number of at most [`MAX_KOMI`] points either
/// way.
///
/// # Errors
/// Why it is refused, in words, for the reader to place.
pub fn check_komi(komi: f64) -> Result<f64, String> {
    if !komi.is_finite() {
        Err(format!("komi {komi} is not a number"))
    } else if komi.abs() > MAX_KOMI {
        Err(format!(
            "komi out of range (at most {MAX_KOMI} points either way)"
        ))
    } else {
        Ok(komi)
    }
}

/// SGF `RE` text of a margin (positive: Black wins).
#[must_use]
pub fn result_text(margin: f64) -> String {
    if margin.abs() < 1e-9 {
        "0".to_string()
    } else {
        let (who, m) = if margin > 0.0 {
            ("B", margin)
        } else {
            ("W", -margin)
        };
        if (m - m.round()).abs() < 1e-9 {
            format!("{who}+{}", m.round() as i64)
        } else {
            format!("{who}+{m}")
        }
    }
}

/// Scores a position from its Article 8 map.
#[must_use]
pub fn score(board: &Board, map: &Map, prisoners: Prisoners, komi: f64) -> Score {
    let mut black = Side {
        prisoners: prisoners.black,
        ..Side::default()
    };
    let mut white = Side {
        prisoners: prisoners.white,
        ..Side::default()
    };
    let mut dead_left = 0;
    for p in board.geometry().points() {
        match map.marks[p as usize] {
            Mark::BlackTerritory => black.territory += 1,
            Mark::WhiteTerritory => white.territory += 1,
            Mark::Dead => match map.territory_owner(board, p) {
                Some(Color::Black) if board.color(p) == Some(Color::White) => black.removed += 1,
                Some(Color::White) if board.color(p) == Some(Color::Black) => white.removed += 1,
                _ => dead_left += 1,
            },
            _ => {}
        }
    }
    black.total = f64::from(black.territory + 2 * black.removed + black.prisoners);
    white.total = f64::from(white.territory + 2 * white.removed + white.prisoners) + komi;
    Score {
        black,
        white,
        komi,
        result: result_text(black.total - white.total),
        dead_left,
    }
}

#[cfg(test)]
mod tests {
    use super::result_text;

    #[test]
    fn results_are_written_as_sgf_re() {
        assert_eq!(result_text(3.0), "B+3");
        assert_eq!(result_text(-1.5), "W+1.5");
        assert_eq!(result_text(0.0), "0");
    }
}
