//! Comparing kakunin with another GTP engine's dead-stone marking.
//!
//! Engine authors want to know where their engine's `final_status_list`
//! departs from the 1989 rules, and why: for each file kakunin loads the
//! position into the other engine, asks for its dead (and, when it answers,
//! seki) stones, and reports every string where the two differ, with
//! kakunin's witness line for it.
//!
//! The other engine is a child process spoken to over pipes. A reader
//! thread forwards its output line by line, so every wait has a deadline:
//! an engine that hangs or dies gives an error naming the command, never a
//! hung comparison.

use crate::board::{Board, Color, Point};
use crate::case::{self, Mark, Prisoners};
use crate::judgement::Judgement;
use crate::status::{Options, Status, StringVerdict};
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Errors of talking to the other engine.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The command line is empty or has an unclosed quote.
    #[error("engine command {0:?}: {1}")]
    CommandLine(String, &'static str),
    /// The process could not be started.
    #[error("cannot start engine {command:?}: {why}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why (in the message, not a `source`: a chained error printed it
        /// twice).
        why: std::io::Error,
    },
    /// No complete answer in time.
    #[error("engine gave no answer to '{command}' within {seconds} s")]
    Timeout {
        /// The GTP command.
        command: String,
        /// The deadline.
        seconds: f64,
    },
    /// The engine closed its output.
    #[error("engine exited while answering '{0}'")]
    Exited(String),
    /// Writing to the engine failed.
    #[error("cannot send '{command}' to the engine: {source}")]
    Send {
        /// The GTP command.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// An answer that is not GTP.
    #[error("engine answered '{command}' with {line:?}, which is not GTP")]
    Protocol {
        /// The GTP command.
        command: String,
        /// The offending line.
        line: String,
    },
}

/// Splits a command line into words, honouring '…' and "…" quotes and
/// backslash escapes, so `--engine "gnugo --mode gtp"` needs no shell.
///
/// # Errors
/// An empty command or an unclosed quote.
pub fn split_command(text: &str) -> Result<Vec<String>, EngineError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_word = true;
            }
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(EngineError::CommandLine(text.into(), "unclosed quote"));
    }
    if in_word {
        words.push(cur);
    }
    if words.is_empty() {
        return Err(EngineError::CommandLine(text.into(), "empty command"));
    }
    Ok(words)
}

/// A GTP engine running as a child process.
pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
}

impl Client {
    /// Starts `command` (split by [`split_command`]); every answer must come
    /// within `timeout`.
    ///
    /// # Errors
    /// A bad command line or a process that cannot be started.
    pub fn start(command: &str, timeout: Duration) -> Result<Client, EngineError> {
        let words = split_command(command)?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|why| EngineError::Spawn {
                command: command.into(),
                why,
            })?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Client {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            timeout,
        })
    }

    /// Sends one command and waits for its answer: `Ok(text)` for `=`,
    /// `Err(message)` for `?`.
    ///
    /// # Errors
    /// The engine cannot be written to, exits, answers late or not in GTP.
    pub fn send(&mut self, command: &str) -> Result<Result<String, String>, EngineError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| EngineError::Exited(command.into()))?;
        stdin
            .write_all(format!("{command}\n").as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|source| EngineError::Send {
                command: command.into(),
                source,
            })?;
        // A bound too long for the clock is no deadline at all.
        let deadline = Instant::now().checked_add(self.timeout);
        let mut head: Option<(bool, String)> = None;
        let mut body: Vec<String> = Vec::new();
        loop {
            let left = deadline.map_or(self.timeout, |d| {
                d.saturating_duration_since(Instant::now())
            });
            let line = match self.lines.recv_timeout(left) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        command: command.into(),
                        seconds: self.timeout.as_secs_f64(),
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Exited(command.into()));
                }
            };
            let line = line.trim_end_matches('\r').to_string();
            match &head {
                None if line.trim().is_empty() => {}
                None => {
                    let ok = match line.chars().next() {
                        Some('=') => true,
                        Some('?') => false,
                        _ => {
                            return Err(EngineError::Protocol {
                                command: command.into(),
                                line,
                            });
                        }
                    };
                    let rest = line[1..].trim_start_matches(|c: char| c.is_ascii_digit());
                    head = Some((ok, rest.trim().to_string()));
                }
                Some(_) if line.trim().is_empty() => break,
                Some(_) => body.push(line),
            }
        }
        let (ok, first) = head.expect("a response line");
        let mut text = first;
        for l in body {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&l);
        }
        Ok(if ok { Ok(text) } else { Err(text) })
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = stdin.write_all(b"quit\n");
        }
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A string's status as either side sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Alive, not in seki.
    Alive,
    /// Alive in seki.
    Seki,
    /// Dead.
    Dead,
    /// kakunin's search was bounded before deciding.
    Unknown,
    /// The other engine marked some stones of the string dead, not all.
    Split,
}

