/**
 * The looks of a button: bordered (plain), filled in the accent (primary), a buy's green, a sell's
 * red, or bare (no frame: a text link, a sort head, a menu row; its className draws it).
 */
export type ButtonVariant = 'plain' | 'primary' | 'up' | 'down' | 'bare';

/** Its padding: the kit's usual, small (in a table's foot, a filter row), or none (className sets it). */
export type ButtonSize = 'md' | 'sm' | 'fit';

const FRAME: Record<ButtonVariant, string> = {
  plain: 'rounded border border-line disabled:opacity-50 aria-disabled:opacity-40',
  primary: 'rounded bg-accent-strong font-medium text-white disabled:opacity-60',
  up: 'rounded bg-up-strong font-medium text-white disabled:opacity-60',
  down: 'rounded bg-down-strong font-medium text-white disabled:opacity-60',
  bare: 'disabled:opacity-50',
};

function padding(variant: ButtonVariant, size: ButtonSize): string {
  if (size === 'fit' || variant === 'bare') return '';
  if (size === 'sm') return 'px-2 py-0.5';
  return variant === 'plain' ? 'px-3 py-1' : 'px-4 py-1.5';
}

/**
 * A button (type "button" unless told) in one of the kit's looks; `className` adds to its classes
 * (layout, text size, a text colour; padding only with size "fit" or the bare look).
 */
export function Button({
  variant = 'plain',
  size = 'md',
  type = 'button',
  className,
  ...props
}: React.ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize }) {
  const classes = [FRAME[variant], padding(variant, size), className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}
