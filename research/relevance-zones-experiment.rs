//! Scratch experiment of session 28 (research/relevance-zones.md): how many
//! of the attacker's moves would relevance-zone pruning skip in the walls'
//! proof of an empty corner (W x H empty points, walled by one black string
//! on the board's edge, no outside liberty)? A plain depth-first search
//! with a table, Black's answers nearest White's last stone first, zones
//! by the conditions (Z1)-(Z5) of the note (somewhat optimistic: (Z5)'s
//! white strings reaching outside are not closed).
//!
//! Not built with the crate. To run: a scratch package with
//! `kakunin = { path = "<repo>/solver" }` as its one dependency and this
//! file as `src/main.rs`; then `cargo run --release -- 4 3` and
//! `cargo run --release -- 4 3 zones`.
use kakunin::bitboard::Bits;
use kakunin::board::{Board, Color, Point};
use kakunin::ko::PassRule;
use kakunin::position::{Move, Position};
use std::collections::HashMap;

struct S {
    d: Color,
    target: Vec<Point>,
    tt: HashMap<u64, (bool, Bits)>,
    zones: bool,
    nodes: u64,
    limit: u64,
    a_nodes: u64,
    a_moves: u64,
    pruned: u64,
}

#[derive(Clone)]
struct R {
    dwin: bool,
    zone: Bits,
    dep: usize, // least path index of a repetition relied on
    floor_hit: bool,
}

const FREE: usize = usize::MAX;

