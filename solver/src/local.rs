//! Local proofs on cut-out boards: deciding strings of a big, open position
//! by searching only the small areas they enclose.
//!
//! A whole-board confirmation search of a real ending is hopeless: the open
//! areas give both sides hundreds of moves. But most strings of a real
//! ending live on eyes they enclose, and most dead stones lie inside such
//! eyes. So, for one colour C:
//!
//! * the **enclosed areas** are the connected sets of points not of colour
//!   C (empty points and opposing stones) whose empty points are few; every
//!   C string touching one is a **wall**, and a wall must keep a liberty in
//!   the enclosed areas it touches (else those areas are dropped, and so on
//!   until nothing changes);
//! * a **cluster** is a connected set of walls and enclosed areas; its
//!   **cut-out** is the board with only the cluster's points left, every
//!   other point acting as the space beyond an edge.
//!
//! The cut-out takes from the walls every liberty outside their areas: it is
//! the position after the opponent has filled them all, with stones that can
//! never be captured. Nothing outside touches an enclosed area (an area is a
//! maximal set of non-C points, so its neighbours are walls), so play outside
//! is, for the areas, a pass that lifts no ban. Hence:
//!
//! * **walls alive**: if the opponent, moving first on the cut-out, cannot
//!   capture *any* wall, he cannot capture any on the real board, where the
//!   walls only have more liberties and he only has moves that are passes
//!   for the areas (a move is never legal on the real board and not on the
//!   cut-out: a capture of a wall that needs its outside liberties filled
//!   is a capture on the cut-out too);
//! * a *closed* wall (no stone of it touches a point outside the cluster)
//!   has the same liberties on both boards and, once captured, frees points
//!   that touch only the cluster: its capture is the same on both. So the
//!   targets are every *open* wall and the closed walls that can be kept;
//! * **stones dead**: if C can capture an opposing string inside an area and
//!   keep every new stone of its owner dead, *without ever losing an open
//!   wall* (a guard: losing one loses the game), the same play works on the
//!   real board, because as long as no open wall falls the two boards agree
//!   on every point of the cluster.
//!
//! A failure on the cut-out proves nothing about the real board; such
//! strings go to the whole search. A wall whose proof ran out of its share
//! of the nodes goes there with the proof's schedule, df-pn early
//! ([`crate::status`], `judge_string`).

use crate::board::{Board, Color, Point};
use crate::confirm::{Engine, Game, Guard, Kind, Limits, Node, Val};
use crate::ko::{KoBan, PassRule};
use crate::position::Position;
use std::rc::Rc;

/// Enclosed areas with more empty points than this are treated as open.
pub const MAX_AREA_EMPTY: usize = 8;

/// Enclosed areas with more points than this (dead stones included) are
/// treated as open.
pub const MAX_AREA_POINTS: usize = 16;

/// Lone big areas ([`lone_clusters`]) with more empty points than this are
/// treated as open.
pub const MAX_LONE_EMPTY: usize = 24;

/// Lone big areas with more points than this are treated as open.
pub const MAX_LONE_POINTS: usize = 32;

/// A cluster of walls of one colour and the areas they enclose.
#[derive(Clone, Debug)]
pub struct Cluster {
    /// The walls' colour.
    pub color: Color,
    /// Heads of the wall strings.
    pub walls: Vec<Point>,
    /// All stones of the walls, sorted.
    pub wall_stones: Rc<[Point]>,
    /// Stones of the *open* walls, sorted: those with a stone that touches a
    /// point outside the cluster (a liberty or a stone). Only their captures
    /// can make the cut-out and the real board differ: a closed wall has the
    /// same liberties on both, and once captured its points touch only
    /// points of the cluster (a wall whose points, once free, touched an
    /// outside stone would join the areas to the outside).
    pub open_stones: Rc<[Point]>,
    /// The points of the enclosed areas, sorted.
    pub areas: Rc<[Point]>,
    /// The board with only the cluster's points in play.
    pub board: Board,
}

