//! Per-string verdicts of Article 7, each with the line that proves it.
//!
//! For every string S of player P in an unsettled component:
//! 1. if O (P's opponent), moving first, cannot capture S, S is alive by the
//!    first clause; the witness is O's best try and P's answer;
//! 2. otherwise, if every capture lets P play a new stone on the fight that
//!    O cannot capture, S is alive by the second clause; the witness is a
//!    capture and P's new-stone line;
//! 3. otherwise S is dead; the witness is the capture and O's answer to P's
//!    best try for a new stone.
//!
//! Pass-alive strings (Benson) are alive without search. A search that hits
//! its limits gives `unknown`, never a guess.

use crate::board::{Board, Color, Point};
use crate::confirm::{
    Bound, Engine, Game, Guard, Kind, Limits, LineEnd, Node, Settlement, Step, Val,
};
use crate::cycle::Cycles;
use crate::ko::{KoBan, PassRule};
use crate::local::{Cluster, LocalSearch, clusters, lone_clusters};
use crate::position::Position;
use crate::region::{components, pass_alive};
use crate::territory::OwnDeadStone;
use rayon::prelude::*;
use serde::Serialize;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Settings of a judgement.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// How a pass lifts bans.
    pub pass_rule: PassRule,
    /// What a ban forbids.
    pub ko_ban: KoBan,
    /// How an endless cycle is scored ([`crate::cycle`]).
    pub cycles: Cycles,
    /// Search bounds per string.
    pub limits: Limits,
    /// Wall time at most for the whole position, all strings together
    /// (`None`: only the bounds per string). A referee or a GTP controller
    /// waiting on an unfinished 19x19 game gets an answer in that time:
    /// strings still open then are `unknown`, with this bound as the
    /// reason. [`judge`] turns it into [`Limits::deadline`].
    pub position_time: Option<Duration>,
    /// Longest witness line shown.
    pub line_len: usize,
    /// How far a dead stone of the colour around it makes dame in the
    /// Article 8 map ([`crate::territory::OwnDeadStone`]).
    pub own_dead_stone: OwnDeadStone,
    /// Try local proofs on cut-out boards ([`crate::local`]) before the
    /// whole search. Off only to check that they agree with it.
    pub local: bool,
    /// End a capture game as soon as its target is safe by miai
    /// ([`crate::miai`]). Off only to check that the rule agrees with the
    /// search.
    pub miai: bool,
    /// Run the df-pn search ([`crate::confirm`]) before the long
    /// depth-first passes. Off only to check that it agrees with them.
    pub proof_number: bool,
    /// Settle a game whose target, or whose fight, stands in an area too
    /// small for two eyes ([`crate::cramped`]). Off only to check that the
    /// rule agrees with the search.
    pub cramped: bool,
    /// Whether Benson's rules also settle games with walls that live by
    /// answering every play in their small areas ([`crate::secure`]). Off
    /// only to check that the rule agrees with the search.
    pub secure: bool,
    /// Skip the nested questions of a new-stone game ("can this new stone
    /// be captured?") where one move of the capturer holds the whole fight.
    /// Off only to check that the shortcut agrees with the search.
    pub settling: bool,
    /// End a new-stone game where every fight point is under opposing
    /// strings the owner cannot capture even moving first (a nested
    /// question with a small budget). Off only to check that the shortcut
    /// agrees with the search.
    pub sealed: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            pass_rule: PassRule::OneBan,
            ko_ban: KoBan::default(),
            cycles: Cycles::default(),
            limits: Limits::default(),
            position_time: None,
            line_len: 60,
            own_dead_stone: OwnDeadStone::default(),
            local: true,
            miai: true,
            proof_number: true,
            cramped: true,
            secure: true,
            settling: true,
            sealed: true,
        }
    }
}

/// A string's status under Article 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Alive (it may still be in seki; that is Article 8).
    Alive,
    /// Dead.
    Dead,
    /// The search hit a limit.
    Unknown,
}

/// Why a status holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Benson pass-alive: no search needed.
    PassAlive,
    /// Safe by miai ([`crate::miai`]): its owner answers each of a set of
    /// paired points with its partner, and it can never be captured.
    Miai,
    /// Article 7-1, first clause: the opponent cannot capture it.
    Uncapturable,
    /// Second clause: capturing it lets its owner play a new stone that
    /// cannot be captured.
    NewStone,
    /// It can be captured and no new uncapturable stone follows.
    Captured,
    /// Its owner's only defence is a cycle that gains the opponent
    /// prisoners every round, which Article 1 rules out (example 23,
    /// [`crate::cycle`]): the opponent never has to complete the capture.
    GainingCycle,
    /// A search limit was hit.
    Limit,
}

impl Reason {
    /// One sentence for people.
    #[must_use]
    pub fn sentence(self) -> &'static str {
        match self {
            Reason::PassAlive => "alive whatever the opponent plays (pass-alive, Benson)",
            Reason::Miai => {
                "alive: its owner answers each play in its eyes on a paired point with the other point (miai), so it can never be captured"
            }
            Reason::Uncapturable => "alive: the opponent, moving first, cannot capture it",
            Reason::NewStone => {
                "alive: it can be captured, but then its owner plays a new stone that cannot be captured"
            }
            Reason::Captured => {
                "dead: the opponent captures it and no new stone of its owner survives"
            }
            Reason::GainingCycle => {
                "dead: its owner can only hold on by a cycle that gains the opponent prisoners every round, no defence by the aim of the game (Article 1)"
            }
            Reason::Limit => "unknown: the search hit its limit before deciding",
        }
    }
}

/// The question an `unknown` string's search left open, and what stopped it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Open {
    /// Which game was left open.
    pub question: Question,
    /// The bound that stopped it.
    pub bound: Bound,
    /// Nodes the string's search had spent by then.
    pub nodes: u64,
}

impl Open {
    /// `question` just came back unknown from `engine`: what stopped it.
    /// Read before the engine's budget is reset (a witness line resets it).
    fn after(engine: &Engine, question: Question) -> Open {
        let (bound, nodes) = engine.spent();
        Open {
            question,
            bound,
            nodes,
        }
    }
}

/// The two questions of Article 7-1 about a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Question {
    /// Can the opponent, moving first, capture it?
    Capture,
    /// It can be captured: does every capture let its owner play a new
    /// stone that the opponent cannot capture?
    NewStone,
}

/// A witness line.
#[derive(Clone, Debug, Serialize)]
pub struct Witness {
    /// What the line shows.
    pub claim: String,
    /// Who moves first.
    pub first: Color,
    /// The moves, as GTP points or `pass`.
    pub moves: Vec<String>,
    /// How the line ends: `goal`, `repeats`, `gains` (it repeats after a
    /// round that gained the capturer prisoners, which by Article 1 counts
    /// as reaching the goal), `settled` (a static rule ends the game:
    /// pass-alive stones, unconditional territory, a target safe by miai),
    /// `static` (no line: the claim is a static proof, the miai rule's
    /// answers and eyes) or `cut`.
    pub end: String,
    /// For a `settled` line, the static rule that settles it, in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settled_by: Option<String>,
    /// For a line that a rule ends with the capture certain: how the
    /// capturer takes the string if its owner only passes
    /// ([`crate::unopposed`]). An illustration, not a line of best play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unopposed: Option<Unopposed>,
}

