//! Waiting for a condition, for the tests and the benches: ask again and again, a short pause
//! apart, until the answer is there or a deadline has passed. A wait on a condition, never on the
//! clock alone: a test that sleeps "long enough" is slow when the machine is fast and flaky when
//! it is busy; a test that asks is as fast as the server and as patient as its deadline. The
//! pause between two questions only keeps the asking from loading the machine it waits on.
//!
//! Five forms of one loop: [`keep_trying`] (the answer, or the last "not yet" seen),
//! [`read_until`] (the last value read, for the test to assert on), [`poll`] (the answer, or
//! `None`), [`eventually`] (the answer, or a panic naming what never came) and [`until`] (the same
//! for a yes/no question). The clock is tokio's, so a test on a paused clock waits on it too.

use std::time::Duration;

use tokio::time::Instant;

/// Runs `check` every `every` until it answers `Ok(value)`, and returns that value; once
/// `within` has passed, `Err` with the last answer it gave instead (what the test saw last, for
/// its message). `check` runs at least once, and once more after the deadline has come if it was
/// pausing then.
pub async fn keep_trying<T, S, F, Fut>(within: Duration, every: Duration, mut check: F) -> Result<T, S>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, S>>,
{
    let deadline = Instant::now() + within;
    loop {
        let last = match check().await {
            Ok(value) => return Ok(value),
            Err(last) => last,
        };
        if Instant::now() >= deadline {
            return Err(last);
        }
        tokio::time::sleep(every).await;
    }
}

/// Reads `read` every `every` until `done` holds of what it read, for at most `within`; the last
/// value read either way, for the test's own assertions on it (which say what was wrong).
pub async fn read_until<T, F, Fut>(
    within: Duration,
    every: Duration,
    mut read: F,
    done: impl Fn(&T) -> bool,
) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = T>,
{
    let done = &done;
    let answer = keep_trying(within, every, || {
        let reading = read();
        async move {
            let value = reading.await;
            if done(&value) { Ok(value) } else { Err(value) }
        }
    });
    match answer.await {
        Ok(value) => value,
        Err(last) => last,
    }
}

/// Polls `check` every `every` until it returns `Some(value)`, and returns that value; `None`
/// once `within` has passed (for a bench that reports a wait that ran out rather than failing).
pub async fn poll<T, F, Fut>(within: Duration, every: Duration, mut check: F) -> Option<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let answer = keep_trying(within, every, || {
        let asked = check();
        async move { asked.await.ok_or(()) }
    });
    answer.await.ok()
}

/// Polls `check` every `every` until it returns `Some(value)`, and returns that value; panics
/// with `what` (and how long it waited) once `within` has passed.
pub async fn eventually<T, F, Fut>(what: &str, within: Duration, every: Duration, check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let started = Instant::now();
    match poll(within, every, check).await {
        Some(value) => value,
        None => panic!("{what}: not within {within:?} (waited {:?})", started.elapsed()),
    }
}

/// Polls `check` every `every` until it answers `true`; panics with `what` (and how long it
/// waited) once `within` has passed.
pub async fn until<F, Fut>(what: &str, within: Duration, every: Duration, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    eventually(what, within, every, || {
        let asked = check();
        async move { asked.await.then_some(()) }
    })
    .await
}
