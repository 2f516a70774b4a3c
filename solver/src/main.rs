//! The `kakunin` command line.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use kakunin::batch;
use kakunin::board::Point;
use kakunin::case::{self, Case};
use kakunin::confirm::Limits;
use kakunin::cycle::Cycles;
use kakunin::diagram;
use kakunin::judgement::Judgement;
use kakunin::ko::{KoBan, PassRule};
use kakunin::report::{self, Entry};
use kakunin::sgf;
use kakunin::status::Options;
use kakunin::territory::OwnDeadStone;
use kakunin::{picture, render};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Decide life, death, seki and the score of stopped Go positions under the
/// Japanese Rules of Go (1989), by searching Article 7 confirmation play.
#[derive(Parser)]
#[command(name = "kakunin", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args, Clone, Copy)]
struct SearchArgs {
    /// Nodes searched at most per string; beyond it the string is `unknown`.
    #[arg(long, default_value_t = 2_000_000)]
    max_nodes: u64,
    /// Seconds of search at most per string [default: 20; 120 for `check`,
    /// whose verdicts the node bound decides, not the machine's speed].
    #[arg(long, value_parser = seconds)]
    max_seconds: Option<Duration>,
    /// Seconds at most for a whole position, all its strings together
    /// [default: none; 30 for `gtp`, whose controller waits for each
    /// answer]: strings still open then are `unknown`.
    #[arg(long, value_parser = seconds)]
    max_position_seconds: Option<Duration>,
    /// How a pass lifts Article 7-2 ko bans.
    #[arg(long, value_enum, default_value_t = PassRule::OneBan)]
    pass_rule: PassRule,
    /// What an Article 7-2 ban forbids: any move on the ko point, or only
    /// the retake (a capture of the lone ko stone and nothing else).
    #[arg(long, value_enum, default_value_t = KoBan::Retake)]
    ko_ban: KoBan,
    /// How an endless cycle of confirmation play is scored: `article-1`
    /// (a cycle that gains the capturer prisoners every round counts as a
    /// capture, official example 23) or `literal` (every cycle is a failure
    /// to capture).
    #[arg(long, value_enum, default_value_t = Cycles::Article1)]
    cycles: Cycles,
    /// How far a dead stone of the colour around it makes dame in the
    /// Article 8 map: `region` (every empty point connected to it through
    /// empty points and dead stones; every live string touching one is in
    /// seki) or `area` (only the empty points next to it, or next to dead
    /// stones joined to it; the rest stays territory, and no dead stone
    /// there is removed). They differ only where such a region is open to
    /// the wall's territory (RULES-MODEL.md, "Article 8 and 10").
    #[arg(long, value_enum, default_value_t = OwnDeadStone::Region)]
    own_dead_stone: OwnDeadStone,
    /// Decide every string by the whole search, without local proofs on
    /// cut-out boards (slower; for cross-checking the shortcut).
    #[arg(long)]
    no_local: bool,
    /// Search on where a target is safe by miai (its owner answers each of
    /// a set of paired points with its partner) instead of ending its
    /// capture game there (slower; for cross-checking the rule).
    #[arg(long)]
    no_miai: bool,
    /// Search without the df-pn (depth-first proof-number) phase, by the
    /// depth-first passes and the graph analysis alone (for cross-checking it).
    #[arg(long)]
    no_proof_number: bool,
    /// Search on where a target, or every point a new stone could take,
    /// stands in an area walled off by pass-alive stones that is too small
    /// for two eyes, instead of settling the game there (slower; for
    /// cross-checking the rule).
    #[arg(long)]
    no_cramped: bool,
    /// Search on where the settling rules hold only with walls that live by
    /// answering every play in their small areas (good areas, `secure.rs`),
    /// instead of settling the game there (for cross-checking the rule).
    #[arg(long)]
    no_secure_areas: bool,
    /// Ask every nested question of the new-stone game ("can this new
    /// stone be captured?") also where one move of the capturer holds the
    /// whole fight (slower; for cross-checking the shortcut).
    #[arg(long)]
    no_settling: bool,
    /// Search on where every point a new stone could take is under
    /// opposing strings that its owner cannot capture even moving first,
    /// instead of ending the new-stone game there (for cross-checking the
    /// shortcut).
    #[arg(long)]
    no_sealed_fight: bool,
}

