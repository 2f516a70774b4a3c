//! An `unknown` string says which of Article 7-1's two questions its search
//! left open and which bound stopped it; a decided string carries no such
//! note. Official example 15's eleven white stones at small node bounds: at
//! 300 nodes whether Black can capture them at all is open; at 3 000 the
//! capture is proved, its line is shown, and only the new-stone question is
//! open.

use kakunin::case;
use kakunin::confirm::{Bound, Limits};
use kakunin::judgement::Judgement;
use kakunin::render;
use kakunin::status::{Open, Options, Question, Status, StringVerdict};
use std::path::Path;
use std::time::Duration;

fn judge(nodes: u64) -> Judgement {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases/official/j89-15.yaml");
    let c = case::load(&path).unwrap_or_else(|e| panic!("{e}"));
    let opts = Options {
        limits: Limits {
            nodes,
            // The node bound decides; the time bound is a safety net.
            time: Duration::from_secs(120),
            deadline: None,
        },
        ..Options::default()
    };
    Judgement::of_case(&c, &opts)
}

/// The eleven white stones on E5.
fn eleven(j: &Judgement) -> &StringVerdict {
    j.verdicts
        .strings
        .iter()
        .find(|s| s.stones.first().map(String::as_str) == Some("E5"))
        .expect("the white string on E5")
}

/// Every unknown string has its open question, stopped by the node bound
/// after at least `nodes` nodes; no decided string has one.
fn assert_notes(j: &Judgement, nodes: u64) {
    for s in &j.verdicts.strings {
        match (s.status, s.open) {
            (Status::Unknown, Some(open)) => {
                assert_eq!(open.bound, Bound::Nodes, "{:?}", s.stones);
                assert!(open.nodes >= nodes, "{:?}: {open:?}", s.stones);
                // A proved capture is shown; an open one has no line.
                let claims: Vec<&str> = s.witness.iter().map(|w| w.claim.as_str()).collect();
                match open.question {
                    Question::Capture => assert!(claims.is_empty(), "{claims:?}"),
                    Question::NewStone => {
                        let capture = format!(
                            "{} captures the {} string",
                            s.color.opponent().name(),
                            s.color.name()
                        );
                        assert_eq!(claims, [capture.as_str()]);
                        assert_eq!(s.witness[0].first, s.color.opponent());
                        assert!(!s.witness[0].moves.is_empty());
                    }
                }
            }
            (Status::Unknown, None) => panic!("{:?} is unknown without a note", s.stones),
            (_, Some(open)) => panic!("{:?} is decided but has {open:?}", s.stones),
            (_, None) => {}
        }
    }
}

/// At `nodes`, the eleven white stones are unknown with `question` open,
/// and their heading says `says`.
fn assert_eleven_open(nodes: u64, question: Question, says: &str) -> StringVerdict {
    let j = judge(nodes);
    assert_notes(&j, nodes);
    let s = eleven(&j);
    assert_eq!(s.status, Status::Unknown);
    assert_eq!(s.open.map(|o: Open| o.question), Some(question));
    let text = render::string_heading(s);
    assert!(text.contains(says), "{text}");
    s.clone()
}

#[test]
fn capture_question_open_at_300_nodes() {
    assert_eleven_open(
        300,
        Question::Capture,
        "before deciding whether black, moving first, can capture it",
    );
}

#[test]
fn new_stone_question_open_at_3000_nodes() {
    let s = assert_eleven_open(
        3_000,
        Question::NewStone,
        "black can capture it, but the search hit its node bound",
    );
    let json = serde_json::to_string(&s).expect("json");
    assert!(
        json.contains(r#""open":{"question":"new-stone","bound":"nodes""#),
        "{json}"
    );
}
