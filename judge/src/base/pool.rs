//! The one worker pool: building tests and judging them both run here.
//!
//! Items are taken in order by up to `jobs` threads, the caller's own
//! among them; what the pool reports back reaches the caller on its own
//! thread, the results in item order, so one thread owns the output and
//! nothing interleaves. Items may come in series (a class's files, each
//! with its tests): one pool keeps every thread busy across them, and each
//! series stops on its own. Asked to stop at the first failure, a series
//! skips its items after its first failing one (in item order), except
//! those the caller wants anyway, and drops any result past that point that
//! a fast worker produced: what comes back depends neither on the number of
//! jobs nor on timing.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// When the pool stops taking a series' items.
#[derive(Clone, Copy, Debug)]
pub enum Stop<'a> {
    /// Run every item.
    Never,
    /// After the first failing item in order, run only the items listed.
    AtFirstFailure { except: &'a BTreeSet<usize> },
    /// After the first failing item in order, run only the items whose
    /// size (one per item) is below its size.
    Smaller { sizes: &'a [u64] },
}

impl Stop<'_> {
    fn keeps(&self, index: usize, first_failure: usize) -> bool {
        index <= first_failure
            || match self {
                Stop::Never => true,
                Stop::AtFirstFailure { except } => except.contains(&index),
                Stop::Smaller { sizes } => match (sizes.get(index), sizes.get(first_failure)) {
                    (Some(size), Some(failed)) => size < failed,
                    _ => true,
                },
            }
    }
}

/// A series of items: `len` of them, stopping as `stop` says.
#[derive(Clone, Copy, Debug)]
pub struct Series<'a> {
    pub len: usize,
    pub stop: Stop<'a>,
}

/// What the pool tells its caller of a run in series, in item order.
pub enum Progress<'a, R> {
    /// Series `g` starts: its items are handed on next.
    Opened(usize),
    /// Item `j` of series `g` is done and kept.
    Finished(usize, usize, &'a R),
    /// Every item of series `g` was handed on (or skipped).
    Closed(usize),
}

enum Message<R> {
    Finished(usize, R),
    Skipped(usize),
}

/// A pool of `jobs` worker threads.
#[derive(Clone, Copy, Debug)]
pub struct Pool {
    jobs: usize,
}

impl Pool {
    /// A pool of `jobs` threads (at least one).
    pub fn new(jobs: usize) -> Pool {
        Pool { jobs: jobs.max(1) }
    }

    /// The number of worker threads.
    pub fn jobs(&self) -> usize {
        self.jobs
    }

    /// Runs `work` on the items; `failed` says which results are failures
    /// (for `stop`). `finished` is called on this thread with each kept
    /// result, in order. Returns each item's result, `None` for those not
    /// run or not kept.
    pub fn run<T, R>(
        &self,
        items: &[T],
        stop: Stop,
        work: impl Fn(&T) -> R + Sync,
        failed: impl Fn(&R) -> bool + Sync,
        mut finished: impl FnMut(usize, &R),
    ) -> Vec<Option<R>>
    where
        T: Sync,
        R: Send,
    {
        let one = Series {
            len: items.len(),
            stop,
        };
        let progress = |p: Progress<R>| {
            if let Progress::Finished(_, j, r) = p {
                finished(j, r)
            }
        };
        let mut results = self.run_series(&[one], |_, j| work(&items[j]), failed, progress);
        results.pop().unwrap_or_default()
    }

