//! An order of the points that does not depend on how the board is turned
//! or which colour is which.
//!
//! The search tries moves by score, and equal scores are frequent (two
//! liberties of the same string, two points of an empty area). Broken by the
//! point numbering (row by row), such ties send the eight images of a
//! position (its rotations and reflections) and its colour swap down
//! different trees. With exact answers that changes nothing, but under a
//! node bound one image may be decided and another left `unknown`
//! (BENCHMARKS.md, session 18: example 6 in 14 of its 16 images). So the
//! engine breaks ties by this order instead, which every image shares:
//!
//! 1. the distance (in steps between neighbouring points) from the focus,
//!    the string whose fate is asked, nearest first: a tie is most often
//!    between points of the fight and points away from it;
//! 2. a label of the point's place on the board that the symmetries and the
//!    colour swap keep: colour refinement (the Weisfeiler-Leman method).
//!    Each point starts from what stands on it, seen from the focus's
//!    colour (own stone, opposing stone, empty), whether it is in the
//!    searched region and whether it is in the focus; each round then
//!    labels it by its label and the sorted labels of its neighbours. The
//!    edge shows as a missing neighbour. Rounds stop once they no longer
//!    split any class.
//!
//! Two points get the same label only when no number of rounds tells them
//! apart, as for points that a symmetry of the position itself exchanges;
//! their order then still follows the numbering, but they lead to mirrored
//! searches of the same size.

use crate::board::{Board, Color, Point};

/// The points of `region`, nearest to `focus` first, ties broken by a label
/// that every symmetry and the colour swap (seen from `color`, the focus's
/// colour) keep; the rank of every point of the board in that order (points
/// outside `region` after those in it).
#[must_use]
pub fn orientation_free(
    board: &Board,
    region: &[Point],
    focus: &[Point],
    color: Color,
) -> (Vec<Point>, Vec<u32>) {
    let geo = board.geometry();
    let n = geo.len();
    let distance = distances(board, focus);
    let label = labels(board, region, focus, color);
    let mut order: Vec<Point> = region.to_vec();
    order.sort_by_key(|&p| (distance[p as usize], label[p as usize], p));
    let mut rank = vec![u32::MAX; n];
    for (i, &p) in order.iter().enumerate() {
        rank[p as usize] = i as u32;
    }
    let outside = rank.iter_mut().filter(|r| **r == u32::MAX);
    for (next, r) in (order.len() as u32..).zip(outside) {
        *r = next;
    }
    (order, rank)
}

/// Every point's rank in an order of the whole board that the symmetries and
/// the colour swap (seen from `color`) keep: for choices made before any
/// string is asked about (which strings to try first, which clusters).
#[must_use]
pub fn board_ranks(board: &Board, color: Color) -> Vec<u32> {
    let all: Vec<Point> = board.geometry().points().collect();
    orientation_free(board, &all, &[], color).1
}

/// The least rank of the points `points`: where a set of points (a string,
/// an area) stands in the order of `rank`.
#[must_use]
pub fn first_rank(rank: &[u32], points: impl IntoIterator<Item = Point>) -> u32 {
    points
        .into_iter()
        .map(|p| rank[p as usize])
        .min()
        .unwrap_or(u32::MAX)
}

/// Steps from the nearest point of `focus` (`u32::MAX` where no path leads).
fn distances(board: &Board, focus: &[Point]) -> Vec<u32> {
    let geo = board.geometry();
    let mut distance = vec![u32::MAX; geo.len()];
    let mut queue = std::collections::VecDeque::new();
    for &p in focus {
        if distance[p as usize] != 0 {
            distance[p as usize] = 0;
            queue.push_back(p);
        }
    }
    while let Some(p) = queue.pop_front() {
        let d = distance[p as usize] + 1;
        for &q in geo.neighbors(p) {
            if distance[q as usize] == u32::MAX {
                distance[q as usize] = d;
                queue.push_back(q);
            }
        }
    }
    distance
}

/// The colour-refinement labels (see the module docs).
fn labels(board: &Board, region: &[Point], focus: &[Point], color: Color) -> Vec<u64> {
    let geo = board.geometry();
    let n = geo.len();
    let mut label = vec![0u64; n];
    for p in geo.points() {
        label[p as usize] = match board.color(p) {
            None => 1,
            Some(c) if c == color => 2,
            Some(_) => 3,
        };
    }
    for &p in region {
        label[p as usize] |= 4;
    }
    for &p in focus {
        label[p as usize] |= 8;
    }
    let mut classes = count_classes(&label);
    let mut next = vec![0u64; n];
    let mut around: Vec<u64> = Vec::with_capacity(4);
    // Each round that splits a class adds one class, so at most `n` rounds.
    for _ in 0..n {
        for p in geo.points() {
            around.clear();
            around.extend(geo.neighbors(p).iter().map(|&q| label[q as usize]));
            around.sort_unstable();
            let mut h = mix(label[p as usize]);
            for &a in &around {
                h = mix(h ^ a);
            }
            next[p as usize] = mix(h ^ around.len() as u64);
        }
        std::mem::swap(&mut label, &mut next);
        let now = count_classes(&label);
        if now == classes {
            break;
        }
        classes = now;
    }
    label
}

fn count_classes(label: &[u64]) -> usize {
    let mut seen: Vec<u64> = label.to_vec();
    seen.sort_unstable();
    seen.dedup();
    seen.len()
}

/// A fixed bijective mixer (splitmix64's finaliser): labels must be the same
/// on every run and every machine.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Transform;

    #[test]
    fn every_image_orders_the_points_alike() {
        let board = Board::from_rows(&["X X O . .", "X . O . .", "X X O O .", ". X X O ."])
            .expect("a board");
        let region: Vec<Point> = board.geometry().points().collect();
        let focus: Vec<Point> = board.string_stones(board.head(0)).collect();
        let (order, _) = orientation_free(&board, &region, &focus, Color::Black);
        for t in Transform::all() {
            let image = t.board(&board);
            let to = |p: Point| t.point(board.geometry(), image.geometry(), p);
            let region: Vec<Point> = image.geometry().points().collect();
            let focus: Vec<Point> = focus.iter().map(|&p| to(p)).collect();
            let color = if t.swap_colors {
                Color::White
            } else {
                Color::Black
            };
            let (image_order, _) = orientation_free(&image, &region, &focus, color);
            let mapped: Vec<Point> = order.iter().map(|&p| to(p)).collect();
            assert_eq!(image_order, mapped, "{t:?}");
        }
    }
}