impl S {
    fn captured(&self, b: &Board) -> bool {
        self.target.iter().any(|&p| b.color(p) != Some(self.d))
    }
    fn target_libs(&self, b: &Board, out: &mut Bits) {
        let safe = kakunin::region::safety(b, self.d);
        for &t in &self.target {
            if !safe.alive(t) {
                for l in b.string_liberties(b.head(t)) {
                    out.insert(l);
                }
            }
        }
    }
    fn legal(pos: &Position, p: Point) -> bool {
        pos.check(p).is_ok()
    }
    fn solve(&mut self, pos: &Position, path: &mut Vec<u64>, floor: usize, last: Option<Point>) -> Option<R> {
        let b = &pos.board;
        if self.captured(b) {
            return Some(R { dwin: false, zone: Bits::default(), dep: FREE, floor_hit: false });
        }
        let key = pos.key();
        if let Some(i) = path.iter().position(|&k| k == key) {
            if i < floor {
                return Some(R { dwin: false, zone: Bits::default(), dep: FREE, floor_hit: true });
            }
            return Some(R { dwin: true, zone: Bits::default(), dep: i, floor_hit: false });
        }
        if let Some((w, z)) = self.tt.get(&key) {
            return Some(R { dwin: *w, zone: *z, dep: FREE, floor_hit: false });
        }
        let safe = kakunin::region::safety(b, self.d);
        if self.target.iter().all(|&t| safe.alive(t)) {
            return Some(R { dwin: true, zone: Bits::default(), dep: FREE, floor_hit: false });
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        let me = pos.to_move;
        let idx = path.len();
        path.push(key);
        let pts: Vec<Point> = b.geometry().points().filter(|&p| Self::legal(pos, p)).collect();
        let r = if me == self.d {
            self.d_node(pos, path, floor, &pts, last)
        } else {
            self.a_node(pos, path, floor, &pts)
        };
        path.pop();
        let r = r?;
        if r.dep >= idx && !(r.floor_hit && !r.dwin) {
            self.tt.insert(key, (r.dwin, r.zone));
        }
        let mut r = r;
        if r.dep >= idx {
            r.dep = FREE;
        }
        Some(r)
    }
    fn d_node(&mut self, pos: &Position, path: &mut Vec<u64>, floor: usize, pts: &[Point], last: Option<Point>) -> Option<R> {
        let b = &pos.board;
        let geo = b.geometry().clone();
        let mut pts = pts.to_vec();
        if let Some(l) = last {
            let (a, c) = geo.xy(l);
            pts.sort_by_key(|&p| { let (x, y) = geo.xy(p); x.abs_diff(a) + y.abs_diff(c) });
        }
        let mut moves: Vec<Move> = pts.iter().map(|&p| Move::Play(p)).collect();
        moves.extend(pos.passes(PassRule::OneBan));
        let mut dep = FREE;
        let mut floor_hit = false;
        for m in moves {
            let mut c = pos.clone();
            c.apply(m, PassRule::OneBan).ok()?;
            let r = self.solve(&c, path, floor, None)?;
            dep = dep.min(r.dep);
            floor_hit |= r.floor_hit;
            if r.dwin {
                let mut z = r.zone;
                match m {
                    Move::Play(p) => {
                        z.insert(p);
                        if let Some(&l) = c.board.string_liberties(c.board.head(p)).first() {
                            z.insert(l);
                        }
                        for &q in geo.neighbors(p) {
                            if b.color(q) == Some(self.d.opponent()) {
                                for s in b.string_stones(q) {
                                    z.insert(s);
                                    for &n in geo.neighbors(s) {
                                        z.insert(n);
                                    }
                                }
                            }
                        }
                    }
                    Move::Pass { lifts: Some(p) } => z.insert(p),
                    Move::Pass { lifts: None } => {}
                }
                return Some(R { dwin: true, zone: z, dep: r.dep, floor_hit: r.floor_hit });
            }
        }
        Some(R { dwin: false, zone: Bits::default(), dep, floor_hit })
    }
    fn a_node(&mut self, pos: &Position, path: &mut Vec<u64>, floor: usize, pts: &[Point]) -> Option<R> {
        let b = &pos.board;
        let geo = b.geometry().clone();
        self.a_nodes += 1;
        self.a_moves += pts.len() as u64;
        let mut zone = Bits::default();
        let mut dep = FREE;
        let mut floor_hit = false;
        let mut z0: Option<Bits> = None;
        if self.zones {
            let mut n0 = pos.clone();
            n0.to_move = self.d;
            let here = path.len();
            let r = self.solve(&n0, path, here, None)?;
            if r.dwin && r.dep >= here {
                z0 = Some(r.zone);
            }
        }
        let mut moves: Vec<Move> = Vec::new();
        for &p in pts {
            if z0.as_ref().is_some_and(|z| !z.contains(p)) {
                self.pruned += 1;
                continue;
            }
            moves.push(Move::Play(p));
        }
        moves.extend(pos.passes(PassRule::OneBan).into_iter().filter(|m| *m != Move::Pass { lifts: None }));
        if let Some(z) = &z0 {
            zone = *z;
        }
        for m in moves {
            let mut c = pos.clone();
            c.apply(m, PassRule::OneBan).ok()?;
            let last = match m { Move::Play(p) => Some(p), _ => None };
            let r = self.solve(&c, path, floor, last)?;
            dep = dep.min(r.dep);
            floor_hit |= r.floor_hit;
            if !r.dwin {
                return Some(R { dwin: false, zone: Bits::default(), dep: r.dep, floor_hit: r.floor_hit });
            }
            zone = zone.or(&r.zone);
            match m {
                Move::Play(p) => zone.insert(p),
                Move::Pass { lifts: Some(p) } => zone.insert(p),
                _ => {}
            }
        }
        // Z4: points of the zone where A may not play.
        let snapshot: Vec<Point> = zone.points().collect();
        for p in snapshot {
            if b.is_empty_at(p) && !Self::legal(pos, p) {
                for &q in geo.neighbors(p) {
                    zone.insert(q);
                    if b.color(q) == Some(self.d.opponent()) {
                        for s in b.string_stones(q) {
                            for &n in geo.neighbors(s) {
                                zone.insert(n);
                            }
                        }
                    }
                }
            }
        }
        self.target_libs(b, &mut zone);
        Some(R { dwin: true, zone, dep, floor_hit })
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (w, h): (usize, usize) = (args[1].parse().unwrap(), args[2].parse().unwrap());
    let zones = args.get(3).is_some_and(|a| a == "zones");
    let mut rows = Vec::new();
    for _ in 0..h {
        rows.push(format!("{} X", vec!["."; w].join(" ")));
    }
    rows.push(vec!["X"; w + 1].join(" "));
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let board = Board::from_rows(&rows).unwrap();
    let target: Vec<Point> = board.geometry().points().filter(|&p| board.color(p) == Some(Color::Black)).collect();
    let pos = Position::new(board, Color::White);
    let mut s = S { d: Color::Black, target, tt: HashMap::new(), zones, nodes: 0, limit: 30_000_000, a_nodes: 0, a_moves: 0, pruned: 0 };
    let t = std::time::Instant::now();
    let r = s.solve(&pos, &mut Vec::new(), 0, None);
    println!(
        "{w}x{h} zones={zones}: dwin={:?} nodes={} A nodes={} A moves={} pruned={} ({:.1}%) tt={} {:.1}s",
        r.map(|r| r.dwin), s.nodes, s.a_nodes, s.a_moves, s.pruned,
        100.0 * s.pruned as f64 / s.a_moves.max(1) as f64, s.tt.len(), t.elapsed().as_secs_f64()
    );
}
