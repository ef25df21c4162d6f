import { useTranslation } from 'react-i18next';
import { Button } from './Button.js';
import { Dialog, type DialogHandle } from './Dialog.js';

/** The two buttons of a confirmation: cancel closes it, the red one does the irreversible thing. */
export function DialogActions({
  confirm,
  busy,
  onCancel,
  onConfirm,
}: {
  confirm: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Button onClick={onCancel}>{t('assets.cancel')}</Button>
      <Button variant="down" disabled={busy} onClick={onConfirm}>
        {confirm}
      </Button>
    </div>
  );
}

/**
 * A modal confirmation (opened with showModal on `ref`): its title, what is about to be done
 * (`children`), then cancel, which closes it, and the `confirm` button, greyed while `busy`.
 */
export function ConfirmDialog({
  ref,
  titleId,
  title,
  confirm,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  ref: React.RefObject<DialogHandle | null>;
  titleId: string;
  title: string;
  confirm: string;
  busy: boolean;
  onConfirm(): void;
  onClose?(): void;
  children: React.ReactNode;
}) {
  return (
    <Dialog ref={ref} title={title} titleId={titleId} onClose={onClose}>
      {children}
      <DialogActions
        confirm={confirm}
        busy={busy}
        onCancel={() => ref.current?.close()}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}
