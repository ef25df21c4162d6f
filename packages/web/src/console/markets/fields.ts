import {
  CHANGE_FIELDS,
  Decimal,
  type ChangeKind,
  type ChangeSet,
  type ChangeValue,
  type FieldRule,
} from '@oex/protocol';

/**
 * The edit dialog's arithmetic, without React: what the operator types for each setting and what
 * is sent. A fraction (a fee, a payout ratio) is typed and shown as a percentage and sent as the
 * fraction the server stores; everything else is typed as it is stored.
 */

const HUNDRED = Decimal.fromInt(100);

export function ruleOf(kind: ChangeKind, field: string): FieldRule | undefined {
  return Object.hasOwn(CHANGE_FIELDS[kind], field) ? CHANGE_FIELDS[kind][field] : undefined;
}

/** The fields of a kind, in the table's order. */
export function fieldsOf(kind: ChangeKind): string[] {
  return Object.keys(CHANGE_FIELDS[kind]);
}

/** Whether the value is shown with a % sign (a fraction shown ×100, or a rate already in percent). */
export function isPercent(rule: FieldRule | undefined): boolean {
  return rule?.type === 'decimal' && (rule.shown === 'fraction' || rule.shown === 'percent');
}

/** The text of a stored value as typed and read in the console (a fraction as a percentage). */
export function textOf(rule: FieldRule | undefined, value: ChangeValue | undefined): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (rule?.type === 'decimal' && rule.shown === 'fraction' && Decimal.isValid(String(value))) {
    return Decimal.parse(String(value)).mul(HUNDRED).toString();
  }
  return String(value);
}

/** The value to send for what the operator typed, or null when it is not one (the server bounds it). */
export function valueOf(rule: FieldRule | undefined, text: string): ChangeValue | null {
  const typed = text.trim();
  if (!rule) return null;
  switch (rule.type) {
    case 'flag':
      return typed === '1' ? 1 : typed === '0' ? 0 : null;
    case 'int':
      return /^\d{1,9}$/.test(typed) ? Number(typed) : null;
    case 'ints': {
      const parts = typed.split(/[\s,]+/).filter(Boolean);
      return parts.length > 0 && parts.every((part) => /^\d{1,9}$/.test(part)) ? parts.map(Number) : null;
    }
    case 'amounts': {
      const parts = typed.split(/[\s,]+/).filter(Boolean);
      return parts.length > 0 && parts.every((part) => Decimal.isValid(part))
        ? parts.map((part) => Decimal.parse(part).toString())
        : null;
    }
    case 'decimal': {
      if (!Decimal.isValid(typed)) return null;
      const number = Decimal.parse(typed);
      return (rule.shown === 'fraction' ? number.div(HUNDRED) : number).toString();
    }
  }
}

/** Whether two values are the same setting (1.50 and 1.5 are). */
export function sameValue(a: ChangeValue | undefined, b: ChangeValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (typeof a === 'string' && typeof b === 'string' && Decimal.isValid(a) && Decimal.isValid(b)) {
    return Decimal.parse(a).eq(Decimal.parse(b));
  }
  return a === b;
}

export interface Draft {
  /** What is typed per field (only fields the operator touched). */
  texts: Record<string, string>;
}

/**
 * The changes a draft makes against the current values: each typed field that parses and differs.
 * Answers the fields that do not parse apart, so the dialog can say which.
 */
export function changesOf(
  kind: ChangeKind,
  current: ChangeSet,
  texts: Record<string, string>,
): { changes: ChangeSet; invalid: string[] } {
  const changes: ChangeSet = {};
  const invalid: string[] = [];
  for (const [field, text] of Object.entries(texts)) {
    if (text.trim() === '' && current[field] === undefined) continue;
    const value = valueOf(ruleOf(kind, field), text);
    if (value === null) invalid.push(field);
    else if (!sameValue(value, current[field])) changes[field] = value;
  }
  return { changes, invalid };
}

/** A datetime-local input's value for an instant, in the browser's zone. */
export function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a datetime-local value names, or null. */
export function instantOf(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? null : ms;
}