/// A time bound in seconds: a finite number, not negative, that a
/// `Duration` can hold (`nan` or `1e30` are refused, not read as 0 or a
/// crash).
fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !s.is_finite() || s < 0.0 {
        return Err(format!("'{text}' is not a number of seconds from 0 up"));
    }
    Duration::try_from_secs_f64(s).map_err(|_| format!("'{text}' seconds is too long a bound"))
}

/// The time bound per string when none is given: a user waiting for one
/// position's verdict.
const SECONDS_PER_STRING: Duration = Duration::from_secs(20);

/// The time bound per string of `check` when none is given. The corpus's
/// verdicts are reproducible only if the node bound, not the machine's
/// speed, ends the hardest searches: example 20's white corner three needs
/// 1.1 M of its 2 M nodes, about 10 s alone on a 2-core machine, and went
/// past 20 s with three jobs on the two cores. The bound stays to guard
/// against a hang.
const CHECK_SECONDS_PER_STRING: Duration = Duration::from_secs(120);

/// The time bound per position of `gtp` when none is given. A GTP
/// controller waits for every answer, and a real 19x19 ending at the
/// default node bound took 140 s (`GNU-bassanio.sgf`, 41 strings, 2
/// cores, session 36). Under a position bound the strings are judged in
/// rounds of growing node bounds ([`kakunin::status::judge`]), so the
/// strings a small bound decides come first: in 30 s the same game
/// decides 26 of the 27 strings the full bound decides.
const GTP_SECONDS_PER_POSITION: Duration = Duration::from_secs(30);

impl SearchArgs {
    fn options(self) -> Options {
        self.options_with(SECONDS_PER_STRING)
    }

    /// The options, with `seconds` per string when `--max-seconds` is not
    /// given.
    fn options_with(self, seconds: Duration) -> Options {
        Options {
            pass_rule: self.pass_rule,
            ko_ban: self.ko_ban,
            cycles: self.cycles,
            limits: Limits {
                nodes: self.max_nodes,
                time: self.max_seconds.unwrap_or(seconds),
                deadline: None,
            },
            position_time: self.max_position_seconds,
            local: !self.no_local,
            miai: !self.no_miai,
            proof_number: !self.no_proof_number,
            cramped: !self.no_cramped,
            secure: !self.no_secure_areas,
            settling: !self.no_settling,
            sealed: !self.no_sealed_fight,
            own_dead_stone: self.own_dead_stone,
            ..Options::default()
        }
    }
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    /// Board, statuses with witness lines, map and score.
    Text,
    /// One JSON document (an array for several files).
    Json,
    /// One JSON object per line and file, for scripts.
    Jsonl,
    /// The case with `expect` filled in by the solver.
    Yaml,
    /// SGF with TB/TW territory, MA dead stones, LB seki labels and
    /// witness lines as variations.
    Sgf,
}

