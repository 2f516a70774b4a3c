//! The `kakunin` command line.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use kakunin::batch;
use kakunin::case;
use kakunin::confirm::Limits;
use kakunin::judgement::Judgement;
use kakunin::ko::PassRule;
use kakunin::render;
use kakunin::status::Options;
use std::path::PathBuf;
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
    #[arg(long, default_value_t = 500_000)]
    max_nodes: u64,
    /// Seconds of search at most per string.
    #[arg(long, default_value_t = 10.0)]
    max_seconds: f64,
    /// How a pass lifts Article 7-2 ko bans.
    #[arg(long, value_enum, default_value_t = PassRule::OneBan)]
    pass_rule: PassRule,
}

impl SearchArgs {
    fn options(self) -> Options {
        Options {
            pass_rule: self.pass_rule,
            limits: Limits {
                nodes: self.max_nodes,
                time: Duration::from_secs_f64(self.max_seconds.max(0.0)),
            },
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
}

#[derive(Subcommand)]
enum Command {
    /// Validate corpus cases and compare kakunin's verdicts with their `expect`.
    Check {
        /// Case files or folders (default: cases/).
        paths: Vec<PathBuf>,
        #[command(flatten)]
        search: SearchArgs,
    },
    /// Show a case: the board with coordinates, its marks and expected overlay.
    Show {
        /// A case file.
        file: PathBuf,
    },
    /// Judge positions: statuses with witness lines, Article 8 map, score.
    Judge {
        /// Case files.
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        search: SearchArgs,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("kakunin: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Show { file } => {
            let c = case::load(&file)?;
            print!("{}", render::show(&c));
            Ok(ExitCode::SUCCESS)
        }
        Command::Check { paths, search } => check(paths, search.options()),
        Command::Judge {
            files,
            format,
            search,
        } => {
            let opts = search.options();
            let mut failed = false;
            let mut json = Vec::new();
            let judged = batch::map(&files, |f| {
                case::load(f).map(|c| {
                    let j = Judgement::of_case(&c, &opts);
                    (c, j)
                })
            });
            for r in judged {
                let (c, j) = match r {
                    Ok(cj) => cj,
                    Err(e) => {
                        eprintln!("kakunin: {e}");
                        failed = true;
                        continue;
                    }
                };
                match format {
                    Format::Text => println!("{}", render::judgement(&j)),
                    Format::Yaml => print!("{}", render::case_yaml(&c, &j.map.marks)),
                    Format::Json => json.push(j.to_json()),
                    Format::Jsonl => println!(
                        "{}",
                        serde_json::to_string(&j.to_json()).context("JSON output")?
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
    }
}

fn check(paths: Vec<PathBuf>, opts: Options) -> Result<ExitCode> {
    let paths = if paths.is_empty() {
        vec![PathBuf::from("cases")]
    } else {
        paths
    };
    let files = case::find(&paths)?;
    let started = Instant::now();
    // One line per case and whether it passed, computed in parallel and
    // printed in file order.
    let results = batch::map(&files, |f| {
        let t = Instant::now();
        match case::load(f) {
            Err(e) => (false, format!("FAIL {e}")),
            Ok(c) => match &c.expect {
                None => (
                    true,
                    format!(
                        "ok   {} (valid; no expect overlay, verdict not checked)",
                        c.id
                    ),
                ),
                Some(expect) => {
                    let j = Judgement::of_case(&c, &opts);
                    let diff = j.differences(expect);
                    let ms = t.elapsed().as_millis();
                    if diff.is_empty() && j.unknown() == 0 {
                        (
                            true,
                            format!("ok   {} ({ms} ms, result {})", c.id, j.score.result),
                        )
                    } else {
                        let mut why = diff;
                        if j.unknown() > 0 {
                            why.insert(0, format!("{} string(s) unknown", j.unknown()));
                        }
                        (
                            false,
                            format!("FAIL {} ({ms} ms): {}", c.id, why.join("; ")),
                        )
                    }
                }
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
