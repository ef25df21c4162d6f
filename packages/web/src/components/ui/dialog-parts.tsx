/** Pieces of a confirming dialog: the server's refusal and the cancel / confirm buttons. */

/** The server's words when it refused the dialog's action; takes no room while there are none. */
export function ProblemLine({ text, testId }: { text: string | null; testId: string }) {
  return (
    <p
      role="alert"
      className="mb-2 text-xs empty:hidden"
      style={{ color: 'var(--down)' }}
      data-testid={testId}
    >
      {text}
    </p>
  );
}

/**
 * The dialog's two buttons: cancel, and the action filled in its colour (a side's, or red for a
 * loss one cannot take back). Without onConfirm the action submits the dialog's form.
 */
export function DialogButtons({
  cancelText,
  confirmText,
  confirmColor,
  disabled,
  onCancel,
  onConfirm,
}: {
  cancelText: string;
  confirmText: string;
  /** A CSS colour, e.g. 'var(--up-strong)'. */
  confirmColor: string;
  disabled: boolean;
  onCancel(): void;
  onConfirm?(): void;
}) {
  return (
    <div className="flex justify-end gap-2">
      <button
        type="button"
        className="rounded border px-3 py-1.5"
        style={{ borderColor: 'var(--border)' }}
        onClick={onCancel}
      >
        {cancelText}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        disabled={disabled}
        className="rounded px-4 py-1.5 font-medium text-white disabled:opacity-60"
        style={{ background: confirmColor }}
        onClick={onConfirm}
      >
        {confirmText}
      </button>
    </div>
  );
}
