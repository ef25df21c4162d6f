/** The before/after of an operator log entry, as lines a reader can compare (no I/O). */

export type Change = 'same' | 'changed' | 'added' | 'removed';

export interface DiffLine {
  /** Where in the value: `fee.rate`, `items[2].name`; `(value)` for a bare value. */
  path: string;
  before?: string;
  after?: string;
  change: Change;
}

const ROOT = '(value)';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every leaf of a JSON value by its path, in the value's own order; an empty object or list is a leaf. */
export function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (Array.isArray(value) && value.length > 0) {
    value.forEach((inner, index) => flatten(inner, `${prefix}[${index}]`, into));
  } else {
    into.set(prefix || ROOT, value === undefined ? 'undefined' : JSON.stringify(value));
  }
  return into;
}

/**
 * Line by line what changed from `before` to `after`. Without a before (null: the action replaced
 * nothing) every line of after is added; without an after, every line of before is removed.
 */
export function diffValues(before: unknown, after: unknown): DiffLine[] {
  const old = before === null || before === undefined ? new Map<string, string>() : flatten(before);
  const next = after === null || after === undefined ? new Map<string, string>() : flatten(after);
  const lines: DiffLine[] = [];
  for (const [path, value] of old) {
    const now = next.get(path);
    if (now === undefined) lines.push({ path, before: value, change: 'removed' });
    else lines.push({ path, before: value, after: now, change: now === value ? 'same' : 'changed' });
  }
  for (const [path, value] of next) {
    if (!old.has(path)) lines.push({ path, after: value, change: 'added' });
  }
  return lines;
}