#[derive(Subcommand)]
enum Command {
    /// Validate corpus cases and compare kakunin's verdicts with their `expect`.
    Check {
        /// Case files or folders (default: cases/).
        paths: Vec<PathBuf>,
        /// Check every case in all 16 images (the 8 symmetries of the board,
        /// each with and without the colours swapped) instead of as written:
        /// a verdict must not depend on how the board is turned.
        #[arg(long)]
        symmetries: bool,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Show a case: the board with coordinates, its marks and expected overlay.
    Show {
        /// A case file (.yaml), an SGF record (.sgf) or an OGS position (.game).
        file: PathBuf,
    },
    /// Judge positions: statuses with witness lines, Article 8 map, score.
    Judge {
        /// Case files (.yaml), SGF game records and positions (.sgf) or OGS
        /// end positions (.game).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Time kakunin on the corpus and real end positions, one position at a
    /// time, and GNU Go's final_status_list dead on the same positions.
    Bench {
        /// Folders or files of positions: cases (.yaml), SGF records, OGS
        /// .game files (default: cases/ and the real positions of
        /// ../shared/data when present).
        paths: Vec<PathBuf>,
        /// GNU Go's GTP command line; by default `/usr/games/gnugo --mode gtp`
        /// when that file exists.
        #[arg(long)]
        gnugo: Option<String>,
        /// Do not run GNU Go.
        #[arg(long)]
        no_gnugo: bool,
        /// Print one line per position as it is timed.
        #[arg(long)]
        verbose: bool,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Speak the Go Text Protocol (version 2) on standard input and output:
    /// final_status_list and final_score by the Article 7 search.
    Gtp {
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Compare another GTP engine's dead stones with kakunin's verdicts.
    Compare {
        /// The engine's command line, such as "gnugo --mode gtp".
        #[arg(long)]
        engine: String,
        /// Seconds the engine may take to answer one command (at least 0.1).
        #[arg(long, default_value = "120", value_parser = seconds)]
        timeout: Duration,
        /// Exit with status 1 when any string is judged differently (status 2,
        /// whatever this says, when a file cannot be read).
        #[arg(long)]
        fail_on_diff: bool,
        /// How positions reach the engine: loadsgf, or one play per stone.
        #[arg(long, value_enum, default_value_t = kakunin::compare::Setup::Auto)]
        setup: kakunin::compare::Setup,
        /// Case files (.yaml, square boards), SGF files or OGS end positions (.game).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Explain a case: each disputed string's witness lines as numbered move diagrams.
    Explain {
        /// A case file (.yaml), an SGF record (.sgf) or an OGS position (.game).
        file: PathBuf,
        /// Only the string with a stone on this point (GTP, e.g. C3).
        #[arg(long)]
        point: Option<String>,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Draw a case as a picture: kakunin's verdict, the expected one, or a witness line.
    Render {
        /// A case file (.yaml), an SGF record (.sgf) or an OGS position (.game).
        file: PathBuf,
        /// Write an SVG picture here.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Write a PNG picture here.
        #[arg(long)]
        png: Option<PathBuf>,
        /// Draw witness line N (numbered as `kakunin explain` numbers them).
        #[arg(long)]
        line: Option<usize>,
        /// Draw the case's expected overlay instead of kakunin's verdict.
        #[arg(long, conflicts_with = "line")]
        expected: bool,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Write the corpus as one static HTML page (DIR/index.html).
    Report {
        /// Case files or folders (default: cases/).
        paths: Vec<PathBuf>,
        /// The folder to write into (created if missing).
        #[arg(long)]
        out: PathBuf,
        #[command(flatten)]
        search: SearchArgs,
    },
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("kakunin: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// `kakunin judge ... | head` closes the pipe early; `print!` then panics
/// with "failed printing to stdout: Broken pipe". Like a program killed by
/// SIGPIPE, kakunin then stops quietly (exit status 141) instead of printing
/// a panic and a backtrace; every other panic keeps the default report.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Show { file } => {
            let c = load_case(&file)?;
            print!("{}", render::show(&c));
            Ok(ExitCode::SUCCESS)
        }
        Command::Check {
            paths,
            symmetries,
            search,
        } => check(
            paths,
            symmetries,
            search.options_with(CHECK_SECONDS_PER_STRING),
        ),
        Command::Explain {
            file,
            point,
            search,
        } => explain(&file, point.as_deref(), search.options()),
        Command::Render {
            file,
            svg,
            png,
            line,
            expected,
            search,
        } => draw(&file, svg, png, line, expected, search.options()),
        Command::Report { paths, out, search } => write_report(paths, &out, search.options()),
        Command::Judge {
            files,
            format,
            search,
        } => judge(&files, format, &search.options()),
        Command::Bench {
            paths,
            gnugo,
            no_gnugo,
            verbose,
            search,
        } => bench(paths, gnugo, no_gnugo, verbose, &search.options()),
        Command::Gtp { search } => {
            let mut opts = search.options();
            if search.max_position_seconds.is_none() {
                opts.position_time = Some(GTP_SECONDS_PER_POSITION);
            }
            let mut engine = kakunin::gtp::Engine::new(opts);
            kakunin::gtp::run(
                &mut engine,
                std::io::stdin().lock(),
                std::io::stdout().lock(),
            )
            .context("GTP session")?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Compare {
            engine,
            timeout,
            fail_on_diff,
            setup,
            files,
            search,
        } => compare(
            &engine,
            timeout,
            fail_on_diff,
            setup,
            &files,
            &search.options(),
        ),
    }
}

fn compare(
    command: &str,
    timeout: Duration,
    fail_on_diff: bool,
    setup: kakunin::compare::Setup,
    files: &[PathBuf],
    opts: &Options,
) -> Result<ExitCode> {
    use kakunin::compare;
    let timeout = timeout.max(Duration::from_millis(100));
    let mut client = compare::Client::start(command, timeout)?;
    let name = match client.send("name")? {
        Ok(n) if !n.is_empty() => n,
        _ => command.to_string(),
    };
    let mut reports = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let r = compare::compare_file(&mut client, f, i, setup, opts)
            .with_context(|| format!("comparing {}", f.display()))?;
        print!("{}", compare::render(&r, &name));
        reports.push(r);
    }
    println!("{}", compare::summary(&reports, &name));
    let diffs = reports.iter().any(|r| !r.disagreements.is_empty());
    // A file kakunin cannot read is bad input, as in every other command;
    // under `--fail-on-diff` it must not let a gate pass with nothing compared.
    Ok(if reports.iter().any(|r| r.unreadable) {
        ExitCode::from(2)
    } else if fail_on_diff && diffs {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One input of `judge`: a case, an SGF record with its recorded result, or
/// an OGS position.
struct Input {
    judgement: Judgement,
    /// The position as a case (without `expect` unless it is one).
    case: Case,
    record: Option<sgf::Record>,
}

/// [`case::load_by_extension`], so that `show`, `explain` and `render`
/// take what `judge` takes.
fn load_case(path: &Path) -> Result<Case> {
    case::load_by_extension(path).map_err(|e| anyhow::anyhow!(e))
}

/// Reads a case, an SGF file or an OGS `.game` file (by extension) and
/// judges it.
fn judge_file(path: &Path, opts: &Options) -> Result<Input> {
    if sgf::is_sgf(path) {
        let rec = sgf::load(path)?;
        let name = path.file_stem().map_or_else(
            || path.display().to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        let judgement = Judgement::of(
            rec.title(&name),
            rec.board.clone(),
            rec.prisoners,
            rec.komi,
            opts,
        );
        Ok(Input {
            judgement,
            case: rec.to_case(path),
            record: Some(rec),
        })
    } else if kakunin::ogs::is_game(path) {
        // An OGS end position: no prisoners or komi are recorded.
        let c = kakunin::ogs::load(path)?.to_case(path);
        let judgement = Judgement::of(
            path.display().to_string(),
            c.board.clone(),
            c.prisoners,
            c.komi,
            opts,
        );
        Ok(Input {
            judgement,
            case: c,
            record: None,
        })
    } else {
        let c = case::load(path)?;
        Ok(Input {
            judgement: Judgement::of_case(&c, opts),
            case: c,
            record: None,
        })
    }
}

fn judge(files: &[PathBuf], format: Format, opts: &Options) -> Result<ExitCode> {
    let mut failed = false;
    let mut json = Vec::new();
    // Judged in parallel, reported in input order.
    let judged = batch::map(files, |f| judge_file(f, opts));
    for input in judged {
        let input = match input {
            Ok(i) => i,
            Err(e) => {
                eprintln!("kakunin: {e}");
                failed = true;
                continue;
            }
        };
        let j = &input.judgement;
        let recorded = input.record.as_ref().and_then(|r| r.result.clone());
        match format {
            Format::Text => {
                print!("{}", render::judgement(j));
                if let Some(rec) = &input.record {
                    println!("{}", sgf::result_line(rec, &j.score));
                }
                println!();
            }
            Format::Yaml => print!("{}", render::case_yaml(&input.case, &j.map.marks)),
            Format::Json => {
                let mut v = j.to_json();
                if let (Some(re), Some(obj)) = (&recorded, v.as_object_mut()) {
                    obj.insert("recorded_result".into(), re.clone().into());
                }
                json.push(v);
            }
            Format::Jsonl => {
                let mut v = j.to_json();
                if let (Some(re), Some(obj)) = (&recorded, v.as_object_mut()) {
                    obj.insert("recorded_result".into(), re.clone().into());
                }
                println!("{}", serde_json::to_string(&v).context("JSON output")?);
            }
            Format::Sgf => print!(
                "{}",
                sgf::write(
                    j,
                    &sgf::Meta {
                        recorded,
                        recorded_rules: input.record.as_ref().and_then(|r| r.rules.clone()),
                    }
                )
            ),
        }
    }
    if format == Format::Json {
        let v = if json.len() == 1 {
            json.pop().unwrap_or_default()
        } else {
            serde_json::Value::Array(json)
        };
        println!(
            "{}",
            serde_json::to_string_pretty(&v).context("JSON output")?
        );
    }
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

fn bench(
    paths: Vec<PathBuf>,
    gnugo: Option<String>,
    no_gnugo: bool,
    verbose: bool,
    opts: &Options,
) -> Result<ExitCode> {
    use kakunin::bench;
    let paths = if paths.is_empty() {
        [
            "cases",
            "../shared/data/gnugo-kgs",
            "../shared/data/ogs-score-estimator/test_games",
        ]
        .iter()
        .map(PathBuf::from)
        .filter(|p| p.exists())
        .collect()
    } else {
        paths
    };
    let gnugo = if no_gnugo {
        None
    } else {
        gnugo.or_else(|| {
            Path::new("/usr/games/gnugo")
                .exists()
                .then(|| "/usr/games/gnugo --mode gtp".to_string())
        })
    };
    let (positions, errors) = bench::positions(&paths);
    for e in &errors {
        eprintln!("kakunin: {e}");
    }
    let started = Instant::now();
    let samples = bench::run(&positions, opts, gnugo.as_deref(), |s| {
        if verbose {
            println!(
                "{}/{}: {} strings, {} unknown ({} capture open, {} new stone open), kakunin {:.1} ms, gnugo {}",
                s.set,
                s.name,
                s.strings,
                s.unknown,
                s.capture_open,
                s.unknown - s.capture_open,
                s.kakunin.as_secs_f64() * 1000.0,
                s.gnugo.map_or("-".to_string(), |g| format!(
                    "{:.1} ms",
                    g.as_secs_f64() * 1000.0
                ))
            );
        }
    })?;
    print!("{}", bench::summary(&samples));
    let position = opts.position_time.map_or(String::new(), |t| {
        format!(", {} s a position", t.as_secs_f64())
    });
    println!(
        "bounds {} nodes / {:.0} s per string{position}; gnugo: {}; {} positions in {:.1} s; peak memory {}",
        opts.limits.nodes,
        opts.limits.time.as_secs_f64(),
        gnugo.as_deref().unwrap_or("not run"),
        samples.len(),
        started.elapsed().as_secs_f64(),
        bench::peak_memory_kib().map_or("unknown".to_string(), |k| format!("{} MiB", k / 1024))
    );
    Ok(if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

fn check(paths: Vec<PathBuf>, symmetries: bool, opts: Options) -> Result<ExitCode> {
    use kakunin::symmetry::Transform;
    let paths = if paths.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        paths
    };
    let files = case::find(&paths)?;
    let started = Instant::now();
    // The work: each file as written, or in each of its 16 images.
    let images: Vec<Option<Transform>> = if symmetries {
        Transform::all().into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    let work: Vec<(&PathBuf, Option<Transform>)> = files
        .iter()
        .flat_map(|f| images.iter().map(move |&t| (f, t)))
        .collect();
    // One line per case (or image) and whether it passed, computed in
    // parallel and printed in file order.
    let results = batch::map(&work, |&(f, t)| {
        let t0 = Instant::now();
        match case::load(f) {
            Err(e) => (false, format!("FAIL {e}")),
            Ok(c) => match t {
                None => check_one(&c, &c.id, &opts, t0),
                Some(t) => check_one(&t.case(&c), &format!("{} [{t}]", c.id), &opts, t0),
            },
        }
    });
    let (mut passed, mut failed) = (0, 0);
    for (ok, line) in results {
        if ok {
            passed += 1;
        } else {
            failed += 1;
        }
        println!("{line}");
    }
    println!(
        "{passed} passed, {failed} failed ({:.2} s)",
        started.elapsed().as_secs_f64()
    );
    Ok(if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One case's line in `check` (named `name`) and whether it passed.
fn check_one(c: &Case, name: &str, opts: &Options, started: Instant) -> (bool, String) {
    let Some(expect) = &c.expect else {
        return (
            true,
            format!("ok   {name} (valid; no expect overlay, verdict not checked)"),
        );
    };
    let j = Judgement::of_case(c, opts);
    let diff = j.differences(expect);
    let ms = started.elapsed().as_millis();
    if diff.is_empty() && j.unknown() == 0 {
        (
            true,
            format!("ok   {name} ({ms} ms, result {})", j.score.result),
        )
    } else {
        let mut why = diff;
        if j.unknown() > 0 {
            why.insert(0, format!("{} string(s) unknown", j.unknown()));
        }
        (false, format!("FAIL {name} ({ms} ms): {}", why.join("; ")))
    }
}

fn labels(c: &Case) -> Vec<(String, Point)> {
    c.marks.iter().map(|(k, &v)| (k.clone(), v)).collect()
}

fn explain(file: &Path, point: Option<&str>, opts: Options) -> Result<ExitCode> {
    let c = load_case(file)?;
    let at = match point {
        None => None,
        Some(name) => {
            let p = c
                .board
                .geometry()
                .parse_point(name)
                .with_context(|| format!("--point {name}"))?;
            if c.board.color(p).is_none() {
                anyhow::bail!("--point {name}: no stone there in {}", file.display());
            }
            Some(p)
        }
    };
    let j = Judgement::of_case(&c, &opts);
    let mut all = diagram::explain(&j, opts.pass_rule);
    if let Some(p) = at {
        if !all.iter().any(|e| e.verdict.points.contains(&p)) {
            println!(
                "{}
the string at {} is pass-alive: alive whatever the opponent plays, nothing to confirm",
                j.title,
                point.unwrap_or_default()
            );
            return Ok(ExitCode::SUCCESS);
        }
        all.retain(|e| e.verdict.points.contains(&p));
    }
    print!("{}", render::explanation(&j.title, &all));
    Ok(ExitCode::SUCCESS)
}

fn draw(
    file: &Path,
    svg: Option<PathBuf>,
    png: Option<PathBuf>,
    line: Option<usize>,
    expected: bool,
    opts: Options,
) -> Result<ExitCode> {
    if svg.is_none() && png.is_none() {
        anyhow::bail!("render needs --svg FILE or --png FILE (or both)");
    }
    let c = load_case(file)?;
    let labels = labels(&c);
    let text = if expected {
        let expect = c
            .expect
            .as_ref()
            .with_context(|| format!("--expected: {} has no expect overlay", file.display()))?;
        let caption = vec![format!("{}: the expected verdict", c.id)];
        picture::verdict_svg(&c.board, &labels, expect, &caption)
    } else {
        let j = Judgement::of_case(&c, &opts);
        match line {
            None => {
                let caption = vec![format!("{}: kakunin: {}", c.id, j.score.result)];
                picture::verdict_svg(&j.board, &labels, &j.map.marks, &caption)
            }
            Some(n) => {
                // Lines are numbered through the strings in order; a string
                // whose lines cannot be drawn only matters if N is one of them.
                let mut first = 1;
                let mut found = None;
                for e in diagram::explain(&j, opts.pass_rule) {
                    let len = e.verdict.witness.len();
                    if (first..first + len).contains(&n) {
                        let ds = e.diagrams.map_err(anyhow::Error::msg)?;
                        found = ds.into_iter().find(|d| d.line == n);
                        break;
                    }
                    first += len;
                }
                let d = found.with_context(|| {
                    format!(
                        "--line {n}: {} has {} witness line(s), numbered from 1 (see kakunin explain)",
                        file.display(),
                        first - 1
                    )
                })?;
                picture::line_svg(&d, &labels)
            }
        }
    };
    if let Some(out) = svg {
        std::fs::write(&out, &text).with_context(|| format!("writing {}", out.display()))?;
    }
    if let Some(out) = png {
        let bytes = picture::png(&text).map_err(anyhow::Error::msg)?;
        std::fs::write(&out, bytes).with_context(|| format!("writing {}", out.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn write_report(paths: Vec<PathBuf>, out: &Path, opts: Options) -> Result<ExitCode> {
    let paths = if paths.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        paths
    };
    let started = Instant::now();
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    let files = case::find(&paths)?;
    let judged = batch::map(&files, |f| {
        case::load(f).map(|c| {
            let judgement = Judgement::of_case(&c, &opts);
            Entry { case: c, judgement }
        })
    });
    for r in judged {
        match r {
            Ok(e) => entries.push(e),
            Err(e) => problems.push(e.to_string()),
        }
    }
    let html = report::page(&entries, &problems, opts.pass_rule);
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let index = out.join("index.html");
    std::fs::write(&index, html).with_context(|| format!("writing {}", index.display()))?;
    println!(
        "wrote {} ({} case(s), {} unreadable, {:.1} s)",
        index.display(),
        entries.len(),
        problems.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}
