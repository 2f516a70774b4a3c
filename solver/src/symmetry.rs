//! The 8 symmetries of a (rectangular) board and the colour swap: a verdict
//! must not change under any of them, which the tests check.

use crate::board::{Board, Color, Geometry, Point};
use crate::case::{Case, Mark, Prisoners};
use std::sync::Arc;

/// A symmetry of the board, optionally with the colours swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transform {
    /// Exchange rows and columns (applied first).
    pub transpose: bool,
    /// Mirror left-right (after transposing).
    pub flip_x: bool,
    /// Mirror top-bottom (after transposing).
    pub flip_y: bool,
    /// Black becomes White and White Black.
    pub swap_colors: bool,
}

impl Transform {
    /// All 16 transforms (8 symmetries, with and without the colour swap).
    #[must_use]
    pub fn all() -> Vec<Transform> {
        (0..16)
            .map(|i| Transform {
                transpose: i & 1 != 0,
                flip_x: i & 2 != 0,
                flip_y: i & 4 != 0,
                swap_colors: i & 8 != 0,
            })
            .collect()
    }

    /// Size of the transformed board.
    #[must_use]
    pub fn size(&self, geo: &Geometry) -> (usize, usize) {
        if self.transpose {
            (geo.height(), geo.width())
        } else {
            (geo.width(), geo.height())
        }
    }

    /// Where `p` of a board of shape `from` goes on the board of shape `to`.
    #[must_use]
    pub fn point(&self, from: &Geometry, to: &Geometry, p: Point) -> Point {
        let (mut x, mut y) = from.xy(p);
        if self.transpose {
            std::mem::swap(&mut x, &mut y);
        }
        if self.flip_x {
            x = to.width() - 1 - x;
        }
        if self.flip_y {
            y = to.height() - 1 - y;
        }
        to.point(x, y)
    }

    /// The colour a stone of `c` gets.
    #[must_use]
    pub fn color(&self, c: Color) -> Color {
        if self.swap_colors { c.opponent() } else { c }
    }

    /// The transformed board.
    ///
    /// # Panics
    /// Never for a valid board: the transformed setup has the same strings.
    #[must_use]
    pub fn board(&self, board: &Board) -> Board {
        let from = board.geometry();
        let (w, h) = self.size(from);
        let to = Geometry::new(w, h).expect("same sizes, swapped");
        let mut stones = vec![None; to.len()];
        for p in from.points() {
            stones[self.point(from, &to, p) as usize] = board.color(p).map(|c| self.color(c));
        }
        Board::from_stones(Arc::clone(&to), &stones).expect("a symmetric image is legal")
    }

    /// The case's image for checking it: board, `expect` (territories change
    /// hands with the colours), prisoners and komi. Marks and proofs are
    /// dropped: `check` validated them on the case itself.
    #[must_use]
    pub fn case(&self, c: &Case) -> Case {
        let board = self.board(&c.board);
        let (from, to) = (c.board.geometry(), board.geometry());
        let expect = c.expect.as_ref().map(|e| {
            let mut out = vec![Mark::Dame; to.len()];
            for p in from.points() {
                out[self.point(from, to, p) as usize] = self.mark(e[p as usize]);
            }
            out
        });
        let (prisoners, komi) = if self.swap_colors {
            (
                Prisoners {
                    black: c.prisoners.white,
                    white: c.prisoners.black,
                },
                -c.komi,
            )
        } else {
            (c.prisoners, c.komi)
        };
        let disputed = c
            .disputed
            .iter()
            .map(|&p| self.point(from, to, p))
            .collect();
        Case {
            board,
            expect,
            disputed,
            prisoners,
            komi,
            marks: Default::default(),
            proofs: Vec::new(),
            ..c.clone()
        }
    }

    /// The overlay letter a point's mark becomes.
    #[must_use]
    pub fn mark(&self, m: Mark) -> Mark {
        match m {
            Mark::BlackTerritory if self.swap_colors => Mark::WhiteTerritory,
            Mark::WhiteTerritory if self.swap_colors => Mark::BlackTerritory,
            m => m,
        }
    }
}

impl std::fmt::Display for Transform {
    /// As `transpose+flip-x+swap-colours`, or `identity`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<&str> = [
            (self.transpose, "transpose"),
            (self.flip_x, "flip-x"),
            (self.flip_y, "flip-y"),
            (self.swap_colors, "swap-colours"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|&(_, name)| name)
        .collect();
        if parts.is_empty() {
            write!(f, "identity")
        } else {
            write!(f, "{}", parts.join("+"))
        }
    }
}
