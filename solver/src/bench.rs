//! `kakunin bench`: timed judgements of the corpus and of real end
//! positions, and, when GNU Go is there, its `final_status_list dead` on the
//! same positions in the same run, so the two times are comparable.
//!
//! Positions are judged one after another on one thread (as GNU Go works),
//! so the times are per position, not per batch.

use crate::board::Board;
use crate::case;
use crate::compare::Client;
use crate::status::{Options, Question, Status, judge};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One position to time.
#[derive(Clone, Debug)]
pub struct Position {
    /// Which set it belongs to (`corpus`, `kgs`, `ogs`, or the folder).
    pub set: String,
    /// File name.
    pub name: String,
    /// The stopped position.
    pub board: Board,
}

/// What one position took.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position's set.
    pub set: String,
    /// The position's name.
    pub name: String,
    /// Strings on the board.
    pub strings: usize,
    /// Strings left `unknown`.
    pub unknown: usize,
    /// Of those, the ones where even the capture question stayed open; for
    /// the rest the capture is proved and only the new stone is open.
    pub capture_open: usize,
    /// kakunin's wall time.
    pub kakunin: Duration,
    /// GNU Go's wall time (loadsgf and final_status_list dead), if run.
    pub gnugo: Option<Duration>,
}

/// Reads every position under `paths`: case files (`.yaml`), SGF records
/// (final position by replay) and OGS `.game` files. Unreadable files are
/// returned as errors, by name.
#[must_use]
pub fn positions(paths: &[PathBuf]) -> (Vec<Position>, Vec<String>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for root in paths {
        let mut files = Vec::new();
        collect(root, &mut files);
        files.sort();
        let set = root.file_name().map_or_else(
            || root.display().to_string(),
            |s| s.to_string_lossy().into(),
        );
        for f in files {
            let name = f.strip_prefix(root).unwrap_or(&f).display().to_string();
            let board = match f.extension().and_then(|e| e.to_str()) {
                Some("yaml") => case::load(&f).map(|c| c.board).map_err(|e| e.to_string()),
                Some("sgf") => crate::sgf::load(&f)
                    .map(|r| r.board)
                    .map_err(|e| e.to_string()),
                Some("game") => crate::ogs::load(&f)
                    .map(|g| g.board)
                    .map_err(|e| e.to_string()),
                _ => continue,
            };
            match board {
                Ok(board) => out.push(Position {
                    set: set.clone(),
                    name,
                    board,
                }),
                Err(e) => errors.push(e),
            }
        }
    }
    (out, errors)
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        if let Ok(rd) = std::fs::read_dir(path) {
            for e in rd.flatten() {
                collect(&e.path(), out);
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
}

/// Times kakunin on every position, and GNU Go through `gnugo` (a GTP
/// command line) when given. GNU Go only takes square boards up to 19;
/// other positions get no GNU Go time.
///
/// # Errors
/// GNU Go cannot be started or stops answering.
pub fn run(
    positions: &[Position],
    opts: &Options,
    gnugo: Option<&str>,
    mut progress: impl FnMut(&Sample),
) -> Result<Vec<Sample>, crate::compare::EngineError> {
    let mut client = match gnugo {
        Some(cmd) => Some(Client::start(cmd, Duration::from_secs(300))?),
        None => None,
    };
    let dir = std::env::temp_dir().join(format!("kakunin-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let mut out = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        let t = Instant::now();
        let v = judge(&p.board, opts);
        let kakunin = t.elapsed();
        let geo = p.board.geometry();
        let gnugo = match client.as_mut() {
            Some(c) if geo.width() == geo.height() && geo.width() <= 19 => {
                let file = dir.join(format!("{i}.sgf"));
                std::fs::write(&file, crate::sgf::position(&p.board, 0.0))
                    .map_err(|e| crate::compare::EngineError::Exited(e.to_string()))?;
                let t = Instant::now();
                let loaded = c.send(&format!("loadsgf {}", file.display()))?;
                let listed = c.send("final_status_list dead")?;
                let took = t.elapsed();
                (loaded.is_ok() && listed.is_ok()).then_some(took)
            }
            _ => None,
        };
        let s = Sample {
            set: p.set.clone(),
            name: p.name.clone(),
            strings: v.strings.len(),
            unknown: v
                .strings
                .iter()
                .filter(|s| s.status == Status::Unknown)
                .count(),
            capture_open: v
                .strings
                .iter()
                .filter(|s| s.open.is_some_and(|o| o.question == Question::Capture))
                .count(),
            kakunin,
            gnugo,
        };
        progress(&s);
        out.push(s);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out)
}

/// The `q` quantile (0..=1) of `xs`, nearest rank.
fn quantile(xs: &mut [f64], q: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(f64::total_cmp);
    let i = ((q * xs.len() as f64).ceil() as usize).clamp(1, xs.len()) - 1;
    xs[i]
}

/// A table per set: positions, strings decided, total / median / p99 / max
/// milliseconds for kakunin and GNU Go, the ratio of their totals on the
/// positions both timed, and the unknown strings split by the question left
/// open (capture / new stone).
#[must_use]
pub fn summary(samples: &[Sample]) -> String {
    let mut sets: Vec<&str> = samples.iter().map(|s| s.set.as_str()).collect();
    sets.dedup();
    // The set column is as wide as the longest name, so the rows line up.
    let w = sets.iter().map(|s| s.len()).max().unwrap_or(0).max(14);
    let mut out = format!(
        "{:<w$} positions  decided/strings   kakunin ms: total   median      p99      max | gnugo ms: total  median | gnugo/kakunin | open capture/new\n",
        "set"
    );
    for set in sets {
        let of: Vec<&Sample> = samples.iter().filter(|s| s.set == set).collect();
        let strings: usize = of.iter().map(|s| s.strings).sum();
        let unknown: usize = of.iter().map(|s| s.unknown).sum();
        let capture_open: usize = of.iter().map(|s| s.capture_open).sum();
        let mut k: Vec<f64> = of.iter().map(|s| ms(s.kakunin)).collect();
        let both: Vec<&&Sample> = of.iter().filter(|s| s.gnugo.is_some()).collect();
        let mut g: Vec<f64> = both.iter().filter_map(|s| s.gnugo.map(ms)).collect();
        let k_both: f64 = both.iter().map(|s| ms(s.kakunin)).sum();
        let g_total: f64 = g.iter().sum();
        let ratio = if both.is_empty() || k_both == 0.0 {
            "-".to_string()
        } else {
            format!("{:.2}", g_total / k_both)
        };
        let gnugo = if g.is_empty() {
            format!("{:>16} {:>7}", "-", "-")
        } else {
            format!("{g_total:>16.0} {:>7.1}", quantile(&mut g, 0.5))
        };
        out.push_str(&format!(
            "{set:<w$} {:>9}  {:>7}/{:<7}   {:>17.0} {:>8.1} {:>8.1} {:>8.1} | {gnugo} | {ratio:>13} | {capture_open}/{}\n",
            of.len(),
            strings - unknown,
            strings,
            k.iter().sum::<f64>(),
            quantile(&mut k, 0.5),
            quantile(&mut k, 0.99),
            quantile(&mut k, 1.0),
            unknown - capture_open,
        ));
    }
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Peak resident memory of this process in KiB (Linux), if known.
#[must_use]
pub fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_by_nearest_rank() {
        let mut xs = vec![5.0, 1.0, 3.0, 2.0, 4.0];
        assert_eq!(quantile(&mut xs, 0.5), 3.0);
        assert_eq!(quantile(&mut xs, 1.0), 5.0);
        assert_eq!(quantile(&mut xs, 0.0), 1.0);
        assert_eq!(quantile(&mut [], 0.5), 0.0);
    }

    #[test]
    fn reads_the_corpus_and_times_it() {
        let root = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../cases/classic"));
        let (ps, errors) = positions(&[root]);
        assert!(errors.is_empty(), "{errors:?}");
        assert!(ps.len() >= 4);
        let opts = Options {
            limits: crate::confirm::Limits {
                nodes: 2_000,
                time: Duration::from_secs(10),
                deadline: None,
            },
            ..Options::default()
        };
        let samples = run(&ps[..2], &opts, None, |_| {}).expect("no engine to fail");
        assert_eq!(samples.len(), 2);
        let table = summary(&samples);
        let row = table.lines().nth(1).unwrap_or_default();
        assert!(row.starts_with("classic"), "{table}");
        // The last column splits the unknown strings by open question.
        let unknown: usize = samples.iter().map(|s| s.unknown).sum();
        let capture: usize = samples.iter().map(|s| s.capture_open).sum();
        assert!(capture <= unknown);
        assert!(
            row.ends_with(&format!("| {capture}/{}", unknown - capture)),
            "{table}"
        );
    }
}