impl Verdict {
    /// A word for reports.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Alive => "alive",
            Verdict::Seki => "seki",
            Verdict::Dead => "dead",
            Verdict::Unknown => "unknown",
            Verdict::Split => "partly dead",
        }
    }
}

/// One string where the engines differ.
#[derive(Debug, Clone)]
pub struct Disagreement {
    /// kakunin's verdict with its witness.
    pub ours: StringVerdict,
    /// kakunin's status (Article 8 seki included).
    pub kakunin: Verdict,
    /// The other engine's.
    pub engine: Verdict,
}

/// The comparison of one file.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The file.
    pub file: PathBuf,
    /// Strings on the board.
    pub strings: usize,
    /// Strings kakunin left unknown (not compared).
    pub unknown: usize,
    /// Whether the engine answered `final_status_list seki`.
    pub engine_seki: bool,
    /// Live strings whose seki kakunin's provisional map leaves open (`a`:
    /// they touch a region an unknown string decides); for them only alive
    /// against dead is compared.
    pub seki_open: usize,
    /// Where they differ.
    pub disagreements: Vec<Disagreement>,
    /// Why the file could not be compared, if so.
    pub skipped: Option<String>,
    /// kakunin could not read the file (a skip that is an input error, not
    /// a position the engine cannot take).
    pub unreadable: bool,
}

/// The position to compare and how to give it to the engine.
struct Loaded {
    board: Board,
    prisoners: Prisoners,
    komi: f64,
    /// An SGF file the engine loads, and whether it is a temporary one.
    sgf: PathBuf,
    temporary: bool,
}

impl Drop for Loaded {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_file(&self.sgf);
        }
    }
}

/// Why a file is not compared.
enum NotLoaded {
    /// kakunin cannot read it: bad input.
    Unreadable(String),
    /// It is read, but a GTP engine cannot take it (a rectangular board).
    NotForGtp(String),
}

fn load(path: &Path, serial: usize) -> Result<Loaded, NotLoaded> {
    let unreadable = NotLoaded::Unreadable;
    if crate::sgf::is_sgf(path) {
        let rec = crate::sgf::load(path).map_err(|e| unreadable(e.to_string()))?;
        let sgf = std::fs::canonicalize(path)
            .map_err(|e| unreadable(format!("{}: {e}", path.display())))?;
        return Ok(Loaded {
            board: rec.board,
            prisoners: rec.prisoners,
            komi: rec.komi,
            sgf,
            temporary: false,
        });
    }
    let c = case::load_by_extension(path).map_err(|e| unreadable(e.to_string()))?;
    let geo = c.board.geometry();
    if geo.width() != geo.height() {
        return Err(NotLoaded::NotForGtp(format!(
            "a {}x{} board: GTP boards are square (boardsize takes one side)",
            geo.width(),
            geo.height()
        )));
    }
    let sgf = std::env::temp_dir().join(format!(
        "kakunin-compare-{}-{serial}.sgf",
        std::process::id()
    ));
    std::fs::write(&sgf, crate::sgf::position(&c.board, c.komi))
        .map_err(|e| unreadable(format!("{}: {e}", sgf.display())))?;
    Ok(Loaded {
        board: c.board,
        prisoners: c.prisoners,
        komi: c.komi,
        sgf,
        temporary: true,
    })
}

/// Parses a list of vertices (one string per line or all on one line).
fn vertices(board: &Board, text: &str, command: &str) -> Result<Vec<Point>, EngineError> {
    text.split_whitespace()
        .map(|v| {
            board
                .geometry()
                .parse_point(v)
                .map_err(|_| EngineError::Protocol {
                    command: command.into(),
                    line: text.into(),
                })
        })
        .collect()
}

