//! The case corpus: reading, validating and writing case files.
//!
//! A case file (see `CASE-FORMAT.md` in the shared reference) is parsed into
//! [`RawCase`], an unvalidated setup that remembers where each value stood in
//! the file, and checked once into a [`Case`]: a legal board, marks on the
//! board, an `expect` overlay consistent with the stones, and proof lines
//! that replay under the Article 7-2 ko rule. Every error names the file and
//! the line, and the point where there is one.

use crate::board::{Board, Color, Geometry, Point};
use crate::ko::PassRule;
use crate::position::{MoveError, Position, replay};
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// A case error, with the file and where in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseError {
    /// The file.
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<u64>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "{}:{}: {}", self.file.display(), l, self.message),
            None => write!(f, "{}: {}", self.file.display(), self.message),
        }
    }
}

impl std::error::Error for CaseError {}

/// Prisoners taken during the game.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Prisoners {
    /// Stones Black captured.
    #[serde(default)]
    pub black: u32,
    /// Stones White captured.
    #[serde(default)]
    pub white: u32,
}

/// A proof line as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawProof {
    /// What the line shows.
    pub claim: String,
    /// Who moves first.
    pub first: Spanned<String>,
    /// Moves in GTP coordinates, or `pass`.
    pub moves: Vec<Spanned<String>>,
}

/// A case as written in the file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCase {
    /// Unique id; equals the file name without `.yaml`.
    pub id: Spanned<String>,
    /// Title.
    pub title: String,
    /// Where position and verdict come from.
    pub source: String,
    /// transcribed, reconstructed or original.
    pub provenance: Spanned<String>,
    /// Caveats.
    #[serde(default)]
    pub note: Option<String>,
    /// The whole board, top row first.
    pub board: Spanned<String>,
    /// Labelled points.
    #[serde(default)]
    pub marks: Option<BTreeMap<String, Spanned<String>>>,
    /// Prisoners taken in the game.
    #[serde(default)]
    pub prisoners: Option<Prisoners>,
    /// Komi.
    #[serde(default)]
    pub komi: Option<Spanned<f64>>,
    /// The source's verdict in words.
    pub verdict: String,
    /// Expected status overlay.
    #[serde(default)]
    pub expect: Option<Spanned<String>>,
    /// Stones whose official verdict in `expect` the literal model is known
    /// to contradict (the note says why): the tests assert that the search,
    /// where it decides them, gives the opposite status; `check` still
    /// counts them as failures against the official verdict.
    #[serde(default)]
    pub disputed: Option<Vec<Spanned<String>>>,
    /// Illustrative lines.
    #[serde(default)]
    pub proofs: Option<Vec<RawProof>>,
}

/// A proof line, checked.
#[derive(Debug, Clone)]
pub struct Proof {
    /// What the line shows.
    pub claim: String,
    /// Who moves first.
    pub first: Color,
    /// The moves; `None` is a pass.
    pub moves: Vec<Option<Point>>,
}

/// One cell of a status overlay (legend of the case format).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// `A`: a stone alive, not in seki.
    Alive,
    /// `S`: a stone alive in seki.
    Seki,
    /// `a`: a stone alive whose seki is undecided: it touches an empty
    /// point whose mark depends on a string the search left undecided, so
    /// it is `A` or `S` by how that string is decided (never in `expect`).
    AliveSekiUndecided,
    /// `D`: a dead stone.
    Dead,
    /// `?`: a stone the bounded search left undecided (never in `expect`).
    Unknown,
    /// `-`: an empty point whose Article 8 mark depends on a string the
    /// search left undecided (never in `expect`).
    Undecided,
    /// `b`: Black territory.
    BlackTerritory,
    /// `w`: White territory.
    WhiteTerritory,
    /// `e`: an eye point that is not territory.
    Eye,
    /// `.`: dame.
    Dame,
}

impl Mark {
    /// The overlay letter.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Mark::Alive => 'A',
            Mark::Seki => 'S',
            Mark::AliveSekiUndecided => 'a',
            Mark::Dead => 'D',
            Mark::Unknown => '?',
            Mark::Undecided => '-',
            Mark::BlackTerritory => 'b',
            Mark::WhiteTerritory => 'w',
            Mark::Eye => 'e',
            Mark::Dame => '.',
        }
    }

    fn parse(c: &str) -> Option<Mark> {
        Some(match c {
            "A" => Mark::Alive,
            "S" => Mark::Seki,
            "D" => Mark::Dead,
            "b" => Mark::BlackTerritory,
            "w" => Mark::WhiteTerritory,
            "e" => Mark::Eye,
            "." => Mark::Dame,
            _ => return None,
        })
    }

    /// True for the letters that stand on stones.
    #[must_use]
    pub fn on_stone(self) -> bool {
        matches!(
            self,
            Mark::Alive | Mark::Seki | Mark::AliveSekiUndecided | Mark::Dead | Mark::Unknown
        )
    }
}

