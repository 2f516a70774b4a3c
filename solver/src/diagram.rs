//! Numbered move diagrams of witness lines, drawn the way the official
//! commentary draws them ("Black 1, White 2 takes four, Black 3 takes the
//! ko, White must pass, Black 5 captures"): the position before the line,
//! each move's number on its point, and a list below for what a board cannot
//! show (a move on a point played before, passes, captures).
//!
//! This module is pure data: [`crate::render`] prints diagrams as text and
//! [`crate::picture`] draws them. The lines come from the search as GTP names;
//! replaying them with [`Replay`] (the same rules as the search and the case
//! validation) recovers what each move captured and which passes lift a ban.

use crate::board::{Board, Color, Point};
use crate::judgement::Judgement;
use crate::ko::{KoBan, PassRule};
use crate::position::{Position, Replay, Replayed};
use crate::status::{Reason, StringVerdict, Witness};
use std::fmt;

/// What stood on a move's point before it, when the board cannot show the
/// move's number there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Over {
    /// An earlier move of the line, by its number (since captured).
    Move(usize),
    /// A stone of the starting position, since captured.
    Stone,
}

/// One move of a diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramMove {
    /// 1-based number within the line.
    pub number: usize,
    /// Who plays it.
    pub color: Color,
    /// The point, or `None` for a pass.
    pub at: Option<Point>,
    /// Stones it captured.
    pub captured: u32,
    /// It captured one stone in a ko shape (Article 7-2).
    pub ko: bool,
    /// For a pass: the passer held a ko ban, which this pass lifts.
    pub lifts_ban: bool,
    /// For a stone whose number cannot stand on the board: what was there.
    pub over: Option<Over>,
}

/// How a witness line ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// It reaches its goal (a capture, or the end of the defence).
    Goal,
    /// The position repeats: play can go on forever without the capture.
    Repeats,
    /// The position repeats after a round that gained the capturer
    /// prisoners: by Article 1 the defender cannot live by it.
    Gains,
    /// A static rule ends the game (pass-alive stones, the opponent's
    /// unconditional territory, a fight sealed by uncapturable stones, a
    /// target safe by miai): which one, in words, when the line says.
    Settled(Option<String>),
    /// No line at all: the claim is a static proof (the miai rule).
    Static,
    /// Cut at the longest line shown.
    Cut,
}

impl End {
    fn of(w: &Witness) -> End {
        match w.end.as_str() {
            "goal" => End::Goal,
            "repeats" => End::Repeats,
            "gains" => End::Gains,
            "settled" => End::Settled(w.settled_text()),
            "static" => End::Static,
            _ => End::Cut,
        }
    }
}

/// A witness line as a numbered diagram.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The line's number in the whole explanation (1-based), as `render --line` takes it.
    pub line: usize,
    /// What the line shows (the witness claim).
    pub claim: String,
    /// Who moves first.
    pub first: Color,
    /// The stones before the line: the stopped position, or the end of the
    /// previous line of the same string.
    pub board: Board,
    /// The moves.
    pub moves: Vec<DiagramMove>,
    /// How it ends.
    pub end: End,
}

impl Diagram {
    /// The numbers that stand on the board: each move on a point empty in
    /// [`Diagram::board`] and not played on before in the line.
    #[must_use]
    pub fn numbers(&self) -> Vec<(Point, usize, Color)> {
        self.moves
            .iter()
            .filter(|m| m.over.is_none())
            .filter_map(|m| m.at.map(|p| (p, m.number, m.color)))
            .collect()
    }