/// Checks that the engine holds the same stones as kakunin, when it can say
/// (`list_stones`, a GNU Go extension): a misread file would make every
/// difference meaningless.
fn same_stones(client: &mut Client, board: &Board) -> Result<Option<String>, EngineError> {
    if client.send("known_command list_stones")?.as_deref() != Ok("true") {
        return Ok(None);
    }
    for c in [Color::Black, Color::White] {
        let cmd = format!("list_stones {}", c.name());
        let Ok(text) = client.send(&cmd)? else {
            return Ok(None);
        };
        let mut theirs = vertices(board, &text, &cmd)?;
        theirs.sort_unstable();
        let ours: Vec<Point> = board
            .geometry()
            .points()
            .filter(|&p| board.color(p) == Some(c))
            .collect();
        if theirs != ours {
            return Ok(Some(format!(
                "the engine's {c} stones differ from kakunin's replay ({} against {})",
                theirs.len(),
                ours.len()
            )));
        }
    }
    Ok(None)
}

/// How a position reaches the other engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Setup {
    /// `loadsgf` when the engine knows it, else `play`.
    #[default]
    Auto,
    /// `loadsgf` of the SGF file (a temporary setup file for a case).
    Sgf,
    /// `boardsize`, `clear_board`, `komi` and one `play` per stone, in an
    /// order that captures nothing (`setup_order`).
    Play,
}

/// The stones of `board` in an order in which playing them one by one on an
/// empty board is legal and captures nothing: string after string, each
/// grown from a stone next to one of its liberties. Every partial string
/// then touches a point that stays empty, so no move is a suicide and none
/// takes the last liberty of another string (and so there is no ko either).
#[must_use]
pub fn setup_order(board: &Board) -> Vec<(Color, Point)> {
    let geo = board.geometry();
    let mut out = Vec::new();
    for (head, color) in board.strings() {
        let libs = board.string_liberties(head);
        let start = board
            .string_stones(head)
            .find(|&s| geo.neighbors(s).iter().any(|q| libs.contains(q)))
            .unwrap_or(head);
        let mut seen = vec![start];
        let mut i = 0;
        while i < seen.len() {
            let p = seen[i];
            i += 1;
            out.push((color, p));
            for &q in geo.neighbors(p) {
                if board.color(q) == Some(color) && !seen.contains(&q) {
                    seen.push(q);
                }
            }
        }
    }
    out
}

/// Gives the engine the position: `Ok(Err(why))` when it refuses.
fn give(
    client: &mut Client,
    loaded: &Loaded,
    by_play: bool,
) -> Result<Result<(), String>, EngineError> {
    let refused = |cmd: &str, why: String| Ok(Err(format!("the engine refused '{cmd}': {why}")));
    if !by_play {
        let cmd = format!("loadsgf {}", loaded.sgf.display());
        return match client.send(&cmd)? {
            Ok(_) => Ok(Ok(())),
            Err(why) => refused(&cmd, why),
        };
    }
    let geo = loaded.board.geometry();
    if geo.width() != geo.height() {
        return Ok(Err(format!(
            "a {}x{} board: GTP boards are square (boardsize takes one side)",
            geo.width(),
            geo.height()
        )));
    }
    let mut cmds = vec![
        format!("boardsize {}", geo.width()),
        "clear_board".to_string(),
        format!("komi {}", loaded.komi),
    ];
    for (c, p) in setup_order(&loaded.board) {
        cmds.push(format!("play {} {}", c.name(), geo.name(p)));
    }
    for cmd in cmds {
        if let Err(why) = client.send(&cmd)? {
            return refused(&cmd, why);
        }
    }
    Ok(Ok(()))
}

