//! Board pictures: SVG written by hand, PNG through resvg.
//!
//! A picture is the board with GTP coordinates, the stones, the case's
//! labelled points and either a status overlay (kakunin's verdict or a
//! case's `expect`) or a witness line's move numbers. Every mark is a shape,
//! not a glyph, so that a picture says the same thing whatever fonts the
//! machine has: a dead stone carries a red cross, a seki stone a triangle, an
//! undecided (`?`) stone a magenta dot, an empty point whose mark waits on
//! such a stone (`-`) a magenta dash, territory a small square of its
//! owner's colour, an eye point that is no territory a grey ring; dame stay
//! plain. Text is only for coordinates, labels, move numbers and captions.
//!
//! [`Layout`] is public so that tests can find a point's pixels.

use crate::board::{Board, Color, Geometry, Point};
use crate::case::Mark;
use crate::diagram::Diagram;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

/// Pixels between two lines of the grid.
pub const CELL: f32 = 40.0;
/// Room for the coordinates around the board.
const MARGIN: f32 = 48.0;
/// Height of one caption line.
const LINE_HEIGHT: f32 = 18.0;
/// Caption font size.
const CAPTION_SIZE: f32 = 13.0;
/// Approximate width of a caption character, to make room for long lines.
const CHAR_WIDTH: f32 = 7.4;

/// The board's wood.
pub const WOOD: (u8, u8, u8) = (0xdc, 0xb3, 0x5c);
const BLACK: &str = "#111111";
const WHITE: &str = "#fafafa";
/// The cross on dead stones.
pub const DEAD_RED: (u8, u8, u8) = (0xd0, 0x10, 0x10);
/// The dot on undecided stones.
pub const UNKNOWN_MAGENTA: (u8, u8, u8) = (0xe0, 0x20, 0xe0);

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Where things go in a picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    columns: usize,
    rows: usize,
    captions: usize,
    caption_chars: usize,
}

impl Layout {
    /// The layout of a board of `geo` with `captions` caption lines, the
    /// longest `caption_chars` characters long.
    #[must_use]
    pub fn new(geo: &Geometry, captions: usize, caption_chars: usize) -> Layout {
        Layout {
            columns: geo.width(),
            rows: geo.height(),
            captions,
            caption_chars,
        }
    }

    /// The pixel centre of point `(x, y)` (column, row from the top).
    #[must_use]
    pub fn centre_xy(&self, x: usize, y: usize) -> (f32, f32) {
        (MARGIN + x as f32 * CELL, MARGIN + y as f32 * CELL)
    }

    /// The pixel centre of `p` on a board of `geo`.
    #[must_use]
    pub fn centre(&self, geo: &Geometry, p: Point) -> (f32, f32) {
        let (x, y) = geo.xy(p);
        self.centre_xy(x, y)
    }

    fn board_size(&self) -> (f32, f32) {
        (
            2.0 * MARGIN + (self.columns - 1) as f32 * CELL,
            2.0 * MARGIN + (self.rows - 1) as f32 * CELL,
        )
    }

    /// Width and height of the whole picture in pixels.
    #[must_use]
    pub fn size(&self) -> (f32, f32) {
        let (w, h) = self.board_size();
        let text = 16.0 + self.caption_chars as f32 * CHAR_WIDTH;
        let caption = if self.captions == 0 {
            0.0
        } else {
            self.captions as f32 * LINE_HEIGHT + 8.0
        };
        (w.max(text).ceil(), (h + caption).ceil())
    }
}

/// What to draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct Picture<'a> {
    /// Labelled points (the case's `marks`).
    pub labels: &'a [(String, Point)],
    /// A status overlay, one mark per point.
    pub overlay: Option<&'a [Mark]>,
    /// Move numbers: point, number, colour of the stone.
    pub numbers: &'a [(Point, usize, Color)],
    /// Lines of text below the board.
    pub caption: &'a [String],
}

/// Text made safe inside XML and HTML.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// The colour of text and marks drawn on a stone of `c`.
fn on(c: Color) -> &'static str {
    match c {
        Color::Black => WHITE,
        Color::White => BLACK,
    }
}

/// Labels of up to two characters fit on a point; longer ones (a case may
/// name points `triangle` or `square` after the source's diagram marks) are
/// drawn by their first letter and spelt out in the caption.
const LABEL_FITS: usize = 2;