/// A validated case.
#[derive(Debug, Clone)]
pub struct Case {
    /// The file it came from.
    pub file: PathBuf,
    /// Unique id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Source.
    pub source: String,
    /// Provenance.
    pub provenance: String,
    /// Note.
    pub note: Option<String>,
    /// The stopped position.
    pub board: Board,
    /// Labelled points.
    pub marks: BTreeMap<String, Point>,
    /// Game prisoners.
    pub prisoners: Prisoners,
    /// Komi.
    pub komi: f64,
    /// The verdict in words.
    pub verdict: String,
    /// Expected overlay, one mark per point.
    pub expect: Option<Vec<Mark>>,
    /// Stones of strings whose official verdict the literal model
    /// contradicts ([`RawCase::disputed`]).
    pub disputed: Vec<Point>,
    /// Proof lines.
    pub proofs: Vec<Proof>,
}

impl Case {
    /// A position read from a game file (an SGF record, an OGS position)
    /// as a case: named after the file (`fallback` when it has no name),
    /// `transcribed`, judged by kakunin, with no marks, `expect` or proofs.
    /// The caller sets the title, source, note, prisoners and komi.
    #[must_use]
    pub fn transcribed(path: &Path, fallback: &str, board: Board) -> Case {
        let id = path.file_stem().map_or_else(
            || fallback.to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        Case {
            file: path.with_extension("yaml"),
            title: id.clone(),
            id,
            source: String::new(),
            provenance: "transcribed".to_string(),
            note: None,
            board,
            marks: BTreeMap::new(),
            prisoners: Prisoners::default(),
            komi: 0.0,
            verdict: "judged by kakunin".to_string(),
            expect: None,
            disputed: Vec::new(),
            proofs: Vec::new(),
        }
    }
}

/// The values of `provenance` (CASE-FORMAT.md).
const PROVENANCES: [&str; 3] = ["transcribed", "reconstructed", "original"];

fn err(file: &Path, line: Option<u64>, message: impl Into<String>) -> CaseError {
    CaseError {
        file: file.to_path_buf(),
        line,
        message: crate::input::printable(&message.into()),
    }
}

/// The rows of a block scalar, with the file line of each. `Spanned` points at
/// the first line of the block's content.
fn grid_rows(text: &Spanned<String>) -> Vec<(u64, Vec<&str>)> {
    let first = text.referenced.line();
    text.value
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (first + i as u64, l.split_whitespace().collect()))
        .collect()
}

/// Reads a case, or an SGF record's final position or an OGS end position
/// as a case without `expect` (by extension), so that every command takes
/// the same files; an SGF file is not read as YAML.
///
/// # Errors
/// The file cannot be read or is malformed in its format.
pub fn load_by_extension(path: &Path) -> Result<Case, Box<dyn std::error::Error + Send + Sync>> {
    Ok(if crate::sgf::is_sgf(path) {
        crate::sgf::load(path)?.to_case(path)
    } else if crate::ogs::is_game(path) {
        crate::ogs::load(path)?.to_case(path)
    } else {
        load(path)?
    })
}

/// Reads and validates a case file.
///
/// # Errors
/// Unreadable file, YAML errors, or any validation failure.
pub fn load(path: &Path) -> Result<Case, CaseError> {
    let text = crate::input::read_text(path)
        .map_err(|e| err(path, e.line.map(|l| l as u64), e.message))?;
    parse(path, &text)
}

/// Parses and validates case text read from `path`.
///
/// # Errors
/// YAML errors or any validation failure, naming the line.
pub fn parse(path: &Path, text: &str) -> Result<Case, CaseError> {
    let raw: RawCase = serde_saphyr::from_str(text).map_err(|e| {
        let line = e.location().map(|l| l.line());
        let msg = e.to_string();
        let first = msg.lines().next().unwrap_or("invalid YAML");
        err(path, line, format!("YAML: {}", yaml_message(first)))
    })?;
    validate(path, raw)
}

