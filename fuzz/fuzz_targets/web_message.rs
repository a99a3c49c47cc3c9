#![no_main]
//! See `dama_fuzz::web_checks::web_message` for the properties checked.

libfuzzer_sys::fuzz_target!(|data: &[u8]| dama_fuzz::web_checks::web_message(data));
