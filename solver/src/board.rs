//! Board mechanics, free of any rules policy beyond Articles 4-6: points,
//! strings with their liberties, playing a stone, captures, the ban on
//! suicide, the simple ko of Article 6, and an incremental Zobrist hash.
//!
//! The search copies boards millions of times, so a board is one flat vector
//! of small cells plus a shared [`Geometry`] (neighbours and hash keys).
//! Strings are circular linked lists through the cells; every stone knows
//! its string's head, and the head carries the string's size and its exact
//! liberty count, kept up to date move by move.

use crate::bitboard::Bits;
use smallvec::SmallVec;
use std::fmt;
use std::sync::Arc;

/// A player, and the colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Black plays first in a game and is `X` in the case format.
    Black,
    /// White is `O` in the case format.
    White,
}

impl Color {
    /// The other player.
    #[must_use]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour tables.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// The English name in lower case.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// The case-format letter of a stone of this colour.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A point of the board: `row * width + column`, row 0 being the top row.
pub type Point = u16;

/// Column letters of GTP coordinates: A to Z without I (25 columns at most).
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The largest board side.
pub const MAX_SIDE: usize = 25;

/// The smallest board side.
pub const MIN_SIDE: usize = 2;

const NONE: Point = Point::MAX;

/// Size, neighbours and Zobrist keys of a board shape; shared by all boards
/// of that shape.
#[derive(Clone, Debug)]
pub struct Geometry {
    width: usize,
    height: usize,
    neighbors: Vec<[Point; 4]>,
    degree: Vec<u8>,
    zobrist: Vec<[u64; 2]>,
}

/// A splitmix64 step: a small, fixed pseudo-random sequence for hash keys.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Geometry {
    /// The geometry of a `width` x `height` board.
    ///
    /// # Errors
    /// A side outside 2..=25.
    pub fn new(width: usize, height: usize) -> Result<Arc<Geometry>, BoardError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(BoardError::Size { width, height });
        }
        let n = width * height;
        let mut neighbors = vec![[NONE; 4]; n];
        let mut degree = vec![0u8; n];
        for y in 0..height {
            for x in 0..width {
                let p = y * width + x;
                let mut k = 0;
                let mut add = |q: usize| {
                    neighbors[p][k] = q as Point;
                    k += 1;
                };
                if y > 0 {
                    add(p - width);
                }
                if x > 0 {
                    add(p - 1);
                }
                if x + 1 < width {
                    add(p + 1);
                }
                if y + 1 < height {
                    add(p + width);
                }
                degree[p] = k as u8;
            }
        }
        let mut seed = 0x6B61_6B75_6E69_6E00 ^ ((width as u64) << 8) ^ height as u64;
        let zobrist = (0..n)
            .map(|_| [splitmix64(&mut seed), splitmix64(&mut seed)])
            .collect();
        Ok(Arc::new(Geometry {
            width,
            height,
            neighbors,
            degree,
            zobrist,
        }))
    }

    /// The same board with only the points of `keep` left in play: every
    /// other point loses its neighbours, so it acts like the space beyond an
    /// edge (no liberty, no connection). Point numbers, names and hash keys
    /// are unchanged, so lines found on the cut-out read on the real board.
    /// Local proofs use it to take liberties away pessimistically.
    #[must_use]
    pub fn cut_out(&self, keep: &[bool]) -> Arc<Geometry> {
        let mut g = self.clone();
        for p in 0..self.len() {
            if !keep[p] {
                g.degree[p] = 0;
                continue;
            }
            let kept: Vec<Point> = self
                .neighbors(p as Point)
                .iter()
                .copied()
                .filter(|&q| keep[q as usize])
                .collect();
            g.neighbors[p] = [NONE; 4];
            g.neighbors[p][..kept.len()].copy_from_slice(&kept);
            g.degree[p] = kept.len() as u8;
        }
        Arc::new(g)
    }

    /// Number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of points.
    #[must_use]
    pub fn len(&self) -> usize {
        self.width * self.height
    }

    /// Always false: a board has at least 4 points.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// All points, top row first.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        (0..self.len()).map(|p| p as Point)
    }

    /// The orthogonal neighbours of `p`.
    #[must_use]
    pub fn neighbors(&self, p: Point) -> &[Point] {
        let i = p as usize;
        &self.neighbors[i][..self.degree[i] as usize]
    }

    /// The point at column `x` (0 = left) and row `y` (0 = top).
    #[must_use]
    pub fn point(&self, x: usize, y: usize) -> Point {
        (y * self.width + x) as Point
    }

    /// Column (0 = left) and row (0 = top) of `p`.
    #[must_use]
    pub fn xy(&self, p: Point) -> (usize, usize) {
        (p as usize % self.width, p as usize / self.width)
    }

    /// The Zobrist key of a stone of `color` on `p`.
    #[must_use]
    pub fn key(&self, p: Point, color: Color) -> u64 {
        self.zobrist[p as usize][color.index()]
    }

    /// GTP name of `p`, such as `C3` (columns skip I, row 1 is the bottom).
    #[must_use]
    pub fn name(&self, p: Point) -> String {
        let (x, y) = self.xy(p);
        format!("{}{}", COLUMNS[x] as char, self.height - y)
    }

    /// The column letter of column `x`.
    #[must_use]
    pub fn column_letter(x: usize) -> char {
        COLUMNS[x] as char
    }

    /// Parses a GTP coordinate such as `c3` or `C3` (case-insensitive).
    ///
    /// # Errors
    /// Text that is no coordinate, or a point off this board.
    pub fn parse_point(&self, text: &str) -> Result<Point, BoardError> {
        let t = text.trim();
        let bad = || BoardError::Coordinate(t.to_string());
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let x = COLUMNS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(bad)?;
        let row: usize = chars.as_str().parse().map_err(|_| bad())?;
        if x >= self.width || row == 0 || row > self.height {
            return Err(BoardError::OffBoard {
                point: t.to_string(),
                width: self.width,
                height: self.height,
            });
        }
        Ok(self.point(x, self.height - row))
    }
}

