//! Generates one named test per corpus case, so a failure names the case.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("../cases");
    println!("cargo:rerun-if-changed={}", cases.display());
    let mut files = Vec::new();
    let mut stack = vec![cases.clone()];
    while let Some(dir) = stack.pop() {
        println!("cargo:rerun-if-changed={}", dir.display());
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut out = String::new();
    for f in files {
        let rel = f.strip_prefix(&cases).unwrap_or(&f);
        let name: String = rel
            .with_extension("")
            .to_string_lossy()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        let path = f.display().to_string();
        let _ = writeln!(out, "corpus_case!({name}, {path:?});");
    }
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("corpus_cases.rs");
    std::fs::write(dest, out).expect("write generated tests");
}