/// Compares one file: kakunin's verdicts against the engine's marking.
///
/// # Errors
/// The engine fails to answer (a file the engine or kakunin cannot read is
/// a skipped report, not an error).
pub fn compare_file(
    client: &mut Client,
    path: &Path,
    serial: usize,
    setup: Setup,
    opts: &Options,
) -> Result<FileReport, EngineError> {
    let mut report = FileReport {
        file: path.to_path_buf(),
        strings: 0,
        unknown: 0,
        engine_seki: false,
        seki_open: 0,
        disagreements: Vec::new(),
        skipped: None,
        unreadable: false,
    };
    let loaded = match load(path, serial) {
        Ok(l) => l,
        Err(NotLoaded::NotForGtp(why)) => {
            report.skipped = Some(why);
            return Ok(report);
        }
        Err(NotLoaded::Unreadable(why)) => {
            report.skipped = Some(why);
            report.unreadable = true;
            return Ok(report);
        }
    };
    let by_play = match setup {
        Setup::Sgf => false,
        Setup::Play => true,
        Setup::Auto => client.send("known_command loadsgf")?.as_deref() != Ok("true"),
    };
    if let Err(why) = give(client, &loaded, by_play)? {
        report.skipped = Some(why);
        return Ok(report);
    }
    if let Some(why) = same_stones(client, &loaded.board)? {
        report.skipped = Some(why);
        return Ok(report);
    }
    let cmd = "final_status_list dead";
    let dead = match client.send(cmd)? {
        Ok(t) => vertices(&loaded.board, &t, cmd)?,
        Err(why) => {
            report.skipped = Some(format!("the engine refused '{cmd}': {why}"));
            return Ok(report);
        }
    };
    let cmd = "final_status_list seki";
    let seki = match client.send(cmd)? {
        Ok(t) => {
            report.engine_seki = true;
            vertices(&loaded.board, &t, cmd)?
        }
        Err(_) => Vec::new(),
    };
    let j = Judgement::of(
        path.display().to_string(),
        loaded.board.clone(),
        loaded.prisoners,
        loaded.komi,
        opts,
    );
    report.strings = j.verdicts.strings.len();
    for s in &j.verdicts.strings {
        let mark = j.map.marks[s.points[0] as usize];
        let ours = match (s.status, mark) {
            (Status::Unknown, _) => Verdict::Unknown,
            (Status::Dead, _) => Verdict::Dead,
            (Status::Alive, Mark::Seki) => Verdict::Seki,
            (Status::Alive, _) => Verdict::Alive,
        };
        let marked = s.points.iter().filter(|p| dead.contains(p)).count();
        let theirs = if marked == s.points.len() {
            Verdict::Dead
        } else if marked > 0 {
            Verdict::Split
        } else if s.points.iter().any(|p| seki.contains(p)) {
            Verdict::Seki
        } else {
            Verdict::Alive
        };
        // Seki is Article 8, read from the map. While some string is
        // unknown the map is provisional, and a live string beside the
        // regions it decides may end in seki or not: for such a string
        // only alive against dead is compared. Every other label holds
        // however the unknown strings are decided.
        let open = mark == Mark::AliveSekiUndecided;
        report.seki_open += usize::from(open);
        let seki_compared = report.engine_seki && !open;
        let alive = |v: Verdict| matches!(v, Verdict::Alive | Verdict::Seki);
        let same = ours == theirs || (!seki_compared && alive(ours) && alive(theirs));
        if ours == Verdict::Unknown {
            report.unknown += 1;
        } else if !same {
            report.disagreements.push(Disagreement {
                ours: s.clone(),
                kakunin: ours,
                engine: theirs,
            });
        }
    }
    Ok(report)
}

/// The text report of one file.
#[must_use]
pub fn render(report: &FileReport, engine: &str) -> String {
    let mut out = String::new();
    let file = report.file.display();
    if let Some(why) = &report.skipped {
        let _ = writeln!(out, "{file}: skipped: {why}");
        return out;
    }
    let _ = writeln!(
        out,
        "{file}: {} string(s), {} disagreement(s) with {engine}{}{}",
        report.strings,
        report.disagreements.len(),
        if report.unknown > 0 {
            format!(", {} left unknown by kakunin", report.unknown)
        } else {
            String::new()
        },
        if !report.engine_seki {
            " (the engine lists no seki; seki is not compared)".to_string()
        } else if report.seki_open > 0 {
            format!(
                " (kakunin's map is provisional: seki is not compared for {} live string(s) an unknown one may put in seki)",
                report.seki_open
            )
        } else {
            String::new()
        }
    );
    for d in &report.disagreements {
        let s = &d.ours;
        let _ = writeln!(
            out,
            "  {} {} [{}]: kakunin {}, {engine} {}",
            s.color,
            s.stones.join(" "),
            s.stones.len(),
            d.kakunin.word(),
            d.engine.word()
        );
        let _ = writeln!(out, "      kakunin: {}", s.sentence());
        for w in &s.witness {
            let _ = writeln!(out, "      {}", crate::render::witness_text(w));
        }
    }
    out
}

