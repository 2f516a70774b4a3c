//! End positions in the `.game` format of online-go.com's score estimator
//! test suite: `height`, `width`, `player_to_move`, the board (1 black,
//! -1 white, 0 empty, top row first), a blank line, then a grid of the same
//! size marking with 1 the stones the players removed as dead.
//!
//! These are the real positions of issue 6; reading them here keeps the
//! benchmark and the tests on one loader.

use crate::board::{Board, Color, Geometry};
use crate::case::Case;
use std::path::Path;
use thiserror::Error;

/// A `.game` position and the players' dead marks.
#[derive(Clone, Debug)]
pub struct OgsGame {
    /// The position as it stood at the end.
    pub board: Board,
    /// Whose turn it was.
    pub to_move: Color,
    /// Per point: the players removed the stone there as dead.
    pub removed: Vec<bool>,
}

/// A malformed `.game` file, with the line that is wrong.
#[derive(Debug, Error)]
#[error("{file}:{line}: {message}")]
pub struct OgsError {
    /// The file.
    pub file: String,
    /// 1-based line number (0 when the file as a whole is wrong).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// An OGS end position, by its `.game` extension.
#[must_use]
pub fn is_game(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "game")
}

/// Reads a `.game` file.
///
/// # Errors
/// The file cannot be read or is malformed.
pub fn load(path: &Path) -> Result<OgsGame, OgsError> {
    let text = std::fs::read_to_string(path).map_err(|e| OgsError {
        file: path.display().to_string(),
        line: 0,
        message: e.to_string(),
    })?;
    parse(&path.display().to_string(), &text)
}

impl OgsGame {
    /// The position as a case (for `show`, `explain`, `render` and `judge
    /// --format yaml`), named after the file. No prisoners or komi are
    /// recorded in the format; the players' dead marks are counted in the
    /// note.
    #[must_use]
    pub fn to_case(&self, path: &Path) -> Case {
        let mut c = Case::transcribed(path, "position", self.board.clone());
        let removed = self.removed.iter().filter(|&&r| r).count();
        c.title = format!("OGS end position {}", c.id);
        c.source = format!(
            "end position of the OGS score-estimator file {}",
            path.display()
        );
        c.note = Some(format!(
            "{} to move; the players removed {removed} stones as dead",
            match self.to_move {
                Color::Black => "Black",
                Color::White => "White",
            }
        ));
        c
    }
}

/// Parses the text of a `.game` file named `file`.
///
/// # Errors
/// A header is missing or out of range, a row has the wrong length or an
/// unknown cell, a grid is short, or a string has no liberty.
pub fn parse(file: &str, text: &str) -> Result<OgsGame, OgsError> {
    let err = |line: usize, message: String| OgsError {
        file: file.to_string(),
        line,
        message,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let mut header = |name: &str| -> Result<i64, OgsError> {
        let (n, l) = lines
            .next()
            .ok_or_else(|| err(0, format!("missing `{name}`")))?;
        let mut words = l.split_whitespace();
        if words.next() != Some(name) {
            return Err(err(n, format!("expected `{name} N`, found `{l}`")));
        }
        words
            .next()
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| err(n, format!("`{name}` needs a number")))
    };
    let height = header("height")?;
    let width = header("width")?;
    let to_move = match header("player_to_move")? {
        1 => Color::Black,
        -1 => Color::White,
        v => return Err(err(0, format!("player_to_move must be 1 or -1, not {v}"))),
    };
    let geo = Geometry::new(
        usize::try_from(width).unwrap_or(0),
        usize::try_from(height).unwrap_or(0),
    )
    .map_err(|e| err(0, e.to_string()))?;
    let mut grid = |what: &str| -> Result<Vec<i64>, OgsError> {
        let mut cells = Vec::with_capacity(geo.len());
        for row in 0..geo.height() {
            let (n, l) = lines
                .next()
                .ok_or_else(|| err(0, format!("{what}: row {} is missing", row + 1)))?;
            let vals: Vec<i64> = l
                .split_whitespace()
                .map(|w| {
                    w.parse::<i64>()
                        .ok()
                        .filter(|v| (-1..=1).contains(v))
                        .ok_or_else(|| err(n, format!("{what}: unknown cell `{w}`")))
                })
                .collect::<Result<_, _>>()?;
            if vals.len() != geo.width() {
                return Err(err(
                    n,
                    format!(
                        "{what}: row has {} cells, expected {}",
                        vals.len(),
                        geo.width()
                    ),
                ));
            }
            cells.extend(vals);
        }
        Ok(cells)
    };
    let stones = grid("board")?;
    let removed = grid("removed")?;
    // Rows are top first; the board's points are row-major from the top too
    // (GTP row numbers count from the bottom), as in `Board::from_rows`.
    let colors: Vec<Option<Color>> = stones
        .iter()
        .map(|&v| match v {
            1 => Some(Color::Black),
            -1 => Some(Color::White),
            _ => None,
        })
        .collect();
    let board = Board::from_stones(geo, &colors).map_err(|e| err(0, e.to_string()))?;
    let removed = removed.iter().map(|&v| v == 1).collect();
    Ok(OgsGame {
        board,
        to_move,
        removed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_small_game() {
        let g = parse(
            "t",
            "height 2\nwidth 3\nplayer_to_move -1\n1 0 -1\n0 1 0\n\n0 0 1\n0 0 0\n",
        )
        .expect("valid");
        assert_eq!(g.to_move, Color::White);
        assert_eq!(g.board.geometry().width(), 3);
        assert_eq!(g.removed.iter().filter(|&&r| r).count(), 1);
        assert_eq!(g.board.color(0), Some(Color::Black));
        assert_eq!(g.board.color(2), Some(Color::White));
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("t", "height 2\nwidth 3\nplayer_to_move 1\n1 0\n").unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.to_string().starts_with("t:4:"), "{e}");
        let e = parse("t", "height 2\nwidth 3\nplayer_to_move 1\n1 0 7\n").unwrap_err();
        assert!(e.message.contains("unknown cell `7`"), "{e}");
        let e = parse("t", "width 3\n").unwrap_err();
        assert_eq!(e.line, 1);
    }
}