/// The capture a static rule proves certain, played out while the owner
/// passes ([`crate::unopposed`]).
#[derive(Clone, Debug, Serialize)]
pub struct Unopposed {
    /// Who captures.
    pub taker: Color,
    /// The capturer's stones, in order, as GTP points.
    pub stones: Vec<String>,
}

impl Witness {
    /// Why a `settled` line stops, in words: the rule and, where the rule
    /// makes a capture certain, the capture played out unopposed.
    #[must_use]
    pub fn settled_text(&self) -> Option<String> {
        let why = self.settled_by.as_ref()?;
        Some(match &self.unopposed {
            None => why.clone(),
            Some(u) => format!(
                "{why}; if {} only passes, {} takes it at {}",
                u.taker.opponent().name(),
                u.taker.name(),
                u.stones.join(" ")
            ),
        })
    }
}

/// The verdict on one string.
#[derive(Clone, Debug, Serialize)]
pub struct StringVerdict {
    /// Owner.
    pub color: Color,
    /// Stones, as GTP points.
    pub stones: Vec<String>,
    /// Points, for internal use.
    #[serde(skip)]
    pub points: Vec<Point>,
    /// Status.
    pub status: Status,
    /// Why.
    pub reason: Reason,
    /// The lines that prove it.
    pub witness: Vec<Witness>,
    /// For an `unknown` string: the question left open and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub open: Option<Open>,
}

impl StringVerdict {
    /// The string on `head` alive, for `reason`, proved by `witness`.
    fn alive(board: &Board, head: Point, reason: Reason, witness: Vec<Witness>) -> StringVerdict {
        let mut points: Vec<Point> = board.string_stones(head).collect();
        points.sort_unstable();
        StringVerdict {
            color: board.color(head).expect("a string"),
            stones: points.iter().map(|&p| board.geometry().name(p)).collect(),
            points,
            status: Status::Alive,
            reason,
            witness,
            open: None,
        }
    }

    /// Why its status holds, in one sentence for people. An `unknown`
    /// string says which question stayed open: a referee reading "the
    /// opponent can capture it" already knows half of the verdict.
    #[must_use]
    pub fn sentence(&self) -> String {
        let Some(open) = self.open else {
            return self.reason.sentence().to_string();
        };
        let them = self.color.opponent().name();
        let owner = self.color.name();
        let bound = match open.bound {
            Bound::Nodes => "its node bound",
            Bound::Time => "its time bound",
            Bound::Deadline => "the position's time bound",
            Bound::Nested => "the bound of a nested question",
        };
        match open.question {
            Question::Capture => format!(
                "unknown: the search hit {bound} before deciding whether {them}, moving first, can capture it"
            ),
            Question::NewStone => format!(
                "unknown: {them} can capture it, but the search hit {bound} before deciding whether a new {owner} stone then survives"
            ),
        }
    }
}

/// All string verdicts of a position.
#[derive(Clone, Debug, Serialize)]
pub struct Verdicts {
    /// One per string, in board order of their first stone.
    pub strings: Vec<StringVerdict>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub millis: u128,
}

impl Verdicts {
    /// The status of the stone on `p`, if any.
    #[must_use]
    pub fn status_at(&self, p: Point) -> Option<Status> {
        self.strings
            .iter()
            .find(|s| s.points.contains(&p))
            .map(|s| s.status)
    }
}

fn moves_text(board: &Board, steps: &[Step]) -> Vec<String> {
    steps
        .iter()
        .map(|s| match s.mv {
            crate::position::Move::Play(p) => board.geometry().name(p),
            crate::position::Move::Pass { .. } => "pass".to_string(),
        })
        .collect()
}

fn end_text(end: &LineEnd) -> String {
    match end {
        LineEnd::Goal => "goal",
        LineEnd::Repeats => "repeats",
        LineEnd::Gains => "gains",
        LineEnd::Settled(_) => "settled",
        LineEnd::Cut => "cut",
    }
    .to_string()
}

/// The witness of a drawn line about `owner`'s stones (`target` names
/// them: "the black string"), with the static rule that ends it, if any.
fn line_witness(
    board: &Board,
    claim: String,
    first: Color,
    steps: &[Step],
    end: &LineEnd,
    owner: Color,
    target: &str,
) -> Witness {
    Witness {
        claim,
        first,
        moves: moves_text(board, steps),
        end: end_text(end),
        settled_by: match end {
            LineEnd::Settled(why) => Some(settlement_text(*why, owner, target)),
            _ => None,
        },
        unopposed: None,
    }
}

/// Whether the rule that ends a line makes the target's capture certain
/// without playing it.
fn capture_certain(end: &LineEnd) -> bool {
    matches!(
        end,
        LineEnd::Settled(
            Settlement::TargetHeld | Settlement::TargetCramped | Settlement::TargetTakenWithAnswers
        )
    )
}

/// The capture of `owner`'s string at `target` that the rule ending a
/// line at `last` makes certain, played out unopposed.
fn unopposed_capture(last: &Position, target: Point, owner: Color) -> Option<Unopposed> {
    if last.board.color(target) != Some(owner) {
        return None;
    }
    let taker = owner.opponent();
    let stones = crate::unopposed::capture(last, target)?;
    Some(Unopposed {
        taker,
        stones: stones
            .iter()
            .map(|&p| last.board.geometry().name(p))
            .collect(),
    })
}

/// Why a line stops, for people.
fn settlement_text(why: Settlement, owner: Color, target: &str) -> String {
    let (o, t) = (owner.name(), owner.opponent().name());
    match why {
        Settlement::TargetPassAlive => format!("{target} is pass-alive (Benson)"),
        Settlement::TargetMiai => format!("{target} is safe by miai"),
        Settlement::TargetHeld => format!(
            "{target} stands in {t}'s unconditional territory (Benson), where its capture is certain"
        ),
        Settlement::TargetCramped => format!(
            "{target} stands in an area walled off by {t}'s pass-alive stones that is too small for two eyes, where its capture is certain"
        ),
        Settlement::FightCramped => format!(
            "every point where a new {o} stone could stand is {t}'s unconditional territory or in an area walled off by {t}'s pass-alive stones that is too small for two eyes"
        ),
        Settlement::FightHeld => format!(
            "every point where a new {o} stone could stand is {t}'s unconditional territory (Benson)"
        ),
        Settlement::FightSealed => format!(
            "every point where a new {o} stone could stand is {t}'s unconditional territory or under {t} stones that cannot be captured"
        ),
        Settlement::TargetSafeWithAnswers => format!(
            "{target} can never be captured while {o} answers every play in the small areas of its walls, which he keeps as eyes"
        ),
        Settlement::TargetTakenWithAnswers => format!(
            "{target} stands where {t}, answering every play in the small areas of his walls, takes every stone, where its capture is certain"
        ),
        Settlement::FightHeldWithAnswers => format!(
            "every point where a new {o} stone could stand is held by {t}, who answers every play in the small areas of his walls and takes every stone there"
        ),
        Settlement::GuardLost => "a stone of the cut-out board's open wall is lost".to_string(),
        Settlement::NoMove(side) => format!("{} has no move left to try", side.name()),
    }
}

/// Stack for the search thread: lines of confirmation play can be hundreds
/// of moves deep, and the search recurses once per move.
const SEARCH_STACK: usize = 1 << 30;

/// Decides every string of `board`. The search runs on the threads of the
/// search pool ([`in_search_pool`]), with their large stacks.
#[must_use]
pub fn judge(board: &Board, opts: &Options) -> Verdicts {
    match opts.position_time {
        None => judge_once(board, opts),
        Some(t) => judge_in_rounds(board, opts, Instant::now() + t),
    }
}