    /// The notes below the diagram, in move order: moves whose number is not
    /// on the board, passes, ko captures and captures.
    #[must_use]
    pub fn notes(&self) -> Vec<String> {
        let geo = self.board.geometry();
        let mut out = Vec::new();
        for m in &self.moves {
            let n = m.number;
            let Some(p) = m.at else {
                out.push(if m.lifts_ban {
                    format!("{n}: {} passes (lifts the ko ban)", capital(m.color))
                } else {
                    format!("{n}: {} passes", capital(m.color))
                });
                continue;
            };
            let stones = |k: u32| {
                if k == 1 {
                    "1 stone".to_string()
                } else {
                    format!("{k} stones")
                }
            };
            let note = match (m.over, m.ko, m.captured) {
                (Some(Over::Move(k)), true, _) => format!("{n} retakes the ko at {k}"),
                (Some(Over::Move(k)), false, 0) => format!("{n} at {k}"),
                (Some(Over::Move(k)), false, c) => format!("{n} at {k} captures {}", stones(c)),
                (Some(Over::Stone), true, _) => format!("{n} at {} takes the ko", geo.name(p)),
                (Some(Over::Stone), false, 0) => format!("{n} at {}", geo.name(p)),
                (Some(Over::Stone), false, c) => {
                    format!("{n} at {} captures {}", geo.name(p), stones(c))
                }
                (None, true, _) => format!("{n} takes the ko"),
                (None, false, 0) => continue,
                (None, false, c) => format!("{n} captures {}", stones(c)),
            };
            out.push(note);
        }
        match &self.end {
            End::Goal => {}
            End::Repeats => out.push("then the position repeats: play goes on forever".into()),
            End::Gains => out.push(
                "then the position repeats, and every round gains the capturer prisoners: \
                 by the aim of the game (Article 1) the defence cannot stand on that cycle"
                    .into(),
            ),
            End::Settled(Some(why)) => {
                out.push(format!("then the rest is settled without play: {why}"));
            }
            End::Settled(None) => out.push(
                "then the rest is settled without play (pass-alive stones, unconditional territory \
                 or a string safe by miai)"
                    .into(),
            ),
            End::Static => {}
            End::Cut => {
                out.push("(the line stops here; the verdict stands without the rest)".into())
            }
        }
        out
    }
}

/// A witness line that does not replay: a bug in the search or the
/// conversion, reported instead of drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError(pub String);

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DiagramError {}

/// The diagrams of one string's witness lines, numbered from `first_line`.
/// Each line after the first continues from where the previous one ended
/// (the new-stone game starts after the capture).
///
/// # Errors
/// A move that is no point of the board or is illegal there.
pub fn diagrams(
    board: &Board,
    verdict: &StringVerdict,
    rule: PassRule,
    ko_ban: KoBan,
    first_line: usize,
) -> Result<Vec<Diagram>, DiagramError> {
    let geo = board.geometry();
    let mut out = Vec::new();
    let mut replay: Option<Replay> = None;
    for (i, w) in verdict.witness.iter().enumerate() {
        let mut r = match replay.take() {
            Some(r) if r.position().to_move == w.first => r,
            Some(r) => {
                // A line whose first mover differs from the side to move at
                // the end of the previous one starts from its stones afresh.
                Replay::new(
                    Position::new(r.position().board.clone(), w.first).with_ko_ban(ko_ban),
                    rule,
                )
            }
            None => Replay::new(
                Position::new(board.clone(), w.first).with_ko_ban(ko_ban),
                rule,
            ),
        };
        let start = r.position().board.clone();
        let mut numbered: Vec<Option<usize>> = vec![None; geo.len()];
        let mut moves = Vec::new();
        for (k, text) in w.moves.iter().enumerate() {
            let number = k + 1;
            let color = r.position().to_move;
            let at = if text == "pass" {
                None
            } else {
                Some(geo.parse_point(text).map_err(|e| {
                    DiagramError(format!(
                        "line {}: move {number} '{text}': {e}",
                        first_line + i
                    ))
                })?)
            };
            let step = r.step(at, &mut |_| {}).map_err(|e| {
                DiagramError(format!(
                    "line {}: move {number} ({color} {text}) is illegal: {e}",
                    first_line + i
                ))
            })?;
            let m = match (step, at) {
                (Replayed::Play(outcome), Some(p)) => {
                    let over = match numbered[p as usize] {
                        Some(n) => Some(Over::Move(n)),
                        None if start.color(p).is_some() => Some(Over::Stone),
                        None => None,
                    };
                    if over.is_none() {
                        numbered[p as usize] = Some(number);
                    }
                    DiagramMove {
                        number,
                        color,
                        at: Some(p),
                        captured: outcome.captured,
                        ko: outcome.ko_capture.is_some(),
                        lifts_ban: false,
                        over,
                    }
                }
                (step, _) => DiagramMove {
                    number,
                    color,
                    at: None,
                    captured: 0,
                    ko: false,
                    lifts_ban: matches!(step, Replayed::Pass { held_ban: true }),
                    over: None,
                },
            };
            moves.push(m);
        }
        out.push(Diagram {
            line: first_line + i,
            claim: w.claim.clone(),
            first: w.first,
            board: start,
            moves,
            end: End::of(w),
        });
        replay = Some(r);
    }
    Ok(out)
}

/// One disputed string and its diagrams.
#[derive(Clone, Debug)]
pub struct Explained<'a> {
    /// The verdict.
    pub verdict: &'a StringVerdict,
    /// Its witness lines as diagrams, or why they could not be drawn.
    pub diagrams: Result<Vec<Diagram>, DiagramError>,
}

