#![no_main]
//! See `dama_fuzz::dxp_checks::dxp` for the properties checked.

libfuzzer_sys::fuzz_target!(|data: &[u8]| dama_fuzz::dxp_checks::dxp(data));
