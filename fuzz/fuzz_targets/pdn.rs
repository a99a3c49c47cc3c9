#![no_main]
//! See `dama_fuzz::tool_checks::pdn` for the properties checked.

libfuzzer_sys::fuzz_target!(|data: &[u8]| dama_fuzz::tool_checks::pdn(data));
