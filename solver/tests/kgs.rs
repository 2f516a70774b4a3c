//! Real games: the 18 counted KGS games under Japanese rules from GNU Go's
//! regression suite (`../shared/data/gnugo-kgs/`, GPL-3.0, read in place,
//! not copied). Each is replayed to its final position; the players' agreed
//! dead stones are the stones on the other colour's `TB`/`TW` points.
//!
//! The test prints, per game, kakunin's verdicts against the agreement and
//! kakunin's result against `RE`, and asserts that every string the bounded
//! search decides agrees with the players' marking. Strings the search
//! leaves unknown are counted, not guessed. (This test found stones in the
//! eye of a pass-alive group judged alive; `cases/regression/kgs-higher-new-stone.yaml`
//! keeps that position.) The node bound per string is
//! small so that the test stays quick on 19×19 boards; set
//! `KAKUNIN_KGS_NODES` to search deeper.
//!
//! Results are reported, not asserted: KGS counted these games with dame
//! left open, while under Article 8 a live group bordering a dame point is
//! in seki and its eye points are no territory, so on such boards the 1989
//! count and KGS's differ by rule, not by a misjudged string (and while any
//! string is unknown kakunin's count is provisional anyway).

use kakunin::confirm::Limits;
use kakunin::judgement::Judgement;
use kakunin::sgf;
use kakunin::status::{Options, Status};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn games() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/gnugo-kgs");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| sgf::is_sgf(p))
        .collect();
    out.sort();
    out
}

fn options() -> Options {
    let nodes = std::env::var("KAKUNIN_KGS_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    Options {
        limits: Limits {
            nodes,
            time: Duration::from_secs(5),
            deadline: None,
        },
        line_len: 20,
        ..Options::default()
    }
}

#[derive(Default)]
struct Tally {
    strings: usize,
    decided: usize,
    agree: usize,
    unknown_agreed_dead: usize,
}

#[test]
fn kgs_games_decided_strings_agree_with_the_players() {
    let games = games();
    assert_eq!(games.len(), 18, "the 18 KGS games of SOURCE.md");
    let opts = options();
    let mut total = Tally::default();
    let mut wrong = Vec::new();
    let started = Instant::now();
    for path in &games {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let rec = sgf::load(path).unwrap_or_else(|e| panic!("{e}"));
        assert!(rec.territory.is_some(), "{name}: TB/TW on the last node");
        assert_eq!(rec.rules.as_deref(), Some("Japanese"), "{name}");
        let agreed = rec.agreed_dead();
        let t = Instant::now();
        let j = Judgement::of(
            name.clone(),
            rec.board.clone(),
            rec.prisoners,
            rec.komi,
            &opts,
        );
        let secs = t.elapsed().as_secs_f64();
        let mut g = Tally::default();
        let (mut dead, mut mixed, mut agreed_strings) = (0, 0, 0);
        for s in &j.verdicts.strings {
            g.strings += 1;
            let marked = s.points.iter().filter(|p| agreed.contains(p)).count();
            let players_dead = marked == s.points.len();
            if marked > 0 {
                agreed_strings += 1;
            }
            if marked > 0 && !players_dead {
                mixed += 1;
            }
            match s.status {
                Status::Unknown => {
                    if players_dead {
                        g.unknown_agreed_dead += 1;
                    }
                }
                status => {
                    g.decided += 1;
                    if status == Status::Dead {
                        dead += 1;
                    }
                    if marked > 0 && !players_dead {
                        // The players' marks split the string: no verdict to
                        // hold kakunin to (counted as split above).
                        continue;
                    }
                    if (status == Status::Dead) == players_dead {
                        g.agree += 1;
                        continue;
                    }
                    wrong.push(format!(
                        "{name}: {} {} [{}] is {:?} ({}), the players marked {} of its stones dead",
                        s.color,
                        s.stones.join(" "),
                        s.stones.len(),
                        s.status,
                        s.sentence(),
                        marked
                    ));
                }
            }
        }
        let provisional = if j.unknown() > 0 {
            " (provisional)"
        } else {
            ""
        };
        println!(
            "{name}: {} moves, {} strings: {} decided ({} dead), {} unknown; players' dead: {} stones in {} strings ({} split), {} of them unknown to kakunin; result {}{provisional}, RE[{}]; {secs:.1} s",
            rec.moves,
            g.strings,
            g.decided,
            dead,
            g.strings - g.decided,
            agreed.len(),
            agreed_strings,
            mixed,
            g.unknown_agreed_dead,
            j.score.result,
            rec.result.as_deref().unwrap_or("-"),
        );
        total.strings += g.strings;
        total.decided += g.decided;
        total.agree += g.agree;
        total.unknown_agreed_dead += g.unknown_agreed_dead;
    }
    println!(
        "all: {} strings, {} decided, {} of them agreeing with the players, {} unknown ({} of those marked dead by the players); {:.1} s at {} nodes per string",
        total.strings,
        total.decided,
        total.agree,
        total.strings - total.decided,
        total.unknown_agreed_dead,
        started.elapsed().as_secs_f64(),
        opts.limits.nodes
    );
    assert!(
        wrong.is_empty(),
        "decided strings that disagree with the players' marking:\n{}",
        wrong.join("\n")
    );
}