/// The summary line over all files.
#[must_use]
pub fn summary(reports: &[FileReport], engine: &str) -> String {
    let compared: Vec<&FileReport> = reports.iter().filter(|r| r.skipped.is_none()).collect();
    let diffs: usize = compared.iter().map(|r| r.disagreements.len()).sum();
    let files_with = compared
        .iter()
        .filter(|r| !r.disagreements.is_empty())
        .count();
    let unknown: usize = compared.iter().map(|r| r.unknown).sum();
    let strings: usize = compared.iter().map(|r| r.strings).sum();
    format!(
        "compared {} file(s) with {engine}: {strings} string(s), {diffs} disagreement(s) in {files_with} file(s), {unknown} string(s) unknown to kakunin, {} file(s) skipped",
        compared.len(),
        reports.len() - compared.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        assert_eq!(
            split_command("/usr/games/gnugo --mode gtp").unwrap(),
            ["/usr/games/gnugo", "--mode", "gtp"]
        );
        assert_eq!(
            split_command(r#"engine "a b" 'c d' e\ f"#).unwrap(),
            ["engine", "a b", "c d", "e f"]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("engine \"open").is_err());
    }

    #[test]
    fn a_missing_engine_is_an_error_not_a_panic() {
        let e = Client::start("/no/such/engine --gtp", Duration::from_secs(1));
        assert!(matches!(e, Err(EngineError::Spawn { .. })));
    }

    #[test]
    fn a_silent_engine_times_out_and_a_dead_one_is_reported() {
        // `sleep` reads nothing and says nothing.
        let mut c = Client::start("sleep 30", Duration::from_millis(300)).unwrap();
        let t = Instant::now();
        assert!(matches!(c.send("name"), Err(EngineError::Timeout { .. })));
        assert!(t.elapsed() < Duration::from_secs(5));
        // `true` exits at once.
        let mut c = Client::start("true", Duration::from_secs(5)).unwrap();
        assert!(matches!(
            c.send("name"),
            Err(EngineError::Exited(_) | EngineError::Send { .. })
        ));
        // A process that prints something that is not GTP and stays alive
        // (a bare `echo` may exit before the command is written, which is
        // the case above, not this one).
        let mut c =
            Client::start("sh -c 'echo hello; exec sleep 5'", Duration::from_secs(5)).unwrap();
        assert!(matches!(c.send("name"), Err(EngineError::Protocol { .. })));
    }

    #[test]
    fn the_setup_order_plays_legally_without_captures() {
        let mut boards: Vec<Board> = [
            &[". X O . .", "X O . O .", ". X O . .", ". . . . ."][..],
            &[
                ". X O X .",
                "X O . O X",
                "O . O . O",
                "X O . O X",
                ". X O X .",
            ][..],
        ]
        .iter()
        .map(|rows| Board::from_rows(rows).unwrap())
        .collect();
        let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
        for f in case::find(&[cases]).unwrap() {
            boards.push(case::load(&f).unwrap().board);
        }
        for b in &boards {
            let mut e = Board::empty(b.geometry().clone());
            for (c, p) in setup_order(b) {
                let out = e.play(p, c).unwrap_or_else(|err| panic!("{b:?}: {err}"));
                assert_eq!(out.captured, 0, "{b:?}");
            }
            assert_eq!(e.stones(), b.stones(), "{b:?}");
        }
    }

    #[test]
    fn a_setup_record_reads_back_to_the_same_board() {
        let b = Board::from_rows(&[". X O .", "X X O .", "O O O .", ". . . ."]).unwrap();
        let rec = crate::sgf::read(&crate::sgf::position(&b, 6.5), None).unwrap();
        assert_eq!(rec.board, b);
        assert_eq!(rec.komi, 6.5);
    }
}
