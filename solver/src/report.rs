//! The corpus as one static HTML page: for every case its title, source and
//! provenance, kakunin's verdict and the expected one as pictures, whether
//! they agree, and the witness lines as numbered diagrams.
//!
//! The page is a single file with every picture inline as SVG: it needs no
//! network, no JavaScript and no companion files, so it can be mailed,
//! archived or opened from a CI artifact as it is.

use crate::case::Case;
use crate::diagram::{self, capital};
use crate::judgement::Judgement;
use crate::ko::PassRule;
use crate::picture::{self, escape};
use std::fmt::Write as _;

/// A case and kakunin's judgement of it.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The case.
    pub case: Case,
    /// The judgement.
    pub judgement: Judgement,
}

impl Entry {
    /// Whether kakunin's map equals the case's `expect` with nothing unknown;
    /// `None` when the case has no `expect`.
    #[must_use]
    pub fn agrees(&self) -> Option<bool> {
        self.case
            .expect
            .as_ref()
            .map(|e| self.judgement.differences(e).is_empty() && self.judgement.unknown() == 0)
    }
}

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,sans-serif;margin:2em;max-width:80em;color:#111}\
h1{font-size:1.6em}h2{border-top:2px solid #888;padding-top:.6em;margin-top:2em}\
.meta{color:#444}.pair{display:flex;flex-wrap:wrap;gap:2em}\
figure{margin:0}figure svg{display:block}figcaption{font-size:.9em;color:#333;max-width:40em}\
.agree{color:#060;font-weight:bold}.differ{color:#b00;font-weight:bold}.none{color:#555}\
.lines{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}\
table{border-collapse:collapse}td,th{padding:.2em .8em;text-align:left;border-bottom:1px solid #ccc}";

/// Words for how an entry compares with its `expect`.
fn agreement(e: &Entry) -> (&'static str, String) {
    match (&e.case.expect, e.agrees()) {
        (Some(_), Some(true)) => ("agree", "agrees with the expected verdict".into()),
        (Some(expect), _) => {
            let mut why = e.judgement.differences(expect);
            if e.judgement.unknown() > 0 {
                why.insert(
                    0,
                    format!("{} string(s) unknown (search limit)", e.judgement.unknown()),
                );
            }
            (
                "differ",
                format!("differs from the expected verdict: {}", why.join("; ")),
            )
        }
        (None, _) => (
            "none",
            "no expected overlay; the verdict is not checked".into(),
        ),
    }
}

/// The whole page. `problems` are files that could not be read, listed at the top.
#[must_use]
pub fn page(entries: &[Entry], problems: &[String], rule: PassRule) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>kakunin: the corpus</title>\n<style>{STYLE}</style>\n</head>\n<body>"
    );
    let agree = entries.iter().filter(|e| e.agrees() == Some(true)).count();
    let differ = entries.iter().filter(|e| e.agrees() == Some(false)).count();
    let _ = writeln!(
        h,
        "<h1>kakunin: life, death and seki under the Japanese Rules of Go (1989)</h1>\n<p>{} case(s): {agree} agree with their expected verdict, {differ} differ, {} have none. Pass rule: {}.</p>\n<p class=\"meta\">{}</p>",
        entries.len(),
        entries.len() - agree - differ,
        match rule {
            PassRule::OneBan => "a pass lifts one ko ban",
            PassRule::AllBans => "a pass lifts every ko ban of the passer",
        },
        escape(picture::LEGEND)
    );
    if !problems.is_empty() {
        let _ = writeln!(h, "<h2>Files that could not be read</h2>\n<ul>");
        for p in problems {
            let _ = writeln!(h, "<li class=\"differ\">{}</li>", escape(p));
        }
        let _ = writeln!(h, "</ul>");
    }
    let _ = writeln!(
        h,
        "<table>\n<tr><th>case</th><th>title</th><th>provenance</th><th>verdict</th></tr>"
    );
    for e in entries {
        let (class, _) = agreement(e);
        let word = match class {
            "agree" => "agrees",
            "differ" => "differs",
            _ => "not checked",
        };
        let _ = writeln!(
            h,
            "<tr><td><a href=\"#{id}\">{id}</a></td><td>{}</td><td>{}</td><td class=\"{class}\">{word}</td></tr>",
            escape(&e.case.title),
            escape(&e.case.provenance),
            id = escape(&e.case.id),
        );
    }
    let _ = writeln!(h, "</table>");
    for e in entries {
        section(&mut h, e, rule);
    }
    let _ = writeln!(h, "</body>\n</html>");
    h
}

fn section(h: &mut String, e: &Entry, rule: PassRule) {
    let c = &e.case;
    let j = &e.judgement;
    let labels: Vec<(String, crate::board::Point)> =
        c.marks.iter().map(|(k, &v)| (k.clone(), v)).collect();
    let _ = writeln!(
        h,
        "<section id=\"{}\">\n<h2>{}: {}</h2>",
        escape(&c.id),
        escape(&c.id),
        escape(&c.title)
    );
    let _ = writeln!(
        h,
        "<p class=\"meta\">Source: {}<br>Provenance: {}{}</p>\n<p>The source's verdict: {}</p>",
        escape(c.source.trim()),
        escape(&c.provenance),
        c.note
            .as_ref()
            .map(|n| format!("<br>Note: {}", escape(n.trim())))
            .unwrap_or_default(),
        escape(c.verdict.trim())
    );
    let (class, words) = agreement(e);
    let _ = writeln!(
        h,
        "<p class=\"{class}\">kakunin {}</p>\n<p class=\"meta\">Searched {} nodes in {} ms.</p>",
        escape(&words),
        j.verdicts.nodes,
        j.verdicts.millis
    );
    let _ = writeln!(h, "<div class=\"pair\">");
    let ours = vec![format!("kakunin: {}", j.score.result)];
    let _ = writeln!(
        h,
        "<figure>{}<figcaption>kakunin's verdict</figcaption></figure>",
        picture::verdict_svg(&j.board, &labels, &j.map.marks, &ours)
    );
    if let Some(expect) = &c.expect {
        let _ = writeln!(
            h,
            "<figure>{}<figcaption>the expected verdict (<code>expect</code>)</figcaption></figure>",
            picture::verdict_svg(&c.board, &labels, expect, &[])
        );
    }
    let _ = writeln!(h, "</div>");
    let explained = diagram::explain(j, rule);
    if explained.is_empty() {
        let _ = writeln!(h, "<p>Every string is pass-alive: nothing to confirm.</p>");
    }
    for x in &explained {
        let v = x.verdict;
        let _ = writeln!(
            h,
            "<h3>{} {} [{}]</h3>\n<p>{}</p>",
            capital(v.color),
            escape(&v.stones.join(" ")),
            v.stones.len(),
            escape(&v.sentence())
        );
        match &x.diagrams {
            Err(why) => {
                let _ = writeln!(
                    h,
                    "<p class=\"differ\">the witness line cannot be drawn: {}</p>",
                    escape(&why.to_string())
                );
            }
            Ok(ds) => {
                let _ = writeln!(h, "<div class=\"lines\">");
                for d in ds {
                    let _ = writeln!(h, "<figure>{}</figure>", picture::line_svg(d, &labels));
                }
                let _ = writeln!(h, "</div>");
            }
        }
    }
    let _ = writeln!(h, "</section>");
}
