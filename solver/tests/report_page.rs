//! The corpus page in a real browser: `kakunin report` writes the page, headless
//! Chromium renders it, and the screenshot must show the pictures (board wood,
//! stones, text on white), while the DOM Chromium built must hold every
//! inline picture the page was written with. The page has no `<img>`, so
//! every picture that is in the DOM is loaded.
//!
//! Chromium is Debian's `chromium` package (`.ci/run` installs it). Without
//! it the test fails under CI and is skipped with a message elsewhere.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use kakunin::case;
use kakunin::confirm::Limits;
use kakunin::judgement::Judgement;
use kakunin::ko::PassRule;
use kakunin::picture::WOOD;
use kakunin::report::{self, Entry};
use kakunin::status::Options;
use resvg::tiny_skia::Pixmap;

/// A few cases with labels, seki, a ko and a dead group: the page's parts
/// without the cost of judging the whole corpus.
const CASES: [&str; 3] = [
    "official/j89-07-1.yaml",
    "classic/mannen-ko.yaml",
    "official/j89-24.yaml",
];

fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        Command::new(name)
            .arg("--version")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|_| PathBuf::from(name))
    })
}

/// Runs `cmd`, killing it after two minutes: a browser that hangs fails the
/// test instead of stalling CI. Its output is read while it runs (a DOM dump
/// is larger than a pipe holds).
fn run(cmd: &mut Command) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for chromium") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish within two minutes");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Output {
        status,
        stdout: reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
    }
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kakunin-report-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn write_page(dir: &Path) -> (PathBuf, usize) {
    let opts = Options {
        limits: Limits {
            nodes: 20_000,
            time: Duration::from_secs(30),
            deadline: None,
        },
        line_len: 20,
        ..Options::default()
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    let entries: Vec<Entry> = CASES
        .iter()
        .map(|f| {
            let case = case::load(&root.join(f)).unwrap_or_else(|e| panic!("{e}"));
            let judgement = Judgement::of_case(&case, &opts);
            Entry { case, judgement }
        })
        .collect();
    let html = report::page(&entries, &[], PassRule::OneBan);
    assert!(!html.contains("<img"), "pictures are inline");
    assert!(!html.contains("<script"), "the page needs no JavaScript");
    assert!(
        !html.contains("src=\"http") && !html.contains("href=\"http"),
        "the page loads nothing from the network"
    );
    for e in &entries {
        assert!(
            html.contains(&format!("id=\"{}\"", e.case.id)),
            "{}",
            e.case.id
        );
        assert!(html.contains(&e.case.provenance));
    }
    let svgs = html.matches("<svg").count();
    assert!(
        svgs >= 2 * CASES.len(),
        "each case has two verdict pictures"
    );
    let index = dir.join("index.html");
    std::fs::write(&index, html).expect("write page");
    (index, svgs)
}

#[test]
fn report_page_renders_in_headless_chromium() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is missing: .ci/run must install Debian's chromium package"
        );
        eprintln!("skipped: chromium is not installed (apt-get install -y chromium)");
        return;
    };
    let dir = scratch();
    let (index, svgs) = write_page(&dir);
    let url = format!("file://{}", index.canonicalize().expect("path").display());
    let profile = dir.join("profile");
    let common = [
        "--headless".to_string(),
        "--no-sandbox".to_string(),
        "--disable-gpu".to_string(),
        "--hide-scrollbars".to_string(),
        // Wait for the page to finish loading and painting.
        "--virtual-time-budget=5000".to_string(),
        format!("--user-data-dir={}", profile.display()),
    ];
    let shot = dir.join("shot.png");
    let out = run(Command::new(&browser)
        .args(&common)
        .arg(format!("--screenshot={}", shot.display()))
        .arg("--window-size=1200,3000")
        .arg(&url));
    assert!(
        out.status.success() && shot.exists(),
        "chromium screenshot failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pix = Pixmap::load_png(&shot).expect("a PNG screenshot");
    let (mut wood, mut dark, mut white) = (0usize, 0usize, 0usize);
    for p in pix.pixels() {
        let c = p.demultiply();
        let rgb = (c.red(), c.green(), c.blue());
        if rgb.0.abs_diff(WOOD.0) < 8 && rgb.1.abs_diff(WOOD.1) < 8 && rgb.2.abs_diff(WOOD.2) < 8 {
            wood += 1;
        } else if rgb.0 < 40 && rgb.1 < 40 && rgb.2 < 40 {
            dark += 1;
        } else if rgb.0 > 250 && rgb.1 > 250 && rgb.2 > 250 {
            white += 1;
        }
    }
    let total = pix.pixels().len();
    eprintln!("screenshot: {wood} wood, {dark} dark, {white} white of {total} pixels");
    assert!(white < total, "the screenshot is blank");
    // One board of 7 x 5 points alone has some 40 000 pixels of wood.
    assert!(
        wood > 40_000,
        "no board drawn: {wood} wood pixels of {total}"
    );
    assert!(
        dark > 10_000,
        "no stones or text: {dark} dark pixels of {total}"
    );
    let dom = run(Command::new(&browser)
        .args(&common)
        .arg("--dump-dom")
        .arg(&url));
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(
        dom.matches("<svg").count(),
        svgs,
        "every picture of the page is in the browser's DOM"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
