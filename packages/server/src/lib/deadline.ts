/**
 * `work`, or a refusal naming `what` once `ms` have passed without an answer. For reads that only
 * inform (a dashboard's chain check), so a slow remote cannot hold up the page that shows them.
 */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
