/**
 * Time limits for tests. A limit is a guard against a hang, never a speed goal (speed belongs in the
 * benchmarks). CI runs the server suites beside the browser tests on two cores, niced, so a test's
 * real time there is several times its idle time: three times the limit there (a schema check that
 * takes 2 s idle once took over 30 s in CI).
 */
export const BUDGET_FACTOR = process.env.CI ? 3 : 1;

/** A test's or hook's time limit: `ms` on an idle machine, scaled under CI. */
export function budget(ms: number): number {
  return ms * BUDGET_FACTOR;
}