/// Errors of the board kernel.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A board side outside 2..=25.
    #[error("board size {width}x{height} is outside 2..=25 on a side")]
    Size {
        /// Columns asked for.
        width: usize,
        /// Rows asked for.
        height: usize,
    },
    /// Text that is not a GTP coordinate.
    #[error(
        "'{0}' is not a coordinate (expected a column letter A-Z without I, then a row number)"
    )]
    Coordinate(String),
    /// A coordinate outside the board.
    #[error("{point} is off the {width}x{height} board")]
    OffBoard {
        /// The coordinate as written.
        point: String,
        /// Board columns.
        width: usize,
        /// Board rows.
        height: usize,
    },
    /// A setup in which a string has no liberty (Article 4).
    #[error("the {color} string at {point} has no liberty")]
    NoLiberty {
        /// Colour of the string.
        color: Color,
        /// One of its stones, by name.
        point: String,
    },
    /// A setup vector of the wrong length.
    #[error("setup has {got} points, the board has {want}")]
    SetupLength {
        /// Points given.
        got: usize,
        /// Points the board has.
        want: usize,
    },
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The point holds a stone.
    #[error("the point is occupied")]
    Occupied,
    /// The move would leave its own string without liberties and capture nothing.
    #[error("suicide is not allowed (Article 4)")]
    Suicide,
    /// Immediate recapture of a ko (Article 6).
    #[error("the ko may not be retaken on this move (Article 6)")]
    Ko,
}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveOutcome {
    /// Stones removed as prisoners.
    pub captured: u32,
    /// When the move captured exactly one stone and the capturing stone is a
    /// single stone whose only liberty is the emptied point: that point (a ko
    /// capture in the sense of Articles 6 and 7-2).
    pub ko_capture: Option<Point>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    /// 0 empty, 1 black, 2 white.
    stone: u8,
    head: Point,
    next: Point,
    /// Valid on heads only.
    size: u16,
    /// Valid on heads only: distinct empty neighbours of the string.
    libs: u16,
}

const EMPTY_CELL: Cell = Cell {
    stone: 0,
    head: NONE,
    next: NONE,
    size: 0,
    libs: 0,
};

