/** The kit's shared classes and styles: form boxes, bordered buttons, filled buttons, panels. */

export const inputStyle = { background: 'var(--bg)', borderColor: 'var(--border)', color: 'var(--text)' };
export const inputClass = 'w-full rounded border px-2 py-1.5';
export const buttonClass = 'rounded border px-3 py-1 disabled:opacity-50 aria-disabled:opacity-40';
export const primaryClass = 'rounded px-4 py-1.5 font-medium text-white disabled:opacity-60';
export const panelStyle = { background: 'var(--panel)', borderColor: 'var(--border)' };
export const borderStyle = { borderColor: 'var(--border)' };
