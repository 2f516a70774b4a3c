//! Text output: boards with GTP coordinates, overlays, judgements, and the
//! case format with `expect` filled in.

use crate::board::{Board, Geometry, Point};
use crate::case::{Case, Mark};
use crate::diagram::{Diagram, Explained, capital, sentence_case};
use crate::judgement::Judgement;
use crate::status::{StringVerdict, Witness};
use std::fmt::Write as _;

/// A grid with GTP coordinates; `cell` gives the character of each point.
#[must_use]
pub fn grid(geo: &Geometry, cell: &dyn Fn(Point) -> char) -> String {
    let mut out = String::new();
    let columns: String = (0..geo.width())
        .map(|x| format!(" {}", Geometry::column_letter(x)))
        .collect();
    let _ = writeln!(out, "   {columns}");
    for y in 0..geo.height() {
        let row = geo.height() - y;
        let cells: String = (0..geo.width())
            .map(|x| format!(" {}", cell(geo.point(x, y))))
            .collect();
        let _ = writeln!(out, "{row:>3}{cells}  {row}");
    }
    let _ = writeln!(out, "   {columns}");
    out
}

/// The stones, with labelled empty points shown by the first letter of their label.
#[must_use]
pub fn board(board: &Board, marks: &[(String, Point)]) -> String {
    grid(board.geometry(), &|p| match board.color(p) {
        Some(c) => c.letter(),
        None => marks
            .iter()
            .find(|(_, q)| *q == p)
            .and_then(|(name, _)| name.chars().next())
            .map_or('.', |c| c.to_ascii_lowercase()),
    })
}

/// An overlay grid.
#[must_use]
pub fn overlay(geo: &Geometry, marks: &[Mark]) -> String {
    grid(geo, &|p| marks[p as usize].letter())
}