/// The node bound per string of the first round of a judgement under a
/// position time bound ([`Options::position_time`]); each further round
/// has [`ROUND_GROWTH`] times more, up to the bound of the options.
const FIRST_ROUND_NODES: u64 = 20_000;

/// How much each round's node bound grows over the one before.
const ROUND_GROWTH: u64 = 10;

/// A judgement under a position time bound, in rounds of growing node
/// bounds per string until every string is decided, the node bound of
/// the options is reached, or the time is up.
///
/// Why rounds: one round at the full bound spends the time on the first
/// hard strings it meets (a local proof of a wide area alone can take
/// half a million nodes), and strings that a small bound decides in
/// milliseconds are left `unknown`. Measured on `GNU-bassanio.sgf` (41
/// strings): one round at the full bound decided 16 strings in 5 s and 17
/// in 20 s, the rounds 24 and 25, against 24 at 20 000 nodes a string
/// (1.1 s) and 26 at the full bound without a position bound (158 s). A
/// decided verdict is proved, whatever the bound that
/// found it, so a string a later round leaves open keeps the verdict of
/// an earlier one.
fn judge_in_rounds(board: &Board, opts: &Options, deadline: Instant) -> Verdicts {
    let started = Instant::now();
    let mut round = *opts;
    round.limits.deadline = Some(deadline);
    round.limits.nodes = FIRST_ROUND_NODES.min(opts.limits.nodes);
    let mut verdicts = judge_once(board, &round);
    let mut nodes = verdicts.nodes;
    while round.limits.nodes < opts.limits.nodes
        && Instant::now() < deadline
        && verdicts.strings.iter().any(|s| s.status == Status::Unknown)
    {
        round.limits.nodes = round
            .limits
            .nodes
            .saturating_mul(ROUND_GROWTH)
            .min(opts.limits.nodes);
        let next = judge_once(board, &round);
        nodes += next.nodes;
        verdicts = keep_decided(verdicts, next);
    }
    // Strings still open because the time ran out before the full node
    // bound was tried: the position's time bound is what stopped them.
    if round.limits.nodes < opts.limits.nodes {
        for open in verdicts.strings.iter_mut().filter_map(|s| s.open.as_mut()) {
            open.bound = Bound::Deadline;
        }
    }
    verdicts.nodes = nodes;
    verdicts.millis = started.elapsed().as_millis();
    verdicts
}

/// The verdicts of a later round, where it left a string `unknown` that
/// the earlier round decided taking the earlier verdict (both rounds
/// judged the same board, so their strings are the same).
fn keep_decided(earlier: Verdicts, mut later: Verdicts) -> Verdicts {
    for s in &mut later.strings {
        if s.status != Status::Unknown {
            // Proved verdicts never disagree, whatever their bounds.
            debug_assert!(
                earlier.strings.iter().all(|e| e.points != s.points
                    || e.status == Status::Unknown
                    || e.status == s.status),
                "rounds disagree on {:?}",
                s.stones
            );
            continue;
        }
        if let Some(e) = earlier
            .strings
            .iter()
            .find(|e| e.points == s.points && e.status != Status::Unknown)
        {
            *s = e.clone();
        }
    }
    later
}

/// [`judge`] once, within the bounds of `opts`.
fn judge_once(board: &Board, opts: &Options) -> Verdicts {
    in_search_pool(|| judge_here(board, opts))
}

/// Runs `f` on the search pool: one thread per core, each with the
/// search's large stack, shared by every judgement of the process. A batch
/// ([`crate::batch::map`]) runs its positions here too, so the positions
/// and the strings within them are one body of work: a thread that runs
/// out takes a string of whatever position is still being judged. (Before,
/// each position got a pool of its own sized when it started, one thread
/// while another position was judged beside it, and the last position of
/// a batch searched its strings on one thread while the other core idled.)
/// From a thread of the pool `f` runs at once; from any other thread the
/// caller waits for it.
pub fn in_search_pool<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    search_pool().install(f)
}

/// The search pool ([`in_search_pool`]). Not rayon's global pool: its
/// workers have small stacks. More threads than cores would only slow the
/// searches that run against their time bound.
fn search_pool() -> &'static rayon::ThreadPool {
    static POOL: std::sync::OnceLock<rayon::ThreadPool> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        rayon::ThreadPoolBuilder::new()
            .num_threads(cores)
            .stack_size(SEARCH_STACK)
            .thread_name(|i| format!("kakunin-search-{i}"))
            .build()
            .unwrap_or_else(|e| panic!("kakunin search: {e}"))
    })
}

/// Gives a fresh engine the rules switches and search aids of `opts`
/// (before its first search: its tables hold results of one setting).
fn set_switches(engine: &mut Engine, opts: &Options) {
    engine.set_cycles(opts.cycles);
    engine.set_miai(opts.miai);
    engine.set_proof_number(opts.proof_number);
    engine.set_cramped(opts.cramped);
    engine.set_secure(opts.secure);
    engine.set_settling(opts.settling);
    engine.set_sealed(opts.sealed);
}

