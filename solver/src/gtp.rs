//! A Go Text Protocol (version 2) engine, so that GTP controllers and other
//! programs can ask kakunin for dead stones and the score the way they ask
//! any engine: `final_status_list` and `final_score` are answered by the
//! Article 7 search, so an engine author can hold his engine's marking
//! against the 1989 rules.
//!
//! The engine is a plain state machine over lines ([`Engine::handle`]), so
//! it can be tested without a process; [`run`] wires it to a reader and a
//! writer. Following the specification, input is cleaned first (control
//! characters dropped, comments after `#` removed, tabs made spaces, blank
//! lines ignored), every response is `=id text` or `?id message` followed
//! by a blank line, and no input, however malformed, ends the session:
//! only `quit` or the end of input does.
//!
//! kakunin does not play: it has no `genmove`. Strings the bounded search
//! leaves undecided are in none of the `alive`, `dead` and `seki` lists
//! (`final_status_list unknown` names them), and `final_score` refuses to
//! guess while any is left. While some are left, a live string is listed
//! under `seki` only when it touches a dame that no undecided string can
//! change (the map's rule, [`crate::territory::map`]), and under `alive`
//! only when no undecided string can put it in seki. A live string that
//! touches an undecided region (`a` in the map) may end in either list, so
//! it is in neither: the kakunin status `alive_seki_open` names it. Every
//! string is in exactly one of `alive`, `seki`, `dead`, `alive_seki_open`
//! and `unknown`; an engine that compares dead stones needs only `dead`.

use crate::board::{Board, Color, Geometry};
use crate::case::{Mark, Prisoners};
use crate::judgement::Judgement;
use crate::status::{Options, Status};
use std::io::{BufRead, Write};

/// The commands kakunin knows, as `list_commands` gives them.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "undo",
    "loadsgf",
    "showboard",
    "final_status_list",
    "final_score",
    "kakunin-explain",
];

/// One response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The full response text, `=`/`?` line(s) and the closing blank line.
    pub text: String,
    /// True after `quit`: the session ends once this is written.
    pub quit: bool,
}

/// The engine's state: the position, prisoners, komi and the undo history.
pub struct Engine {
    board: Board,
    prisoners: Prisoners,
    komi: f64,
    history: Vec<(Board, Prisoners)>,
    opts: Options,
    /// The last judgement, with the position and komi it is for.
    judged: Option<(Board, Prisoners, f64, Judgement)>,
}

type Outcome = Result<String, String>;

fn empty_board(size: usize) -> Board {
    Board::empty(Geometry::new(size, size).expect("a valid size"))
}

impl Engine {
    /// A 19×19 empty board, komi 6.5 (the usual Japanese komi), searching
    /// with `opts`.
    #[must_use]
    pub fn new(opts: Options) -> Engine {
        Engine {
            board: empty_board(19),
            prisoners: Prisoners::default(),
            komi: 6.5,
            history: Vec::new(),
            opts,
            judged: None,
        }
    }

