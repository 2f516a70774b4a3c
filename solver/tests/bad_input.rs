//! Bad input never panics or hangs: every prefix of a real record, random
//! text and random edits of a record for the SGF reader, random edits of
//! case files (judged when they still read) and of an OGS position, random
//! lines for the GTP engine. Errors name their place.

use kakunin::confirm::Limits;
use kakunin::gtp::Engine;
use kakunin::status::{Options, judge};
use kakunin::{case, ogs, sgf};
use proptest::prelude::*;
use std::path::Path;
use std::time::Duration;

fn record() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/gnugo-kgs/GNU-tadf.sgf");
    std::fs::read_to_string(p).expect("the KGS record")
}

#[test]
fn every_truncation_of_a_record_is_a_truncation_error() {
    let text = record();
    let end = text.rfind(')').expect("a closing parenthesis");
    for (i, _) in text.char_indices().filter(|&(i, _)| i > 0 && i <= end) {
        let e = sgf::read(&text[..i], None)
            .err()
            .unwrap_or_else(|| panic!("a record cut at byte {i} was accepted"));
        assert!(
            e.message.contains("truncated") || e.message.contains("has no value"),
            "cut at byte {i}: {e}"
        );
        assert!(e.line >= 1 && e.column >= 1);
    }
    assert!(sgf::read(&text, None).is_ok());
}

/// A file of the repository or of `../shared` (paths from the crate).
fn text_of(path: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// `text` with `with` put in place of the `cut` bytes from about `at`
/// (moved back to a character boundary).
fn edit(text: &str, at: usize, cut: usize, with: &str) -> String {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut end = (at + cut).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    format!("{}{}{}", &text[..at], with, &text[end..])
}

fn engine() -> Engine {
    Engine::new(Options {
        limits: Limits {
            nodes: 200,
            time: Duration::from_secs(1),
            deadline: None,
        },
        ..Options::default()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_text_never_panics_the_sgf_reader(text in "\\PC{0,200}") {
        let _ = sgf::read(&text, None);
    }

    #[test]
    fn sgf_like_text_never_panics_the_reader(text in "[(;)\\[\\]\\\\A-Za-z:0-9 \n]{0,120}") {
        if let Err(e) = sgf::read(&text, None) {
            prop_assert!(e.line >= 1 && e.column >= 1);
        }
    }

    #[test]
    fn edited_records_never_panic_the_reader(at in 0usize..2000, with in "[a-z\\[\\];()]{1,3}") {
        let text = record();
        let mut at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let edited = format!("{}{}{}", &text[..at], with, &text[at..]);
        let _ = sgf::read(&edited, None);
    }

    /// A case file edited anywhere is read or refused with an error that
    /// names the file; what is read is judged (tiny bounds) without panic.
    #[test]
    fn edited_cases_are_read_or_refused_by_name(
        which in 0usize..3,
        at in 0usize..1200,
        cut in 0usize..4,
        with in "[-:|\\[\\]{}\"'#.XOxoAD?bwe0-9 \n\t]{0,4}",
    ) {
        let file = ["../cases/classic/mannen-ko.yaml", "../cases/rules/snapback-corner.yaml", "../cases/official/j89-09.yaml"][which];
        let edited = edit(&text_of(file), at, cut, &with);
        match case::parse(Path::new(file), &edited) {
            Err(e) => prop_assert!(e.to_string().starts_with(file), "{e}"),
            Ok(c) => {
                let opts = Options {
                    limits: Limits { nodes: 2_000, time: Duration::from_millis(200), deadline: None },
                    ..Options::default()
                };
                let v = judge(&c.board, &opts);
                prop_assert_eq!(v.strings.len(), c.board.strings().len());
            }
        }
    }

    /// An OGS position edited anywhere is read or refused with an error
    /// that names its line.
    #[test]
    fn edited_ogs_games_are_read_or_refused(
        at in 0usize..4000,
        cut in 0usize..6,
        with in "[\\[\\]{},:\"0-9a-z. \n-]{0,4}",
    ) {
        let file = "../../shared/data/ogs-score-estimator/test_games/easy/13003398.game";
        let edited = edit(&text_of(file), at, cut, &with);
        if let Err(e) = ogs::parse("13003398.game", &edited) {
            prop_assert!(e.to_string().contains("13003398.game"), "{e}");
        }
    }

    #[test]
    fn random_lines_get_one_answer_each_from_the_gtp_engine(
        lines in proptest::collection::vec("[a-z_0-9 #\t\\x01-\\x08]{0,30}", 1..20)
    ) {
        let mut e = engine();
        for l in &lines {
            if let Some(r) = e.handle(l) {
                prop_assert!(r.text.starts_with('=') || r.text.starts_with('?'), "{:?}", r.text);
                prop_assert!(r.text.ends_with("\n\n"));
                prop_assert!(!r.text[..r.text.len() - 2].contains("\n\n"));
            }
        }
    }
}
