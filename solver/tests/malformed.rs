//! Malformed cases: each gives an error naming the file and the line or
//! point; nothing panics.

use kakunin::case;
use std::path::Path;

const GOOD_HEAD: &str = "id: t\ntitle: t\nsource: s\nprovenance: original\nverdict: v\n";

fn error_of(body: &str) -> String {
    let text = format!("{GOOD_HEAD}{body}");
    match case::parse(Path::new("cases/t.yaml"), &text) {
        Ok(_) => panic!("accepted a malformed case:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn malformed_cases_are_refused_with_file_and_line() {
    let table: &[(&str, &str, &str)] = &[
        (
            "yaml syntax",
            "board: |\n  . X\n  X .\nmarks: [unclosed\n",
            "cases/t.yaml:9:",
        ),
        (
            "ragged board",
            "board: |\n  . X .\n  X .\n",
            "cases/t.yaml:8: ragged board",
        ),
        (
            "unknown cell",
            "board: |\n  . X\n  Q .\n",
            "cases/t.yaml:8: unknown cell 'Q' in column A",
        ),
        (
            "no liberty",
            "board: |\n  X O\n  O .\n",
            "cases/t.yaml:7: impossible position: the black string at A2 has no liberty",
        ),
        (
            "overlay shape",
            "board: |\n  . X\n  X .\nexpect: |\n  . A\n",
            "expect has 1 rows",
        ),
        (
            "overlay letter on wrong point",
            "board: |\n  . X\n  X .\nexpect: |\n  A A\n  A .\n",
            "cases/t.yaml:10: expect 'A' at A2 does not fit the board",
        ),
        (
            "unknown overlay letter",
            "board: |\n  . X\n  X .\nexpect: |\n  . A\n  Z .\n",
            "unknown overlay letter 'Z' at A1",
        ),
        (
            "off-board mark",
            "board: |\n  . X\n  X .\nmarks:\n  A: C3\n",
            "cases/t.yaml:10: mark A: C3 is off the 2x2 board",
        ),
        (
            "unknown coordinate",
            "board: |\n  . X\n  X .\nproofs:\n  - claim: c\n    first: white\n    moves: [I1]\n",
            "cases/t.yaml:12: proof 1, move 1: 'I1' is not a coordinate",
        ),
        (
            "illegal proof move",
            "board: |\n  . X .\n  X . .\n  . . .\nproofs:\n  - claim: c\n    first: white\n    moves: [A3]\n",
            "cases/t.yaml:13: proof 1, move 1 (white A3): illegal: suicide",
        ),
        (
            "occupied proof move",
            "board: |\n  . X\n  . .\nproofs:\n  - claim: c\n    first: white\n    moves: [B2]\n",
            "illegal: the point is occupied",
        ),
        (
            "ko retaken without a pass",
            "board: |\n  . X O . .\n  X O . O .\n  . X O . .\n  . . . . .\nproofs:\n  - claim: c\n    first: black\n    moves: [C3, B3]\n",
            "move 2 (white B3): illegal: the ko may be retaken only after a pass",
        ),
        (
            "bad first",
            "board: |\n  . X\n  X .\nproofs:\n  - claim: c\n    first: red\n    moves: []\n",
            "first must be black or white",
        ),
        (
            "board too big",
            &format!(
                "board: |\n{}",
                "  . . . . . . . . . . . . . . . . . . . . . . . . . .\n".repeat(3)
            ),
            "outside 2..=25",
        ),
        (
            "unknown field",
            "board: |\n  . X\n  X .\ncolour: red\n",
            "cases/t.yaml:9:",
        ),
        (
            "komi not a number",
            "board: |\n  . X\n  X .\nkomi: .nan\n",
            "cases/t.yaml:9: komi NaN is not a number",
        ),
        (
            "null board",
            "board: ~\n",
            "cases/t.yaml:6: YAML: column 8: a value is missing (null)",
        ),
        (
            "duplicate key",
            "board: |\n  . X\n  X .\nboard: |\n  . X\n  X .\n",
            "cases/t.yaml:9: YAML: column 1: the key `board` appears twice",
        ),
        (
            "komi out of range",
            "board: |\n  . X\n  X .\nkomi: 1e308\n",
            "cases/t.yaml:9: komi out of range",
        ),
        (
            "empty mark label",
            "board: |\n  . X\n  X .\nmarks:\n  \"\": A1\n",
            "cases/t.yaml:10: a mark needs a label",
        ),
    ];
    for (what, body, want) in table {
        let got = error_of(body);
        assert!(
            got.contains(want),
            "{what}: expected an error containing {want:?}, got {got:?}"
        );
    }
}

#[test]
fn provenance_is_one_of_three_words() {
    let text =
        "id: t\ntitle: t\nsource: s\nprovenance: invented\nverdict: v\nboard: |\n  . X\n  X .\n";
    let e = case::parse(Path::new("cases/t.yaml"), text).unwrap_err();
    assert!(
        e.to_string()
            .contains("cases/t.yaml:4: provenance must be transcribed, reconstructed, original, not 'invented'"),
        "{e}"
    );
}

/// `judge --format yaml` writes a case that reads back with the same
/// marks, whatever their labels.
#[test]
fn mark_labels_survive_the_yaml_round_trip() {
    let labels = ["A", "#", "]", "*x", "1", "null", "a b", "-x", "x-1"];
    let marks: String = labels
        .iter()
        .zip(["A1", "B1", "A2", "B2", "A1", "B1", "A2", "B2", "A1"])
        .map(|(l, p)| format!("  {}: {p}\n", serde_json::to_string(l).unwrap()))
        .collect();
    let text = format!("{GOOD_HEAD}board: |\n  . X\n  X .\nmarks:\n{marks}");
    let c = case::parse(Path::new("cases/t.yaml"), &text).expect("a case");
    let yaml = kakunin::render::case_yaml(&c, &[case::Mark::Unknown; 4]);
    let back =
        case::parse(Path::new("cases/t.yaml"), &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    assert_eq!(back.marks, c.marks, "{yaml}");
    assert_eq!(back.marks.len(), labels.len());
}

#[test]
fn a_retake_after_a_pass_for_that_ko_is_accepted() {
    let text = format!(
        "{GOOD_HEAD}board: |\n  . X O . .\n  X O . O .\n  . X O . .\n  . . . . .\nproofs:\n  - claim: c\n    first: black\n    moves: [C3, pass, E1, B3]\n"
    );
    case::parse(Path::new("cases/t.yaml"), &text).expect("a legal retake");
}

#[test]
fn the_id_must_match_the_file_name() {
    let text = format!("{GOOD_HEAD}board: |\n  . X\n  X .\n");
    let e = case::parse(Path::new("cases/other.yaml"), &text).unwrap_err();
    assert!(
        e.to_string().contains("cases/other.yaml:1: id 't' differs"),
        "{e}"
    );
}
