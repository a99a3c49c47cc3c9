//! One DXP connection from dama's side: [`connection`] runs the loop, [`incoming`] handles the
//! peer's messages and [`turn`] plays dama's moves.

mod connection;
mod incoming;
mod turn;

pub use connection::DxpPlayer;
