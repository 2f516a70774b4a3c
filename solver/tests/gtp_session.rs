//! Scripted GTP sessions against the built `kakunin gtp` binary: responses,
//! ids, errors that do not end the session, and the verdicts of a corpus
//! position loaded by `loadsgf`.

use kakunin::{case, sgf};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs `kakunin gtp` on `script` and returns its standard output.
fn session(script: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kakunin"))
        .args(["gtp", "--max-nodes", "100000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start kakunin gtp");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script)
        .expect("write the script");
    let out = child.wait_with_output().expect("kakunin gtp ends");
    assert!(out.status.success(), "exit status {:?}", out.status);
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// A corpus case written as a setup-only SGF file in a scratch folder.
fn case_as_sgf(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let c = case::load(&root.join(format!("cases/classic/{name}.yaml"))).unwrap();
    let dir = std::env::temp_dir().join(format!("kakunin-gtp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.sgf"));
    std::fs::write(&path, sgf::position(&c.board, c.komi)).unwrap();
    path
}

#[test]
fn a_scripted_session_answers_every_command() {
    let script = "1 protocol_version\n\
                  2 name\n\
                  # a comment line gets no answer\n\
                  \n\
                  3 boardsize 7\n\
                  4 play black D4\n\
                  5 play white D4\n\
                  this is not a command\n\
                  6 undo\n\
                  7 undo\n\
                  8 komi six\n\
                  9 boardsize 99\n\
                  10 known_command final_status_list\n\
                  11 play b pass\n\
                  12 quit\n\
                  13 name\n";
    let got = session(script.as_bytes());
    assert_eq!(
        got,
        "=1 2\n\n\
         =2 kakunin\n\n\
         =3\n\n\
         =4\n\n\
         ?5 illegal move: the point is occupied\n\n\
         ? unknown command\n\n\
         =6\n\n\
         ?7 cannot undo\n\n\
         ?8 syntax error: komi needs a number\n\n\
         ?9 unacceptable size\n\n\
         =10 true\n\n\
         =11\n\n\
         =12\n\n",
        "nothing after quit is answered"
    );
}

#[test]
fn garbage_bytes_and_a_missing_quit_end_cleanly() {
    let mut script = b"1 name\n\xff\xfe\x00\x07garbage\n".to_vec();
    script.extend_from_slice(&[b'x'; 10_000]);
    script.extend_from_slice(b"\n2 version\n");
    let got = session(&script);
    let replies: Vec<&str> = got.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 4, "{got:?}");
    assert_eq!(replies[0], "=1 kakunin");
    assert!(replies[1].starts_with("? unknown command"));
    assert!(replies[2].starts_with("? unknown command"));
    assert_eq!(replies[3], format!("=2 {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn loadsgf_then_final_status_and_score_follow_the_rules() {
    // Bent four in the corner: the seven white stones are dead (Article 7-2,
    // no ko threats), nothing is in seki. Black's count: eye points A5 D5 G4
    // A2 C2 E1 (6) and the seven removed stones twice (14); komi 0.
    let file = case_as_sgf("bent-four-corner");
    let script = format!(
        "1 loadsgf {}\n\
         2 final_status_list dead\n\
         3 final_status_list seki\n\
         4 final_status_list unknown\n\
         5 final_score\n\
         6 kakunin-explain G3\n\
         7 showboard\n\
         8 loadsgf {} 1\n\
         9 quit\n",
        file.display(),
        file.display()
    );
    let got = session(script.as_bytes());
    let replies: Vec<&str> = got.split("\n\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(replies.len(), 9, "{got}");
    assert_eq!(replies[0], "=1 black");
    assert_eq!(replies[1], "=2 C5 C4 D4 E4 F4 F3 G3");
    assert_eq!(replies[2], "=3");
    assert_eq!(replies[3], "=4");
    assert_eq!(replies[4], "=5 B+20");
    assert!(
        replies[5].starts_with("=6 white C5 C4 D4 E4 F4 F3 G3 [7]: dead"),
        "{}",
        replies[5]
    );
    assert!(replies[6].starts_with("=7\n"), "{}", replies[6]);
    assert!(replies[6].contains("prisoners: black 0, white 0; komi 0"));
    assert!(
        replies[6].contains("  5 . X O . X X X  5"),
        "{}",
        replies[6]
    );
    assert_eq!(
        replies[7], "=8 black",
        "a record of setup only has no move 1"
    );
    let _ = std::fs::remove_file(file);
}
