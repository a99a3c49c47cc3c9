use super::*;
use crate::movegen;
use crate::position::Position;
use crate::rules::Variant;

fn small(variant: Variant) -> EngineOptions {
    EngineOptions {
        variant,
        hash_mb: 1,
        ..EngineOptions::default()
    }
}

#[test]
fn variant_change_resets_the_position() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let start = Position::start(Variant::Czech);
    let mv = movegen::legal_moves(&start)[0];
    e.set_position(start, &[mv]);
    assert_eq!(e.game().moves().len(), 1);
    e.set_options(small(Variant::Czech));
    assert_eq!(e.game().moves().len(), 1, "same variant keeps the game");
    e.set_options(small(Variant::Russian));
    assert_eq!(*e.game().position(), Position::start(Variant::Russian));
}

#[test]
fn options_are_clamped() {
    let e = Engine::<u64>::new(EngineOptions {
        threads: 0,
        hash_mb: 0,
        skill: 9,
        multipv: 0,
        ..EngineOptions::default()
    });
    let o = e.options();
    assert_eq!((o.threads, o.hash_mb, o.skill, o.multipv), (1, 1, 5, 1));
}

#[test]
fn set_position_feeds_the_counters() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let start = Position::from_fen(Variant::Czech, "W:WKa1:BKh8").unwrap();
    let a = movegen::legal_moves(&start)
        .into_iter()
        .find(|m| !m.is_capture())
        .unwrap();
    e.set_position(start, &[a]);
    assert_eq!(e.game().counters().quiet_plies(), 1);
    assert_eq!(e.game().repetition_keys().len(), 2);
}

#[test]
fn a_skill_search_without_limits_ends_by_itself() {
    let mut e = Engine::<u64>::new(EngineOptions {
        skill: 2,
        ..small(Variant::Czech)
    });
    let r = e.go(&SearchLimits::default(), &mut |_| {});
    let budget = crate::search::skill::plan(2).unwrap().nodes;
    assert!(
        r.best.is_some() && r.nodes <= budget + 500,
        "{} nodes",
        r.nodes
    );
}

fn depth(d: u32) -> SearchLimits {
    SearchLimits {
        depth: Some(d),
        ..SearchLimits::default()
    }
}

fn infinite() -> SearchLimits {
    SearchLimits {
        infinite: true,
        ..SearchLimits::default()
    }
}

fn is_legal(pos: &Position, mv: Option<Move>) -> bool {
    mv.is_some_and(|m| movegen::legal_moves(pos).contains(&m))
}

#[test]
fn a_stop_after_the_end_of_a_search_does_not_reach_the_next() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let first = e.start(&depth(1), SearchCallbacks::default());
    while !first.is_finished() {
        std::thread::yield_now();
    }
    first.stop();
    let r = e.go(&depth(5), &mut |_| {});
    assert_eq!(r.depth, 5, "the second search was not stopped");
    drop(first);
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let search = e.start(&infinite(), SearchCallbacks::default());
    search.stop();
    let r = search.wait();
    assert!(is_legal(&Position::start(Variant::Czech), r.best), "{r:?}");
    assert!(r.depth >= 1 && r.error.is_none() && !r.from_book);
}

#[test]
fn on_done_tells_an_event_loop_that_wait_will_not_block() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let (tx, rx) = std::sync::mpsc::channel();
    let infos = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&infos);
    let callbacks = SearchCallbacks::default()
        .on_info(move |i| seen.lock().unwrap().push(i.depth))
        .on_done(move || tx.send("done").unwrap());
    let search = e.start(&depth(4), callbacks);
    assert_eq!(rx.recv(), Ok("done"));
    assert!(search.is_finished());
    assert_eq!(search.wait().depth, 4);
    assert_eq!(*infos.lock().unwrap(), vec![1, 2, 3, 4]);
}

#[test]
fn ponder_hit_releases_a_pondering_search() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let limits = SearchLimits {
        ponder: true,
        movetime: Some(std::time::Duration::from_millis(5)),
        ..SearchLimits::default()
    };
    let search = e.start(&limits, SearchCallbacks::default());
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert!(
        !search.is_finished(),
        "a pondering search waits for the hit"
    );
    search.ponder_hit();
    let r = search.wait();
    assert!(is_legal(&Position::start(Variant::Czech), r.best), "{r:?}");
}

#[test]
fn the_running_search_keeps_its_own_game() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let start = Position::start(Variant::Czech);
    let search = e.start(&infinite(), SearchCallbacks::default());
    let first = movegen::legal_moves(&start)[0];
    e.set_position(start, &[first]);
    search.stop();
    let r = search.wait();
    assert!(
        is_legal(&start, r.best),
        "searched the start position: {r:?}"
    );
    let after = e.go(&depth(2), &mut |_| {});
    assert!(is_legal(&start.play(&first), after.best), "{after:?}");
}

#[test]
fn a_panic_in_the_search_becomes_an_error_and_the_engine_plays_on() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    e.panic_next_search = true;
    let failed = e.start(&depth(3), SearchCallbacks::default()).wait();
    assert_eq!(failed.best, None);
    let error = failed.error.expect("the panic is reported");
    assert!(error.contains("the test hook of the search"), "{error}");
    e.panic_next_search = true;
    let failed = e.go(&depth(3), &mut |_| {});
    assert!(
        failed.best.is_none() && failed.error.is_some(),
        "{failed:?}"
    );
    let r = e.go(&depth(3), &mut |_| {});
    assert!(r.error.is_none() && r.depth == 3, "{r:?}");
    assert!(is_legal(&Position::start(Variant::Czech), r.best));
}

#[test]
fn the_book_answers_only_when_the_limits_and_the_options_allow_it() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let start = Position::start(Variant::Czech);
    let book = builtin::shared(Variant::Czech).expect("the Czech book is compiled in");
    let candidates = book.candidates_with(&start, &BookOptions::default().probe_settings());
    let with_book = SearchLimits {
        book: true,
        ..depth(2)
    };
    let r = e.go(&with_book, &mut |_| {
        panic!("a book move reports no iteration")
    });
    assert!(r.from_book && r.nodes == 0, "{r:?}");
    assert!(candidates.iter().any(|c| Some(c.mv) == r.best), "{r:?}");
    assert!(
        !e.go(&depth(2), &mut |_| {}).from_book,
        "limits without the book search"
    );
    let mut opts = e.options().clone();
    opts.book.enabled = false;
    e.set_options(opts);
    let r = e.go(&with_book, &mut |_| {});
    assert!(!r.from_book && r.depth == 2, "the book is off: {r:?}");
}

#[test]
fn new_game_reseeds_the_book_choice() {
    let mut e = Engine::<u64>::new(small(Variant::Czech));
    let with_book = SearchLimits {
        book: true,
        ..depth(1)
    };
    let mut choices = || {
        e.new_game();
        (0..8)
            .map(|_| e.go(&with_book, &mut |_| {}).best)
            .collect::<Vec<_>>()
    };
    let first = choices();
    assert_eq!(first, choices(), "the same seed draws the same book moves");
    assert!(first.iter().all(|m| m.is_some()));
}
