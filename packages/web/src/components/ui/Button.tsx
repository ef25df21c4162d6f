import { buttonClass, primaryClass } from './styles.js';

/** The looks of a button: bordered (plain), filled in the accent (primary), a buy's green, a sell's red. */
export type ButtonVariant = 'plain' | 'primary' | 'up' | 'down';

const FILL: Record<Exclude<ButtonVariant, 'plain'>, string> = {
  primary: 'var(--accent-strong)',
  up: 'var(--up-strong)',
  down: 'var(--down-strong)',
};

/** A button (type "button" unless told) in one of the kit's looks; `className` adds to its classes. */
export function Button({
  variant = 'plain',
  type = 'button',
  className,
  style,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  const base = variant === 'plain' ? `${buttonClass} border-line` : primaryClass;
  return (
    <button
      type={type}
      className={className ? `${base} ${className}` : base}
      style={variant === 'plain' ? style : { background: FILL[variant], ...style }}
      {...props}
    />
  );
}