fn shown_label(name: &str) -> String {
    if name.chars().count() <= LABEL_FITS {
        name.to_string()
    } else {
        name.chars().take(1).flat_map(char::to_lowercase).collect()
    }
}

impl Picture<'_> {
    /// The caption lines: the caller's, then the key to shortened labels.
    fn captions(&self, board: &Board) -> Vec<String> {
        let mut lines = self.caption.to_vec();
        let long: Vec<String> = self
            .labels
            .iter()
            .filter(|(n, _)| n.chars().count() > LABEL_FITS)
            .map(|(n, p)| format!("{} = {n} ({})", shown_label(n), board.geometry().name(*p)))
            .collect();
        if !long.is_empty() {
            lines.push(format!("labels: {}", long.join(", ")));
        }
        lines
    }

    /// The layout of this picture on `board`.
    #[must_use]
    pub fn layout(&self, board: &Board) -> Layout {
        let captions = self.captions(board);
        let chars = captions
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        Layout::new(board.geometry(), captions.len(), chars)
    }

    /// The picture as an SVG document (also valid inline in HTML).
    #[must_use]
    pub fn svg(&self, board: &Board) -> String {
        let geo = board.geometry();
        let lay = self.layout(board);
        let (w, h) = lay.size();
        let (_, bh) = lay.board_size();
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, sans-serif">"#
        );
        let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##);
        let half = CELL / 2.0;
        let (x0, y0) = lay.centre_xy(0, 0);
        let (x1, y1) = lay.centre_xy(geo.width() - 1, geo.height() - 1);
        let _ = writeln!(
            s,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
            x0 - half,
            y0 - half,
            x1 - x0 + CELL,
            y1 - y0 + CELL,
            hex(WOOD)
        );
        // The grid.
        let _ = write!(s, r#"<g stroke="{BLACK}" stroke-width="1">"#);
        for x in 0..geo.width() {
            let (cx, _) = lay.centre_xy(x, 0);
            let _ = write!(s, r#"<line x1="{cx}" y1="{y0}" x2="{cx}" y2="{y1}"/>"#);
        }
        for y in 0..geo.height() {
            let (_, cy) = lay.centre_xy(0, y);
            let _ = write!(s, r#"<line x1="{x0}" y1="{cy}" x2="{x1}" y2="{cy}"/>"#);
        }
        let _ = writeln!(s, "</g>");
        // Coordinates: GTP columns (no I) above and below, rows from 1 at the bottom.
        let _ = write!(
            s,
            r#"<g font-size="14" fill="{BLACK}" text-anchor="middle">"#
        );
        for x in 0..geo.width() {
            let (cx, _) = lay.centre_xy(x, 0);
            let letter = Geometry::column_letter(x);
            let top = y0 - half - 8.0;
            let bottom = y1 + half + 20.0;
            let _ = write!(
                s,
                r#"<text x="{cx}" y="{top}">{letter}</text><text x="{cx}" y="{bottom}">{letter}</text>"#
            );
        }
        for y in 0..geo.height() {
            let (_, cy) = lay.centre_xy(0, y);
            let row = geo.height() - y;
            let left = x0 - half - 14.0;
            let right = x1 + half + 14.0;
            let ty = cy + 5.0;
            let _ = write!(
                s,
                r#"<text x="{left}" y="{ty}">{row}</text><text x="{right}" y="{ty}">{row}</text>"#
            );
        }
        let _ = writeln!(s, "</g>");
        let label_at = |p: Point| self.labels.iter().find(|(_, q)| *q == p).map(|(n, _)| n);
        let number_at = |p: Point| self.numbers.iter().find(|(q, _, _)| *q == p);
        for p in geo.points() {
            let (cx, cy) = lay.centre(geo, p);
            let label = label_at(p);
            let number = number_at(p);
            let stone = board.color(p).or_else(|| number.map(|&(_, _, c)| c));
            if let Some(c) = stone {
                let (fill, stroke) = match c {
                    Color::Black => (BLACK, BLACK),
                    Color::White => (WHITE, BLACK),
                };
                let _ = writeln!(
                    s,
                    r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
                    CELL * 0.47
                );
            }
            let mark = self.overlay.map(|o| o[p as usize]);
            overlay_mark(&mut s, mark, stone, label.is_some(), cx, cy);
            if let Some(&(_, n, c)) = number {
                let size = if n < 10 { 20.0 } else { 17.0 };
                let _ = writeln!(
                    s,
                    r#"<text x="{cx}" y="{}" font-size="{size}" text-anchor="middle" fill="{}">{n}</text>"#,
                    cy + size * 0.36,
                    on(c)
                );
            } else if let Some(name) = label {
                // Clear the grid (or the middle of a stone's mark) under the
                // letter; a dead stone's cross still shows around it.
                let (under, r) = match stone {
                    None => (hex(WOOD), 0.3),
                    Some(Color::Black) => (BLACK.to_string(), 0.2),
                    Some(Color::White) => (WHITE.to_string(), 0.2),
                };
                let _ = writeln!(
                    s,
                    r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{under}"/>"#,
                    CELL * r
                );
                let fill = stone.map_or(BLACK, on);
                let _ = writeln!(
                    s,
                    r#"<text x="{cx}" y="{}" font-size="19" font-weight="bold" text-anchor="middle" fill="{fill}">{}</text>"#,
                    cy + 7.0,
                    escape(&shown_label(name))
                );
            }
        }
        for (i, line) in self.captions(board).iter().enumerate() {
            let y = bh + LINE_HEIGHT * (i as f32 + 0.5);
            let _ = writeln!(
                s,
                r#"<text x="8" y="{y}" font-size="{CAPTION_SIZE}" fill="{BLACK}">{}</text>"#,
                escape(line)
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

/// The overlay mark of one point. On a labelled empty point the
/// territory square moves to the lower right so the letter stays legible.
fn overlay_mark(
    s: &mut String,
    mark: Option<Mark>,
    stone: Option<Color>,
    labelled: bool,
    cx: f32,
    cy: f32,
) {
    let Some(mark) = mark else { return };
    match (mark, stone) {
        (Mark::Dead, _) => {
            let d = CELL * 0.28;
            let _ = writeln!(
                s,
                r#"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{}" stroke-width="{}" stroke-linecap="round"/>"#,
                cx - d,
                cy - d,
                cx + d,
                cy + d,
                cx - d,
                cy + d,
                cx + d,
                cy - d,
                hex(DEAD_RED),
                CELL * 0.08
            );
        }
        (Mark::Seki, Some(c)) => {
            let r = CELL * 0.25;
            let (dx, dy) = (r * 0.866, r * 0.5);
            let _ = writeln!(
                s,
                r#"<path d="M{cx} {}L{} {}L{} {}Z" fill="none" stroke="{}" stroke-width="{}"/>"#,
                cy - r,
                cx + dx,
                cy + dy,
                cx - dx,
                cy + dy,
                on(c),
                CELL * 0.06
            );
        }
        (Mark::AliveSekiUndecided, Some(_)) => {
            // The seki triangle, in the colour of the undecided marks.
            let r = CELL * 0.25;
            let (dx, dy) = (r * 0.866, r * 0.5);
            let _ = writeln!(
                s,
                r#"<path d="M{cx} {}L{} {}L{} {}Z" fill="none" stroke="{}" stroke-width="{}" stroke-dasharray="{}"/>"#,
                cy - r,
                cx + dx,
                cy + dy,
                cx - dx,
                cy + dy,
                hex(UNKNOWN_MAGENTA),
                CELL * 0.06,
                CELL * 0.08
            );
        }
        (Mark::Undecided, _) => {
            let d = CELL * 0.2;
            let _ = writeln!(
                s,
                r#"<path d="M{} {cy}L{} {cy}" stroke="{}" stroke-width="{}"/>"#,
                cx - d,
                cx + d,
                hex(UNKNOWN_MAGENTA),
                CELL * 0.06
            );
        }
        (Mark::Unknown, _) => {
            let _ = writeln!(
                s,
                r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{}"/>"#,
                CELL * 0.2,
                hex(UNKNOWN_MAGENTA)
            );
        }
        (Mark::BlackTerritory | Mark::WhiteTerritory, _) => {
            let (fill, stroke) = if mark == Mark::BlackTerritory {
                (BLACK, BLACK)
            } else {
                (WHITE, BLACK)
            };
            let (mx, my) = territory_centre(cx, cy, labelled);
            let a = CELL * 0.15;
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>"#,
                mx - a,
                my - a,
                2.0 * a,
                2.0 * a
            );
        }
        (Mark::Eye, _) => {
            let _ = writeln!(
                s,
                r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#606060" stroke-width="1.5"/>"##,
                CELL * 0.2
            );
        }
        _ => {}
    }
}

/// Where the territory square of a point centred at `(cx, cy)` goes.
#[must_use]
pub fn territory_centre(cx: f32, cy: f32, labelled: bool) -> (f32, f32) {
    if labelled {
        (cx + CELL * 0.3, cy + CELL * 0.3)
    } else {
        (cx, cy)
    }
}

/// The legend of verdict pictures, as a caption line.
pub const LEGEND: &str = "red cross: dead; triangle: seki; square: territory; grey ring: eye, no territory; magenta dot: unknown; magenta dash: undecided; dashed magenta triangle: alive, seki undecided";

/// A verdict picture: stones, labels and a status overlay.
#[must_use]
pub fn verdict_svg(
    board: &Board,
    labels: &[(String, Point)],
    marks: &[Mark],
    caption: &[String],
) -> String {
    Picture {
        labels,
        overlay: Some(marks),
        numbers: &[],
        caption,
    }
    .svg(board)
}

/// The caption of a line picture: the claim and the diagram's notes.
#[must_use]
pub fn line_caption(d: &Diagram) -> Vec<String> {
    let mut caption = vec![format!(
        "Line {}: {} ({} plays 1).",
        d.line,
        crate::diagram::sentence_case(&d.claim),
        crate::diagram::capital(d.first)
    )];
    caption.extend(d.notes());
    caption
}

/// A witness line as a picture: the stones before it, the move numbers and
/// the notes as caption.
#[must_use]
pub fn line_svg(d: &Diagram, labels: &[(String, Point)]) -> String {
    let numbers = d.numbers();
    let caption = line_caption(d);
    Picture {
        labels,
        overlay: None,
        numbers: &numbers,
        caption: &caption,
    }
    .svg(&d.board)
}

/// System fonts, loaded once: loading them takes longer than drawing a board.
fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            Arc::new(db)
        })
        .clone()
}

/// Rasterises an SVG picture to PNG bytes. Text needs a system font (Debian:
/// `fonts-dejavu-core`); without one the text is left out, the marks are not.
///
/// # Errors
/// An SVG that does not parse, or a picture too large to allocate.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let opt = resvg::usvg::Options {
        fontdb: fonts(),
        ..resvg::usvg::Options::default()
    };
    let tree = resvg::usvg::Tree::from_str(svg, &opt).map_err(|e| format!("SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
            format!(
                "cannot allocate a {}x{} picture",
                size.width(),
                size.height()
            )
        })?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| format!("PNG: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picture_escapes_text_and_sizes_captions() {
        let board = Board::from_rows(&["X O .", ". . ."]).expect("board");
        let caption = vec!["a < b & c".to_string()];
        let svg = Picture {
            caption: &caption,
            ..Picture::default()
        }
        .svg(&board);
        assert!(svg.contains("a &lt; b &amp; c"), "{svg}");
        let lay = Picture {
            caption: &caption,
            ..Picture::default()
        }
        .layout(&board);
        let (w, h) = lay.size();
        assert!(w >= 2.0 * MARGIN + 2.0 * CELL);
        assert!(h > 2.0 * MARGIN + CELL + LINE_HEIGHT);
    }

    #[test]
    fn picture_shortens_long_labels_and_spells_them_out() {
        let board = Board::from_rows(&["X O .", ". . ."]).expect("board");
        let labels = vec![("triangle".to_string(), 0), ("A".to_string(), 2)];
        let svg = Picture {
            labels: &labels,
            ..Picture::default()
        }
        .svg(&board);
        assert!(
            svg.contains(">t</text>") && svg.contains(">A</text>"),
            "{svg}"
        );
        assert!(svg.contains("labels: t = triangle (A2)"), "{svg}");
    }

    #[test]
    fn picture_png_shows_stones_at_their_centres() {
        let board = Board::from_rows(&["X O", ". ."]).expect("board");
        let svg = Picture::default().svg(&board);
        let png = png(&svg).expect("png");
        let pix = resvg::tiny_skia::Pixmap::decode_png(&png).expect("decode");
        let lay = Picture::default().layout(&board);
        let at = |x: usize, y: usize| {
            let (cx, cy) = lay.centre_xy(x, y);
            let c = pix
                .pixel((cx - 8.0) as u32, (cy - 8.0) as u32)
                .expect("inside")
                .demultiply();
            (c.red(), c.green(), c.blue())
        };
        assert!(at(0, 0).0 < 60, "black stone {:?}", at(0, 0));
        assert!(at(1, 0).2 > 220, "white stone {:?}", at(1, 0));
        assert_eq!(at(0, 1), WOOD, "empty point");
    }
}