fn code(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

fn decode(stone: u8) -> Option<Color> {
    match stone {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// Stones on a board, with strings, liberties, the Article 6 ko point and a
/// Zobrist hash of the stones.
pub struct Board {
    geo: Arc<Geometry>,
    cells: Vec<Cell>,
    /// Per colour, the points holding its stones, kept with the cells: the
    /// masked Benson flood (`region.rs`) reads them instead of scanning.
    stone_masks: [Bits; 2],
    hash: u64,
    /// Article 6: the point the given player may not play on the next move.
    ko: Option<(Point, Color)>,
}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            geo: Arc::clone(&self.geo),
            cells: self.cells.clone(),
            stone_masks: self.stone_masks,
            hash: self.hash,
            ko: self.ko,
        }
    }

    /// Reuses this board's cells (the search copies boards into scratch
    /// space to look at a move's result without allocating).
    fn clone_from(&mut self, other: &Board) {
        if !Arc::ptr_eq(&self.geo, &other.geo) {
            self.geo = Arc::clone(&other.geo);
        }
        self.cells.clone_from(&other.cells);
        self.stone_masks = other.stone_masks;
        self.hash = other.hash;
        self.ko = other.ko;
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.geo.width == other.geo.width
            && self.geo.height == other.geo.height
            && self.ko == other.ko
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(a, b)| a.stone == b.stone)
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}", self.geo.width, self.geo.height)?;
        for y in 0..self.geo.height {
            let row: Vec<String> = (0..self.geo.width)
                .map(|x| match self.color(self.geo.point(x, y)) {
                    Some(c) => c.letter().to_string(),
                    None => ".".to_string(),
                })
                .collect();
            writeln!(f, "{}", row.join(" "))?;
        }
        Ok(())
    }
}

impl Board {
    /// An empty board.
    #[must_use]
    pub fn empty(geo: Arc<Geometry>) -> Board {
        let n = geo.len();
        Board {
            geo,
            cells: vec![EMPTY_CELL; n],
            stone_masks: [Bits::default(), Bits::default()],
            hash: 0,
            ko: None,
        }
    }

    /// A board holding the given stones (one entry per point, top row first).
    ///
    /// # Errors
    /// A vector of the wrong length, or a string without liberties.
    pub fn from_stones(geo: Arc<Geometry>, stones: &[Option<Color>]) -> Result<Board, BoardError> {
        if stones.len() != geo.len() {
            return Err(BoardError::SetupLength {
                got: stones.len(),
                want: geo.len(),
            });
        }
        let mut board = Board::empty(geo);
        for (p, s) in stones.iter().enumerate() {
            if let Some(c) = s {
                board.cells[p].stone = code(*c);
                board.stone_masks[c.index()].insert(p as Point);
                board.hash ^= board.geo.key(p as Point, *c);
            }
        }
        board.rebuild_strings();
        for p in board.geo.points() {
            if let Some(c) = board.color(p)
                && board.head_cell(p).libs == 0
            {
                return Err(BoardError::NoLiberty {
                    color: c,
                    point: board.geo.name(p),
                });
            }
        }
        Ok(board)
    }

    /// A board from rows of cells (`X`, `O`, `.`), top row first, cells
    /// separated by spaces: a convenience for tests and examples.
    ///
    /// # Errors
    /// Ragged or empty rows, a size outside 2..=25, an unknown cell, or a
    /// string without liberties.
    pub fn from_rows(rows: &[&str]) -> Result<Board, BoardError> {
        let width = rows.first().map_or(0, |r| r.split_whitespace().count());
        let geo = Geometry::new(width, rows.len())?;
        let stones: Vec<Option<Color>> = rows
            .iter()
            .flat_map(|r| r.split_whitespace())
            .map(|c| match c {
                "X" => Some(Color::Black),
                "O" => Some(Color::White),
                _ => None,
            })
            .collect();
        Board::from_stones(geo, &stones)
    }

