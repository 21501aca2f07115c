#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| komadai_fuzz::jkf(data));
