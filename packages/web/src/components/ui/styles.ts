/** The kit's shared classes: form boxes, and links drawn as its buttons. */

/** A form box's frame and colours (page background, the theme's line and text). */
export const inputClass = 'w-full rounded border border-line bg-page px-2 py-1.5 text-ink';
/** A link drawn as the kit's bordered Button (its plain look). */
export const buttonClass =
  'rounded border border-line px-3 py-1 disabled:opacity-50 aria-disabled:opacity-40';
/** A link drawn as the kit's filled Button (its primary look). */
export const primaryClass = 'rounded bg-accent-strong px-4 py-1.5 font-medium text-white disabled:opacity-60';