/// The YAML reader's message in a case author's words: without the
/// `error: line N column M:` prefix when the line is already named (the
/// column is kept), and without advice meant for the programmer who calls
/// the reader ("use Option<String>", "set DuplicateKeyPolicy").
fn yaml_message(msg: &str) -> String {
    let msg = msg.strip_prefix("error: ").unwrap_or(msg);
    let (place, rest) = match msg.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
        Some((at, rest)) => (at.split_once("column ").map(|(_, c)| c), rest),
        None => (None, msg),
    };
    let rest = if rest.starts_with("cannot deserialize null") {
        "a value is missing (null)".to_string()
    } else if let Some(key) = rest.strip_prefix("duplicate mapping key: ") {
        let key = key.split(", set DuplicateKeyPolicy").next().unwrap_or(key);
        format!("the key `{key}` appears twice")
    } else if rest.starts_with("budget breached") {
        "the document is too large to read (aliases or nesting expand past the reader's budget)"
            .to_string()
    } else {
        rest.to_string()
    };
    match place {
        Some(column) => format!("column {column}: {rest}"),
        None => rest,
    }
}

/// Validates a parsed case.
///
/// # Errors
/// The first problem found, naming its line and point.
pub fn validate(path: &Path, raw: RawCase) -> Result<Case, CaseError> {
    if let Some(stem) = path.file_stem().and_then(|s| s.to_str())
        && stem != raw.id.value
    {
        return Err(err(
            path,
            Some(raw.id.referenced.line()),
            format!("id '{}' differs from the file name '{stem}'", raw.id.value),
        ));
    }
    let rows = grid_rows(&raw.board);
    let board_line = raw.board.referenced.line();
    let height = rows.len();
    let width = rows.first().map_or(0, |r| r.1.len());
    for (line, cells) in &rows {
        if cells.len() != width {
            return Err(err(
                path,
                Some(*line),
                format!(
                    "ragged board: this row has {} cells, the first row {width}",
                    cells.len()
                ),
            ));
        }
    }
    let geo =
        Geometry::new(width, height).map_err(|e| err(path, Some(board_line), e.to_string()))?;
    let mut stones = Vec::with_capacity(width * height);
    for (line, cells) in &rows {
        for (x, c) in cells.iter().enumerate() {
            stones.push(match *c {
                "X" => Some(Color::Black),
                "O" => Some(Color::White),
                "." => None,
                other => {
                    return Err(err(
                        path,
                        Some(*line),
                        format!(
                            "unknown cell '{other}' in column {} (expected X, O or .)",
                            Geometry::column_letter(x)
                        ),
                    ));
                }
            });
        }
    }
    let board = Board::from_stones(geo.clone(), &stones).map_err(|e| {
        let line = match &e {
            crate::board::BoardError::NoLiberty { point, .. } => geo
                .parse_point(point)
                .ok()
                .map(|p| board_line + geo.xy(p).1 as u64),
            _ => Some(board_line),
        };
        err(path, line, format!("impossible position: {e}"))
    })?;
    if !PROVENANCES.contains(&raw.provenance.value.as_str()) {
        return Err(err(
            path,
            Some(raw.provenance.referenced.line()),
            format!(
                "provenance must be {}, not '{}'",
                PROVENANCES.join(", "),
                raw.provenance.value
            ),
        ));
    }
    let mut marks = BTreeMap::new();
    for (name, at) in raw.marks.unwrap_or_default() {
        if name.trim().is_empty() {
            return Err(err(
                path,
                Some(at.referenced.line()),
                "a mark needs a label",
            ));
        }
        let p = geo.parse_point(&at.value).map_err(|e| {
            err(
                path,
                Some(at.referenced.line()),
                format!("mark {name}: {e}"),
            )
        })?;
        marks.insert(name, p);
    }
    let expect = match &raw.expect {
        None => None,
        Some(overlay) => Some(check_overlay(path, overlay, &board)?),
    };
    let mut disputed = Vec::new();
    for at in raw.disputed.unwrap_or_default() {
        let line = Some(at.referenced.line());
        let p = geo
            .parse_point(&at.value)
            .map_err(|e| err(path, line, format!("disputed: {e}")))?;
        let settled = expect
            .as_ref()
            .is_some_and(|e| matches!(e[p as usize], Mark::Alive | Mark::Seki | Mark::Dead));
        if board.color(p).is_none() || !settled {
            return Err(err(
                path,
                line,
                format!(
                    "disputed: {} is no stone with a status in `expect`",
                    at.value
                ),
            ));
        }
        disputed.push(p);
    }
    let komi = match raw.komi {
        None => 0.0,
        Some(k) => crate::score::check_komi(k.value)
            .map_err(|why| err(path, Some(k.referenced.line()), why))?,
    };
    let mut proofs = Vec::new();
    for (i, rp) in raw.proofs.unwrap_or_default().into_iter().enumerate() {
        proofs.push(check_proof(path, i + 1, rp, &board)?);
    }
    Ok(Case {
        file: path.to_path_buf(),
        id: raw.id.value,
        title: raw.title,
        source: raw.source,
        provenance: raw.provenance.value,
        note: raw.note,
        board,
        marks,
        prisoners: raw.prisoners.unwrap_or_default(),
        komi,
        verdict: raw.verdict,
        expect,
        disputed,
        proofs,
    })
}

