//! A standard checker run in the judge's process (`Arena::checker_in_process`)
//! gives every output the verdict and message its spawned binary gives: the
//! kit's bash problem, checked by `wcmp`, judged both ways for each of its
//! accepted and wrong solutions.

use judge::base::pool::Stop;
use judge::core::jury::{Arena, Jury};
use judge::core::testset;
use judge::model::event::{Events, Silent};
use judge::model::kit::Kit;
use sandbox::linux::LinuxSandbox;
use testkit::paths::root;

#[test]
fn a_standard_checker_in_process_says_what_its_binary_says() {
    let root = root();
    let sandbox = LinuxSandbox::new(&root, sandbox::Containment::default()).unwrap();
    let kit = Kit::discover(&root).unwrap();
    let jury = Jury::new(&sandbox, 2).for_kit(&kit);
    let mut reporter = Silent;
    let mut events = Events::new(&mut reporter);
    let building = kit.lock_builds(&mut events).unwrap();
    let problem = jury
        .prepare(&kit, &["bash".to_string()], false, &mut events)
        .unwrap()
        .remove(0);
    let (tests, _) = testset::build(&kit, &jury, &problem, &mut events).unwrap();
    jury.cargo()
        .build(
            &std::collections::BTreeSet::from(["wcmp".to_string()]),
            false,
        )
        .unwrap();
    let wcmp = jury.cargo().program("wcmp").unwrap();
    drop(building);

    let work = tempfile::tempdir().unwrap();
    let mut arena = Arena::new(&problem, &tests, &wcmp, work.path().to_path_buf());
    let in_process = checkers::standard::main_of("wcmp");
    let mut verdicts = Vec::new();
    for folder in ["accepted", "wrong_answer"] {
        for file in judge::base::fsutil::files_in(&problem.solutions.join(folder)).unwrap() {
            let solution = jury.compile(&file, false).unwrap();
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
        verdicts.contains(&judge::model::verdict::Verdict::Ac),
        "{verdicts:?}"
    );
    assert!(
        verdicts.contains(&judge::model::verdict::Verdict::Wa),
        "{verdicts:?}"
    );
}
