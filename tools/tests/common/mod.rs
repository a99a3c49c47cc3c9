//! What the tests of the `dama` binary share: running a command fed a script on its standard
//! input.
#![allow(dead_code)] // each test binary uses what it needs

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `command` run with `input` on its standard input; its standard output and error captured.
pub fn run_fed(command: &mut Command, input: &[u8]) -> Output {
    run_fed_to(command, Stdio::piped(), input)
}

/// `command` run with `input` on its standard input and its standard output sent to `stdout`;
/// its standard error captured.
pub fn run_fed_to(command: &mut Command, stdout: Stdio, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}
