//! The one worker pool: building tests and judging them both run here.
//!
//! Items are taken in order by up to `jobs` threads, the caller's own
//! among them; what the pool reports back reaches the caller on its own
//! thread, the results in item order, so one thread owns the output and
//! nothing interleaves. Asked to
//! stop at the first failure, it skips the items after the first failing
//! one (in item order), except those the caller wants anyway, and drops any
//! result past that point that a fast worker produced: what comes back
//! depends neither on the number of jobs nor on timing.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// When the pool stops taking items.
#[derive(Clone, Copy, Debug)]
pub enum Stop<'a> {
    /// Run every item.
    Never,
    /// After the first failing item in order, run only the items listed.
    AtFirstFailure { except: &'a BTreeSet<usize> },
}

impl Stop<'_> {
    fn keeps(&self, index: usize, first_failure: usize) -> bool {
        match self {
            Stop::Never => true,
            Stop::AtFirstFailure { except } => index <= first_failure || except.contains(&index),
        }
    }
}

/// What the pool tells its caller as work goes on.
pub enum Progress<'a, R> {
    /// A worker started item `i` (in any order).
    Started(usize),
    /// Item `i` is done and kept (in item order).
    Finished(usize, &'a R),
}

enum Message<R> {
    Started(usize),
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
    /// (for `stop`). `progress` is called on this thread. Returns each
    /// item's result, `None` for those not run or not kept.
    pub fn run<T, R>(
        &self,
        items: &[T],
        stop: Stop,
        work: impl Fn(&T) -> R + Sync,
        failed: impl Fn(&R) -> bool + Sync,
        mut progress: impl FnMut(Progress<R>),
    ) -> Vec<Option<R>>
    where
        T: Sync,
        R: Send,
    {
        let n = items.len();
        let next = AtomicUsize::new(0);
        let first_failure = AtomicUsize::new(usize::MAX);
        // Takes the next item: its index, and whether `stop` lets it run.
        let take = || {
            let i = next.fetch_add(1, Ordering::SeqCst);
            (i < n).then(|| (i, stop.keeps(i, first_failure.load(Ordering::SeqCst))))
        };
        let perform = |i: usize| {
            let result = work(&items[i]);
            if failed(&result) {
                first_failure.fetch_min(i, Ordering::SeqCst);
            }
            result
        };

        // Hands results on in order; the first failure seen in order decides
        // which later results are kept.
        let mut settled: Vec<Option<Option<R>>> = (0..n).map(|_| None).collect();
        let mut results: Vec<Option<R>> = (0..n).map(|_| None).collect();
        let (mut emitted, mut failure_in_order) = (0, usize::MAX);
        let mut receive = |message: Message<R>| {
            match message {
                Message::Started(i) => return progress(Progress::Started(i)),
                Message::Finished(i, r) => settled[i] = Some(Some(r)),
                Message::Skipped(i) => settled[i] = Some(None),
            }
            while let Some(result) = settled.get_mut(emitted).and_then(Option::take) {
                if let Some(r) = result.filter(|_| stop.keeps(emitted, failure_in_order)) {
                    if failed(&r) {
                        failure_in_order = failure_in_order.min(emitted);
                    }
                    progress(Progress::Finished(emitted, &r));
                    results[emitted] = Some(r);
                }
                emitted += 1;
            }
        };

        let (tx, rx) = mpsc::channel::<Message<R>>();
        std::thread::scope(|s| {
            for _ in 1..self.jobs.min(n) {
                let (tx, take, perform) = (tx.clone(), &take, &perform);
                s.spawn(move || {
                    while let Some((i, runs)) = take() {
                        if !runs {
                            let _ = tx.send(Message::Skipped(i));
                            continue;
                        }
                        let _ = tx.send(Message::Started(i));
                        let _ = tx.send(Message::Finished(i, perform(i)));
                    }
                });
            }
            drop(tx);
            // The caller is a worker too: between its own items it hands on
            // what the others finished, so it is not woken up for each one
            // (a wake-up per item cost a no-op build of 1000 tests 10%).
            while let Some((i, runs)) = take() {
                if runs {
                    receive(Message::Started(i));
                    receive(Message::Finished(i, perform(i)));
                } else {
                    receive(Message::Skipped(i));
                }
                rx.try_iter().for_each(&mut receive);
            }
            rx.iter().for_each(&mut receive);
        });
        results
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
            |p| {
                if let Progress::Finished(i, _) = p {
                    finished.push(i);
                }
            },
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
    fn no_items_no_threads() {
        let results: Vec<Option<u8>> =
            Pool::new(3).run(&[] as &[u8], Stop::Never, |&x| x, |_| false, |_| {});
        assert!(results.is_empty());
    }
}
