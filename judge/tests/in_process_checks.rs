//! A standard checker run in the judge's process (`Arena::checker_in_process`)
//! gives every output the verdict and message its spawned binary gives: the
//! kit's bash problem, checked by `wcmp`, judged both ways for each of its
//! accepted and wrong solutions.

use std::path::{Path, PathBuf};

use judge::event::{Events, Silent};
use judge::jury::{Arena, Jury};
use judge::kit::Kit;
use judge::pool::Stop;
use judge::testset;
use sandbox::linux::LinuxSandbox;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn a_standard_checker_in_process_says_what_its_binary_says() {
    let root = root();
    let sandbox = LinuxSandbox::new(&root, sandbox::Containment::default()).unwrap();
    let jury = Jury::new(&sandbox, 2);
    let kit = Kit::discover(&root).unwrap();
    let mut reporter = Silent;
    let mut events = Events::new(&mut reporter);
    let building = kit.lock_builds(&mut events).unwrap();
    let problem = kit
        .prepare(&["bash".to_string()], false, &mut events)
        .unwrap()
        .remove(0);
    let (tests, _) = testset::build(&kit, &jury, &problem, &mut events).unwrap();
    kit.cargo
        .build(
            &std::collections::BTreeSet::from(["wcmp".to_string()]),
            false,
        )
        .unwrap();
    let wcmp = kit.cargo.program("wcmp").unwrap();
    drop(building);

    let work = tempfile::tempdir().unwrap();
    let mut arena = Arena::new(&problem, &tests, &wcmp, work.path().to_path_buf());
    let in_process = checkers::standard::main_of("wcmp");
    let mut verdicts = Vec::new();
    for folder in ["accepted", "wrong_answer"] {
        for file in judge::fsutil::files_in(&problem.solutions.join(folder)).unwrap() {
            let solution = kit.compile(&file, false, &jury).unwrap();
            let mut judge = |main: Option<fn()>| {
                arena.checker_in_process = main;
                let run = jury.judge(&arena, &solution, "s", Stop::Never, &mut events);
                let run = run.unwrap();
                (run.outcomes.iter())
                    .filter(|o| o.verdict.is_checked())
                    .map(|o| (o.name.clone(), o.verdict, o.message.clone()))
                    .collect::<Vec<_>>()
            };
            let spawned = judge(None);
            let hosted = judge(in_process);
            assert_eq!(hosted, spawned, "{}", file.display());
            verdicts.extend(spawned.iter().map(|(_, v, _)| *v));
        }
    }
    // Both ways were held to accepted and wrong outputs alike.
    assert!(
        verdicts.contains(&judge::verdict::Verdict::Ac),
        "{verdicts:?}"
    );
    assert!(
        verdicts.contains(&judge::verdict::Verdict::Wa),
        "{verdicts:?}"
    );
}
