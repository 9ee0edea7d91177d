#!/usr/bin/env node
// Which tests Hydro's judge takes from a problem's test data, worked out by
// Hydro's own functions as published on the npm registry (@hydrooj/utils,
// installed with hydrooj 4.19.1, see package.json), and printed as one JSON
// document on stdout.
//
//   NODE_PATH=target/tools/hydro/node_modules node scripts/hydro/cases.js FOLDER
//
// FOLDER is the test data as the judge holds it: one flat folder with the
// config and the tests. The judge's own reading step (hydrojudge's
// readCases) is not on the registry; the steps it takes are, and this
// script takes them in its order: the config (config.yaml, else
// config.yml, else the old config.ini), Hydro's reading of its cases
// (readYamlCases), the tests found by their names where it lists none
// (readSubtasksFromFiles, over the folder's files and those of its input/
// and output/ folders), then the points and limits (normalizeSubtasks),
// each file a case names checked to be there.
'use strict';

const fs = require('fs');
const path = require('path');

const folder = process.argv[2];
if (!folder || !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write('usage: cases.js FOLDER (the test data: the config and the tests)\n');
    process.exit(2);
}

// Hydro greets on stdout; stdout is for the JSON document only.
console.log = (...args) => console.error(...args);

require('@hydrooj/register');
const yaml = require('js-yaml');
const { default: readYamlCases, convertIniConfig } = require('@hydrooj/utils/lib/cases');
const { normalizeSubtasks, readSubtasksFromFiles } = require('@hydrooj/utils/lib/common');

// The config as the judge picks it, and which file it came from.
function config() {
    for (const name of ['config.yaml', 'config.yml']) {
        const file = path.join(folder, name);
        if (fs.existsSync(file)) return [name, yaml.load(fs.readFileSync(file, 'utf-8')) || {}];
    }
    const ini = path.join(folder, 'config.ini');
    if (fs.existsSync(ini)) return ['config.ini', convertIniConfig(fs.readFileSync(ini, 'utf-8'))];
    return [null, {}];
}

// The names the judge looks at when it finds tests by their names.
function names() {
    const found = fs.readdirSync(folder);
    for (const sub of ['input', 'output']) {
        const dir = path.join(folder, sub);
        if (fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
            found.push(...fs.readdirSync(dir).map((name) => `${sub}/${name}`));
        }
    }
    return found;
}

// A case's file must be in the test data.
function present(name, message) {
    if (fs.existsSync(path.join(folder, name))) return name;
    throw new Error(message.replace('{0}', name));
}

(async () => {
    const [file, raw] = config();
    // A checker named without a dot is one of the judge's built-in ones.
    const check = (name, message) => (message.startsWith('Cannot find checker') && !name.includes('.')
        ? `builtin:${name}` : present(name, message));
    const read = await readYamlCases({ ...raw }, check);
    let subtasks = read.subtasks || [];
    let discovered = false;
    if (!subtasks.reduce((n, s) => n + s.cases.length, 0)) {
        subtasks = readSubtasksFromFiles(names(), {});
        discovered = true;
    }
    const normal = normalizeSubtasks(subtasks, present, read.time, read.memory);
    const out = {
        config: file,
        discovered,
        count: normal.reduce((n, s) => n + s.cases.length, 0),
        filename: read.filename || null,
        subtasks: normal.map((s) => ({
            id: s.id,
            score: s.score,
            type: s.type,
            if: s.if,
            cases: s.cases.map((c) => ({
                input: c.input, output: c.output, score: c.score, time: c.time, memory: c.memory,
            })),
        })),
    };
    process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
    process.exit(0);
})().catch((e) => {
    process.stderr.write(`${e.stack || e}\n`);
    process.exit(1);
});
