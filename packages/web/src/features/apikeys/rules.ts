import { API_KEY_IP_MAX, API_KEY_LABEL_MAX } from '@oex/protocol';

/** The form's own checks before it asks for a code, and how its choices become the request's terms. */

export const EXPIRY_CHOICES = ['never', '30', '90', '365', 'date'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAY_MS = 86_400_000;

/** The IP list as typed: one entry a line or separated by commas or spaces. */
export function ipEntries(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** When the key stops working, in ms, or null for never; a date is the end of that day, here. */
export function expiryOf(choice: ExpiryChoice, date: string, now: number): number | null {
  if (choice === 'never') return null;
  if (choice === 'date') {
    const end = new Date(`${date}T23:59:59`).getTime();
    return Number.isFinite(end) ? end : NaN;
  }
  return now + Number(choice) * DAY_MS;
}

export type KeyFormProblem = 'label' | 'ipTooMany' | 'withdrawNeedsIp' | 'date';

/** What stops the form before the code is asked for, or null. The server checks all of it again. */
export function keyFormProblem(
  form: { label: string; withdraw: boolean; ipText: string; expiry: ExpiryChoice; date: string },
  now: number,
): KeyFormProblem | null {
  const label = form.label.trim();
  if (label === '' || label.length > API_KEY_LABEL_MAX) return 'label';
  const ips = ipEntries(form.ipText);
  if (ips.length > API_KEY_IP_MAX) return 'ipTooMany';
  if (form.withdraw && ips.length === 0) return 'withdrawNeedsIp';
  const expiresAt = expiryOf(form.expiry, form.date, now);
  if (expiresAt !== null && !(expiresAt > now)) return 'date';
  return null;
}