    /// The current position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Handles one input line; `None` for a line that is empty once cleaned
    /// (blank, or only a comment), which gets no response.
    pub fn handle(&mut self, line: &str) -> Option<Reply> {
        let cleaned: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|&c| c == '\t' || c == '\n' || !c.is_control())
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let mut words = cleaned.split_whitespace();
        let first = words.next()?;
        let (id, command) = if first.chars().all(|c| c.is_ascii_digit()) {
            (first.to_string(), words.next())
        } else {
            (String::new(), Some(first))
        };
        let args: Vec<&str> = words.collect();
        let mut quit = false;
        let outcome = match command {
            None => Err("syntax error: no command after the id".to_string()),
            Some(cmd) => {
                quit = cmd == "quit";
                self.command(cmd, &args)
            }
        };
        let (mark, body) = match outcome {
            Ok(t) => ('=', t),
            Err(t) => ('?', t),
        };
        let sep = if body.is_empty() || body.starts_with('\n') {
            ""
        } else {
            " "
        };
        Some(Reply {
            text: format!("{mark}{id}{sep}{body}\n\n"),
            quit,
        })
    }

    fn command(&mut self, cmd: &str, args: &[&str]) -> Outcome {
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("kakunin".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                let name = one(args)?;
                Ok(COMMANDS.contains(&name).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let n: usize = one(args)?
                    .parse()
                    .map_err(|_| "syntax error: boardsize needs an integer".to_string())?;
                let geo = Geometry::new(n, n).map_err(|_| "unacceptable size".to_string())?;
                self.reset(Board::empty(geo));
                Ok(String::new())
            }
            "clear_board" => {
                let geo = self.board.geometry().clone();
                self.reset(Board::empty(geo));
                Ok(String::new())
            }
            "komi" => {
                let k: f64 = one(args)?
                    .parse()
                    .ok()
                    .ok_or_else(|| "syntax error: komi needs a number".to_string())?;
                self.komi =
                    crate::score::check_komi(k).map_err(|why| format!("syntax error: {why}"))?;
                Ok(String::new())
            }
            "play" => self.play(args),
            "undo" => match self.history.pop() {
                Some((b, p)) => {
                    self.board = b;
                    self.prisoners = p;
                    Ok(String::new())
                }
                None => Err("cannot undo".into()),
            },
            "loadsgf" => self.loadsgf(args),
            "showboard" => Ok(self.showboard()),
            "final_status_list" => self.final_status_list(one(args)?),
            "final_score" => {
                let j = self.judgement();
                if j.unknown() > 0 {
                    Err(format!(
                        "cannot score: {} string(s) undecided within the search bounds",
                        j.unknown()
                    ))
                } else {
                    Ok(j.score.result.clone())
                }
            }
            "kakunin-explain" => self.explain(one(args)?),
            _ => Err("unknown command".into()),
        }
    }

    fn reset(&mut self, board: Board) {
        self.board = board;
        self.prisoners = Prisoners::default();
        self.history.clear();
    }

    fn play(&mut self, args: &[&str]) -> Outcome {
        let [color, vertex] = args else {
            return Err("syntax error: play needs a colour and a vertex".into());
        };
        let color = parse_color(color)?;
        let before = (self.board.clone(), self.prisoners);
        if vertex.eq_ignore_ascii_case("pass") {
            self.board.pass();
        } else {
            let p = self
                .board
                .geometry()
                .parse_point(vertex)
                .map_err(|e| match e {
                    crate::board::BoardError::OffBoard { .. } => format!("illegal move: {e}"),
                    _ => format!("syntax error: {e}"),
                })?;
            let out = self
                .board
                .play(p, color)
                .map_err(|e| format!("illegal move: {e}"))?;
            match color {
                Color::Black => self.prisoners.black += out.captured,
                Color::White => self.prisoners.white += out.captured,
            }
        }
        self.history.push(before);
        Ok(String::new())
    }

    fn loadsgf(&mut self, args: &[&str]) -> Outcome {
        let (file, stop) = match args {
            [f] => (*f, None),
            [f, n] => (
                *f,
                Some(
                    n.parse::<usize>()
                        .map_err(|_| "syntax error: move number needs an integer".to_string())?,
                ),
            ),
            _ => return Err("syntax error: loadsgf needs a file name".into()),
        };
        let text = std::fs::read(file).map_err(|e| format!("cannot load file: {file}: {e}"))?;
        let rec = crate::sgf::read(&String::from_utf8_lossy(&text), stop)
            .map_err(|e| format!("cannot load file: {file}:{e}"))?;
        self.reset(rec.board);
        self.prisoners = rec.prisoners;
        self.komi = rec.komi;
        Ok(rec.to_move.unwrap_or(Color::Black).name().to_string())
    }

    fn showboard(&self) -> String {
        let mut out = String::from("\n");
        out.push_str(&crate::render::board(&self.board, &[]));
        out.push_str(&format!(
            "prisoners: black {}, white {}; komi {}",
            self.prisoners.black, self.prisoners.white, self.komi
        ));
        out
    }

    /// The judgement of the current position, searched once per position.
    fn judgement(&mut self) -> &Judgement {
        let fresh = matches!(&self.judged, Some((b, p, k, _))
            if *b == self.board && *p == self.prisoners && *k == self.komi);
        if !fresh {
            let j = Judgement::of(
                "gtp".into(),
                self.board.clone(),
                self.prisoners,
                self.komi,
                &self.opts,
            );
            self.judged = Some((self.board.clone(), self.prisoners, self.komi, j));
        }
        &self.judged.as_ref().expect("just judged").3
    }

    fn final_status_list(&mut self, which: &str) -> Outcome {
        let want: fn(Status, Mark) -> bool = match which {
            "alive" => |s, m| s == Status::Alive && m == Mark::Alive,
            "seki" => |s, m| s == Status::Alive && m == Mark::Seki,
            "dead" => |s, _| s == Status::Dead,
            "alive_seki_open" => |s, m| s == Status::Alive && m == Mark::AliveSekiUndecided,
            "unknown" => |s, _| s == Status::Unknown,
            _ => {
                return Err(format!(
                    "syntax error: unknown status '{which}' (alive, dead, seki, alive_seki_open or unknown)"
                ));
            }
        };
        let j = self.judgement();
        let lines: Vec<String> = j
            .verdicts
            .strings
            .iter()
            .filter(|s| want(s.status, j.map.marks[s.points[0] as usize]))
            .map(|s| s.stones.join(" "))
            .collect();
        Ok(lines.join("\n"))
    }

    /// `kakunin-explain VERTEX`: the verdict on the string there and its
    /// witness lines.
    fn explain(&mut self, vertex: &str) -> Outcome {
        let p = self
            .board
            .geometry()
            .parse_point(vertex)
            .map_err(|e| format!("syntax error: {e}"))?;
        let j = self.judgement();
        let s = j
            .verdicts
            .strings
            .iter()
            .find(|s| s.points.contains(&p))
            .ok_or_else(|| format!("no stone on {}", vertex.to_ascii_uppercase()))?;
        let mut out = crate::render::string_heading(s);
        for w in &s.witness {
            out.push('\n');
            out.push_str(&crate::render::witness_text(w));
        }
        Ok(out)
    }
}

