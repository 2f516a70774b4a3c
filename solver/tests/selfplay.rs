//! Finished games: seven 9x9 games GNU Go 3.8 played against itself until
//! both passed (`tests/selfplay/`, research/session38-selfplay/). In each,
//! kakunin must decide every string, find dead exactly the stones of GNU
//! Go's `final_status_list dead`, put no string in seki (GNU Go fills every
//! dame before it passes, and lists no seki), and count GNU Go's
//! `final_score`; and find the same dead stones in every image of the
//! board (8 symmetries, colours swapped or not). GNU Go's answers were
//! recorded when the games were made, so the test needs no GNU Go.

use kakunin::case::Mark;
use kakunin::confirm::Limits;
use kakunin::judgement::Judgement;
use kakunin::sgf;
use kakunin::status::{Options, Status, judge};
use kakunin::symmetry::Transform;
use std::path::Path;
use std::time::Duration;

/// Each game, GNU Go's dead stones and its `final_score`.
const GAMES: [(&str, &[&str], &str); 7] = [
    ("g09-s100-b1-w5", &[], "W+0.5"),
    (
        "g09-s101-b2-w8",
        &["G9", "F8", "G8", "F7", "G7", "A8"],
        "W+5.5",
    ),
    ("g09-s117-b8-w6", &["B2"], "W+9.5"),
    ("g09-s119-b10-w2", &[], "W+9.5"),
    ("g09-s123-b8-w9", &[], "W+26.5"),
    ("g09-s129-b8-w9", &["C1"], "W+11.5"),
    ("g09-s130-b9-w10", &[], "W+0.5"),
];

#[test]
fn finished_self_play_games_agree_with_gnu_go() {
    let opts = Options {
        limits: Limits {
            // Each takes well under a million nodes; the time bound is a
            // safety net for slow machines.
            nodes: 2_000_000,
            time: Duration::from_secs(120),
            deadline: None,
        },
        line_len: 20,
        ..Options::default()
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/selfplay");
    for (name, dead, result) in GAMES {
        let rec = sgf::load(&dir.join(format!("{name}.sgf"))).unwrap_or_else(|e| panic!("{e}"));
        let geo = rec.board.geometry();
        let j = Judgement::of(
            name.to_string(),
            rec.board.clone(),
            rec.prisoners,
            rec.komi,
            &opts,
        );
        let mut found: Vec<String> = Vec::new();
        for s in &j.verdicts.strings {
            assert_ne!(s.status, Status::Unknown, "{name}: {:?}", s.stones);
            let mark = j.map.marks[s.points[0] as usize];
            assert_ne!(mark, Mark::Seki, "{name}: {:?}", s.stones);
            if s.status == Status::Dead {
                found.extend(s.points.iter().map(|&p| geo.name(p)));
            }
        }
        let mut want: Vec<String> = dead.iter().map(|s| (*s).to_string()).collect();
        found.sort();
        want.sort();
        assert_eq!(found, want, "{name}: dead stones");
        assert_eq!(j.score.result, result, "{name}: result");
        // The same dead stones in every image of the board.
        for t in Transform::all() {
            let image = t.board(&rec.board);
            let to = image.geometry();
            let mut found: Vec<String> = judge(&image, &opts)
                .strings
                .iter()
                .inspect(|s| assert_ne!(s.status, Status::Unknown, "{name} {t:?}: {:?}", s.stones))
                .filter(|s| s.status == Status::Dead)
                .flat_map(|s| s.points.iter().map(|&p| to.name(p)))
                .collect();
            let mut want: Vec<String> = dead
                .iter()
                .map(|s| to.name(t.point(geo, to, geo.parse_point(s).expect("a point"))))
                .collect();
            found.sort();
            want.sort();
            assert_eq!(found, want, "{name} {t:?}: dead stones");
        }
    }
}
