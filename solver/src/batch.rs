//! Many positions at once: judged in parallel (rayon), reported in input
//! order, with a progress bar only when a person is watching.
//!
//! Each judgement is independent, so files are the natural unit of parallel
//! work; they run on the search pool ([`crate::status::in_search_pool`]),
//! where the strings of each are searched in parallel too. Keeping the
//! input order makes the output of a batch the same whatever the machine.

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;

/// `f` applied to every item, in parallel, results in input order. A
/// progress bar is drawn on standard error when it is a terminal and there
/// is more than one item.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let bar = (items.len() > 1 && std::io::stderr().is_terminal()).then(|| {
        let b = ProgressBar::new(items.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} elapsed")
        {
            b.set_style(style);
        }
        b
    });
    // On the search pool, where each judgement's strings are searched too:
    // one body of work for every core until the last string is done.
    let out = crate::status::in_search_pool(|| {
        items
            .par_iter()
            .map(|item| {
                let r = f(item);
                if let Some(b) = &bar {
                    b.inc(1);
                }
                r
            })
            .collect()
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_input_order() {
        let items: Vec<u64> = (0..200).collect();
        let out = super::map(&items, |&i| {
            // Uneven work, so that items finish out of order.
            (0..(200 - i) * 1000).fold(i, |a, x| a.wrapping_add(x % 3))
                - (0..(200 - i) * 1000).map(|x| x % 3).sum::<u64>()
        });
        assert_eq!(out, items);
    }
}
