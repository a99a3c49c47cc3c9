//! Progress bars on stderr (indicatif): drawn only when stderr is a terminal, so tests, CI and
//! redirected runs see nothing of them.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `total` steps drawn with `template` (indicatif's template syntax, e.g. `{bar}`,
/// `{percent}`, `{eta}`), or a hidden bar when stderr is not a terminal.
pub fn bar(total: u64, template: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("#>.");
    ProgressBar::new(total).with_style(style)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_templates_parse() {
        for t in [super::super::egtb::BAR, super::super::book::BAR] {
            assert!(ProgressStyle::with_template(t).is_ok(), "{t}");
        }
    }
}
