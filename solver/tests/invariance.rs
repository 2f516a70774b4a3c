//! Verdicts do not change under the symmetries of the board nor under
//! swapping colours (with prisoners and komi swapped): every string gets the
//! same status in a case and in its transformed image.
//!
//! The search itself is the same in every image: moves of equal score are
//! tried in an order that does not depend on how the board is turned
//! ([`kakunin::point_order`]), so even the strings left `unknown` at a node
//! bound are the same, and so is the number of nodes searched.

use kakunin::case;
use kakunin::confirm::Limits;
use kakunin::judgement::Judgement;
use kakunin::status::{Options, Status};
use kakunin::symmetry::Transform;
use std::path::PathBuf;
use std::time::Duration;

fn options() -> Options {
    Options {
        limits: Limits {
            // The node bound decides (deterministic); the time bound is a
            // safety net for slow machines.
            nodes: 20_000,
            time: Duration::from_secs(30),
            deadline: None,
        },
        line_len: 4,
        ..Options::default()
    }
}

fn corpus() -> Vec<PathBuf> {
    case::find(&[PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../cases"
    ))])
    .expect("the corpus")
}

#[test]
fn verdicts_are_invariant_under_symmetry_and_colour_swap() {
    let transforms = Transform::all();
    let mut compared = 0;
    for (i, path) in corpus().iter().enumerate() {
        let c = case::load(path).unwrap_or_else(|e| panic!("{e}"));
        // Two transforms per case, cycling through all 16 over the corpus.
        for t in [transforms[(2 * i + 1) % 16], transforms[(2 * i + 10) % 16]] {
            let base = Judgement::of_case(&c, &options());
            let image = t.board(&c.board);
            let (prisoners, komi) = if t.swap_colors {
                (
                    case::Prisoners {
                        black: c.prisoners.white,
                        white: c.prisoners.black,
                    },
                    -c.komi,
                )
            } else {
                (c.prisoners, c.komi)
            };
            let moved = Judgement::of(c.id.clone(), image, prisoners, komi, &options());
            let from = c.board.geometry();
            let to = moved.board.geometry();
            for s in &base.verdicts.strings {
                let q = t.point(from, to, s.points[0]);
                let Some(other) = moved.verdicts.status_at(q) else {
                    panic!(
                        "{}: no string at the image of {}",
                        c.id,
                        from.name(s.points[0])
                    );
                };
                if s.status != Status::Unknown {
                    compared += 1;
                }
                assert_eq!(
                    s.status,
                    other,
                    "{}: {} string at {} is {:?}, its image under {t:?} is {:?}",
                    c.id,
                    s.color,
                    from.name(s.points[0]),
                    s.status,
                    other
                );
                assert_eq!(moved.board.color(q), Some(t.color(s.color)));
            }
            assert_eq!(
                base.verdicts.nodes, moved.verdicts.nodes,
                "{}: nodes searched under {t:?}",
                c.id
            );
            if base.unknown() == 0 && moved.unknown() == 0 {
                let margin = base.score.black.total - base.score.white.total;
                let moved_margin = moved.score.black.total - moved.score.white.total;
                let want = if t.swap_colors { -margin } else { margin };
                assert!(
                    (moved_margin - want).abs() < 1e-9,
                    "{}: score margin {moved_margin} under {t:?}, expected {want}",
                    c.id
                );
            }
        }
    }
    assert!(
        compared > 20,
        "too few decided strings compared ({compared})"
    );
}
