// Where the browser tests' time goes, from Playwright's JSON report: the slowest tests, and the
// time spent in the named steps (axe, screenshot) across the whole run.
// Usage: node scripts/e2e-times.mjs [report.json] [how many slowest]
import { readFileSync } from 'node:fs';

const [file = 'test-results/e2e-report.json', top = '15'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));

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
for (const suite of report.suites) visit(suite);

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const total = tests.reduce((sum, test) => sum + test.ms, 0);
console.log(`${tests.length} tests, ${minutes(total)} in tests, ${minutes(report.stats.duration)} wall`);
for (const title of ['axe', 'screenshot']) {
  const totals = stepTotals.get(title);
  if (totals) console.log(`  ${title}: ${totals.count} runs, ${minutes(totals.ms)}`);
}
console.log(`slowest ${top}:`);
for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, Number(top)))
  console.log(`  ${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.status.padEnd(7)} ${test.name}`);
