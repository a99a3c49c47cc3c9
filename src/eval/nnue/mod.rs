//! The network evaluation (NNUE-style): piece-square inputs from the side to move's view
//! ([`features`](mod@features)), a first layer of `i16` sums, clipped ReLU, `i8` weights after it,
//! a small second layer and one output in centi-men ([`network`]), with AVX2 where the processor
//! has it and a plain path that gives the same numbers ([`simd`]). [`evaluate_with`] sums the
//! first layer from scratch; the search keeps the sums from node to node ([`accumulator`]) and
//! updates them by the pieces that changed.
//!
//! A variant plays with a network only when one is set for it: compiled in (`COMPILED`:
//! `eval/international.nnue`; docs/tuning.md says how it was made) or loaded at run time from
//! a file ([`use_file`]: `--eval-file`, Hub `set-param name=eval-file`); [`switch_off`]
//! (`--eval-file none`) plays a variant with the pattern or hand-set evaluation instead. The
//! file format is in [`file`](mod@file); a damaged, truncated or mismatched file is an error
//! and leaves the evaluation as it was. The setting is for the whole process (every engine in
//! it), like the compiled-in weights.

pub mod accumulator;
pub mod features;
pub mod file;
pub mod network;
pub mod score;
pub mod simd;

use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, Ordering};

use once_cell::sync::Lazy;

use crate::rules::Variant;
pub use accumulator::NetStack;
pub use features::{features, inputs, Active};
pub use file::{from_bytes, to_bytes, NetError, LAYOUT_VERSION};
pub use network::{forward_plain, Network};
pub use score::{evaluate_with, finish};

/// The network files compiled in as a variant's default: the variant and the file's bytes.
const COMPILED: &[(Variant, &[u8])] = &[(
    Variant::International,
    include_bytes!("../../../eval/international.nnue"),
)];

/// Whether `variant` has a compiled-in network (its default evaluation).
pub fn has_compiled(variant: Variant) -> bool {
    COMPILED.iter().any(|(v, _)| *v == variant)
}

/// The network each variant plays with, by `Variant as usize` (null: none). Networks are
/// leaked when set, so a pointer read once stays valid for the life of the process.
static ACTIVE: [AtomicPtr<Network>; Variant::ALL.len()] =
    [const { AtomicPtr::new(null_mut()) }; Variant::ALL.len()];

/// Reads the compiled-in files and sets them; the first error, if any.
static DEFAULTS: Lazy<Result<(), NetError>> = Lazy::new(|| {
    for &(variant, bytes) in COMPILED {
        let net = from_bytes(bytes)?;
        if net.variant != variant {
            return Err(NetError(format!(
                "the compiled-in file for {variant} is for {}",
                net.variant
            )));
        }
        set(net);
    }
    Ok(())
});

/// Reads and checks every compiled-in network file; callers run it at start-up.
pub fn check_networks() -> Result<(), NetError> {
    DEFAULTS.clone()
}

fn set(net: Network) {
    let slot = &ACTIVE[net.variant as usize];
    slot.store(Box::into_raw(Box::new(net)), Ordering::Release);
}

/// Plays `net`'s variant with `net` from now on, in the whole process.
pub fn install(net: Network) {
    Lazy::force(&DEFAULTS);
    set(net);
}

/// Reads the network file at `path` and plays its variant with it; returns the variant. On
/// an error nothing changes.
pub fn use_file(path: &std::path::Path) -> Result<Variant, NetError> {
    let bytes = std::fs::read(path).map_err(|e| NetError(format!("{}: {e}", path.display())))?;
    let net = from_bytes(&bytes).map_err(|e| NetError(format!("{}: {}", path.display(), e.0)))?;
    let variant = net.variant;
    install(net);
    Ok(variant)
}

/// Goes back to the compiled-in network of `variant`, or to none.
pub fn use_default(variant: Variant) {
    Lazy::force(&DEFAULTS);
    let compiled = COMPILED.iter().find(|(v, _)| *v == variant);
    match compiled.and_then(|(_, bytes)| from_bytes(bytes).ok()) {
        Some(net) => set(net),
        None => ACTIVE[variant as usize].store(null_mut(), Ordering::Release),
    }
}

/// Plays `variant` without a network from now on (its pattern or hand-set evaluation), in
/// the whole process.
pub fn switch_off(variant: Variant) {
    Lazy::force(&DEFAULTS);
    ACTIVE[variant as usize].store(null_mut(), Ordering::Release);
}

/// The network `variant` plays with, if any.
#[inline]
pub fn active(variant: Variant) -> Option<&'static Network> {
    Lazy::force(&DEFAULTS);
    let p = ACTIVE[variant as usize].load(Ordering::Acquire);
    // SAFETY: a non-null pointer comes from `Box::into_raw` and is never freed.
    unsafe { p.as_ref() }
}

#[cfg(test)]
mod tests;
