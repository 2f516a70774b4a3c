//! Every shortcut of the search agrees with the plain search: on every
//! corpus case, and on real OGS end positions, the verdicts with local
//! proofs on cut-out boards equal those of the whole-component search, and
//! the verdicts with the miai rule (`kakunin::miai`) those without it,
//! the verdicts with the df-pn search those of the depth-first passes
//! alone, and the verdicts with the rule for areas too small for two eyes
//! (`kakunin::cramped`) those without it, the verdicts with walls that live
//! by answering in their small areas (`kakunin::secure`) those without
//! them, and the verdicts that skip the
//! nested questions of a new-stone game where one move of the capturer
//! holds the fight those that ask them, and the verdicts that end a
//! new-stone game where the fight is sealed by uncapturable opposing
//! strings those that play on, wherever both decide. Strings decided before the searches (groups proved
//! by miai share strings) get one verdict each.

use kakunin::board::{Board, Point};
use kakunin::case;
use kakunin::confirm::Limits;
use kakunin::status::{Options, Status, Verdicts, judge};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn options(nodes: u64) -> Options {
    Options {
        limits: Limits {
            nodes,
            time: Duration::from_secs(30),
            deadline: None,
        },
        line_len: 4,
        own_dead_stone: kakunin::territory::OwnDeadStone::Region,
        ..Options::default()
    }
}

/// A shortcut switched off in [`options`].
#[derive(Clone, Copy)]
enum Shortcut {
    Local,
    Miai,
    ProofNumber,
    Cramped,
    Secure,
    Settling,
    Sealed,
}

impl Shortcut {
    fn off(self) -> Options {
        let opts = options(20_000);
        match self {
            Shortcut::Local => Options {
                local: false,
                ..opts
            },
            Shortcut::Miai => Options {
                miai: false,
                ..opts
            },
            Shortcut::ProofNumber => Options {
                proof_number: false,
                ..opts
            },
            Shortcut::Cramped => Options {
                cramped: false,
                ..opts
            },
            Shortcut::Secure => Options {
                secure: false,
                ..opts
            },
            Shortcut::Settling => Options {
                settling: false,
                ..opts
            },
            Shortcut::Sealed => Options {
                sealed: false,
                ..opts
            },
        }
    }

    fn name(self) -> &'static str {
        match self {
            Shortcut::Local => "local proofs",
            Shortcut::Miai => "the miai rule",
            Shortcut::ProofNumber => "the df-pn search",
            Shortcut::Cramped => "the rule for areas too small for two eyes",
            Shortcut::Secure => "walls that live by answering in their small areas",
            Shortcut::Settling => "skipping nested questions where one move holds the fight",
            Shortcut::Sealed => "a fight sealed by uncapturable opposing strings",
        }
    }
}

/// Exactly one verdict per string of the board.
fn one_verdict_each(name: &str, board: &Board, v: &Verdicts) {
    let mut firsts: Vec<Point> = v.strings.iter().map(|s| s.points[0]).collect();
    firsts.sort_unstable();
    let n = firsts.len();
    firsts.dedup();
    assert_eq!(firsts.len(), n, "{name}: a string has two verdicts");
    assert_eq!(n, board.strings().len(), "{name}: a string has no verdict");
}

/// Strings decided both with and without `shortcut`, after checking that
/// they agree.
fn agree(shortcut: Shortcut, name: &str, board: &Board) -> usize {
    let with = judge(board, &options(20_000));
    let without = judge(board, &shortcut.off());
    if matches!(shortcut, Shortcut::Miai) {
        one_verdict_each(name, board, &with);
    }
    let what = shortcut.name();
    let mut both = 0;
    for s in &with.strings {
        let Some(other) = without.status_at(s.points[0]) else {
            panic!("{name}: string {:?} missing without {what}", s.stones);
        };
        if s.status != Status::Unknown && other != Status::Unknown {
            assert_eq!(
                s.status, other,
                "{name}: {:?} is {:?} with {what} ({:?}) and {other:?} without",
                s.stones, s.status, s.reason
            );
            both += 1;
        }
    }
    both
}

/// Every corpus case, compared; returns the strings decided both ways.
fn on_the_corpus(shortcut: Shortcut) -> usize {
    let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cases"));
    let mut compared = 0;
    for path in case::find(&[root]).expect("the corpus") {
        let c = case::load(&path).unwrap_or_else(|e| panic!("{e}"));
        compared += agree(shortcut, &c.id, &c.board);
    }
    compared
}

/// The pattern positions, and the 9x9 endings whose groups live on big
/// territories (cut out alone, `local::lone_clusters`), compared.
fn on_small_real_positions(shortcut: Shortcut) {
    for folder in ["patterns", "no_removals"] {
        let root = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/ogs-score-estimator/test_games"
        ))
        .join(folder);
        let Ok(dir) = std::fs::read_dir(&root) else {
            eprintln!("skipped: {} is not there", root.display());
            continue;
        };
        let mut files: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for f in files {
            let g = kakunin::ogs::load(&f).unwrap_or_else(|e| panic!("{e}"));
            agree(shortcut, &f.display().to_string(), &g.board);
        }
    }
}

#[test]
fn local_proofs_agree_with_the_whole_search_on_the_corpus() {
    let compared = on_the_corpus(Shortcut::Local);
    assert!(compared > 50, "only {compared} strings decided both ways");
}