fn one<'a>(args: &[&'a str]) -> Result<&'a str, String> {
    match args {
        [a] => Ok(a),
        [] => Err("syntax error: an argument is missing".into()),
        _ => Err("syntax error: too many arguments".into()),
    }
}

fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("syntax error: '{text}' is not a colour")),
    }
}

/// Runs a session: reads commands from `input` until `quit` or its end and
/// writes the responses to `output`, flushing after each. Bytes that are not
/// UTF-8 are replaced, not fatal.
///
/// # Errors
/// Reading or writing fails.
pub fn run(
    engine: &mut Engine,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&buf);
        if let Some(reply) = engine.handle(&line) {
            output.write_all(reply.text.as_bytes())?;
            output.flush()?;
            if reply.quit {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::confirm::Limits;
    use std::time::Duration;

    fn engine() -> Engine {
        Engine::new(Options {
            limits: Limits {
                nodes: 20_000,
                time: Duration::from_secs(10),
                deadline: None,
            },
            ..Options::default()
        })
    }

    fn say(e: &mut Engine, line: &str) -> String {
        e.handle(line).map(|r| r.text).unwrap_or_default()
    }

    #[test]
    fn responses_echo_ids_and_end_with_a_blank_line() {
        let mut e = engine();
        assert_eq!(say(&mut e, "1 protocol_version"), "=1 2\n\n");
        assert_eq!(say(&mut e, "name"), "= kakunin\n\n");
        assert_eq!(say(&mut e, "7 known_command play"), "=7 true\n\n");
        assert_eq!(say(&mut e, "known_command genmove"), "= false\n\n");
        assert_eq!(say(&mut e, "12 frobnicate"), "?12 unknown command\n\n");
        assert_eq!(say(&mut e, "3 boardsize 7"), "=3\n\n");
        assert!(say(&mut e, "list_commands").contains("\nfinal_score\n"));
    }

    #[test]
    fn comments_blank_lines_and_control_characters_are_cleaned() {
        let mut e = engine();
        assert_eq!(e.handle("   "), None);
        assert_eq!(e.handle("# only a comment"), None);
        assert_eq!(say(&mut e, "\x01name\t# trailing"), "= kakunin\n\n");
        assert_eq!(
            say(&mut e, "5"),
            "?5 syntax error: no command after the id\n\n"
        );
    }

    #[test]
    fn garbage_gets_errors_and_the_session_goes_on() {
        let mut e = engine();
        let table: &[(&str, &str)] = &[
            ("boardsize 26", "? unacceptable size"),
            ("boardsize 1", "? unacceptable size"),
            ("boardsize nine", "? syntax error"),
            ("boardsize", "? syntax error: an argument is missing"),
            ("komi x", "? syntax error"),
            ("komi 1e308", "? syntax error: komi out of range"),
            ("play", "? syntax error"),
            ("play red C3", "? syntax error: 'red' is not a colour"),
            ("play b I3", "? syntax error"),
            ("play b Z99", "? illegal move"),
            ("undo", "? cannot undo"),
            ("loadsgf /no/such/file.sgf", "? cannot load file"),
            (
                "final_status_list sideways",
                "? syntax error: unknown status",
            ),
            ("kakunin-explain C3", "? no stone on C3"),
            ("\u{fffd}\u{fffd}", "? unknown command"),
        ];
        for (cmd, want) in table {
            let got = say(&mut e, cmd);
            assert!(
                got.starts_with(want),
                "{cmd}: expected {want:?}, got {got:?}"
            );
            assert!(got.ends_with("\n\n"), "{cmd}: {got:?}");
        }
        assert_eq!(say(&mut e, "name"), "= kakunin\n\n");
    }

    #[test]
    fn play_captures_count_and_undo_restores() {
        let mut e = engine();
        say(&mut e, "boardsize 5");
        for m in ["play w A5", "play b B5", "play b A4"] {
            assert_eq!(say(&mut e, m), "=\n\n", "{m}");
        }
        assert!(e.board().is_empty_at(0), "A5 was captured");
        assert!(say(&mut e, "showboard").contains("prisoners: black 1, white 0"));
        assert!(say(&mut e, "play w B5").starts_with("? illegal move: the point is occupied"));
        assert_eq!(say(&mut e, "undo"), "=\n\n");
        assert_eq!(e.board().color(0), Some(Color::White), "A5 is back");
        assert!(say(&mut e, "showboard").contains("prisoners: black 0, white 0"));
        say(&mut e, "clear_board");
        assert!(say(&mut e, "undo").starts_with("? cannot undo"));
    }

    #[test]
    fn a_settled_position_is_scored() {
        // Two walls, each side with two eyes: nothing dead.
        let mut e = engine();
        say(&mut e, "boardsize 5");
        say(&mut e, "komi 0.5");
        for (c, col) in [("b", 'B'), ("w", 'D')] {
            for r in 1..=5 {
                assert_eq!(say(&mut e, &format!("play {c} {col}{r}")), "=\n\n");
            }
        }
        // Black: column B, eyes on column A; white: column D, eyes on E.
        // Make them two-eyed: A3 black, E3 white.
        say(&mut e, "play b A3");
        say(&mut e, "play w E3");
        // With column C open both walls border dame: seki under Article 8,
        // so their eye points are no territory.
        assert_eq!(say(&mut e, "final_status_list alive"), "=\n\n");
        let seki = say(&mut e, "final_status_list seki");
        assert_eq!(seki, "= B5 B4 A3 B3 B2 B1\nD5 D4 D3 E3 D2 D1\n\n");
        assert_eq!(say(&mut e, "final_score"), "= W+0.5\n\n", "komi only");
        // Black fills the dame: black A5 A4 A2 A1, white E5 E4 E2 E1.
        for r in 1..=5 {
            say(&mut e, &format!("play b C{r}"));
        }
        assert_eq!(say(&mut e, "final_status_list dead"), "=\n\n");
        assert_eq!(say(&mut e, "final_status_list seki"), "=\n\n");
        let alive = say(&mut e, "final_status_list alive");
        assert!(alive.contains("A3") && alive.contains("E3"), "{alive}");
        assert_eq!(say(&mut e, "final_score"), "= W+0.5\n\n");
        say(&mut e, "komi 6.5");
        assert_eq!(say(&mut e, "final_score"), "= W+6.5\n\n");
    }

    /// Every string is in exactly one list. A live string that an unknown
    /// string may put in seki (`a` in the map) is in `alive_seki_open`,
    /// not in `alive`: here Black's wall is proved alive, but whether it is in
    /// seki waits on White's stone in its corner, which the bound leaves
    /// open (the board of the map's tests, `TWO_CORNERS`).
    #[test]
    fn a_live_string_whose_seki_is_open_is_listed_apart() {
        let rows = crate::territory::tests::TWO_CORNERS;
        let mut e = Engine::new(Options {
            limits: Limits {
                nodes: 10_000,
                time: Duration::from_secs(10),
                deadline: None,
            },
            ..Options::default()
        });
        say(&mut e, "boardsize 7");
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.split(' ').enumerate() {
                let colour = match cell {
                    "X" => "b",
                    "O" => "w",
                    _ => continue,
                };
                let vertex = format!("{}{}", "ABCDEFG".as_bytes()[c] as char, 7 - r);
                assert_eq!(say(&mut e, &format!("play {colour} {vertex}")), "=\n\n");
            }
        }
        let lists: Vec<String> = ["alive", "seki", "dead", "alive_seki_open", "unknown"]
            .iter()
            .map(|w| say(&mut e, &format!("final_status_list {w}")))
            .collect();
        let j = e.judgement().clone();
        for s in &j.verdicts.strings {
            let name = &s.stones[0];
            let holding: Vec<usize> = (0..lists.len())
                .filter(|&i| lists[i].split_whitespace().any(|v| v == name))
                .collect();
            assert_eq!(holding.len(), 1, "{name} in {holding:?}: {lists:?}");
            if j.map.marks[s.points[0] as usize] == Mark::AliveSekiUndecided {
                assert_eq!(holding, [3], "{name}: {lists:?}");
            }
            if s.status == Status::Unknown {
                assert_eq!(holding, [4], "{name}: {lists:?}");
            }
        }
        let wall = j.map.marks[e.board().geometry().parse_point("D4").expect("D4") as usize];
        if j.verdicts
            .status_at(e.board().geometry().parse_point("B6").expect("B6"))
            == Some(Status::Unknown)
        {
            assert_eq!(wall, Mark::AliveSekiUndecided, "{lists:?}");
        }
    }

    #[test]
    fn quit_ends_the_session() {
        let mut e = engine();
        let mut out = Vec::new();
        run(&mut e, "1 name\n2 quit\n3 name\n".as_bytes(), &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "=1 kakunin\n\n=2\n\n");
    }
}
