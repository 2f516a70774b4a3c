//! kakunin (確認, "confirmation") decides life, death, seki and the score of a
//! stopped Go position under the Japanese Rules of Go (1989), by searching the
//! hypothetical confirmation play of Article 7 instead of guessing from shape.
//!
//! Data flows one way: a case or record is validated into a [`board::Board`];
//! [`region`] splits off the pass-alive strings and cuts the rest into
//! independent components; [`confirm`] searches the capture, confirm and
//! new-stone games of each string; [`status`] turns the results into
//! verdicts with witness lines; [`territory`] applies Article 8 and
//! [`score`] Article 10; [`judgement`] bundles them and [`render`] prints.

pub mod batch;
pub mod bench;
pub mod bitboard;
pub mod board;
pub mod case;
pub mod compare;
pub mod confirm;
pub mod cramped;
pub mod cycle;
pub mod diagram;
pub mod gtp;
pub mod input;
pub mod judgement;
pub mod ko;
pub mod local;
pub mod miai;
pub mod ogs;
pub mod picture;
pub mod point_order;
pub mod position;
pub mod region;
pub mod render;
pub mod report;
pub mod score;
pub mod secure;
pub mod sgf;
pub mod status;
pub mod symmetry;
pub mod territory;
pub mod unopposed;
