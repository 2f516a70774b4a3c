//! The miai rule (`kakunin::miai`) agrees with the search that does not
//! use it on random small boards: every string the rule calls safe that is
//! not already pass-alive is never found dead by the search without the
//! rule. (On the corpus and the small real positions, `tests/shortcuts.rs`
//! compares the verdicts with and without it.)

use kakunin::board::{Board, Color, Geometry, Point};
use kakunin::confirm::Limits;
use kakunin::miai;
use kakunin::region::pass_alive;
use kakunin::status::{Options, Status, judge};
use std::time::Duration;

fn options(nodes: u64, use_miai: bool) -> Options {
    Options {
        limits: Limits {
            nodes,
            time: Duration::from_secs(60),
            deadline: None,
        },
        line_len: 4,
        miai: use_miai,
        ..Options::default()
    }
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random white group on a 7x6 board: one or two random connected eye
/// spaces of up to seven points along the edges, walled by white stones
/// (every point within two steps of them, with a gap now and then, so that
/// the walls are several strings), a black stone now and then
/// inside, and outside black stones with some empty points. Strings without
/// liberties are emptied until the board is legal.
fn random_board(seed: u64) -> Board {
    let geo = Geometry::new(7, 6).unwrap();
    let mut rng = Rng(seed | 1);
    let n = geo.len();
    let mut space = vec![false; n];
    for _ in 0..1 + rng.next(2) {
        let (x, y) = [(0, 0), (6, 5), (0, 5), (3, 0), (6, 2)][rng.next(5)];
        let mut grown = vec![geo.point(x, y)];
        let size = 1 + rng.next(7);
        while grown.len() < size {
            let p = grown[rng.next(grown.len())];
            let nb = geo.neighbors(p);
            let q = nb[rng.next(nb.len())];
            if !grown.contains(&q) {
                grown.push(q);
            }
        }
        for p in grown {
            space[p as usize] = true;
        }
    }
    let near = |p: Point, space: &[bool]| {
        geo.neighbors(p)
            .iter()
            .any(|&q| space[q as usize] || geo.neighbors(q).iter().any(|&r| space[r as usize]))
    };
    let mut stones: Vec<Option<Color>> = (0..n as Point)
        .map(|p| {
            if space[p as usize] {
                (rng.next(10) == 0).then_some(Color::Black)
            } else if near(p, &space) {
                // Now and then a gap, so that walls of several strings link.
                (rng.next(7) != 0).then_some(Color::White)
            } else if rng.next(6) == 0 {
                None
            } else {
                Some(Color::Black)
            }
        })
        .collect();
    loop {
        match Board::from_stones(geo.clone(), &stones) {
            Ok(b) => return b,
            Err(_) => {
                // Empty one point of a string without liberties and retry.
                let dead = (0..n as Point).find(|&p| {
                    let Some(c) = stones[p as usize] else {
                        return false;
                    };
                    let mut seen = vec![p];
                    let mut i = 0;
                    while i < seen.len() {
                        for &q in geo.neighbors(seen[i]) {
                            match stones[q as usize] {
                                None => return false,
                                Some(d) if d == c && !seen.contains(&q) => seen.push(q),
                                _ => {}
                            }
                        }
                        i += 1;
                    }
                    true
                });
                stones[dead.expect("a string without liberties") as usize] = None;
            }
        }
    }
}

/// Strings the rule calls safe, on random boards, against the search
/// without the rule. Returns (strings checked, strings the search decided).
fn sweep(count: u64, seed: u64) -> (usize, usize) {
    let mut checked = 0;
    let mut decided = 0;
    for s in 0..count {
        let b = random_board(seed.wrapping_add(s).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let settled = pass_alive(&b);
        let safe: Vec<Point> = b
            .strings()
            .into_iter()
            .filter(|&(h, _)| !settled[h as usize] && miai::safe(&b, h))
            .map(|(h, _)| h)
            .collect();
        if safe.is_empty() {
            continue;
        }
        let v = judge(&b, &options(200_000, false));
        for h in safe {
            let status = v.status_at(h).expect("a string");
            checked += 1;
            assert_ne!(
                status,
                Status::Dead,
                "seed {s}: {} is safe by miai but dead by the search: {:?}\n{b:?}",
                b.geometry().name(h),
                miai::proof(&b, h)
            );
            if status == Status::Alive {
                decided += 1;
            }
        }
    }
    (checked, decided)
}

#[test]
fn strings_safe_by_miai_are_never_dead_by_the_search_without_it() {
    let (checked, decided) = sweep(400, 7);
    eprintln!("{checked} strings safe by miai, {decided} proved alive by the search");
    assert!(checked >= 20, "only {checked} strings exercised the rule");
    assert!(
        decided * 2 >= checked,
        "the search decided only {decided} of {checked}"
    );
}

/// A longer sweep: `MIAI_SWEEP=N MIAI_SEED=S cargo test --release --test
/// miai -- --ignored --nocapture`.
#[test]
#[ignore]
fn miai_sweep() {
    let n = std::env::var("MIAI_SWEEP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5_000);
    let seed = std::env::var("MIAI_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let (checked, decided) = sweep(n, seed);
    eprintln!("{checked} strings safe by miai, {decided} proved alive by the search");
}