fn judge_here(board: &Board, opts: &Options) -> Verdicts {
    let started = Instant::now();
    let settled = pass_alive(board);
    let mut strings: Vec<StringVerdict> = Vec::new();
    let mut nodes = 0;
    for (head, _) in board.strings() {
        if settled[head as usize] {
            strings.push(StringVerdict::alive(
                board,
                head,
                Reason::PassAlive,
                Vec::new(),
            ));
        }
    }
    // Strings decided before the searches: by first stone (`local`: miai
    // and local proofs) and by head (`known`: miai, which the local proofs
    // skip).
    let mut local = vec![false; board.geometry().len()];
    let mut known = vec![false; board.geometry().len()];
    let mut hard = vec![false; board.geometry().len()];
    // In an order every image of the board shares: a proof marks the strings
    // of its group, and miai links strings greedily.
    let ranks = [Color::Black, Color::White].map(|c| crate::point_order::board_ranks(board, c));
    let mut strings_in_order = board.strings();
    strings_in_order.sort_by_cached_key(|&(h, c)| {
        let own = crate::point_order::first_rank(&ranks[c.index()], board.string_stones(h));
        (c != Color::Black, own)
    });
    for (head, color) in strings_in_order.into_iter().filter(|_| opts.miai) {
        if settled[head as usize] || known[head as usize] {
            continue;
        }
        let Some(proof) = crate::miai::proof_in_order(board, head, Some(&ranks[color.index()]))
        else {
            continue;
        };
        // Every string of the proof's group is safe.
        let witness = Witness {
            claim: miai_claim(board, color, &proof),
            first: color.opponent(),
            moves: Vec::new(),
            end: "static".to_string(),
            settled_by: None,
            unopposed: None,
        };
        for &h in &proof.strings {
            if settled[h as usize] || known[h as usize] {
                continue;
            }
            let v = StringVerdict::alive(board, h, Reason::Miai, vec![witness.clone()]);
            local[v.points[0] as usize] = true;
            known[h as usize] = true;
            strings.push(v);
        }
    }
    let pool = search_pool();
    let comps = components(board, &settled);
    let small = small_components(board, &comps);
    let mut deferred = Vec::new();
    // Stones the local proofs found dead (a stone of each string).
    let mut local_dead: Vec<Point> = Vec::new();
    // The two colours' local proofs read only what is decided above, so
    // they run side by side.
    if opts.local {
        let first = Plan::First { small: &small };
        for outcome in local_verdicts_both(board, &settled, &known, opts, first) {
            nodes += outcome.nodes;
            for p in outcome.hard {
                hard[p as usize] = true;
            }
            deferred.extend(outcome.deferred);
            for v in outcome.verdicts {
                local[v.points[0] as usize] = true;
                if v.status == Status::Dead {
                    local_dead.push(v.points[0]);
                }
                strings.push(v);
            }
        }
    }
    // Each string left gets an engine of its own, so its verdict does not
    // depend on which strings were searched before it, nor on the thread.
    // (One engine for all the strings of a component, its tables kept from
    // string to string, decided fewer at small bounds and about as many at
    // the default ones: BENCHMARKS.md, session 13.)
    let todo: Vec<(&[Point], Point)> = comps
        .iter()
        .flat_map(|c| c.strings.iter().map(move |&h| (c.points.as_slice(), h)))
        .filter(|&(_, head)| {
            let first = board.string_stones(head).min().expect("a string");
            !local[first as usize]
        })
        .collect();
    let searched: Vec<(StringVerdict, u64)> = pool.install(|| {
        todo.into_par_iter()
            .map(|(region, head)| {
                let stones: Vec<Point> = board.string_stones(head).collect();
                let color = board.color(head).expect("a string");
                // The position's board is shared by the threads: the search
                // copies it with a geometry of its own.
                let own = board.with_own_geometry();
                let mut engine =
                    Engine::new(&own, region, &stones, color, opts.pass_rule, opts.limits);
                set_switches(&mut engine, opts);
                let share = engine.node_limit();
                let v = judge_string(
                    &own,
                    head,
                    &mut engine,
                    opts,
                    None,
                    hard[head as usize],
                    share,
                );
                if std::env::var_os("KAKUNIN_TRACE").is_some() {
                    eprintln!(
                        "string {} ({} stones): {:?} after {} nodes",
                        board.geometry().name(head),
                        stones.len(),
                        v.status,
                        engine.total_nodes()
                    );
                }
                (v, engine.total_nodes())
            })
            .collect()
    });
    for (v, n) in searched {
        nodes += n;
        strings.push(v);
    }
    // The walls and strings inside whose local proof was cut short for the
    // whole search, and that it left open: their local proof gets its whole
    // share.
    let retry: Vec<Point> = deferred
        .into_iter()
        .filter(|&h| {
            strings
                .iter()
                .any(|s| s.status == Status::Unknown && s.points.contains(&h))
        })
        .collect();
    if !retry.is_empty() {
        let again = Plan::Retry(&retry);
        for outcome in local_verdicts_both(board, &settled, &known, opts, again) {
            nodes += outcome.nodes;
            for v in outcome.verdicts {
                if v.status == Status::Dead {
                    local_dead.push(v.points[0]);
                }
                if let Some(s) = strings.iter_mut().find(|s| s.points == v.points) {
                    *s = v;
                }
            }
        }
    }
    local_dead.retain(|&stone| {
        strings
            .iter()
            .find(|s| s.points.contains(&stone))
            .is_some_and(|v| leaves_its_area(board, v))
    });
    let redrawn: Vec<(Option<StringVerdict>, u64)> = pool.install(|| {
        local_dead
            .into_par_iter()
            .map(|stone| redraw_on_board(board, &comps, stone, opts))
            .collect()
    });
    for (v, n) in redrawn {
        nodes += n;
        if let Some(v) = v
            && let Some(s) = strings.iter_mut().find(|s| s.points == v.points)
        {
            *s = v;
        }
    }
    strings.sort_by_key(|s| s.points[0]);
    Verdicts {
        strings,
        nodes,
        millis: started.elapsed().as_millis(),
    }
}

/// Whether a line of the dead string `v` plays a stone outside its area:
/// the points joined to it through points that hold no stone of its
/// capturer, where its capture and its owner's new stones are played out.
fn leaves_its_area(board: &Board, v: &StringVerdict) -> bool {
    let geo = board.geometry();
    let capturer = v.color.opponent();
    let mut inside = vec![false; geo.len()];
    let mut todo = v.points.clone();
    for &p in &todo {
        inside[p as usize] = true;
    }
    while let Some(p) = todo.pop() {
        for &q in geo.neighbors(p) {
            if !inside[q as usize] && board.color(q) != Some(capturer) {
                inside[q as usize] = true;
                todo.push(q);
            }
        }
    }
    v.witness
        .iter()
        .flat_map(|w| &w.moves)
        .filter_map(|m| geo.parse_point(m).ok())
        .any(|p| !inside[p as usize])
}

/// Nodes a dead string of a local proof gets on the real board for lines
/// of its own ([`redraw_on_board`]); its lines may spend
/// [`REDRAW_LINE_NODES`].
const REDRAW_NODES: u64 = 500;

/// Nodes the lines of [`redraw_on_board`] may spend.
const REDRAW_LINE_NODES: u64 = 5_000;

/// The verdict on the real board of the string on `stone`, which a local
/// proof found dead with a line that leaves the string's area
/// ([`leaves_its_area`]), when a search of [`REDRAW_NODES`] proves it dead
/// there too (with the nodes spent).
///
/// A local proof decides its dead strings on the cut-out, where the
/// capturer loses the game with any open wall (the guard), and Benson's
/// shortcuts count only once the open walls are pass-alive. So its lines
/// often begin with moves far from the string that make those walls
/// pass-alive (`black first: J1 B4 L4` for a white stone that stands in
/// Black's unconditional territory on the real board). On the real board
/// the same questions need no guard, and the line stays where the string
/// is (`B4 A5 C5 pass A4`, the capture itself). The verdict is the same
/// either way (both searches prove what they find); only the proof shown
/// changes, to one on the board the reader sees. A string the small search
/// leaves open keeps the cut-out's lines.
fn redraw_on_board(
    board: &Board,
    comps: &[crate::region::Component],
    stone: Point,
    opts: &Options,
) -> (Option<StringVerdict>, u64) {
    let head = board.head(stone);
    let Some(region) = comps.iter().find(|c| c.strings.contains(&head)) else {
        return (None, 0);
    };
    let stones: Vec<Point> = board.string_stones(head).collect();
    let color = board.color(head).expect("a string");
    let own = board.with_own_geometry();
    let limits = Limits {
        nodes: REDRAW_LINE_NODES.min(opts.limits.nodes),
        ..opts.limits
    };
    let mut engine = Engine::new(&own, &region.points, &stones, color, opts.pass_rule, limits);
    set_switches(&mut engine, opts);
    let v = judge_string(&own, head, &mut engine, opts, None, false, REDRAW_NODES);
    let found = (v.status == Status::Dead).then_some(v);
    (found, engine.total_nodes())
}

/// [`local_verdicts`] for both colours, side by side on the search pool:
/// each reads only what was decided before it.
fn local_verdicts_both(
    board: &Board,
    settled: &[bool],
    known: &[bool],
    opts: &Options,
    plan: Plan,
) -> [LocalOutcome; 2] {
    let (black, white) = search_pool().join(
        || local_verdicts(board, Color::Black, settled, known, opts, plan),
        || local_verdicts(board, Color::White, settled, known, opts, plan),
    );
    [black, white]
}

