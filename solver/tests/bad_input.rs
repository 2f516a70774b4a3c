//! Bad input never panics or hangs: every prefix of a real record, random
//! text and random edits of a record for the SGF reader, random lines for
//! the GTP engine. Errors name their place.

use kakunin::confirm::Limits;
use kakunin::gtp::Engine;
use kakunin::sgf;
use kakunin::status::Options;
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
