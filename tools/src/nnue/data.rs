//! The training positions of `selfplay-data` files, as the network's features.
//!
//! Files are read line by line (a file still being written can be read: a last line without
//! its newline is left out, and with it the rest of that game). Each position is kept as its
//! active features (the library's [`features`](mod@features)), whether its material is drawish, the game
//! result from the side to move's view and the search score. Every `holdout`-th game
//! (`game mod holdout = holdout − 1`, as `dama tune --data`) goes to the validation set.

use std::io::BufRead;
use std::path::Path;

use dama::eval::nnue::features;
use dama::eval::{drawish, evaluate};
use dama::{Color, Position, Variant};

use crate::datagen::file::{header_variant, parse_line};

/// Positions as the trainer uses them, in file order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// Every position's features, one after another.
    pub features: Vec<u16>,
    /// Where each position's features start in `features` (one more entry than positions).
    pub starts: Vec<u32>,
    /// Whether the material is drawish (the engine divides the score).
    pub drawish: Vec<bool>,
    /// The game result from the side to move's view: 1, ½ or 0.
    pub result: Vec<f32>,
    /// The search score from the side to move, centi-men.
    pub score: Vec<i32>,
    /// The engine's own evaluation of each position (filled for the validation set, to compare).
    pub engine: Vec<i32>,
    /// The first positions themselves (for checking the engine against the trainer).
    pub first: Vec<Position>,
}

/// How many positions [`Samples::first`] keeps.
pub const KEPT_POSITIONS: usize = 2000;

impl Samples {
    /// The number of positions.
    pub fn len(&self) -> usize {
        self.drawish.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.drawish.is_empty()
    }

    /// The features of position `i`.
    #[inline]
    pub fn features_of(&self, i: usize) -> &[u16] {
        &self.features[self.starts[i] as usize..self.starts[i + 1] as usize]
    }

    /// Adds a position; `engine`: also store the engine's evaluation of it.
    pub fn push(&mut self, pos: &Position, white_score: f64, score: i32, engine: bool) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.features.extend_from_slice(features(pos).as_slice());
        self.starts.push(self.features.len() as u32);
        self.drawish.push(drawish(pos));
        let result = if pos.side() == Color::White {
            white_score
        } else {
            1.0 - white_score
        };
        self.result.push(result as f32);
        self.score.push(score);
        if engine {
            self.engine.push(evaluate(pos));
        }
        if self.first.len() < KEPT_POSITIONS {
            self.first.push(*pos);
        }
    }
}

/// The training and validation sets of some data files.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DataSets {
    /// The variant of every file.
    pub variant: Option<Variant>,
    /// Positions to fit on.
    pub train: Samples,
    /// Positions of the held-out games.
    pub valid: Samples,
    /// Games read (both sets).
    pub games: usize,
}

impl DataSets {
    /// Reads a data file and adds its positions; an error names the file and the line.
    pub fn add_file(&mut self, path: &Path, holdout: u64) -> Result<(), String> {
        let f = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        self.add_reader(std::io::BufReader::new(f), holdout)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Adds the positions of a data file's text.
    pub fn add_reader(&mut self, mut r: impl BufRead, holdout: u64) -> Result<(), String> {
        let mut line = String::new();
        r.read_line(&mut line).map_err(|e| e.to_string())?;
        let variant = header_variant(&line)?;
        if self.variant.is_some_and(|v| v != variant) {
            return Err(format!(
                "line 1: {variant} data among other variants' files"
            ));
        }
        self.variant = Some(variant);
        let mut game: Vec<(Position, f64, i32)> = Vec::new();
        let mut number = None;
        for n in 2.. {
            line.clear();
            if r.read_line(&mut line)
                .map_err(|e| format!("line {n}: {e}"))?
                == 0
            {
                break;
            }
            if !line.ends_with('\n') {
                game.clear(); // the file is being written: this game is not whole yet
                break;
            }
            if line.trim().is_empty() {
                continue;
            }
            let l = parse_line(variant, line.trim_end()).map_err(|e| format!("line {n}: {e}"))?;
            if number.is_some_and(|g| g != l.game) {
                self.add_game(number.unwrap_or(0), &game, holdout);
                game.clear();
            }
            number = Some(l.game);
            game.push((l.pos, l.white_score, l.score));
        }
        if let Some(g) = number {
            self.add_game(g, &game, holdout);
        }
        Ok(())
    }

    fn add_game(&mut self, number: u64, lines: &[(Position, f64, i32)], holdout: u64) {
        if lines.is_empty() {
            return;
        }
        self.games += 1;
        let valid = holdout > 0 && number % holdout == holdout - 1;
        let set = if valid {
            &mut self.valid
        } else {
            &mut self.train
        };
        for (pos, white_score, score) in lines {
            set.push(pos, *white_score, *score, valid);
        }
    }
}
