/** What a keyboard can land on inside a region. */
const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea, button:not([disabled]), a[href]';

/**
 * Scrolls to the element with this id and moves the keyboard focus there: to its first field when
 * `toField` is set (the Buy button lands in the amount box), else to the region itself, so the next
 * Tab continues inside it. Answers whether the element exists.
 */
export function jumpTo(id: string, toField = false): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const field = toField ? target.querySelector<HTMLElement>(FOCUSABLE) : null;
  if (field) {
    field.focus({ preventScroll: true });
  } else {
    // A region is not focusable by itself; -1 lets a script focus it without adding a Tab stop.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }
  // A field goes to the middle of the screen, clear of the sticky header and the phone's order bar.
  (field ?? target).scrollIntoView({ block: field ? 'center' : 'nearest' });
  return true;
}
