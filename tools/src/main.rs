//! The `dama` command line.

mod cli;

fn main() -> anyhow::Result<()> {
    cli::run()
}
