import { useEffect, useImperativeHandle, useRef } from 'react';

/** Opens and closes a dialog from outside, for a dialog without `open`. */
export interface DialogHandle {
  showModal(): void;
  close(): void;
}

/**
 * The one modal shell: the browser's own dialog, shown modal (the page behind is inert, so the
 * focus stays inside, and Escape closes it), closed too by a click on the backdrop; on closing, the
 * focus goes back to the control that opened it. It is named by its `title` (a heading it draws) or
 * by `labelledBy` (the id of a heading its children draw).
 *
 * With `open`, the dialog follows it and draws its children only while open; without, it is opened
 * and closed through `ref` (showModal, close) and its children are always drawn.
 */
export function Dialog({
  ref,
  open,
  title,
  titleId,
  labelledBy,
  onClose,
  className = 'w-[min(24rem,calc(100vw-2rem))]',
  testId,
  dismissable = true,
  children,
}: {
  ref?: React.Ref<DialogHandle>;
  open?: boolean;
  /** The heading drawn first in the dialog, with `titleId` as its id. */
  title?: React.ReactNode;
  titleId?: string;
  labelledBy?: string;
  onClose?(): void;
  /** Its width and height, and more classes. */
  className?: string;
  testId?: string;
  /** False: Escape and the backdrop leave it open, so only its own buttons close it. */
  dismissable?: boolean;
  children: React.ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const show = () => {
    const element = dialog.current;
    if (!element || element.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
  };
  useImperativeHandle(ref, () => ({ showModal: show, close: () => dialog.current?.close() }), []);
  useEffect(() => {
    if (open === undefined) return;
    if (open) show();
    else if (dialog.current?.open) dialog.current.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy ?? (title !== undefined ? titleId : undefined)}
      aria-modal="true"
      className={`m-auto max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-line bg-page p-4 text-sm text-ink shadow-xl backdrop:bg-black/50 ${className}`}
      data-testid={testId}
      onCancel={(event) => {
        if (!dismissable) event.preventDefault();
      }}
      onClose={() => {
        onClose?.();
        opener.current?.focus();
        opener.current = null;
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself, outside its box.
        if (!dismissable || event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside) event.currentTarget.close();
      }}
    >
      {title !== undefined && (
        <h2 id={titleId} className="mb-2 font-semibold">
          {title}
        </h2>
      )}
      {open !== false && children}
    </dialog>
  );
}
