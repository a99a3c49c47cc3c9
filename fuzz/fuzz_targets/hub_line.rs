#![no_main]
//! See `dama_fuzz::checks::hub_lines` for the properties checked.

libfuzzer_sys::fuzz_target!(|data: &[u8]| dama_fuzz::checks::hub_lines(data));