#[test]
fn local_proofs_agree_with_the_whole_search_on_small_real_positions() {
    on_small_real_positions(Shortcut::Local);
}

#[test]
fn the_miai_rule_agrees_with_the_search_on_the_corpus_and_small_real_positions() {
    let compared = on_the_corpus(Shortcut::Miai);
    assert!(compared > 50, "only {compared} strings decided both ways");
    on_small_real_positions(Shortcut::Miai);
}

#[test]
fn the_proof_number_search_agrees_with_the_depth_first_search() {
    let compared = on_the_corpus(Shortcut::ProofNumber);
    assert!(compared > 50, "only {compared} strings decided both ways");
    on_small_real_positions(Shortcut::ProofNumber);
}

#[test]
fn the_rule_for_cramped_areas_agrees_with_the_search() {
    let compared = on_the_corpus(Shortcut::Cramped);
    assert!(compared > 50, "only {compared} strings decided both ways");
    on_small_real_positions(Shortcut::Cramped);
}

#[test]
fn the_rule_for_walls_answering_in_small_areas_agrees_with_the_search() {
    let compared = on_the_corpus(Shortcut::Secure);
    assert!(compared > 50, "only {compared} strings decided both ways");
    on_small_real_positions(Shortcut::Secure);
}

#[test]
fn skipping_nested_questions_where_one_move_holds_the_fight_agrees_with_the_search() {
    let compared = on_the_corpus(Shortcut::Settling);
    assert!(compared > 50, "only {compared} strings decided both ways");
    on_small_real_positions(Shortcut::Settling);
}

#[test]
fn ending_a_new_stone_game_where_the_fight_is_sealed_agrees_with_the_search() {
    let compared = on_the_corpus(Shortcut::Sealed);
    assert!(compared > 50, "only {compared} strings decided both ways");
    on_small_real_positions(Shortcut::Sealed);
}

#[test]
fn every_string_of_the_real_positions_gets_one_verdict() {
    // Groups proved by miai share strings; each string is decided once.
    let data = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data"));
    let sets: Vec<PathBuf> = [
        data.join("ogs-score-estimator/test_games"),
        data.join("gnugo-kgs"),
    ]
    .into_iter()
    .filter(|p| p.exists())
    .collect();
    let (positions, _) = kakunin::bench::positions(&sets);
    for p in positions {
        let v = judge(&p.board, &options(200));
        one_verdict_each(&p.name, &p.board, &v);
    }
}

/// The positions right after Black's capture of example 17's ten corner
/// stones (on the board `research/j89-17-block-corner.yaml`, the corpus
/// board until session 22), White to move: the standard
/// capture leaves black A2 B1 C1 in the emptied corner, another line
/// leaves A1 B1 C1. In both, the new-stone game (can White play a stone in
/// the fight that Black cannot capture?) is lost for White, with and
/// without skipping the nested questions where one black move holds the
/// fight; and skipping them saves work, which is what the rule is for.
#[test]
fn after_example_17s_capture_one_move_holds_the_fight_and_saves_the_questions() {
    use kakunin::board::Color;
    use kakunin::confirm::{Engine, Game, Kind, Node, Val};
    use kakunin::ko::PassRule;
    use kakunin::position::Position;
    use std::rc::Rc;

    let top = [
        "X . X X . X",
        "X X X X X X",
        "O O O O O O",
        "O . O O . O",
        "X X X X X X",
        ". . . . . X",
    ];
    let corners = [
        ["X . . . . X", ". X X . . X"],
        [". . . . . X", "X X X . . X"],
    ];
    for corner in corners {
        let rows: Vec<&str> = top.iter().chain(corner.iter()).copied().collect();
        let board = Board::from_rows(&rows).expect("a board");
        let geo = board.geometry().clone();
        let points = |names: &str| -> Rc<[Point]> {
            let mut v: Vec<Point> = names
                .split_whitespace()
                .map(|n| geo.parse_point(n).expect("a point"))
                .collect();
            v.sort_unstable();
            v.into()
        };
        // The ten white stones, and the fight: their points, the black
        // strings that touched them at the stop (the wall and the three
        // corner stones).
        let ten = points("A3 B3 C3 D3 E3 B2 C2 D2 E2 E1");
        let fight = points("A3 B3 C3 D3 E3 B2 C2 D2 E2 E1 A4 B4 C4 D4 E4 F4 F3 F2 F1 A1 B1 C1");
        let all: Vec<Point> = geo.points().collect();
        let solve = |settling: bool| {
            let mut e = Engine::new(
                &board,
                &all,
                &ten,
                Color::White,
                PassRule::OneBan,
                Limits {
                    nodes: 2_000_000,
                    time: Duration::from_secs(120),
                    deadline: None,
                },
            );
            e.set_settling(settling);
            let game = Game::new(Kind::NewStone, Color::White, ten.clone(), fight.clone());
            let v = e.solve(
                &game,
                &Node::new(Position::new(board.clone(), Color::White)),
            );
            (v, e.total_nodes())
        };
        let (with, spent_with) = solve(true);
        let (without, spent_without) = solve(false);
        assert_eq!(with, Val::Loss, "{rows:?}");
        assert_eq!(without, Val::Loss, "{rows:?}");
        assert!(
            spent_with < spent_without,
            "{rows:?}: {spent_with} nodes with the rule, {spent_without} without"
        );
    }
}
