// Where the browser tests' time goes, from Playwright's JSON report: the slowest tests, and the
// time spent in the named steps (axe, screenshot) across the whole run.
// Usage: node scripts/e2e-times.mjs [how many slowest] [report.json ...]
// Several reports (CI's shards) are read as one run; the wall time is the longest shard's.
import { readFileSync } from 'node:fs';

const [top = '15', ...files] = process.argv.slice(2);
const reports = (files.length ? files : ['test-results/e2e-report-18080.json']).map((file) =>
  JSON.parse(readFileSync(file, 'utf8')),
);

const tests = [];
const stepTotals = new Map();
const addSteps = (steps = []) => {
  for (const step of steps) {
    const totals = stepTotals.get(step.title) ?? { count: 0, ms: 0 };
    stepTotals.set(step.title, { count: totals.count + 1, ms: totals.ms + step.duration });
    addSteps(step.steps);
  }
};
const visit = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        tests.push({
          name: `${spec.file}:${spec.line} ${spec.title}`,
          ms: result.duration,
          status: result.status,
        });
        addSteps(result.steps);
      }
    }
  }
  for (const child of suite.suites ?? []) visit(child);
};
for (const report of reports) for (const suite of report.suites) visit(suite);

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const total = tests.reduce((sum, test) => sum + test.ms, 0);
const wall = Math.max(...reports.map((report) => report.stats.duration));
console.log(
  `${tests.length} tests in ${reports.length} report(s), ${minutes(total)} in tests, ${minutes(wall)} wall`,
);
for (const title of ['axe', 'screenshot']) {
  const totals = stepTotals.get(title);
  if (totals) console.log(`  ${title}: ${totals.count} runs, ${minutes(totals.ms)}`);
}
console.log(`slowest ${top}:`);
for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, Number(top)))
  console.log(`  ${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.status.padEnd(7)} ${test.name}`);
