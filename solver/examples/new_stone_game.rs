//! Solves one game of the confirmation search alone, from a position given
//! as board rows: the new-stone game right after a capture (can the owner,
//! moving first, play a stone on the fight that the capturer cannot
//! capture?), or with `--capture` the capture game of one string with the
//! capturer to move. Prints the value, the nodes spent and the nested
//! questions asked, with the settling rule on and off. A research aid
//! (`research/j89-17-new-stone-games.md`): the whole-board verdicts of
//! `kakunin judge` hide which single game costs the nodes.
//!
//! ```text
//! cargo run --release --example new_stone_game -- FILE [--capture] [--nodes N]
//! ```
//!
//! FILE holds the board rows (`X` black, `O` white, `.` empty, top row
//! first), then a line `owner: white|black`, a line `target: POINTS` (the
//! captured string's points, or one point of the string to capture) and,
//! for the new-stone game, a line `fight: POINTS`.

use kakunin::board::{Board, Color, Point};
use kakunin::confirm::{Engine, Game, Kind, Limits, Node};
use kakunin::ko::PassRule;
use kakunin::position::Position;
use std::rc::Rc;
use std::time::{Duration, Instant};

struct Setup {
    board: Board,
    owner: Color,
    target: Vec<Point>,
    fight: Vec<Point>,
}

fn read(path: &str) -> Result<Setup, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut rows = Vec::new();
    let mut fields = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match line.split_once(':') {
            Some((k, v)) => fields.push((i + 1, k.trim().to_string(), v.trim().to_string())),
            None => rows.push(line),
        }
    }
    let board = Board::from_rows(&rows).map_err(|e| format!("{path}: the board: {e}"))?;
    let geo = board.geometry().clone();
    let field = |name: &str| fields.iter().find(|(_, k, _)| k == name);
    let points = |name: &str| -> Result<Vec<Point>, String> {
        let Some((line, _, v)) = field(name) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for s in v.split_whitespace() {
            out.push(
                geo.parse_point(s)
                    .map_err(|e| format!("{path}:{line}: '{s}': {e}"))?,
            );
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    };
    let owner = match field("owner").map(|(l, _, v)| (l, v.as_str())) {
        Some((_, "white")) | None => Color::White,
        Some((_, "black")) => Color::Black,
        Some((l, v)) => return Err(format!("{path}:{l}: owner '{v}' is not white or black")),
    };
    let target = points("target")?;
    if target.is_empty() {
        return Err(format!("{path}: no 'target:' line"));
    }
    Ok(Setup {
        board,
        owner,
        target,
        fight: points("fight")?,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: new_stone_game FILE [--capture] [--nodes N]");
        std::process::exit(2);
    };
    let capture = args.iter().any(|a| a == "--capture");
    let nodes = match args.iter().position(|a| a == "--nodes") {
        Some(i) => match args.get(i + 1).and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => {
                eprintln!("--nodes needs a number");
                std::process::exit(2);
            }
        },
        None => 2_000_000,
    };
    let s = match read(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let (game, to_move) = if capture {
        let Some(&p) = s
            .target
            .first()
            .filter(|&&p| s.board.color(p) == Some(s.owner))
        else {
            eprintln!("{path}: the target is not a stone of the owner");
            std::process::exit(1);
        };
        let mut stones: Vec<Point> = s.board.string_stones(p).collect();
        stones.sort_unstable();
        let stones: Rc<[Point]> = stones.into();
        let g = Game::new(Kind::Capture, s.owner, stones.clone(), stones).canonical();
        (g, s.owner.opponent())
    } else {
        if s.fight.is_empty() {
            eprintln!("{path}: no 'fight:' line for the new-stone game");
            std::process::exit(1);
        }
        let g = Game::new(
            Kind::NewStone,
            s.owner,
            s.target.clone().into(),
            s.fight.clone().into(),
        );
        (g, s.owner)
    };
    let all: Vec<Point> = s.board.geometry().points().collect();
    for settling in [true, false] {
        let mut e = Engine::new(
            &s.board,
            &all,
            &s.target,
            s.owner,
            PassRule::OneBan,
            Limits {
                nodes,
                time: Duration::from_secs(600),
                deadline: None,
            },
        );
        e.set_settling(settling);
        let started = Instant::now();
        let node = Node::new(Position::new(s.board.clone(), to_move));
        let v = e.solve(&game, &node);
        println!(
            "settling {}: {v:?} after {} nodes, {:.2?}",
            if settling { "on " } else { "off" },
            e.total_nodes(),
            started.elapsed()
        );
    }
}