/// Overlay rows in the case format (no coordinates).
#[must_use]
pub fn overlay_rows(geo: &Geometry, marks: &[Mark]) -> String {
    let mut out = String::new();
    for y in 0..geo.height() {
        let row: Vec<String> = (0..geo.width())
            .map(|x| marks[geo.point(x, y) as usize].letter().to_string())
            .collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
    out
}

/// Board rows in the case format.
#[must_use]
pub fn board_rows(board: &Board) -> String {
    let geo = board.geometry();
    let mut out = String::new();
    for y in 0..geo.height() {
        let row: Vec<String> = (0..geo.width())
            .map(|x| match board.color(geo.point(x, y)) {
                Some(c) => c.letter().to_string(),
                None => ".".to_string(),
            })
            .collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
    out
}

/// `kakunin show`: the board, its marks and the expected overlay.
#[must_use]
pub fn show(case: &Case) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", case.id, case.title);
    let _ = writeln!(out, "provenance: {}", case.provenance);
    let marks: Vec<(String, Point)> = case.marks.iter().map(|(k, &v)| (k.clone(), v)).collect();
    out.push_str(&board(&case.board, &marks));
    if !marks.is_empty() {
        let list: Vec<String> = marks
            .iter()
            .map(|(k, p)| format!("{k} = {}", case.board.geometry().name(*p)))
            .collect();
        let _ = writeln!(out, "marks: {}", list.join(", "));
    }
    let _ = writeln!(out, "verdict: {}", case.verdict.trim());
    match &case.expect {
        Some(e) => {
            let _ = writeln!(
                out,
                "expected (A alive, S seki, D dead, b/w territory, e eye, . dame):"
            );
            out.push_str(&overlay(case.board.geometry(), e));
        }
        None => {
            let _ = writeln!(out, "no expected overlay");
        }
    }
    out
}

/// A string's heading: colour, stones, their count and why its status holds.
#[must_use]
pub fn string_heading(s: &StringVerdict) -> String {
    format!(
        "{} {} [{}]: {}",
        s.color,
        s.stones.join(" "),
        s.stones.len(),
        s.sentence()
    )
}

/// A witness line on one line of text: its claim, who moves first, the
/// moves and how the line ends.
#[must_use]
pub fn witness_text(w: &Witness) -> String {
    if w.end == "static" {
        // A static proof (miai): the claim is the whole argument.
        return w.claim.clone();
    }
    format!(
        "{}: {} first: {}{}",
        w.claim,
        w.first,
        if w.moves.is_empty() {
            "(no move)".to_string()
        } else {
            w.moves.join(" ")
        },
        line_end(w)
    )
}

/// How a witness line's end is shown after its moves: nothing for a line
/// that reaches its goal, else why it stops.
#[must_use]
pub fn line_end(w: &Witness) -> String {
    match (w.end.as_str(), w.settled_text()) {
        ("goal" | "static", _) => String::new(),
        ("repeats", _) => " (the position repeats)".to_string(),
        ("gains", _) => {
            " (the position repeats, each round gaining prisoners: Article 1)".to_string()
        }
        ("settled", Some(why)) => format!(" (settled: {why})"),
        ("settled", None) => " (settled by a static rule)".to_string(),
        _ => " (line cut)".to_string(),
    }
}

/// `kakunin judge` text output.
#[must_use]
pub fn judgement(j: &Judgement) -> String {
    let mut out = String::new();
    let geo = j.board.geometry();
    let _ = writeln!(out, "{}", j.title);
    // The undecided marks only show beside an unknown string, so the
    // legend names them only then.
    let mut undecided = String::new();
    if j.map.marks.contains(&Mark::AliveSekiUndecided) {
        undecided.push_str(", a alive (seki undecided)");
    }
    if j.map.marks.contains(&Mark::Undecided) {
        undecided.push_str(", - undecided");
    }
    let _ = writeln!(
        out,
        "kakunin's verdict (A alive, S seki, D dead, ? unknown, b/w territory, e eye, . dame{undecided}):"
    );
    out.push_str(&overlay(geo, &j.map.marks));
    let _ = writeln!(out, "strings:");
    for s in &j.verdicts.strings {
        let _ = writeln!(out, "  {}", string_heading(s));
        for w in &s.witness {
            let _ = writeln!(out, "      {}", witness_text(w));
        }
    }
    let sc = &j.score;
    let _ = writeln!(
        out,
        "black: territory {} + removed {} (x2) + prisoners {} = {}",
        sc.black.territory, sc.black.removed, sc.black.prisoners, sc.black.total
    );
    let _ = writeln!(
        out,
        "white: territory {} + removed {} (x2) + prisoners {} + komi {} = {}",
        sc.white.territory, sc.white.removed, sc.white.prisoners, sc.komi, sc.white.total
    );
    if sc.dead_left > 0 {
        let _ = writeln!(
            out,
            "dead stones left on the board (in no territory): {}",
            sc.dead_left
        );
    }
    let _ = writeln!(out, "result: {}", sc.result);
    if j.unknown() > 0 {
        let _ = writeln!(
            out,
            "note: {} string(s) unknown (search limit); the map and score are provisional",
            j.unknown()
        );
    }
    out
}

fn folded(out: &mut String, key: &str, text: &str) {
    let words: Vec<&str> = text.split_whitespace().collect();
    let _ = writeln!(out, "{key}: >-");
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 78 {
            let _ = writeln!(out, "  {line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    let _ = writeln!(out, "  {line}");
}

fn block(out: &mut String, key: &str, rows: &str) {
    let _ = writeln!(out, "{key}: |");
    for r in rows.lines() {
        let _ = writeln!(out, "  {r}");
    }
}

/// The case with `expect` set to the solver's overlay (`judge --format yaml`).
///
/// An `expect` holds decided verdicts only (CASE-FORMAT.md has no letter
/// for `unknown`). When the bounded search left stones undecided, the
/// overlay is written as a comment instead, with `?` on those stones, so
/// that the output still loads as a case and the user sees what is missing.
#[must_use]
pub fn case_yaml(case: &Case, marks: &[Mark]) -> String {
    let mut out = String::new();
    let geo = case.board.geometry();
    let _ = writeln!(out, "id: {}", case.id);
    let _ = writeln!(
        out,
        "title: {}",
        serde_json::to_string(&case.title).unwrap_or_default()
    );
    folded(&mut out, "source", &case.source);
    let _ = writeln!(out, "provenance: {}", case.provenance);
    if let Some(n) = &case.note {
        folded(&mut out, "note", n);
    }
    block(&mut out, "board", &board_rows(&case.board));
    if !case.marks.is_empty() {
        let _ = writeln!(out, "marks:");
        for (k, p) in &case.marks {
            let _ = writeln!(out, "  {}: {}", yaml_key(k), geo.name(*p));
        }
    }
    if case.prisoners.black > 0 || case.prisoners.white > 0 {
        let _ = writeln!(
            out,
            "prisoners: {{black: {}, white: {}}}",
            case.prisoners.black, case.prisoners.white
        );
    }
    if case.komi != 0.0 {
        let _ = writeln!(out, "komi: {}", case.komi);
    }
    folded(&mut out, "verdict", &case.verdict);
    let unknown = marks.iter().filter(|&&m| m == Mark::Unknown).count();
    if unknown == 0 {
        block(&mut out, "expect", &overlay_rows(geo, marks));
    } else {
        let _ = writeln!(
            out,
            "# expect left out: {unknown} stones are unknown at these search bounds (`?`);"
        );
        let _ = writeln!(
            out,
            "# rerun with a larger --max-nodes. The overlay so far:"
        );
        for r in overlay_rows(geo, marks).lines() {
            let _ = writeln!(out, "#   {r}");
        }
    }
    if !case.disputed.is_empty() {
        let points: Vec<String> = case.disputed.iter().map(|&p| geo.name(p)).collect();
        let _ = writeln!(out, "disputed: [{}]", points.join(", "));
    }
    if !case.proofs.is_empty() {
        let _ = writeln!(out, "proofs:");
        for p in &case.proofs {
            let mut claim = String::new();
            folded(&mut claim, "claim", &p.claim);
            let mut lines = claim.lines();
            if let Some(first) = lines.next() {
                let _ = writeln!(out, "  - {first}");
            }
            for l in lines {
                let _ = writeln!(out, "    {l}");
            }
            let _ = writeln!(out, "    first: {}", p.first);
            let moves: Vec<String> = p
                .moves
                .iter()
                .map(|m| m.map_or("pass".to_string(), |q| geo.name(q)))
                .collect();
            let _ = writeln!(out, "    moves: [{}]", moves.join(", "));
        }
    }
    out
}

/// A mark's label as a YAML key: plain when it is a letter followed by
/// letters, digits, `_` and `-` and no YAML word (`true`, `null`, ...),
/// else double-quoted (JSON's quoting is YAML's), so that a label such as
/// `#`, `]`, `*x` or `1` reads back as the same string and not as a
/// comment, a syntax error, an alias or a number.
fn yaml_key(label: &str) -> String {
    const WORDS: [&str; 9] = ["true", "false", "null", "yes", "no", "on", "off", "y", "n"];
    let plain = label.starts_with(|c: char| c.is_ascii_alphabetic())
        && label
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && !WORDS.contains(&label.to_ascii_lowercase().as_str());
    if plain {
        label.to_string()
    } else {
        serde_json::to_string(label).unwrap_or_default()
    }
}

/// A numbered move diagram as text: three-character cells, so that move
/// numbers up to 99 fit, then the notes the board cannot show.
#[must_use]
pub fn diagram(d: &Diagram) -> String {
    let geo = d.board.geometry();
    let numbers = d.numbers();
    let mut out = String::new();
    let (odd, even) = (d.first, d.first.opponent());
    let _ = writeln!(
        out,
        "Line {}: {}. {} plays the odd numbers, {} the even.",
        d.line,
        sentence_case(&d.claim),
        capital(odd),
        capital(even)
    );
    let columns: String = (0..geo.width())
        .map(|x| format!("  {}", Geometry::column_letter(x)))
        .collect();
    let _ = writeln!(out, "   {columns}");
    for y in 0..geo.height() {
        let row = geo.height() - y;
        let cells: String = (0..geo.width())
            .map(|x| {
                let p = geo.point(x, y);
                match numbers.iter().find(|(q, _, _)| *q == p) {
                    Some((_, n, _)) => format!("{n:>3}"),
                    None => format!("  {}", d.board.color(p).map_or('.', |c| c.letter())),
                }
            })
            .collect();
        let _ = writeln!(out, "{row:>3}{cells}   {row}");
    }
    let _ = writeln!(out, "   {columns}");
    if d.moves.is_empty() {
        let _ = writeln!(out, "   (no move: the position already shows it)");
    }
    for n in d.notes() {
        let _ = writeln!(out, "   {n}");
    }
    out
}

/// `kakunin explain`: each disputed string, the sentence of its verdict and
/// its witness lines as diagrams.
#[must_use]
pub fn explanation(title: &str, explained: &[Explained<'_>]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{title}");
    if explained.is_empty() {
        let _ = writeln!(
            out,
            "no disputed string: every string is pass-alive (alive whatever the opponent plays)"
        );
    }
    for e in explained {
        let v = e.verdict;
        let _ = writeln!(
            out,
            "\n{} {} [{}]: {}",
            capital(v.color),
            v.stones.join(" "),
            v.stones.len(),
            v.sentence()
        );
        match &e.diagrams {
            Err(why) => {
                let _ = writeln!(out, "  (the witness line cannot be drawn: {why})");
            }
            Ok(ds) => {
                for d in ds {
                    out.push('\n');
                    out.push_str(&diagram(d));
                }
            }
        }
    }
    out
}
