//! What an endless cycle means in confirmation play.
//!
//! Article 7 asks whether stones "can be captured". Play that repeats a
//! position forever never captures them, so literally a repetition is a
//! failure for the side trying to capture (official example 6, long life:
//! the four white stones live in the cycle). Official example 23 rules
//! otherwise "by the aim of the game in Article 1": there White survives only
//! by a cycle in which he gives up prisoners every round, and White is dead.
//!
//! Over a cycle that returns to the same position with the same side to
//! move, both sides made the same number of turns, and each side's stones
//! on the board are the same as before. A side that played `t` turns with
//! `p` passes put down `t - p` stones and lost exactly as many, so the
//! capturer's net prisoner gain over the round is *his passes minus the
//! defender's passes* in it. The search keeps that balance on its path and
//! reads a repetition with it.

use serde::Serialize;

/// How a repetition of a position on the line of play is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Cycles {
    /// A repetition gains the side trying to reach its goal prisoners every
    /// round: by Article 1 the other side cannot hold on by it, and the goal
    /// counts as reached (example 23). Any other repetition is a failure for
    /// the side trying to reach its goal (examples 6, 12, double-ko seki).
    #[default]
    #[value(name = "article-1")]
    #[serde(rename = "article-1")]
    Article1,
    /// Every repetition is a failure for the side trying to reach its goal
    /// (the literal text of Article 7).
    Literal,
}

impl Cycles {
    /// Whether returning to a position first met with pass balance `then`
    /// (the goal-seeker's passes minus the other side's, counted from the
    /// root), now at balance `now`, reaches the goal.
    #[must_use]
    pub fn reached(self, then: i32, now: i32) -> bool {
        self == Cycles::Article1 && now > then
    }
}

#[cfg(test)]
mod tests {
    use super::Cycles;

    #[test]
    fn only_a_gaining_round_reaches_the_goal_and_only_under_article_1() {
        assert!(Cycles::Article1.reached(0, 1));
        assert!(Cycles::Article1.reached(-2, 0));
        assert!(!Cycles::Article1.reached(1, 1));
        assert!(!Cycles::Article1.reached(1, 0));
        assert!(!Cycles::Literal.reached(0, 5));
    }
}
