//! A whole judgement of a position: Article 7 verdicts, the Article 8 map
//! and the Article 10 score, and how it compares with an expected overlay.

use crate::board::Board;
use crate::case::{Case, Mark, Prisoners};
use crate::ko::KoBan;
use crate::score::{Score, score};
use crate::status::{Options, Status, Verdicts, judge};
use crate::territory::{Map, map};
use serde::Serialize;

/// Everything kakunin says about a position.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// A heading for output.
    pub title: String,
    /// The stopped position.
    pub board: Board,
    /// Per-string verdicts with witnesses.
    pub verdicts: Verdicts,
    /// Article 8 map.
    pub map: Map,
    /// Article 10 score.
    pub score: Score,
    /// What an Article 7-2 ban forbade in the search (witness lines replay
    /// under the same reading).
    pub ko_ban: KoBan,
}

impl Judgement {
    /// Judges a board.
    #[must_use]
    pub fn of(
        title: String,
        board: Board,
        prisoners: Prisoners,
        komi: f64,
        opts: &Options,
    ) -> Judgement {
        let verdicts = judge(&board, opts);
        let map = map(&board, &verdicts, opts.own_dead_stone);
        let score = score(&board, &map, prisoners, komi);
        Judgement {
            title,
            board,
            verdicts,
            map,
            score,
            ko_ban: opts.ko_ban,
        }
    }

    /// Judges a case.
    #[must_use]
    pub fn of_case(case: &Case, opts: &Options) -> Judgement {
        Judgement::of(
            format!("{}: {}", case.id, case.title),
            case.board.clone(),
            case.prisoners,
            case.komi,
            opts,
        )
    }

    /// Strings the search left undecided.
    #[must_use]
    pub fn unknown(&self) -> usize {
        self.verdicts
            .strings
            .iter()
            .filter(|s| s.status == Status::Unknown)
            .count()
    }

    /// Points where the map differs from `expect`, as "C3: expected D, got A".
    #[must_use]
    pub fn differences(&self, expect: &[Mark]) -> Vec<String> {
        let geo = self.board.geometry();
        geo.points()
            .filter(|&p| expect[p as usize] != self.map.marks[p as usize])
            .map(|p| {
                format!(
                    "{}: expected {}, got {}",
                    geo.name(p),
                    expect[p as usize].letter(),
                    self.map.marks[p as usize].letter()
                )
            })
            .collect()
    }

    /// The JSON form: strings, overlay rows, score.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        #[derive(Serialize)]
        struct Out<'a> {
            title: &'a str,
            width: usize,
            height: usize,
            strings: &'a [crate::status::StringVerdict],
            overlay: Vec<String>,
            score: &'a Score,
            nodes: u64,
            millis: u128,
        }
        let geo = self.board.geometry();
        let overlay = crate::render::overlay_rows(geo, &self.map.marks)
            .lines()
            .map(str::to_string)
            .collect();
        serde_json::to_value(Out {
            title: &self.title,
            width: geo.width(),
            height: geo.height(),
            strings: &self.verdicts.strings,
            overlay,
            score: &self.score,
            nodes: self.verdicts.nodes,
            millis: self.verdicts.millis,
        })
        .unwrap_or(serde_json::Value::Null)
    }
}
