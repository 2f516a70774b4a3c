//! End positions in the `.game` format of online-go.com's score estimator
//! test suite: `height`, `width`, `player_to_move`, the board (1 black,
//! -1 white, 0 empty, top row first), a blank line, then a grid of the same
//! size marking with 1 the stones the players removed as dead.
//!
//! These are the real positions of issue 6; reading them here keeps the
//! benchmark and the tests on one loader.

use crate::board::{Board, BoardError, Color, Geometry, MAX_SIDE, MIN_SIDE};
use crate::case::Case;
use std::path::Path;
use std::sync::Arc;
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
    /// 1-based line number (0 when the file could not be read at all).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// An OGS end position, by its `.game` extension (in any case, as `.sgf`
/// and `.yaml` are).
#[must_use]
pub fn is_game(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("game"))
}

/// Reads a `.game` file.
///
/// # Errors
/// The file cannot be read or is malformed.
pub fn load(path: &Path) -> Result<OgsGame, OgsError> {
    let file = path.display().to_string();
    let text = crate::input::read_text(path).map_err(|e| OgsError {
        file: file.clone(),
        line: e.line.unwrap_or(0),
        message: e.message,
    })?;
    parse(&file, &text)
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
/// A header is missing, out of range or followed by more words, a row has
/// the wrong length or an unknown cell, a grid is short, a string has no
/// liberty, or text follows the second grid; each with its line (the line
/// after the last one for what is missing at the end).
pub fn parse(file: &str, text: &str) -> Result<OgsGame, OgsError> {
    let err = |line: usize, message: String| OgsError {
        file: file.to_string(),
        line,
        message: crate::input::printable(&message),
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let end = text.lines().count() + 1;
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let mut header =
        |name: &str, range: std::ops::RangeInclusive<i64>| -> Result<(usize, i64), OgsError> {
            let (n, l) = lines
                .next()
                .ok_or_else(|| err(end, format!("missing `{name}` (end of file)")))?;
            let mut words = l.split_whitespace();
            if words.next() != Some(name) {
                return Err(err(n, format!("expected `{name} N`, found `{l}`")));
            }
            let v: i64 = words
                .next()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| err(n, format!("`{name}` needs a number")))?;
            if let Some(extra) = words.next() {
                return Err(err(n, format!("unexpected `{extra}` after `{name} {v}`")));
            }
            if !range.contains(&v) {
                return Err(err(n, format!("{name} {v} is outside {range:?}")));
            }
            Ok((n, v))
        };
    let side = MIN_SIDE as i64..=MAX_SIDE as i64;
    let (height_line, height) = header("height", side.clone())?;
    let (_, width) = header("width", side)?;
    let to_move = match header("player_to_move", i64::MIN..=i64::MAX)? {
        (_, 1) => Color::Black,
        (_, -1) => Color::White,
        (n, v) => return Err(err(n, format!("player_to_move must be 1 or -1, not {v}"))),
    };
    let geo = Geometry::new(
        usize::try_from(width).unwrap_or(0),
        usize::try_from(height).unwrap_or(0),
    )
    .map_err(|e| err(height_line, e.to_string()))?;
    // A grid's cells and the file line of each of its rows (to place a
    // string without liberty).
    let mut grid = |what: &str| -> Result<(Vec<i64>, Vec<usize>), OgsError> {
        let mut cells = Vec::with_capacity(geo.len());
        let mut row_lines = Vec::with_capacity(geo.height());
        for row in 0..geo.height() {
            let (n, l) = lines.next().ok_or_else(|| {
                err(
                    end,
                    format!("{what}: row {} is missing (end of file)", row + 1),
                )
            })?;
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
            row_lines.push(n);
            cells.extend(vals);
        }
        Ok((cells, row_lines))
    };
    let (stones, row_lines) = grid("board")?;
    let (removed, _) = grid("removed")?;
    if let Some((n, l)) = lines.next() {
        return Err(err(n, format!("unexpected `{l}` after the removed grid")));
    }
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
    let board = Board::from_stones(Arc::clone(&geo), &colors).map_err(|e| {
        let line = match &e {
            BoardError::NoLiberty { point, .. } => geo
                .parse_point(point)
                .ok()
                .map_or(height_line, |p| row_lines[geo.xy(p).1]),
            _ => height_line,
        };
        err(line, e.to_string())
    })?;
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

    /// Every error names a real line: the header's, the row's, or the line
    /// after the last for what is missing at the end.
    #[test]
    fn every_error_has_its_line() {
        let head = "height 2\nwidth 2\nplayer_to_move 1\n";
        let table: &[(&str, usize, &str)] = &[
            (
                "height 2\nwidth 2\nplayer_to_move 2\n",
                3,
                "player_to_move must be 1 or -1, not 2",
            ),
            ("height -5\n", 1, "height -5 is outside 2..=25"),
            ("height 3 4\n", 1, "unexpected `4` after `height 3`"),
            ("", 1, "missing `height` (end of file)"),
            (
                &format!("{head}0 0\n"),
                5,
                "board: row 2 is missing (end of file)",
            ),
            (
                &format!("{head}0 0\n0 0\n\n0 0\n"),
                8,
                "removed: row 2 is missing",
            ),
            (
                &format!("{head}1 -1\n-1 0\n\n0 0\n0 0\n"),
                4,
                "has no liberty",
            ),
            (
                &format!("{head}0 0\n0 0\n\n0 0\n0 0\nhello world\n"),
                9,
                "unexpected `hello world` after the removed grid",
            ),
            ("height 2\nwidth \u{1b}[31m\n", 2, "`width` needs a number"),
            ("height \u{1b}\n", 1, "`height` needs a number"),
            (
                "\u{1b}[31m\n",
                1,
                "expected `height N`, found `\\u{1b}[31m`",
            ),
        ];
        for (text, line, want) in table {
            let e = parse("t", text).unwrap_err();
            assert!(e.message.contains(want), "{text:?}: {e}");
            assert_eq!(e.line, *line, "{text:?}: {e}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_the_extension_is_any_case() {
        let g = parse(
            "t",
            "\u{feff}height 2\nwidth 2\nplayer_to_move 1\n0 0\n0 0\n\n0 0\n0 0\n",
        );
        assert!(g.is_ok(), "{g:?}");
        assert!(is_game(Path::new("x.GAME")));
        assert!(!is_game(Path::new("x.games")));
    }
}