    /// Recomputes strings, sizes and liberties from the stones alone.
    fn rebuild_strings(&mut self) {
        let n = self.geo.len();
        for c in &mut self.cells {
            c.head = NONE;
            c.next = NONE;
        }
        let mut stack = Vec::new();
        for start in 0..n as Point {
            if self.cells[start as usize].stone == 0 || self.cells[start as usize].head != NONE {
                continue;
            }
            let stone = self.cells[start as usize].stone;
            let mut members = Vec::new();
            stack.push(start);
            self.cells[start as usize].head = start;
            while let Some(p) = stack.pop() {
                members.push(p);
                for &q in self.geo.clone().neighbors(p) {
                    let cq = &mut self.cells[q as usize];
                    if cq.stone == stone && cq.head == NONE {
                        cq.head = start;
                        stack.push(q);
                    }
                }
            }
            for (i, &p) in members.iter().enumerate() {
                self.cells[p as usize].next = members[(i + 1) % members.len()];
            }
            self.cells[start as usize].size = members.len() as u16;
            self.cells[start as usize].libs = self.count_libs(start);
        }
    }

    /// The geometry of this board.
    #[must_use]
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geo
    }

    /// The same board with a geometry of its own: a search thread copies
    /// boards millions of times, and a shared geometry's reference count,
    /// touched at every copy, made the threads fight over one cache line.
    #[must_use]
    pub fn with_own_geometry(&self) -> Board {
        let mut b = self.clone();
        b.geo = Arc::new((*self.geo).clone());
        b
    }

    /// The colour of the stone on `p`, if any.
    #[must_use]
    pub fn color(&self, p: Point) -> Option<Color> {
        decode(self.cells[p as usize].stone)
    }

    /// The points holding `color`'s stones.
    #[must_use]
    pub fn stones_of(&self, color: Color) -> &Bits {
        &self.stone_masks[color.index()]
    }

    /// True when `p` holds no stone.
    #[must_use]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.cells[p as usize].stone == 0
    }

    /// The empty points connected to the empty point `start` through empty
    /// points, and the stones next to them (a stone once per empty point it
    /// touches). Every point of the area is marked in `seen`, which the
    /// caller shares between areas to flood each once.
    pub fn empty_area(&self, start: Point, seen: &mut [bool]) -> (Vec<Point>, Vec<Point>) {
        let geo = self.geometry();
        seen[start as usize] = true;
        let mut area = vec![start];
        let mut next_to = Vec::new();
        let mut i = 0;
        while i < area.len() {
            let p = area[i];
            i += 1;
            for &q in geo.neighbors(p) {
                if !self.is_empty_at(q) {
                    next_to.push(q);
                } else if !seen[q as usize] {
                    seen[q as usize] = true;
                    area.push(q);
                }
            }
        }
        (area, next_to)
    }

    /// The Zobrist hash of the stones (not of the ko point or side to move).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Article 6 ko: the point `color` may not play on the next move.
    #[must_use]
    pub fn simple_ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    fn head_cell(&self, p: Point) -> &Cell {
        &self.cells[self.cells[p as usize].head as usize]
    }

    /// The head of the string on `p` when `p` holds a stone of `color`
    /// (one cell read: flood fills ask it for every neighbour).
    #[must_use]
    pub fn string_of(&self, p: Point, color: Color) -> Option<Point> {
        let c = &self.cells[p as usize];
        (c.stone == code(color)).then_some(c.head)
    }

    /// The head (a canonical stone) of the string on `p`; `p` must hold a stone.
    #[must_use]
    pub fn head(&self, p: Point) -> Point {
        self.cells[p as usize].head
    }

    /// Liberties of the string on `p`; `p` must hold a stone.
    #[must_use]
    pub fn liberties(&self, p: Point) -> usize {
        self.head_cell(p).libs as usize
    }

    /// Stones in the string on `p`; `p` must hold a stone.
    #[must_use]
    pub fn string_size(&self, p: Point) -> usize {
        self.head_cell(p).size as usize
    }

    /// The stones of the string on `p`, in list order.
    pub fn string_stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        ring(&self.cells, p)
    }

    /// The liberties of the string on `p`, each once, in increasing order.
    #[must_use]
    pub fn string_liberties(&self, p: Point) -> Vec<Point> {
        self.liberty_set(p).points().collect()
    }

    /// The liberties of the string on `p` as a set of points: no
    /// allocation and no sort, for callers at nodes of the search.
    #[must_use]
    pub fn liberty_set(&self, p: Point) -> Bits {
        self.string_stones(p)
            .flat_map(|s| self.geo.neighbors(s).iter().copied())
            .filter(|&q| self.is_empty_at(q))
            .collect()
    }

    /// Counts the distinct empty neighbours of the string headed by `head`.
    /// An empty point is counted at its lowest-numbered neighbour in the string,
    /// so no scratch marks are needed.
    fn count_libs(&self, head: Point) -> u16 {
        let mut libs = 0;
        for s in self.string_stones(head) {
            for &e in self.geo.neighbors(s) {
                if self.cells[e as usize].stone != 0 {
                    continue;
                }
                let first = self
                    .geo
                    .neighbors(e)
                    .iter()
                    .copied()
                    .filter(|&q| {
                        self.cells[q as usize].stone != 0 && self.cells[q as usize].head == head
                    })
                    .min();
                if first == Some(s) {
                    libs += 1;
                }
            }
        }
        libs
    }

    /// Whether `color` may play on `p` under Articles 4 and 6.
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn check(&self, p: Point, color: Color) -> Result<(), PlayError> {
        if !self.is_empty_at(p) {
            return Err(PlayError::Occupied);
        }
        if self.ko == Some((p, color)) {
            return Err(PlayError::Ko);
        }
        if self.is_suicide(p, color) {
            return Err(PlayError::Suicide);
        }
        Ok(())
    }

    /// True when a stone of `color` on the empty point `p` would have no
    /// liberty and capture nothing.
    #[must_use]
    pub fn is_suicide(&self, p: Point, color: Color) -> bool {
        let own = code(color);
        for &q in self.geo.neighbors(p) {
            let c = &self.cells[q as usize];
            if c.stone == 0 {
                return false;
            }
            let libs = self.cells[c.head as usize].libs;
            if (c.stone == own) == (libs > 1) {
                // Own string keeps a liberty, or an opposing string is captured.
                return false;
            }
        }
        true
    }

    /// Plays `color` on `p` under Articles 4-6 and updates the ko point.
    ///
    /// # Errors
    /// An occupied point, suicide or an immediate ko recapture; the board is
    /// unchanged then.
    pub fn play(&mut self, p: Point, color: Color) -> Result<MoveOutcome, PlayError> {
        self.check(p, color)?;
        let out = self.place(p, color, &mut |_| {});
        self.ko = out.ko_capture.map(|k| (k, color.opponent()));
        Ok(out)
    }

    /// A pass: only clears the Article 6 ko point.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Places a stone known to be legal (not occupied, not suicide), removes
    /// the captured strings and reports each removed point to `removed`. The
    /// Article 6 ko point is left alone: rules layers keep their own ko state.
    pub fn place(&mut self, p: Point, color: Color, removed: &mut dyn FnMut(Point)) -> MoveOutcome {
        debug_assert!(self.is_empty_at(p) && !self.is_suicide(p, color));
        // The fields are borrowed apart: the geometry is shared between the
        // boards of all search threads, and a reference count touched at
        // every move made those threads fight over one cache line.
        let Board {
            geo,
            cells,
            stone_masks,
            hash,
            ..
        } = self;
        let mut cells = Cells {
            geo,
            cells,
            stone_masks,
            hash,
        };
        let out = cells.place(p, color, removed);
        debug_assert!(self.audit_libs());
        out
    }

    /// Every string's incremental liberty count equals a recount (a debug
    /// check of [`Board::place`]).
    fn audit_libs(&self) -> bool {
        self.geo.points().all(|p| {
            self.color(p).is_none()
                || self.head(p) != p
                || self.cells[p as usize].libs == self.count_libs(p)
        })
    }

    /// All strings as (head, colour), each once.
    #[must_use]
    pub fn strings(&self) -> Vec<(Point, Color)> {
        self.geo
            .points()
            .filter_map(|p| {
                let c = self.color(p)?;
                (self.head(p) == p).then_some((p, c))
            })
            .collect()
    }

    /// The stones as one entry per point.
    #[must_use]
    pub fn stones(&self) -> Vec<Option<Color>> {
        self.geo.points().map(|p| self.color(p)).collect()
    }

    /// Checks every incremental invariant against a naive recount: heads,
    /// sizes, liberty counts, the hash, and that every string has a liberty.
    /// Used by tests; returns a description of the first violation.
    #[must_use]
    pub fn audit(&self) -> Option<String> {
        let fresh = match Board::from_stones(Arc::clone(&self.geo), &self.stones()) {
            Ok(b) => b,
            Err(e) => return Some(e.to_string()),
        };
        if fresh.hash != self.hash {
            return Some("incremental hash differs from a recount".into());
        }
        if fresh.stone_masks != self.stone_masks {
            return Some("incremental stone masks differ from a recount".into());
        }
        for p in self.geo.points() {
            if self.color(p).is_none() {
                continue;
            }
            let mine: Vec<Point> = {
                let mut v: Vec<Point> = self.string_stones(p).collect();
                v.sort_unstable();
                v
            };
            let theirs: Vec<Point> = {
                let mut v: Vec<Point> = fresh.string_stones(p).collect();
                v.sort_unstable();
                v
            };
            if mine != theirs {
                return Some(format!("string at {} has wrong members", self.geo.name(p)));
            }
            if self.string_size(p) != mine.len() {
                return Some(format!("string at {} has wrong size", self.geo.name(p)));
            }
            let naive = self.string_liberties(p).len();
            if self.liberties(p) != naive {
                return Some(format!(
                    "string at {} counts {} liberties, recount {}",
                    self.geo.name(p),
                    self.liberties(p),
                    naive
                ));
            }
            if naive == 0 {
                return Some(format!("string at {} has no liberty", self.geo.name(p)));
            }
        }
        None
    }
}