    /// Runs `work(g, j)` on item `j` of each series `g`, every series' items
    /// on the one pool, each series after the one before it; each series
    /// stops on its own. Returns each series' results, `None` for the items
    /// not run or not kept.
    pub fn run_series<R>(
        &self,
        series: &[Series],
        work: impl Fn(usize, usize) -> R + Sync,
        failed: impl Fn(&R) -> bool + Sync,
        mut progress: impl FnMut(Progress<R>),
    ) -> Vec<Vec<Option<R>>>
    where
        R: Send,
    {
        // Item i is item j of series g.
        let place: Vec<(usize, usize)> = (series.iter().enumerate())
            .flat_map(|(g, items)| (0..items.len).map(move |j| (g, j)))
            .collect();
        let n = place.len();
        let next = AtomicUsize::new(0);
        let first_failure: Vec<AtomicUsize> = series
            .iter()
            .map(|_| AtomicUsize::new(usize::MAX))
            .collect();
        // Takes the next item: its index, and whether its series' stop lets
        // it run.
        let take = || {
            let i = next.fetch_add(1, Ordering::SeqCst);
            (i < n).then(|| {
                let (g, j) = place[i];
                (
                    i,
                    series[g]
                        .stop
                        .keeps(j, first_failure[g].load(Ordering::SeqCst)),
                )
            })
        };
        let perform = |i: usize| {
            let (g, j) = place[i];
            let result = work(g, j);
            if failed(&result) {
                first_failure[g].fetch_min(j, Ordering::SeqCst);
            }
            result
        };

        let mut in_order = InOrder {
            series,
            place: &place,
            settled: (0..n).map(|_| None).collect(),
            results: (series.iter())
                .map(|items| (0..items.len).map(|_| None).collect())
                .collect(),
            failure_in_order: vec![usize::MAX; series.len()],
            emitted: 0,
            opened: 0,
        };
        let mut receive = |message| in_order.receive(message, &failed, &mut progress);
        let (tx, rx) = mpsc::channel::<Message<R>>();
        std::thread::scope(|s| {
            for _ in 1..self.jobs.min(n) {
                let (tx, take, perform) = (tx.clone(), &take, &perform);
                s.spawn(move || {
                    while let Some((i, runs)) = take() {
                        let message = match runs {
                            true => Message::Finished(i, perform(i)),
                            false => Message::Skipped(i),
                        };
                        let _ = tx.send(message);
                    }
                });
            }
            drop(tx);
            // The caller is a worker too: between its own items it hands on
            // what the others finished, so it is not woken up for each one
            // (a wake-up per item cost a no-op build of 1000 tests 10%).
            while let Some((i, runs)) = take() {
                let message = match runs {
                    true => Message::Finished(i, perform(i)),
                    false => Message::Skipped(i),
                };
                receive(message);
                rx.try_iter().for_each(&mut receive);
            }
            rx.iter().for_each(&mut receive);
        });
        // Empty series at the end are opened and closed too.
        open(series, &mut in_order.opened, series.len(), &mut progress);
        in_order.results
    }
}

/// Hands results on in order; a series' first failure seen in order
/// decides which of its later results are kept.
struct InOrder<'a, 's, R> {
    series: &'a [Series<'s>],
    /// Item i is item j of series g.
    place: &'a [(usize, usize)],
    /// Each item's result once it is in: `Some(None)` when skipped.
    settled: Vec<Option<Option<R>>>,
    results: Vec<Vec<Option<R>>>,
    failure_in_order: Vec<usize>,
    /// The items handed on, and the series opened, so far.
    emitted: usize,
    opened: usize,
}

impl<R> InOrder<'_, '_, R> {
    /// Takes in one item's `message`, then hands on every result now in
    /// order.
    fn receive(
        &mut self,
        message: Message<R>,
        failed: impl Fn(&R) -> bool,
        progress: &mut impl FnMut(Progress<R>),
    ) {
        match message {
            Message::Finished(i, r) => self.settled[i] = Some(Some(r)),
            Message::Skipped(i) => self.settled[i] = Some(None),
        }
        let series = self.series;
        while let Some(result) = self.settled.get_mut(self.emitted).and_then(Option::take) {
            let (g, j) = self.place[self.emitted];
            if j == 0 {
                open(series, &mut self.opened, g + 1, progress);
            }
            let kept = result.filter(|_| series[g].stop.keeps(j, self.failure_in_order[g]));
            if let Some(r) = kept {
                if failed(&r) {
                    self.failure_in_order[g] = self.failure_in_order[g].min(j);
                }
                progress(Progress::Finished(g, j, &r));
                self.results[g][j] = Some(r);
            }
            if j + 1 == series[g].len {
                progress(Progress::Closed(g));
            }
            self.emitted += 1;
        }
    }
}

