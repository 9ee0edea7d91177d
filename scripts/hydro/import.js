#!/usr/bin/env node
// Imports a Hydro package with Hydro's own code, as published on the npm
// registry (hydrooj 4.19.1, see package.json), and prints what Hydro made of
// each problem as one JSON document on stdout.
//
//   NODE_PATH=target/tools/hydro/node_modules node scripts/hydro/import.js PACKAGE
//
// PACKAGE is a folder or a .zip. Hydro's `ProblemModel.import` walks it as
// the web import does (which folders are problems, the pid it keeps, the
// title, the statements, which files become test data); only its storage is
// replaced, by a recorder, since Hydro keeps problems in MongoDB. Each
// problem's `testdata/config.yaml`, as imported, then goes through Hydro's
// `parseConfig` (what the web pages show) and through `readYamlCases` and
// `normalizeSubtasks`, the two steps of the judge's `readCases`, with a file
// check that, like the judge's, refuses a case whose file was not imported.
// The judge itself (hydrojudge) is not on the registry: a checker named
// without a dot is one of its built-in testlib checkers, reported as
// `builtin:<name>`.
'use strict';

const fs = require('fs');
const path = require('path');

const source = process.argv[2];
if (!source || !fs.existsSync(source)) {
    process.stderr.write('usage: import.js PACKAGE (a folder or a .zip)\n');
    process.exit(2);
}

// Hydro greets on stdout; stdout is for the JSON document only.
const print = (text) => process.stdout.write(text);
console.log = (...args) => console.error(...args);

require('@hydrooj/register');
require('hydrooj/src/init');
const fse = require('fs-extra');
const yaml = require('js-yaml');
const { MongoClient } = require('mongodb');
const db = require('hydrooj/src/service/db').default;

// Never connected: the models only build their collections when loaded.
db.opts = {};
db.db = new MongoClient('mongodb://127.0.0.1:9/none', { serverSelectionTimeoutMS: 100 }).db('none');

const ProblemModel = require('hydrooj/src/model/problem').default;
const SolutionModel = require('hydrooj/src/model/solution').default;
const RecordModel = require('hydrooj/src/model/record').default;
const { parseConfig } = require('hydrooj/src/lib/testdataConfig');
const { default: readYamlCases } = require('@hydrooj/utils/lib/cases');
const { normalizeSubtasks } = require('@hydrooj/utils/lib/common');

const problems = [];
let reading = null;

// The folder of the problem.yaml Hydro reads, so that what it then stores is
// told apart by folder (watched, not changed).
const readFileSync = fse.readFileSync;
fse.readFileSync = function watched(file, ...rest) {
    if (typeof file === 'string' && path.basename(file) === 'problem.yaml') {
        reading = path.basename(path.dirname(file));
    }
    return readFileSync.call(this, file, ...rest);
};

// The recorder in place of MongoDB and the file storage.
ProblemModel.get = async () => null;
ProblemModel.add = async (domainId, pid, title, content, owner, tag) => {
    problems.push({
        folder: reading, pid: pid || null, title, content, tag, testdata: {}, additional_file: [],
    });
    return problems.length;
};
ProblemModel.addTestdata = async (domainId, docId, name, file) => {
    problems[docId - 1].testdata[name] = Buffer.isBuffer(file) ? file : fs.readFileSync(file);
};
ProblemModel.addAdditionalFile = async (domainId, docId, name) => {
    problems[docId - 1].additional_file.push(name);
};
SolutionModel.add = async () => null;
RecordModel.add = async () => null;

// What the judge would make of the imported test data.
async function judged(testdata) {
    const missing = (name, message) => {
        if (name in testdata) return name;
        throw new Error(message.replace('{0}', name));
    };
    const check = (name, message) => {
        if (message.startsWith('Cannot find checker') && !name.includes('.')) return `builtin:${name}`;
        return missing(name, message);
    };
    try {
        const config = await readYamlCases(yaml.load(testdata['config.yaml'].toString()), check);
        const subtasks = normalizeSubtasks(config.subtasks || [], missing, config.time, config.memory);
        return {
            type: config.type || 'default',
            // The stem of a problem of files: NAME.in and NAME.out.
            filename: config.filename || null,
            checker_type: config.checker_type,
            checker: config.checker || null,
            interactor: config.interactor || null,
            subtasks: subtasks.map((s) => ({
                id: s.id,
                score: s.score,
                type: s.type,
                cases: s.cases.map((c) => ({
                    input: c.input, output: c.output, time: c.time, memory: c.memory,
                })),
            })),
        };
    } catch (e) {
        return { error: e.message };
    }
}

(async () => {
    const messages = [];
    await ProblemModel.import('system', path.resolve(source), { progress: (m) => messages.push(m) });
    const out = [];
    for (const p of problems) {
        const config = p.testdata['config.yaml'];
        let content = null;
        try {
            content = JSON.parse(p.content);
        } catch (e) {
            content = { '': p.content };
        }
        out.push({
            folder: p.folder,
            pid: p.pid,
            title: p.title,
            tag: p.tag,
            statements: Object.keys(content).sort(),
            testdata: Object.keys(p.testdata).sort(),
            additional_file: p.additional_file.sort(),
            config: config ? await parseConfig(config.toString()) : null,
            judge: config ? await judged(p.testdata) : { error: 'no config.yaml' },
        });
    }
    print(`${JSON.stringify({ hydrooj: require('hydrooj/package.json').version, messages, problems: out }, null, 1)}\n`);
    process.exit(0);
})().catch((e) => {
    process.stderr.write(`${e.stack || e}\n`);
    process.exit(1);
});