/// The stones of the string through `p`, following the ring of `next`
/// links from `p` once round.
fn ring(cells: &[Cell], p: Point) -> impl Iterator<Item = Point> + '_ {
    let mut cur = Some(p);
    std::iter::from_fn(move || {
        let here = cur?;
        let next = cells[here as usize].next;
        cur = (next != p).then_some(next);
        Some(here)
    })
}

/// A board's cells and hash with its geometry borrowed apart, for the
/// move kernel ([`Board::place`]).
struct Cells<'a> {
    geo: &'a Geometry,
    cells: &'a mut [Cell],
    stone_masks: &'a mut [Bits; 2],
    hash: &'a mut u64,
}

impl Cells<'_> {
    fn place(&mut self, p: Point, color: Color, removed: &mut dyn FnMut(Point)) -> MoveOutcome {
        let geo = self.geo;
        let own = code(color);
        self.cells[p as usize] = Cell {
            stone: own,
            head: p,
            next: p,
            size: 1,
            libs: 0,
        };
        self.stone_masks[color.index()].insert(p);
        *self.hash ^= geo.key(p, color);
        let mut heads = [NONE; 4];
        let mut nh = 0;
        let mut empties = 0;
        for &q in geo.neighbors(p) {
            let c = self.cells[q as usize];
            if c.stone == 0 {
                empties += 1;
            } else if q != p && !heads[..nh].contains(&c.head) {
                heads[nh] = c.head;
                nh += 1;
                self.cells[c.head as usize].libs -= 1;
            }
        }
        self.cells[p as usize].libs = empties;
        let mut my_head = p;
        for &h in &heads[..nh] {
            if self.cells[h as usize].stone == own {
                my_head = self.merge(my_head, h);
            }
        }
        let mut out = MoveOutcome::default();
        let mut last_removed = NONE;
        for &h in &heads[..nh] {
            let c = self.cells[h as usize];
            if c.stone != own && c.stone != 0 && c.head == h && c.libs == 0 {
                out.captured += u32::from(c.size);
                last_removed = h;
                self.remove_string(h, &mut *removed);
            }
        }
        if out.captured == 1 {
            let me = self.cells[my_head as usize];
            if me.size == 1 && me.libs == 1 {
                out.ko_capture = Some(last_removed);
            }
        }
        out
    }

    /// Joins two strings; returns the head of the result.
    fn merge(&mut self, a: Point, b: Point) -> Point {
        let geo = self.geo;
        let (big, small) = if self.cells[a as usize].size >= self.cells[b as usize].size {
            (a, b)
        } else {
            (b, a)
        };
        // The joined string's liberties are the big string's and those of
        // the small one that do not touch the big one: only the small
        // string is walked (usually the one stone just played). Each such
        // point is counted at its lowest-numbered neighbour in the small
        // string, as in `Board::count_libs`.
        let mut extra = 0;
        for s in ring(self.cells, small) {
            for &e in geo.neighbors(s) {
                if self.cells[e as usize].stone != 0 {
                    continue;
                }
                let mut first = NONE;
                let mut touches_big = false;
                for &q in geo.neighbors(e) {
                    let c = self.cells[q as usize];
                    if c.stone == 0 {
                        continue;
                    }
                    if c.head == big {
                        touches_big = true;
                        break;
                    }
                    if c.head == small && q < first {
                        first = q;
                    }
                }
                if !touches_big && first == s {
                    extra += 1;
                }
            }
        }
        let mut cur = small;
        loop {
            self.cells[cur as usize].head = big;
            cur = self.cells[cur as usize].next;
            if cur == small {
                break;
            }
        }
        let nb = self.cells[big as usize].next;
        let ns = self.cells[small as usize].next;
        self.cells[big as usize].next = ns;
        self.cells[small as usize].next = nb;
        self.cells[big as usize].size += self.cells[small as usize].size;
        self.cells[big as usize].libs += extra;
        big
    }

    fn remove_string(&mut self, head: Point, removed: &mut dyn FnMut(Point)) {
        let geo = self.geo;
        let color = decode(self.cells[head as usize].stone).expect("a string to remove");
        let stones: SmallVec<[Point; 16]> = ring(self.cells, head).collect();
        for &s in &stones {
            self.cells[s as usize] = EMPTY_CELL;
            self.stone_masks[color.index()].remove(s);
            *self.hash ^= geo.key(s, color);
            removed(s);
        }
        for &s in &stones {
            let mut seen = [NONE; 4];
            let mut k = 0;
            for &q in geo.neighbors(s) {
                let c = self.cells[q as usize];
                if c.stone != 0 && !seen[..k].contains(&c.head) {
                    seen[k] = c.head;
                    k += 1;
                    self.cells[c.head as usize].libs += 1;
                }
            }
        }
    }
}