/// Opens the series before `upto` not opened yet; an empty one is closed at
/// once, as it has no item to wait for.
fn open<R>(
    series: &[Series],
    opened: &mut usize,
    upto: usize,
    progress: &mut impl FnMut(Progress<R>),
) {
    while *opened < upto {
        progress(Progress::Opened(*opened));
        if series[*opened].len == 0 {
            progress(Progress::Closed(*opened));
        }
        *opened += 1;
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// Items 0..10; item 3 fails; later items take less time than earlier
    /// ones, so fast workers finish past the failure.
    fn run(jobs: usize, stop: Stop) -> (Vec<Option<usize>>, Vec<usize>, Vec<usize>) {
        let items: Vec<usize> = (0..10).collect();
        let ran = Mutex::new(Vec::new());
        let mut finished = Vec::new();
        let results = Pool::new(jobs).run(
            &items,
            stop,
            |&i| {
                std::thread::sleep(std::time::Duration::from_millis(10 - i as u64));
                ran.lock().unwrap().push(i);
                i
            },
            |&r| r == 3,
            |i, _| finished.push(i),
        );
        (results, finished, ran.into_inner().unwrap())
    }

    #[test]
    fn results_come_back_in_order() {
        for jobs in [1, 2, 4] {
            let (results, finished, _) = run(jobs, Stop::Never);
            assert_eq!(finished, (0..10).collect::<Vec<_>>());
            assert!(results.iter().enumerate().all(|(i, r)| *r == Some(i)));
        }
    }

    #[test]
    fn stopping_at_the_first_failure_keeps_the_same_results_for_any_jobs() {
        let except = BTreeSet::from([7]);
        for jobs in [1, 2, 4] {
            let (results, finished, ran) = run(jobs, Stop::AtFirstFailure { except: &except });
            assert_eq!(finished, vec![0, 1, 2, 3, 7], "jobs {jobs}");
            let kept: Vec<usize> = results.iter().flatten().copied().collect();
            assert_eq!(kept, vec![0, 1, 2, 3, 7]);
            assert!(ran.contains(&7));
            if jobs == 1 {
                // One worker never starts what it knows it will drop.
                let mut ran = ran.clone();
                ran.sort();
                assert_eq!(ran, vec![0, 1, 2, 3, 7]);
            }
        }
    }

    #[test]
    fn stopping_at_the_first_failure_keeps_the_smaller_items_for_any_jobs() {
        // Item 3 fails with size 30: only the later items below 30 run.
        let sizes = [5, 10, 20, 30, 40, 29, 30, 1, 50, 3];
        for jobs in [1, 2, 4] {
            let (results, finished, ran) = run(jobs, Stop::Smaller { sizes: &sizes });
            assert_eq!(finished, vec![0, 1, 2, 3, 5, 7, 9], "jobs {jobs}");
            let kept: Vec<usize> = results.iter().flatten().copied().collect();
            assert_eq!(kept, finished);
            if jobs == 1 {
                let mut ran = ran.clone();
                ran.sort();
                assert_eq!(ran, finished);
            }
        }
    }

    #[test]
    fn no_items_no_threads() {
        let results: Vec<Option<u8>> =
            Pool::new(3).run(&[] as &[u8], Stop::Never, |&x| x, |_| false, |_, _| {});
        assert!(results.is_empty());
    }

    /// Series of 4, 0, 5 and 0 items; item 1 of each fails, and later
    /// items are faster. What is told, in order, and what comes back.
    fn run_series(jobs: usize, stop: Stop) -> (Vec<String>, Vec<Vec<Option<usize>>>) {
        let series: Vec<Series> = [4, 0, 5, 0].map(|len| Series { len, stop }).to_vec();
        let mut told = Vec::new();
        let results = Pool::new(jobs).run_series(
            &series,
            |g, j| {
                std::thread::sleep(std::time::Duration::from_millis(6 - j as u64));
                10 * g + j
            },
            |&r| r % 10 == 1,
            |p| {
                told.push(match p {
                    Progress::Opened(g) => format!("open {g}"),
                    Progress::Finished(g, j, r) => format!("{g}.{j}={r}"),
                    Progress::Closed(g) => format!("close {g}"),
                })
            },
        );
        (told, results)
    }

    #[test]
    fn series_are_told_in_order_and_each_stops_on_its_own() {
        for jobs in [1, 2, 4] {
            let (told, results) = run_series(jobs, Stop::Never);
            let expected = "open 0,0.0=0,0.1=1,0.2=2,0.3=3,close 0,open 1,close 1,\
                            open 2,2.0=20,2.1=21,2.2=22,2.3=23,2.4=24,close 2,open 3,close 3";
            assert_eq!(told.join(","), expected, "jobs {jobs}");
            assert_eq!(results[2].iter().flatten().count(), 5);

            let none = BTreeSet::new();
            let (told, results) = run_series(jobs, Stop::AtFirstFailure { except: &none });
            let expected = "open 0,0.0=0,0.1=1,close 0,open 1,close 1,\
                            open 2,2.0=20,2.1=21,close 2,open 3,close 3";
            assert_eq!(told.join(","), expected, "jobs {jobs}");
            let kept: Vec<Vec<usize>> = (results.iter())
                .map(|r| r.iter().flatten().copied().collect())
                .collect();
            assert_eq!(kept, vec![vec![0, 1], vec![], vec![20, 21], vec![]]);
        }
    }
}