/// Which strings a run of [`local_verdicts`] tries to decide, and with
/// what share of the nodes.
#[derive(Clone, Copy)]
enum Plan<'a> {
    /// The first run, before the whole search: every undecided wall and
    /// string inside. In a component of the whole search that is small
    /// (`small`, by point) each proof gets only [`FIRST_SHARE_NODES`] at
    /// first: there the whole search goes first.
    First { small: &'a [bool] },
    /// The run after the whole search: only these strings (heads), those
    /// the first run deferred and the whole search left `unknown`, with
    /// the whole local share.
    Retry(&'a [Point]),
}

/// What a run of [`local_verdicts`] found.
struct LocalOutcome {
    /// The verdicts that carry over to the real board.
    verdicts: Vec<StringVerdict>,
    /// Nodes searched.
    nodes: u64,
    /// Heads of the walls whose local proof ran out of nodes on a share
    /// smaller than a string's budget (see `local_limits`). Their capture
    /// is a life-and-death question df-pn was working through when the
    /// share ran out, so the whole search asks it with df-pn early too
    /// (`judge_string`'s `early`).
    hard: Vec<Point>,
    /// Heads of the walls and strings inside whose proof ran out of
    /// [`FIRST_SHARE_NODES`] (with the strings inside the walls that ran
    /// out, which were not tried): the whole search decides them, and those
    /// it leaves `unknown` are tried again with the whole local share
    /// ([`Plan::Retry`]).
    deferred: Vec<Point>,
}

/// Strings decided by local proofs on the cut-outs of `color`'s clusters
/// (see [`crate::local`]): walls the opponent cannot capture, and opposing
/// strings inside their areas that are dead. Only verdicts that carry over to
/// the real board are returned; the rest is left to the whole search.
fn local_verdicts(
    board: &Board,
    color: Color,
    settled: &[bool],
    known: &[bool],
    opts: &Options,
    plan: Plan,
) -> LocalOutcome {
    let mut nodes = 0;
    let mut out = Vec::new();
    let mut hard = Vec::new();
    let mut deferred = Vec::new();
    let full_share = local_limits(opts.limits).nodes;
    let mut dropped = vec![false; board.geometry().len()];
    // Strings decided already (by head: `known`, safe by miai) or by a
    // local proof (walls alive, stones inside dead): each is decided once.
    let mut decided = known.to_vec();
    // The list is taken from its end, so the joined clusters come first:
    // they prove the walls with small eyes and decide the stones inside
    // their areas. The lone big areas then prove the walls still open, each
    // big area alone before it with its walls' eyes.
    // Within each kind, in an order every image of the board shares: the
    // clusters share `decided`.
    let rank = crate::point_order::board_ranks(board, color);
    let in_order = |mut cs: Vec<Cluster>| {
        cs.sort_by_cached_key(|c| {
            let first = |ps: &[Point]| crate::point_order::first_rank(&rank, ps.iter().copied());
            (first(&c.areas), c.areas.len(), first(&c.wall_stones))
        });
        cs
    };
    let mut todo = in_order(lone_clusters(board, color));
    todo.extend(in_order(clusters(board, color, &dropped)));
    // Each round cuts out less where an open wall fell on the cut-out. A
    // cluster runs while one of its walls is undecided. Every round drops at
    // least one area, so this ends.
    while let Some(cluster) = todo.pop() {
        let (wanted, share) = match plan {
            Plan::First { small } => {
                // By its stones: an empty point of the areas may be an eye of
                // a pass-alive string, a component with no stone.
                let mut stones = cluster
                    .walls
                    .iter()
                    .chain(cluster.areas.iter().filter(|&&p| board.color(p).is_some()))
                    .filter(|&&p| !settled[p as usize])
                    .peekable();
                let in_small = stones.peek().is_some() && stones.all(|&p| small[p as usize]);
                let share = if in_small {
                    full_share.min(FIRST_SHARE_NODES)
                } else {
                    full_share
                };
                (!cluster.walls.iter().all(|&h| decided[h as usize]), share)
            }
            Plan::Retry(heads) => (
                heads
                    .iter()
                    .any(|h| cluster.areas.binary_search(h).is_ok() || cluster.walls.contains(h)),
                full_share,
            ),
        };
        if !wanted {
            continue;
        }
        let mut ls = LocalSearch::new(cluster, opts.pass_rule, local_limits(opts.limits));
        ls.ko_ban = opts.ko_ban;
        set_switches(&mut ls.engine, opts);
        let asked = |h: &Point| match plan {
            Plan::First { .. } => true,
            Plan::Retry(heads) => heads.contains(h),
        };
        let unsettled_walls: Vec<Point> = ls
            .cluster
            .walls
            .iter()
            .copied()
            .filter(|&h| !settled[h as usize] && !decided[h as usize])
            .filter(asked)
            .collect();
        let mut inside: Vec<Point> = ls
            .inside()
            .into_iter()
            .filter(|&h| !settled[h as usize] && !decided[h as usize])
            .filter(asked)
            .collect();
        // The strings inside share the engine's tables, so the order they
        // are asked in must be the same in every image of the board.
        ls.engine.sort_strings(&ls.cluster.board, &mut inside);
        if unsettled_walls.is_empty() && inside.is_empty() {
            continue;
        }
        ls.engine.set_node_limit(share);
        let proved = ls.live_walls();
        ls.engine.set_node_limit(full_share);
        nodes += ls.engine.total_nodes();
        if std::env::var_os("KAKUNIN_TRACE").is_some() {
            eprintln!(
                "local {color:?} walls {} areas {}: {:?} after {} nodes",
                names(board, &ls.cluster.walls),
                names(board, &ls.cluster.areas),
                proved
                    .as_ref()
                    .map(|(l, _)| names(board, l))
                    .map_err(|e| e.as_ref().map(|f| names(board, f))),
                ls.engine.total_nodes()
            );
        }
        let (live, game) =
            match proved {
                Ok(p) => p,
                Err(Some(fallen)) => {
                    // Cut out the areas of the fallen walls no more, and try
                    // the rest of this cluster again.
                    let geo = board.geometry();
                    for &a in ls.cluster.areas.iter() {
                        if geo.neighbors(a).iter().any(|&q| {
                            board.color(q) == Some(color) && fallen.contains(&board.head(q))
                        }) {
                            dropped[a as usize] = true;
                        }
                    }
                    let walls = ls.cluster.walls.clone();
                    todo.extend(
                        in_order(clusters(board, color, &dropped))
                            .into_iter()
                            .filter(|c| c.walls.iter().any(|h| walls.contains(h))),
                    );
                    continue;
                }
                Err(None) => {
                    // A wall deferred by the first share is hard too: its
                    // whole search with df-pn late decided example 18's wall
                    // in 452 734 nodes instead of 249 873, and left the
                    // race of the bulky five against one eye `unknown`
                    // (session 34).
                    let spent = ls.engine.total_nodes();
                    if share < opts.limits.nodes && spent >= share {
                        hard.extend_from_slice(&unsettled_walls);
                    }
                    if share < full_share && spent >= share {
                        deferred.extend_from_slice(&unsettled_walls);
                        deferred.extend_from_slice(&inside);
                    }
                    continue;
                }
            };
        for &h in &live {
            decided[h as usize] = true;
        }
        let start = ls.start();
        ls.engine.reset_budget();
        let (steps, end, _) = ls.engine.witness_line(&game, &start, opts.line_len);
        let them = color.opponent().name();
        // The areas hold the opponent's stones too (the strings inside):
        // named apart, so that a reader does not take a stone for an
        // empty point of an eye.
        let (empty, stones): (Vec<Point>, Vec<Point>) = ls
            .cluster
            .areas
            .iter()
            .partition(|&&p| board.color(p).is_none());
        let held = if stones.is_empty() {
            String::new()
        } else {
            format!(" (and the {them} stones {} in them)", names(board, &stones))
        };
        let witness = line_witness(
            board,
            format!(
                "{them} moves first and cannot capture any of the {} {} strings around the enclosed areas {}{held}, even with every liberty outside them filled",
                live.len(),
                color.name(),
                names(board, &empty)
            ),
            color.opponent(),
            &steps,
            &end,
            color,
            &format!("each {} string at stake", color.name()),
        );
        for &h in unsettled_walls.iter().filter(|h| live.contains(h)) {
            out.push(StringVerdict::alive(
                board,
                h,
                Reason::Uncapturable,
                vec![witness.clone()],
            ));
        }
        let before = ls.engine.total_nodes();
        let guard = Some(ls.guard());
        let cut = ls.cluster.board.clone();
        for h in inside {
            ls.engine.reset_budget();
            let v = judge_string(&cut, h, &mut ls.engine, opts, guard.clone(), false, share);
            if v.status == Status::Dead {
                decided[h as usize] = true;
                out.push(v);
            } else if v.status == Status::Unknown && share < full_share {
                deferred.push(h);
            }
        }
        nodes += ls.engine.total_nodes() - before;
    }
    LocalOutcome {
        verdicts: out,
        nodes,
        hard,
        deferred,
    }
}

/// What a miai proof says, for people: the strings it joins, the owner's
/// answers and the areas that stay eyes.
fn miai_claim(board: &Board, color: Color, proof: &crate::miai::Proof) -> String {
    let geo = board.geometry();
    let pair = |&(x, y): &(Point, Point)| format!("{}-{}", geo.name(x), geo.name(y));
    let mut answers: Vec<String> = proof.links.iter().map(pair).collect();
    let mut areas = Vec::new();
    for a in &proof.areas {
        answers.extend(a.pairs.iter().map(pair));
        let eyes = if a.eyes == 1 { "one eye" } else { "two eyes" };
        areas.push(format!("{} ({eyes})", names(board, &a.points)));
    }
    let them = color.opponent().name();
    let me = color.name();
    let group = if proof.strings.len() == 1 {
        format!("the {me} string")
    } else {
        let heads: Vec<String> = proof.strings.iter().map(|&h| geo.name(h)).collect();
        format!(
            "the {} {me} strings at {} (linked by the first {} pairs)",
            proof.strings.len(),
            heads.join(" "),
            proof.links.len()
        )
    };
    let answers = if answers.is_empty() {
        String::new()
    } else {
        format!(
            "{me} answers {them}'s play on either point of {} with the other; ",
            answers.join(", ")
        )
    };
    format!(
        "{answers}the areas {} then stay two eyes or more, enclosed by {group} alone, so {them}, moving first, can never capture any of them",
        areas.join(" and ")
    )
}

/// GTP names of points, space-separated.
fn names(board: &Board, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| board.geometry().name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The fight of a string: where a new stone of its owner may stand after
/// its capture (the new-stone clause of Art. 7-1 is local).
///
/// It is the string's points, those of the opposing strings touching it,
/// and the empty regions of the stopped position, of two points or more,
/// bordered by those opposing strings and no stone of the owner (the
/// opposing strings' eye space). Example 1 needs the opposing strings' points (White's
/// new stones stand where Black's four stones stood); example 2 needs the
/// eye space (Black's stones 2 and 4 stand in the white group's two-point
/// eye, empty at the stop). A region touching another stone of the owner is
/// open to his living stones and is left out: a new stone there would not
/// be one that the capture made possible. A region touching the string
/// itself is left out too: once the string is captured it is one area with
/// the string's points, so it adds no place a new stone could stand apart
/// from them, while it would send the search after empty points first.
/// One-point eyes are left out: an owner's stone there has no liberty unless
/// it captures, no official example needs them, and they made every ko
/// beside a seki much longer to search (RULES-MODEL.md).
fn fight(board: &Board, head: Point) -> Vec<Point> {
    let geo = board.geometry();
    let color = board.color(head).expect("a string");
    let mut pts: Vec<Point> = board.string_stones(head).collect();
    let mut heads: Vec<Point> = pts
        .iter()
        .flat_map(|&s| geo.neighbors(s).iter().copied())
        .filter(|&q| board.color(q) == Some(color.opponent()))
        .map(|q| board.head(q))
        .collect();
    heads.sort_unstable();
    heads.dedup();
    for &h in &heads {
        pts.extend(board.string_stones(h));
    }
    let stones = pts.clone();
    let mut seen = vec![false; geo.len()];
    for &s in &stones {
        for &start in geo.neighbors(s) {
            if !board.is_empty_at(start) || seen[start as usize] {
                continue;
            }
            // The empty region joins the fight unless it touches a stone
            // of the owner.
            let (region, next_to) = board.empty_area(start, &mut seen);
            let open = next_to.iter().any(|&q| board.color(q) == Some(color));
            if !open && region.len() >= 2 {
                pts.extend(region);
            }
        }
    }
    pts.sort_unstable();
    pts.dedup();
    pts
}

/// The verdict on the string at `head`. With a `guard` (a cut-out board),
/// every game is played under it; the caller keeps only verdicts that carry
/// over to the real board.
///
/// With `early`, the capture game runs df-pn early, with every node the
/// depth-first passes leave (`Engine::set_proof_number_early`), as the
/// walls' game of a cut-out does. The caller sets it for a wall whose local
/// proof ran out of its share of the budget. The whole search then goes on
/// with that proof's schedule instead of one built for questions with new
/// stones. Only the schedule changes; every answer is proved as before.
/// (Session 29: a capturing race of a bulky five against one eye needs
/// 508 551 nodes of df-pn on its cut-out, past the local share of 500 000.
/// The late df-pn phase of the usual schedule left it `unknown` at
/// 5 500 000 nodes. df-pn early for every capture game instead loses
/// examples 6 and 15 at the default bounds.)
///
/// The searches that decide the string spend at most `share` nodes each;
/// drawing a witness line gets the engine's own bound, so that a verdict
/// found on a small share is drawn as it would be on the whole one.
fn judge_string(
    board: &Board,
    head: Point,
    engine: &mut Engine,
    opts: &Options,
    guard: Option<Guard>,
    early: bool,
    share: u64,
) -> StringVerdict {
    let bound = engine.node_limit();
    engine.set_node_limit(share.min(bound));
    let v = judge_string_within(board, head, engine, opts, guard, early, bound);
    engine.set_node_limit(bound);
    v
}

/// [`judge_string`] with the engine's node bound set to the share;
/// `bound` is the one witness lines get.
fn judge_string_within(
    board: &Board,
    head: Point,
    engine: &mut Engine,
    opts: &Options,
    guard: Option<Guard>,
    early: bool,
    bound: u64,
) -> StringVerdict {
    let color = board.color(head).expect("a string");
    let mut points: Vec<Point> = board.string_stones(head).collect();
    points.sort_unstable();
    let target: Rc<[Point]> = points.clone().into();
    let fight: Rc<[Point]> = fight(board, head).into();
    // The board's geometry is the engine's own (every node's board shares
    // it): the engine's Benson over its region ([`crate::region::SafetyBase`])
    // answers only boards of the geometry it was built on, and a local
    // proof's engine has already searched the cut-out's walls.
    let start = Node::new(Position::new(board.clone(), color.opponent()).with_ko_ban(opts.ko_ban));
    let capture = Game::new(Kind::Capture, color, target.clone(), fight.clone())
        .canonical()
        .guarded(guard.clone());
    let witness = |engine: &mut Engine, game: &Game, node: &Node, claim: String| {
        // The verdict is proved; drawing its line gets a budget of its own.
        engine.reset_budget();
        let share = engine.node_limit();
        engine.set_node_limit(bound);
        let (steps, end, last) = engine.witness_line(game, node, opts.line_len);
        engine.set_node_limit(share);
        let target = format!("the {} string", color.name());
        let mut w = line_witness(board, claim, node.pos.to_move, &steps, &end, color, &target);
        if capture_certain(&end) {
            w.unopposed = unopposed_capture(&last.pos, head, color);
        }
        (w, last, end)
    };
    let owner = color.name();
    let them = color.opponent().name();
    let captures = format!("{them} captures the {owner} string");
    let mut open = None;
    engine.set_proof_number_early(early);
    let captured = engine.solve(&capture, &start);
    engine.set_proof_number_early(false);
    let (status, reason, lines) = match captured {
        Val::Unknown => {
            open = Some(Open::after(engine, Question::Capture));
            (Status::Unknown, Reason::Limit, Vec::new())
        }
        Val::Loss => {
            let (w, ..) = witness(
                engine,
                &capture,
                &start,
                format!("{them} moves first and cannot capture the {owner} string"),
            );
            (Status::Alive, Reason::Uncapturable, vec![w])
        }
        Val::Win(_) => {
            let confirm = Game::new(Kind::Confirm, color, target, fight)
                .taking_from(board)
                .guarded(guard);
            match engine.solve(&confirm, &start) {
                Val::Unknown => {
                    // Half of the verdict is proved: the capture. Its line
                    // backs the claim that the string can be captured.
                    open = Some(Open::after(engine, Question::NewStone));
                    let (w, ..) = witness(engine, &capture, &start, captures);
                    (Status::Unknown, Reason::Limit, vec![w])
                }
                Val::Win(_) => {
                    let (w1, last, end) = witness(engine, &confirm, &start, captures);
                    if end == LineEnd::Gains {
                        // The line never captures: the gaining cycle is the
                        // whole proof, and no new stone comes into question.
                        let w1 = Witness {
                            claim: format!(
                                "{them} holds the {owner} string in a cycle that gains {them} prisoners every round"
                            ),
                            ..w1
                        };
                        (Status::Dead, Reason::GainingCycle, vec![w1])
                    } else {
                        let (w2, ..) = witness(
                            engine,
                            &confirm.after_capture(&last),
                            &Node::new(last.pos),
                            format!("after the capture no new {owner} stone survives"),
                        );
                        (Status::Dead, Reason::Captured, vec![w1, w2])
                    }
                }
                Val::Loss => {
                    // Show the quickest capture; if its end is not a won
                    // new-stone game (the defender's resistance in the capture
                    // game is not his best play here), show the confirm line.
                    let claim = captures;
                    let (mut w1, mut last, _) = witness(engine, &capture, &start, claim.clone());
                    let mut after = confirm.after_capture(&last);
                    if !matches!(
                        engine.solve(&after, &Node::new(last.pos.clone())),
                        Val::Win(_)
                    ) {
                        (w1, last, _) = witness(engine, &confirm, &start, claim);
                        after = confirm.after_capture(&last);
                    }
                    let (w2, ..) = witness(
                        engine,
                        &after,
                        &Node::new(last.pos),
                        format!("then {owner} plays a new stone that {them} cannot capture"),
                    );
                    (Status::Alive, Reason::NewStone, vec![w1, w2])
                }
            }
        }
    };
    StringVerdict {
        color,
        stones: points.iter().map(|&p| board.geometry().name(p)).collect(),
        points,
        status,
        reason,
        witness: lines,
        open,
    }
}

/// Bounds of one cluster's local proof: a quarter of a string's, but at
/// least [`LOCAL_FLOOR`] nodes. A local proof is a shortcut tried before the
/// whole search, which decides every string it leaves; a failed attempt
/// used to cost a whole string budget (measured: `check` 82 s to 58 s with
/// the same verdicts). Small budgets keep the whole budget: there the cut-out
/// is what decides most strings of real games (at 2 000 nodes a quarter
/// lost a tenth of the decided strings on KGS and OGS).
fn local_limits(limits: Limits) -> Limits {
    Limits {
        nodes: limits.nodes.min((limits.nodes / 4).max(LOCAL_FLOOR)),
        ..limits
    }
}

/// Nodes a local proof may always spend (up to the string's own budget).
const LOCAL_FLOOR: u64 = 50_000;

/// Nodes a local proof (a cluster's walls, then each string inside its
/// areas) gets at first where the cluster's stones lie in small components
/// of the whole search ([`SMALL_COMPONENT_EMPTY`]). If it runs out, the
/// whole search decides those strings first, and the local proof gets its
/// whole share only for the strings the whole search leaves open
/// ([`Plan::Retry`]). Both searches prove what they find, so the order
/// changes the cost, never a verdict.
///
/// Why: there the whole search is itself a local search over the same few
/// points, while the cut-out, which fills the walls' outside liberties and
/// loses the game with an open wall, can be a harder problem, or one with
/// no proof at all. Measured in session 34 on the corpus (`check`, 2 000 000
/// nodes a string), before this: 15 strings inside and 5 clusters' walls
/// ran out of their quarter (500 000 nodes) on the cut-out, all in
/// components of at most 24 empty points (the strings inside, at most 13),
/// and the whole search then decided
/// every one, most in far fewer nodes (example 7.2's seven stones in 2 286,
/// a string of the straight-three race in 90, the walls of the 11x11 ending
/// in 41); one more string was proved *alive* on its cut-out after 586 000
/// nodes, which carries nothing over. Those proofs were half of the
/// corpus's nodes. In real games the strings inside whose local proof needed
/// 90 000 to 170 000 nodes stood in components of 64 to 95 empty points,
/// where the whole search is hopeless: they keep the whole share at once.
const FIRST_SHARE_NODES: u64 = LOCAL_FLOOR;

/// Most empty points of a component of the whole search ([`components`])
/// for the local proofs there to get [`FIRST_SHARE_NODES`] first: the size
/// of the lone big areas a cut-out takes ([`crate::local::MAX_LONE_EMPTY`]).
const SMALL_COMPONENT_EMPTY: usize = crate::local::MAX_LONE_EMPTY;

/// By point: whether it lies in a component of the whole search with at
/// most [`SMALL_COMPONENT_EMPTY`] empty points.
fn small_components(board: &Board, comps: &[crate::region::Component]) -> Vec<bool> {
    let mut small = vec![false; board.geometry().len()];
    for c in comps {
        let empty = c
            .points
            .iter()
            .filter(|&&p| board.color(p).is_none())
            .count();
        if empty <= SMALL_COMPONENT_EMPTY {
            for &p in &c.points {
                small[p as usize] = true;
            }
        }
    }
    small
}

#[cfg(test)]
mod tests {
    use super::{
        FIRST_ROUND_NODES, Options, Plan, Reason, Status, components, judge, local_verdicts,
        pass_alive, small_components,
    };
    use crate::board::{Board, Color};
    use crate::confirm::Bound;
    use crate::confirm::Limits;
    use crate::local::BIG_AREA_WITH_EYES;

    /// The default options with `nodes` searched at most per string.
    fn with_nodes(nodes: u64) -> Options {
        Options {
            limits: Limits {
                nodes,
                ..Limits::default()
            },
            ..Options::default()
        }
    }

    /// With no time for the position, every string the searches would
    /// decide is `unknown`, and says that the position's time bound
    /// stopped it; the static verdicts (pass-alive strings) stand.
    #[test]
    fn a_position_without_time_leaves_its_searched_strings_to_that_bound() {
        let board = Board::from_rows(&BIG_AREA_WITH_EYES).expect("board");
        let opts = Options {
            position_time: Some(std::time::Duration::ZERO),
            ..Options::default()
        };
        let v = judge(&board, &opts);
        assert!(!v.strings.is_empty());
        for s in &v.strings {
            match s.status {
                Status::Unknown => {
                    let open = s.open.expect("an unknown string says what stopped it");
                    assert_eq!(open.bound, Bound::Deadline, "{:?}", s.stones);
                }
                _ => assert_eq!(s.reason, Reason::PassAlive, "{:?}", s.stones),
            }
        }
    }

    /// A wall that needs more nodes than the first round's (a strip two
    /// rows deep and seven long: about 70 000) is decided by a later round
    /// within the position's time; with the node bound at the first
    /// round's, it stays `unknown` by that bound, not by the time.
    #[test]
    fn rounds_grow_the_node_bound_until_the_position_time_runs_out() {
        let row = ". . . . . . .";
        let board = Board::from_rows(&[row, row, "X X X X X X X"]).expect("board");
        let opts = Options {
            position_time: Some(std::time::Duration::from_secs(120)),
            ..Options::default()
        };
        let v = judge(&board, &opts);
        assert_eq!(v.strings.len(), 1);
        assert_eq!(v.strings[0].status, Status::Alive);
        let opts = Options {
            limits: Limits {
                nodes: FIRST_ROUND_NODES,
                ..Limits::default()
            },
            ..opts
        };
        let v = judge(&board, &opts);
        assert_eq!(v.strings[0].status, Status::Unknown);
        assert_eq!(v.strings[0].open.map(|o| o.bound), Some(Bound::Nodes));
    }

    /// On that strip, with the default bounds, the wall's local proof runs
    /// out of its first share (`FIRST_SHARE_NODES`; the component is
    /// small) and is deferred to the whole search; the retry proves it with
    /// the whole share.
    #[test]
    fn a_wall_deferred_by_the_first_share_is_proved_by_the_retry() {
        let row = ". . . . . . . .";
        let board = Board::from_rows(&[row, row, "X X X X X X X X"]).expect("board");
        let wall = board.head(board.geometry().parse_point("A1").expect("A1"));
        let settled = pass_alive(&board);
        let known = vec![false; board.geometry().len()];
        let comps = components(&board, &settled);
        let small = small_components(&board, &comps);
        let opts = Options::default();
        let first = Plan::First { small: &small };
        let out = local_verdicts(&board, Color::Black, &settled, &known, &opts, first);
        assert!(out.verdicts.is_empty());
        assert_eq!(out.deferred, vec![wall]);
        assert_eq!(out.hard, vec![wall]);
        let retry = [wall];
        let again = local_verdicts(
            &board,
            Color::Black,
            &settled,
            &known,
            &opts,
            Plan::Retry(&retry),
        );
        assert_eq!(again.verdicts.len(), 1);
        assert_eq!(again.verdicts[0].status, Status::Alive);
        assert!(again.deferred.is_empty());
    }

    /// A wall whose local proof runs out of its share of the budget is
    /// searched on with that proof's schedule (df-pn early): an empty strip
    /// two rows deep and eight long above one wall string needs about
    /// 160 000 nodes of df-pn, more than the local share of a 300 000-node
    /// budget (a quarter, 75 000). The whole search with df-pn late left it
    /// `unknown` at 600 000 (session 29).
    #[test]
    fn a_wall_whose_local_proof_ran_out_is_searched_on_with_df_pn_early() {
        let row = ". . . . . . . .";
        let board = Board::from_rows(&[row, row, "X X X X X X X X"]).expect("board");
        let opts = with_nodes(300_000);
        let v = judge(&board, &opts);
        assert_eq!(v.strings.len(), 1);
        assert_eq!(v.strings[0].status, Status::Alive);
        assert_eq!(v.strings[0].reason, Reason::Uncapturable);
    }

    /// The dead black corner string A9 of `game-9x9-false-corner-seki-
    /// bent-three`: its cut-out proof needs about 500 000 nodes, the whole
    /// search a few hundred, and its component is small.
    const FALSE_CORNER: [&str; 9] = [
        "X O . X O . O . .",
        "X O . X O O O . .",
        "X X X X O . O O O",
        "O O O O O O X X X",
        ". O . O O X X . X",
        "O O O . O X . X .",
        "O O O O O X X X X",
        "O X X X O X . X .",
        "X . X . O X . X .",
    ];

    /// In a small component a string inside whose local proof runs out of
    /// its first share is deferred to the whole search, which decides it.
    #[test]
    fn a_string_inside_a_small_component_goes_to_the_whole_search_first() {
        let board = Board::from_rows(&FALSE_CORNER).expect("board");
        let a9 = board.geometry().parse_point("A9").expect("A9");
        let opts = Options::default();
        let settled = pass_alive(&board);
        let comps = components(&board, &settled);
        let small = small_components(&board, &comps);
        assert!(small[a9 as usize]);
        let known = vec![false; board.geometry().len()];
        let first = Plan::First { small: &small };
        let out = local_verdicts(&board, Color::White, &settled, &known, &opts, first);
        assert_eq!(out.deferred, vec![a9]);
        assert!(out.verdicts.iter().all(|v| !v.points.contains(&a9)));
        let v = judge(&board, &opts);
        assert_eq!(v.status_at(a9), Some(Status::Dead));
    }

    /// The retry proves only the strings it is given, with the whole local
    /// share, and says nothing of the walls it proves again.
    #[test]
    fn a_retry_proves_only_its_strings_inside() {
        let board = Board::from_rows(&FALSE_CORNER).expect("board");
        let a9 = board.geometry().parse_point("A9").expect("A9");
        let settled = pass_alive(&board);
        let known = vec![false; board.geometry().len()];
        let retry = [a9];
        let out = local_verdicts(
            &board,
            Color::White,
            &settled,
            &known,
            &Options::default(),
            Plan::Retry(&retry),
        );
        assert_eq!(out.verdicts.len(), 1);
        assert_eq!(out.verdicts[0].points[0], a9);
        assert_eq!(out.verdicts[0].status, Status::Dead);
        assert!(out.deferred.is_empty());
    }

    /// A wall proved by its small areas is also a wall of a big area cut
    /// out after them: each string still gets exactly one verdict.
    #[test]
    fn every_string_is_decided_once_when_local_proofs_overlap() {
        let board = Board::from_rows(&BIG_AREA_WITH_EYES).expect("board");
        let opts = with_nodes(50_000);
        let v = judge(&board, &opts);
        assert_eq!(v.strings.len(), 2);
        let mut heads: Vec<_> = v.strings.iter().map(|s| s.points[0]).collect();
        heads.sort_unstable();
        heads.dedup();
        assert_eq!(heads.len(), 2);
        assert_eq!(
            v.status_at(board.geometry().point(1, 0)),
            Some(Status::Alive)
        );
    }
}
