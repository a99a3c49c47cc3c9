//! The weights of a [`Weights`] table as a flat list of named integers, for tuners.
//!
//! A [`Phased`] weight `w` gives two parameters, `w.mg` and `w.eg`; an array of them gives
//! `w[i].mg` and `w[i].eg`; a plain integer gives one parameter under its own name.
//!
//! ```
//! use dama::eval::WEIGHTS;
//! let mut w = WEIGHTS.clone();
//! let before = w.params();
//! let names = dama::eval::Weights::param_names();
//! assert_eq!(names.len(), before.len());
//! let man_mg = names.iter().position(|n| n == "man.mg").unwrap();
//! let mut changed = before.clone();
//! changed[man_mg] += 5;
//! w.set_params(&changed);
//! assert_eq!(w.man.mg, WEIGHTS.man.mg + 5);
//! ```

use super::weights::{Phased, Weights};

/// Appends the parameters of one phased weight.
fn phased<'a>(out: &mut Vec<(String, &'a mut i32)>, name: &str, w: &'a mut Phased) {
    out.push((format!("{name}.mg"), &mut w.mg));
    out.push((format!("{name}.eg"), &mut w.eg));
}

/// Appends the parameters of an array of phased weights.
fn phased_array<'a>(out: &mut Vec<(String, &'a mut i32)>, name: &str, ws: &'a mut [Phased]) {
    for (i, w) in ws.iter_mut().enumerate() {
        phased(out, &format!("{name}[{i}]"), w);
    }
}

impl Weights {
    /// Every parameter by name, mutable; the order is fixed and the same for every table.
    /// New weights must be listed here so that tuners see them.
    pub fn fields_mut(&mut self) -> Vec<(String, &mut i32)> {
        let mut out = Vec::with_capacity(96);
        phased(&mut out, "man", &mut self.man);
        phased(&mut out, "king_flying", &mut self.king_flying);
        phased(&mut out, "king_short", &mut self.king_short);
        phased_array(&mut out, "advance8", &mut self.advance8);
        phased_array(&mut out, "advance10", &mut self.advance10);
        phased(&mut out, "back_row", &mut self.back_row);
        phased(&mut out, "centre_man", &mut self.centre_man);
        phased(&mut out, "centre_king", &mut self.centre_king);
        phased(&mut out, "mobility_man", &mut self.mobility_man);
        phased(&mut out, "mobility_king", &mut self.mobility_king);
        phased(&mut out, "runaway", &mut self.runaway);
        phased(&mut out, "runaway_per_row", &mut self.runaway_per_row);
        phased(&mut out, "king_diagonal", &mut self.king_diagonal);
        phased(&mut out, "trapped_king", &mut self.trapped_king);
        out.push(("trade_down".to_string(), &mut self.trade_down));
        out.push(("drawish_divisor".to_string(), &mut self.drawish_divisor));
        // Added later; appended so that the indices above stay as they were.
        phased(&mut out, "wing_balance", &mut self.wing_balance);
        phased(&mut out, "hanging_man", &mut self.hanging_man);
        phased(&mut out, "outpost", &mut self.outpost);
        phased(&mut out, "exclusive_king", &mut self.exclusive_king);
        out
    }

    /// The parameter names, in the order of [`Weights::params`].
    pub fn param_names() -> Vec<String> {
        let mut w = super::weights::WEIGHTS.clone();
        w.fields_mut().into_iter().map(|(n, _)| n).collect()
    }

    /// The parameter values, in a fixed order (see [`Weights::param_names`]).
    pub fn params(&self) -> Vec<i32> {
        let mut w = self.clone();
        w.fields_mut().into_iter().map(|(_, v)| *v).collect()
    }

    /// Sets the parameters from `values` (in the order of [`Weights::params`]); extra values
    /// are ignored, missing ones leave their weights unchanged.
    pub fn set_params(&mut self, values: &[i32]) {
        for ((_, slot), v) in self.fields_mut().into_iter().zip(values) {
            *slot = *v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::WEIGHTS;
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        let names = Weights::param_names();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len());
        let mut w = WEIGHTS.clone();
        let p: Vec<i32> = (0..names.len() as i32).collect();
        w.set_params(&p);
        assert_eq!(w.params(), p);
        assert_eq!(
            w.advance10[3].eg,
            p[names.iter().position(|n| n == "advance10[3].eg").unwrap()]
        );
    }
}
