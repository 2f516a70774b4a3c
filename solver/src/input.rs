//! Reading input files and quoting them in errors.
//!
//! Every reader (cases, SGF, OGS `.game`) names the place of a problem;
//! these two pieces are shared so that they do it the same way: a file
//! that is not UTF-8 is refused with the line of its first bad byte, and
//! text quoted from a file is made safe to print (a raw escape sequence
//! from a malformed file would act on the reader's terminal, or reach a
//! GTP controller).

use std::path::Path;

/// Why a file could not be read as text: the 1-based line of the first
/// byte that is not UTF-8, when that is the reason, and the message.
#[derive(Debug)]
pub struct Unreadable {
    /// The line of the first bad byte (`None`: the file could not be read).
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// The text of `path`, without a leading byte-order mark.
///
/// # Errors
/// The file cannot be read, or is not UTF-8 (naming the line).
pub fn read_text(path: &Path) -> Result<String, Unreadable> {
    let bytes = std::fs::read(path).map_err(|e| Unreadable {
        line: None,
        message: e.to_string(),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        Unreadable {
            line: Some(1 + good.iter().filter(|&&b| b == b'\n').count()),
            message: "the file is not UTF-8 text".to_string(),
        }
    })?;
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// `text` with its control characters escaped (`\u{1b}`).
#[must_use]
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("a\u{1b}[31mb\u{7}"), "a\\u{1b}[31mb\\u{7}");
        assert_eq!(printable("plain é"), "plain é");
    }

    #[test]
    fn a_file_that_is_not_utf8_names_the_line() {
        let dir = std::env::temp_dir().join(format!("kakunin-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("bad.txt");
        std::fs::write(&f, b"one\ntwo\nth\xffree\n").unwrap();
        let e = read_text(&f).unwrap_err();
        assert_eq!(e.line, Some(3));
        std::fs::write(&f, "\u{feff}height 3\n").unwrap();
        assert_eq!(read_text(&f).unwrap(), "height 3\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