/// Whether a string needs explaining: every string the search had to decide
/// (pass-alive strings are alive whatever happens).
#[must_use]
pub fn disputed(v: &StringVerdict) -> bool {
    v.reason != Reason::PassAlive
}

/// Every disputed string of a judgement with its diagrams, lines numbered
/// 1, 2, ... through the whole judgement in board order.
#[must_use]
pub fn explain(j: &Judgement, rule: PassRule) -> Vec<Explained<'_>> {
    let mut next = 1;
    j.verdicts
        .strings
        .iter()
        .filter(|v| disputed(v))
        .map(|v| {
            let first = next;
            next += v.witness.len();
            Explained {
                verdict: v,
                diagrams: diagrams(&j.board, v, rule, j.ko_ban, first),
            }
        })
        .collect()
}

/// `text` with its first letter in upper case (witness claims start in
/// lower case, to be used inside sentences).
#[must_use]
pub fn sentence_case(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// "Black" or "White", to start a sentence.
#[must_use]
pub fn capital(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::status::{Status, Witness};

    /// A ko: Black C2 takes White's B2.
    fn ko_board() -> Board {
        Board::from_rows(&[". X O .", "X O . O", ". X O ."]).expect("board")
    }

    fn verdict(board: &Board, lines: &[(Color, &[&str])]) -> StringVerdict {
        let p = board.geometry().parse_point("B2").expect("B2");
        StringVerdict {
            color: Color::White,
            stones: vec!["B2".into()],
            points: vec![p],
            status: Status::Dead,
            reason: Reason::Captured,
            witness: lines
                .iter()
                .map(|(first, moves)| Witness {
                    claim: "a claim".into(),
                    first: *first,
                    moves: moves.iter().map(|m| (*m).to_string()).collect(),
                    end: "goal".into(),
                    settled_by: None,
                    unopposed: None,
                })
                .collect(),
            open: None,
        }
    }

    #[test]
    fn ko_line_lists_takes_passes_and_retakes() {
        let board = ko_board();
        let v = verdict(
            &board,
            &[(
                Color::Black,
                &["C2", "pass", "A3", "B2", "pass", "D3", "C2"],
            )],
        );
        let ds = diagrams(&board, &v, PassRule::OneBan, KoBan::Point, 1).expect("replays");
        assert_eq!(ds.len(), 1);
        let d = &ds[0];
        let geo = board.geometry();
        let pt = |n: &str| geo.parse_point(n).expect("point");
        assert_eq!(
            d.numbers(),
            vec![
                (pt("C2"), 1, Color::Black),
                (pt("A3"), 3, Color::Black),
                (pt("D3"), 6, Color::White)
            ]
        );
        assert_eq!(
            d.notes(),
            vec![
                "1 takes the ko",
                "2: White passes (lifts the ko ban)",
                "4 at B2 takes the ko",
                "5: Black passes (lifts the ko ban)",
                "7 retakes the ko at 1",
            ]
        );
    }

    #[test]
    fn second_line_continues_from_the_first() {
        let board = ko_board();
        let v = verdict(
            &board,
            &[(Color::Black, &["C2"]), (Color::White, &["pass"])],
        );
        let ds = diagrams(&board, &v, PassRule::OneBan, KoBan::Point, 4).expect("replays");
        assert_eq!((ds[0].line, ds[1].line), (4, 5));
        let b2 = board.geometry().parse_point("B2").expect("B2");
        assert_eq!(ds[0].board.color(b2), Some(Color::White));
        assert_eq!(ds[1].board.color(b2), None, "the capture of line 4 stands");
        assert_eq!(ds[1].notes(), vec!["1: White passes (lifts the ko ban)"]);
    }

    #[test]
    fn an_illegal_line_is_an_error_not_a_panic() {
        let board = ko_board();
        let banned = verdict(&board, &[(Color::Black, &["C2", "B2"])]);
        let e = diagrams(&board, &banned, PassRule::OneBan, KoBan::Point, 1)
            .expect_err("banned retake");
        assert!(e.0.contains("move 2 (white B2) is illegal"), "{e}");
        let off = verdict(&board, &[(Color::Black, &["Z9"])]);
        let e =
            diagrams(&board, &off, PassRule::OneBan, KoBan::Point, 1).expect_err("off the board");
        assert!(e.0.contains("'Z9'"), "{e}");
    }
}