/// The board of `stones` with every stone that would have no liberty
/// removed, one at a time (random fillings are mostly illegal). For the
/// proptests of several modules.
#[cfg(test)]
pub(crate) fn legal_board(geo: &Arc<Geometry>, mut stones: Vec<Option<Color>>) -> Board {
    loop {
        match Board::from_stones(geo.clone(), &stones) {
            Ok(b) => return b,
            Err(BoardError::NoLiberty { point, .. }) => {
                let p = geo.parse_point(&point).expect("a point the board named");
                stones[p as usize] = None;
            }
            Err(e) => panic!("{e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_rows(rows).unwrap()
    }

    fn at(b: &Board, s: &str) -> Point {
        b.geometry().parse_point(s).unwrap()
    }

    #[test]
    fn coordinates_skip_i_and_count_rows_from_the_bottom() {
        let geo = Geometry::new(19, 19).unwrap();
        assert_eq!(geo.name(0), "A19");
        assert_eq!(geo.name(geo.point(8, 18)), "J1");
        assert_eq!(geo.parse_point("j1").unwrap(), geo.point(8, 18));
        assert!(matches!(
            geo.parse_point("I5"),
            Err(BoardError::Coordinate(_))
        ));
        assert!(matches!(
            geo.parse_point("A20"),
            Err(BoardError::OffBoard { .. })
        ));
        assert!(matches!(
            geo.parse_point("Z1"),
            Err(BoardError::OffBoard { .. })
        ));
    }

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert!(Geometry::new(1, 5).is_err());
        assert!(Geometry::new(26, 5).is_err());
        assert!(Geometry::new(25, 2).is_ok());
    }

    #[test]
    fn a_stone_in_the_corner_is_captured_with_two_moves() {
        let mut b = board(&[". . .", ". . .", ". . ."]);
        b.play(at(&b, "A3"), Color::White).unwrap();
        b.play(at(&b, "B3"), Color::Black).unwrap();
        let out = b.play(at(&b, "A2"), Color::Black).unwrap();
        assert_eq!(out.captured, 1);
        assert!(b.is_empty_at(at(&b, "A3")));
        assert_eq!(b.audit(), None);
    }

    #[test]
    fn one_move_captures_two_strings() {
        let mut d = board(&[". O X", "O X .", "X . ."]);
        let out = d.play(at(&d, "A3"), Color::Black).unwrap();
        assert_eq!(out.captured, 2, "A3 takes both white stones");
        assert_eq!(out.ko_capture, None);
        assert!(d.is_empty_at(at(&d, "B3")) && d.is_empty_at(at(&d, "A2")));
        assert_eq!(d.liberties(at(&d, "A3")), 2);
        assert_eq!(d.audit(), None);
    }

    #[test]
    fn suicide_is_illegal_but_capturing_is_not() {
        let b = board(&[". X .", "X . .", ". . ."]);
        assert_eq!(b.check(at(&b, "A3"), Color::White), Err(PlayError::Suicide));
        assert_eq!(b.check(at(&b, "A3"), Color::Black), Ok(()));
        // Filling the last liberty of one's own four stones is suicide too.
        let e = board(&[". O X", "O O X", "X X ."]);
        assert_eq!(e.check(at(&e, "A3"), Color::White), Err(PlayError::Suicide));
        let mut e2 = e.clone();
        assert_eq!(e2.play(at(&e2, "A3"), Color::Black).unwrap().captured, 3);
        assert_eq!(e2.audit(), None);
        assert_eq!(
            e.check(at(&e, "B3"), Color::Black),
            Err(PlayError::Occupied)
        );
    }

    #[test]
    fn ko_cannot_be_retaken_at_once_but_after_another_move() {
        // A ko on the top edge: black B3 captures white at C3? build classic shape.
        let mut b = board(&[". X O . .", "X O . O .", ". X O . .", ". . . . ."]);
        let out = b.play(at(&b, "C3"), Color::Black).unwrap();
        assert_eq!(out.captured, 1);
        assert_eq!(out.ko_capture, Some(at(&b, "B3")));
        assert_eq!(b.check(at(&b, "B3"), Color::White), Err(PlayError::Ko));
        b.play(at(&b, "E1"), Color::White).unwrap();
        b.play(at(&b, "E2"), Color::Black).unwrap();
        assert_eq!(b.check(at(&b, "B3"), Color::White), Ok(()));
        let out = b.play(at(&b, "B3"), Color::White).unwrap();
        assert_eq!(out.ko_capture, Some(at(&b, "C3")));
        b.pass();
        assert_eq!(b.simple_ko(), None);
        assert_eq!(b.audit(), None);
    }

    #[test]
    fn a_capture_of_one_stone_by_a_connected_stone_is_no_ko() {
        let mut b = board(&[". O X .", "O X . .", ". . . ."]);
        let out = b.play(at(&b, "A3"), Color::Black).unwrap();
        assert_eq!(
            out.ko_capture,
            Some(at(&b, "B3")),
            "a lone stone with one liberty"
        );
        let mut c = board(&[". O X .", "X X . .", ". . . ."]);
        let out = c.play(at(&c, "A3"), Color::Black).unwrap();
        assert_eq!(out.captured, 1);
        assert_eq!(out.ko_capture, None, "the capturing stone joins a string");
    }

    #[test]
    fn setup_without_liberty_is_refused() {
        let geo = Geometry::new(2, 2).unwrap();
        let s = vec![
            Some(Color::Black),
            Some(Color::White),
            Some(Color::White),
            None,
        ];
        assert!(matches!(
            Board::from_stones(geo, &s),
            Err(BoardError::NoLiberty {
                color: Color::Black,
                ..
            })
        ));
    }

    #[test]
    fn edge_and_corner_points_have_fewer_neighbours() {
        let geo = Geometry::new(5, 4).unwrap();
        assert_eq!(geo.neighbors(geo.point(0, 0)).len(), 2);
        assert_eq!(geo.neighbors(geo.point(2, 0)).len(), 3);
        assert_eq!(geo.neighbors(geo.point(2, 2)).len(), 4);
        assert_eq!(geo.neighbors(geo.point(4, 3)).len(), 2);
    }
}