/// The connected sets of points not of `color`, each with its empty count.
fn areas_of(board: &Board, color: Color) -> Vec<(Vec<Point>, usize)> {
    let geo = board.geometry();
    let mut seen = vec![false; geo.len()];
    let mut out = Vec::new();
    for start in geo.points() {
        if seen[start as usize] || board.color(start) == Some(color) {
            continue;
        }
        seen[start as usize] = true;
        let mut stack = vec![start];
        let mut pts = Vec::new();
        let mut empty = 0;
        while let Some(p) = stack.pop() {
            pts.push(p);
            if board.color(p).is_none() {
                empty += 1;
            }
            for &q in geo.neighbors(p) {
                if !seen[q as usize] && board.color(q) != Some(color) {
                    seen[q as usize] = true;
                    stack.push(q);
                }
            }
        }
        pts.sort_unstable();
        out.push((pts, empty));
    }
    out
}

/// The clusters of `color` on `board`, leaving out the areas that hold a
/// point of `dropped` (areas a previous attempt found too weak to cut out).
#[must_use]
pub fn clusters(board: &Board, color: Color, dropped: &[bool]) -> Vec<Cluster> {
    let geo = board.geometry();
    let n = geo.len();
    let areas = areas_of(board, color);
    let mut kept: Vec<bool> = areas
        .iter()
        .map(|a| small(a) && !a.0.iter().any(|&p| dropped[p as usize]))
        .collect();
    let mut area_of = vec![usize::MAX; n];
    for (i, (pts, _)) in areas.iter().enumerate() {
        for &p in pts {
            area_of[p as usize] = i;
        }
    }
    // The walls touching each area, by head.
    let walls_of: Vec<Vec<Point>> = areas
        .iter()
        .map(|(pts, _)| walls_around(board, color, pts))
        .collect();
    // A wall without a liberty in the kept areas would be captured on the
    // cut-out at once: the areas it touches cannot be cut out with it.
    loop {
        let mut changed = false;
        for (i, heads) in walls_of.iter().enumerate() {
            if !kept[i] {
                continue;
            }
            let starved = heads.iter().any(|&h| {
                !board
                    .string_liberties(h)
                    .iter()
                    .any(|&l| kept[area_of[l as usize]])
            });
            if starved {
                kept[i] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Clusters: kept areas joined by shared walls (union-find over areas).
    let mut parent: Vec<usize> = (0..areas.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut area_of_wall: Vec<usize> = vec![usize::MAX; n];
    for (i, heads) in walls_of.iter().enumerate() {
        if !kept[i] {
            continue;
        }
        for &h in heads {
            let j = area_of_wall[h as usize];
            if j == usize::MAX {
                area_of_wall[h as usize] = i;
            } else {
                let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                parent[a] = b;
            }
        }
    }
    let mut groups: Vec<Vec<usize>> = vec![Vec::new(); areas.len()];
    for (i, &k) in kept.iter().enumerate() {
        if k {
            let r = root(&mut parent, i);
            groups[r].push(i);
        }
    }
    groups
        .into_iter()
        .filter(|g| !g.is_empty())
        .filter_map(|g| {
            let pts: Vec<&[Point]> = g.iter().map(|&i| areas[i].0.as_slice()).collect();
            let walls: Vec<&[Point]> = g.iter().map(|&i| walls_of[i].as_slice()).collect();
            cut_out(board, color, &pts, &walls)
        })
        .collect()
}

/// The heads of the `color` strings touching the points `pts`, sorted.
fn walls_around(board: &Board, color: Color, pts: &[Point]) -> Vec<Point> {
    let geo = board.geometry();
    let mut heads: Vec<Point> = pts
        .iter()
        .flat_map(|&p| geo.neighbors(p).iter().copied())
        .filter(|&q| board.color(q) == Some(color))
        .map(|q| board.head(q))
        .collect();
    heads.sort_unstable();
    heads.dedup();
    heads
}

/// True when an area is small enough for the joined clusters.
fn small((pts, empty): &(Vec<Point>, usize)) -> bool {
    *empty >= 1 && *empty <= MAX_AREA_EMPTY && pts.len() <= MAX_AREA_POINTS
}

/// Big areas cut out alone: each area of `color` too big for the joined
/// clusters but with at most [`MAX_LONE_EMPTY`] empty points and
/// [`MAX_LONE_POINTS`] points gives two clusters, listed in this order:
/// the area with its walls and their small areas (their eyes), then the
/// area with its walls only. No other big area joins either.
///
/// A big territory usually gives its walls two eyes by itself, or one beside
/// an eye elsewhere; joined to every area its walls touch, its cut-out would
/// be most of the board. Such a cluster is sound as any cluster is: the
/// walls' liberties in the areas left out count as outside liberties, filled
/// on the cut-out.
#[must_use]
pub fn lone_clusters(board: &Board, color: Color) -> Vec<Cluster> {
    let areas = areas_of(board, color);
    let walls_of: Vec<Vec<Point>> = areas
        .iter()
        .map(|(pts, _)| walls_around(board, color, pts))
        .collect();
    let big = |(pts, empty): &(Vec<Point>, usize)| {
        (*empty > MAX_AREA_EMPTY || pts.len() > MAX_AREA_POINTS)
            && *empty <= MAX_LONE_EMPTY
            && pts.len() <= MAX_LONE_POINTS
    };
    let cluster_of = |members: &[usize]| {
        let pts: Vec<&[Point]> = members.iter().map(|&j| areas[j].0.as_slice()).collect();
        let walls: Vec<&[Point]> = members.iter().map(|&j| walls_of[j].as_slice()).collect();
        // Every wall needs a liberty in the areas, else it has none on the
        // cut-out.
        let inside = |l: &Point| pts.iter().any(|a| a.binary_search(l).is_ok());
        let starved = walls
            .iter()
            .flat_map(|w| w.iter())
            .any(|&h| !board.string_liberties(h).iter().any(inside));
        if starved {
            None
        } else {
            cut_out(board, color, &pts, &walls)
        }
    };
    let mut out = Vec::new();
    for i in (0..areas.len()).filter(|&i| big(&areas[i])) {
        let mut members = vec![i];
        members.extend((0..areas.len()).filter(|&j| {
            j != i && small(&areas[j]) && walls_of[j].iter().any(|h| walls_of[i].contains(h))
        }));
        if members.len() > 1 {
            out.extend(cluster_of(&members));
        }
        out.extend(cluster_of(&[i]));
    }
    out
}

/// The cluster of the areas `areas` and the walls `walls` (heads) around
/// them; `None` if its cut-out is no valid board.
fn cut_out(board: &Board, color: Color, areas: &[&[Point]], walls: &[&[Point]]) -> Option<Cluster> {
    let geo = board.geometry();
    let n = geo.len();
    let mut walls: Vec<Point> = walls.iter().flat_map(|w| w.iter().copied()).collect();
    walls.sort_unstable();
    walls.dedup();
    let mut keep = vec![false; n];
    let mut area_pts: Vec<Point> = areas.iter().flat_map(|a| a.iter().copied()).collect();
    area_pts.sort_unstable();
    let mut wall_stones: Vec<Point> = walls.iter().flat_map(|&h| board.string_stones(h)).collect();
    wall_stones.sort_unstable();
    for &p in area_pts.iter().chain(&wall_stones) {
        keep[p as usize] = true;
    }
    let mut open_stones: Vec<Point> = walls
        .iter()
        .filter(|&&h| {
            board
                .string_stones(h)
                .any(|s| geo.neighbors(s).iter().any(|&q| !keep[q as usize]))
        })
        .flat_map(|&h| board.string_stones(h))
        .collect();
    open_stones.sort_unstable();
    let cut = geo.cut_out(&keep);
    let stones: Vec<Option<Color>> = geo
        .points()
        .map(|p| {
            if keep[p as usize] {
                board.color(p)
            } else {
                None
            }
        })
        .collect();
    // Every wall keeps a liberty in the areas and every string inside has
    // all its liberties there, so this cannot fail; if it did, the cluster
    // is simply not cut out.
    let board = Board::from_stones(cut, &stones).ok()?;
    Some(Cluster {
        color,
        walls,
        wall_stones: wall_stones.into(),
        open_stones: open_stones.into(),
        areas: area_pts.into(),
        board,
    })
}

/// A test board: a black string with the eye A9, the four points C9-F9
/// and a twelve-point area A7-F6, on an open 9x9 board with one white stone.
#[cfg(test)]
pub(crate) const BIG_AREA_WITH_EYES: [&str; 9] = [
    ". X . . . . X . .",
    "X X X X X X X . .",
    ". . . . . . X . .",
    ". . . . . . X . .",
    "X X X X X X X . .",
    ". . . . . . . . .",
    ". . . . . . O . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

/// The searches on one cluster's cut-out.
pub struct LocalSearch {
    /// The cluster.
    pub cluster: Cluster,
    /// The search over its areas.
    pub engine: Engine,
    /// What a ban forbids in its positions.
    pub ko_ban: KoBan,
}

impl LocalSearch {
    /// A search over `cluster`'s points (the areas, and the walls' points
    /// once a closed wall is captured).
    #[must_use]
    pub fn new(cluster: Cluster, rule: PassRule, limits: Limits) -> LocalSearch {
        let region: Vec<Point> = cluster
            .areas
            .iter()
            .chain(cluster.wall_stones.iter())
            .copied()
            .collect();
        let mut engine = Engine::new(
            &cluster.board,
            &region,
            &cluster.wall_stones,
            cluster.color,
            rule,
            limits,
        );
        // The walls' owner answers next to the opponent's stone first: on a
        // wide area his answers are the proof.
        engine.set_answer_nearby(true);
        LocalSearch {
            cluster,
            engine,
            ko_ban: KoBan::default(),
        }
    }

    /// The start: the cut-out with the walls' opponent to move.
    #[must_use]
    pub fn start(&self) -> Node {
        Node::new(
            Position::new(self.cluster.board.clone(), self.cluster.color.opponent())
                .with_ko_ban(self.ko_ban),
        )
    }

    /// The game "the opponent captures any of `walls` (heads) or any open
    /// wall".
    #[must_use]
    pub fn walls_game(&self, walls: &[Point]) -> Game {
        let b = &self.cluster.board;
        let mut target: Vec<Point> = walls
            .iter()
            .flat_map(|&h| b.string_stones(h))
            .chain(self.cluster.open_stones.iter().copied())
            .collect();
        target.sort_unstable();
        target.dedup();
        let target: Rc<[Point]> = target.into();
        Game::new(Kind::Capture, self.cluster.color, target.clone(), target)
    }

    /// The walls the opponent, moving first, cannot capture, with the game
    /// that proves it: every open wall and as many closed walls as can be
    /// kept. A closed wall the opponent captures on the cut-out he captures
    /// on the real board alike, so it is dropped from the targets and the
    /// search is repeated. An open wall captured ends the attempt: the error
    /// names the open walls that fell (`None` on a search limit), so that
    /// the caller can cut out less.
    ///
    /// # Errors
    /// The walls could not all be proved.
    pub fn live_walls(&mut self) -> Result<(Vec<Point>, Game), Option<Vec<Point>>> {
        let open: Vec<bool> = self
            .cluster
            .walls
            .iter()
            .map(|&h| self.cluster.open_stones.binary_search(&h).is_ok())
            .collect();
        let mut closed: Vec<Point> = self
            .cluster
            .walls
            .iter()
            .zip(&open)
            .filter(|(_, o)| !**o)
            .map(|(&h, _)| h)
            .collect();
        let start = self.start();
        loop {
            let game = self.walls_game(&closed);
            // A pure life-and-death problem: df-pn early pays here
            // (`Engine::set_proof_number_early`).
            self.engine.set_proof_number_early(true);
            let v = self.engine.solve(&game, &start);
            self.engine.set_proof_number_early(false);
            match v {
                Val::Loss => {
                    let mut live: Vec<Point> = self
                        .cluster
                        .walls
                        .iter()
                        .zip(&open)
                        .filter(|(h, o)| **o || closed.contains(h))
                        .map(|(&h, _)| h)
                        .collect();
                    live.sort_unstable();
                    return Ok((live, game));
                }
                Val::Unknown => return Err(None),
                Val::Win(_) => {
                    // Which wall falls on the principal line?
                    let (_, _, end) = self.engine.line(&game, &start, 400);
                    let lost = |h: Point| {
                        self.cluster
                            .board
                            .string_stones(h)
                            .any(|p| end.pos.board.color(p) != Some(self.cluster.color))
                    };
                    let fallen: Vec<Point> = self
                        .cluster
                        .walls
                        .iter()
                        .zip(&open)
                        .filter(|&(&h, &o)| o && lost(h))
                        .map(|(&h, _)| h)
                        .collect();
                    if !fallen.is_empty() {
                        return Err(Some(fallen));
                    }
                    let before = closed.len();
                    closed.retain(|&h| !lost(h));
                    if closed.len() == before {
                        return Err(None);
                    }
                }
            }
        }
    }

    /// The guard that keeps a dead-stone proof valid on the real board: no
    /// open wall may fall.
    #[must_use]
    pub fn guard(&self) -> Guard {
        Guard {
            color: self.cluster.color,
            points: self.cluster.open_stones.clone(),
        }
    }

    /// Opposing strings inside the areas, by head.
    #[must_use]
    pub fn inside(&self) -> Vec<Point> {
        let b = &self.cluster.board;
        let them = self.cluster.color.opponent();
        let mut heads: Vec<Point> = self
            .cluster
            .areas
            .iter()
            .filter(|&&p| b.color(p) == Some(them))
            .map(|&p| b.head(p))
            .collect();
        heads.sort_unstable();
        heads.dedup();
        heads
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A black group with two one-point eyes in the corner of an open board:
    /// one cluster with two areas; White cannot capture it.
    #[test]
    fn two_small_eyes_make_a_live_cluster() {
        let board = Board::from_rows(&[
            ". X . X . . .",
            "X X X X . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . O .",
            ". . . . . . .",
            ". . . . . . .",
        ])
        .expect("board");
        let cs = clusters(&board, Color::Black, &[false; 49]);
        assert_eq!(cs.len(), 1);
        assert_eq!(cs[0].areas.len(), 2);
        let mut ls = LocalSearch::new(cs[0].clone(), PassRule::OneBan, Limits::default());
        let (live, _) = ls.live_walls().expect("proved");
        assert_eq!(live.len(), 1);
    }

    /// One eye only: White fills the outside on the cut-out and captures.
    #[test]
    fn one_eye_is_not_enough() {
        let board = Board::from_rows(&[
            ". X . . . . .",
            "X X . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . O .",
            ". . . . . . .",
            ". . . . . . .",
        ])
        .expect("board");
        let cs = clusters(&board, Color::Black, &[false; 49]);
        assert_eq!(cs.len(), 1);
        let mut ls = LocalSearch::new(cs[0].clone(), PassRule::OneBan, Limits::default());
        assert!(ls.live_walls().is_err());
    }

    /// A twelve-point corner enclosed by one string on a 9x9 board, whose
    /// other side is open: the corner is too big for the joined clusters,
    /// so it is cut out alone, and White, moving first there with every
    /// outside liberty filled, cannot capture the wall.
    #[test]
    fn a_big_corner_lives_by_itself_as_a_lone_cluster() {
        let board = Board::from_rows(&[
            ". . . . . X . . .",
            ". . . . . X . . .",
            "X X X X X X . . .",
            ". . . . . . . . .",
            ". . . . . . O . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
            ". . . . . . . . .",
        ])
        .expect("board");
        assert!(clusters(&board, Color::Black, &[false; 81]).is_empty());
        let lone = lone_clusters(&board, Color::Black);
        assert_eq!(lone.len(), 1);
        assert_eq!(lone[0].areas.len(), 10);
        assert_eq!(lone[0].walls.len(), 1);
        let mut ls = LocalSearch::new(lone[0].clone(), PassRule::OneBan, Limits::default());
        let (live, _) = ls.live_walls().expect("proved");
        assert_eq!(live, lone[0].walls);
    }

    /// An empty strip two rows deep along the edge, walled by one string
    /// with no other liberty: a lone cluster, and the wall lives (the
    /// opponent's invasions all fail).
    #[test]
    fn a_strip_two_rows_deep_lives() {
        let board =
            Board::from_rows(&[". . . . . . .", ". . . . . . .", "X X X X X X X"]).expect("board");
        let lone = lone_clusters(&board, Color::Black);
        assert_eq!(lone.len(), 1);
        let mut ls = LocalSearch::new(lone[0].clone(), PassRule::OneBan, Limits::default());
        let (live, _) = ls.live_walls().expect("proved");
        assert_eq!(live, lone[0].walls);
    }

    /// Nine long, the same strip is a proof of about 400 000 nodes: it
    /// fits the quarter of the default string budget that a local proof
    /// gets, because df-pn runs early in the walls' game
    /// (`Engine::set_proof_number_early`). Before, the local proof failed
    /// at 1 250 000 nodes and only the whole search decided the wall.
    #[test]
    fn a_strip_two_rows_deep_and_nine_long_lives_within_a_local_budget() {
        let row = ". . . . . . . . .";
        let board = Board::from_rows(&[row, row, "X X X X X X X X X"]).expect("board");
        let lone = lone_clusters(&board, Color::Black);
        assert_eq!(lone.len(), 1);
        let limits = Limits {
            nodes: 500_000,
            ..Limits::default()
        };
        let mut ls = LocalSearch::new(lone[0].clone(), PassRule::OneBan, limits);
        let (live, _) = ls.live_walls().expect("proved");
        assert_eq!(live, lone[0].walls);
    }

    /// The same corner made too narrow: three points on the edge. It is no
    /// lone cluster (it is small enough for the joined ones) and one eye
    /// does not live.
    #[test]
    fn small_areas_are_never_cut_out_alone() {
        let board = Board::from_rows(&[
            ". . . X . . .",
            "X X X X . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . O .",
            ". . . . . . .",
            ". . . . . . .",
        ])
        .expect("board");
        assert!(lone_clusters(&board, Color::Black).is_empty());
    }

    /// A big area whose wall also has small areas elsewhere (here the eye
    /// A9 and the four points C9-F9): it is cut out twice, with those small
    /// areas and alone.
    #[test]
    fn a_big_area_is_cut_out_with_its_walls_eyes_and_alone() {
        let board = Board::from_rows(&BIG_AREA_WITH_EYES).expect("board");
        let lone = lone_clusters(&board, Color::Black);
        assert_eq!(lone.len(), 2);
        assert_eq!(lone[0].areas.len(), 12 + 1 + 4);
        assert_eq!(lone[1].areas.len(), 12);
        for c in &lone {
            assert_eq!(c.walls.len(), 1);
        }
        let mut ls = LocalSearch::new(lone[0].clone(), PassRule::OneBan, Limits::default());
        assert!(ls.live_walls().is_ok());
    }
}
