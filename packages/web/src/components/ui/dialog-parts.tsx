import { Button, type ButtonVariant } from './Button.js';

/** Pieces of a confirming dialog: the server's refusal and the cancel / confirm buttons. */

/** The server's words when it refused the dialog's action; takes no room while there are none. */
export function ProblemLine({ text, testId }: { text: string | null; testId: string }) {
  return (
    <p role="alert" className="mb-2 text-xs text-down empty:hidden" data-testid={testId}>
      {text}
    </p>
  );
}

/** The filled looks a dialog's action can take. */
type FilledVariant = Exclude<ButtonVariant, 'plain' | 'bare'>;

/** The filled look of each colour callers name with `confirmColor`. */
const VARIANT_OF_COLOR: Readonly<Record<string, FilledVariant>> = {
  'var(--accent-strong)': 'primary',
  'var(--up-strong)': 'up',
  'var(--down-strong)': 'down',
};

/**
 * The dialog's two buttons: cancel, and the action filled in its colour (a side's, or red for a
 * loss one cannot take back). Without onConfirm the action submits the dialog's form.
 */
export function DialogButtons({
  cancelText,
  confirmText,
  confirmVariant,
  confirmColor,
  disabled,
  onCancel,
  onConfirm,
}: {
  cancelText: string;
  confirmText: string;
  /** The action's look: primary (accent), up (a buy's green) or down (red). */
  confirmVariant?: FilledVariant;
  /**
   * The action's fill as a CSS colour, e.g. 'var(--up-strong)'; the kit's three colours take their
   * look's class, any other is painted inline. Ignored when confirmVariant is given.
   */
  confirmColor?: string;
  disabled: boolean;
  onCancel(): void;
  onConfirm?(): void;
}) {
  const named = confirmColor === undefined ? undefined : VARIANT_OF_COLOR[confirmColor];
  const variant = confirmVariant ?? named ?? 'primary';
  // A colour outside the kit's three is known only when the caller runs.
  const fill = confirmVariant || named || !confirmColor ? undefined : { background: confirmColor };
  return (
    <div className="flex justify-end gap-2">
      <Button size="fit" className="px-3 py-1.5" onClick={onCancel}>
        {cancelText}
      </Button>
      <Button
        variant={variant}
        type={onConfirm ? 'button' : 'submit'}
        disabled={disabled}
        style={fill}
        onClick={onConfirm}
      >
        {confirmText}
      </Button>
    </div>
  );
}