fn check_overlay(
    path: &Path,
    overlay: &Spanned<String>,
    board: &Board,
) -> Result<Vec<Mark>, CaseError> {
    let geo = board.geometry();
    let rows = grid_rows(overlay);
    if rows.len() != geo.height() {
        return Err(err(
            path,
            Some(overlay.referenced.line()),
            format!("expect has {} rows, the board {}", rows.len(), geo.height()),
        ));
    }
    let mut marks = Vec::with_capacity(geo.len());
    for (y, (line, cells)) in rows.iter().enumerate() {
        if cells.len() != geo.width() {
            return Err(err(
                path,
                Some(*line),
                format!(
                    "expect row has {} cells, the board {}",
                    cells.len(),
                    geo.width()
                ),
            ));
        }
        for (x, c) in cells.iter().enumerate() {
            let p = geo.point(x, y);
            let m = Mark::parse(c).ok_or_else(|| {
                err(
                    path,
                    Some(*line),
                    format!("unknown overlay letter '{c}' at {}", geo.name(p)),
                )
            })?;
            let stone = board.color(p).is_some();
            if m.on_stone() != stone {
                return Err(err(
                    path,
                    Some(*line),
                    format!(
                        "expect '{c}' at {} does not fit the board ({})",
                        geo.name(p),
                        if stone {
                            "a stone needs A, S or D"
                        } else {
                            "an empty point needs b, w, e or ."
                        }
                    ),
                ));
            }
            marks.push(m);
        }
    }
    Ok(marks)
}

fn check_proof(path: &Path, index: usize, rp: RawProof, board: &Board) -> Result<Proof, CaseError> {
    let geo = board.geometry();
    let first = match rp.first.value.as_str() {
        "black" => Color::Black,
        "white" => Color::White,
        other => {
            return Err(err(
                path,
                Some(rp.first.referenced.line()),
                format!("proof {index}: first must be black or white, not '{other}'"),
            ));
        }
    };
    let mut moves = Vec::new();
    for (k, m) in rp.moves.iter().enumerate() {
        if m.value.eq_ignore_ascii_case("pass") {
            moves.push(None);
        } else {
            let p = geo.parse_point(&m.value).map_err(|e| {
                err(
                    path,
                    Some(m.referenced.line()),
                    format!("proof {index}, move {}: {e}", k + 1),
                )
            })?;
            moves.push(Some(p));
        }
    }
    let start = Position::new(board.clone(), first);
    if let Err((k, why)) = replay(&start, &moves, PassRule::OneBan) {
        let color = if k % 2 == 0 { first } else { first.opponent() };
        let what = match why {
            MoveError::Banned => why.to_string(),
            MoveError::Board(e) => e.to_string(),
        };
        return Err(err(
            path,
            Some(rp.moves[k].referenced.line()),
            format!(
                "proof {index}, move {} ({color} {}): illegal: {what}",
                k + 1,
                rp.moves[k].value
            ),
        ));
    }
    Ok(Proof {
        claim: rp.claim,
        first,
        moves,
    })
}

/// Every `.yaml` case file under the paths, sorted; a file path stands for itself.
///
/// # Errors
/// A path that does not exist or cannot be read.
pub fn find(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            while let Some(dir) = stack.pop() {
                for entry in std::fs::read_dir(&dir)? {
                    let path = entry?.path();
                    if path.is_dir() {
                        stack.push(path);
                    } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                        out.push(path);
                    }
                }
            }
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{}: no such file or directory", p.display()),
            ));
        }
    }
    out.sort();
    Ok(out)
}
