//! The properties the fuzz targets check (see `docs/reliability.md`).

pub mod checks;
pub mod dxp_checks;
pub mod tool_checks;
pub mod web_checks;
