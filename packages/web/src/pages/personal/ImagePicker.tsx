import type { UploadPurpose } from '@oex/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../components/toast.js';
import {
  ACCEPTED_IMAGES,
  localImageProblem,
  uploadImage,
  useOwnImage,
} from '../../features/personal/uploads.js';

/** What a picker holds: nothing, an upload in progress, or an uploaded image (with its id). */
export type PickedImage =
  { state: 'empty' } | { state: 'uploading'; progress: number } | { state: 'done'; id: number };

/**
 * A labelled image field that uploads as soon as a file is chosen: progress while it goes, then a
 * preview. The preview of a fresh choice is the local file; an image saved before (`savedUrl`) is
 * fetched with the token (see features/personal/uploads.ts).
 */
export function ImagePicker({
  label,
  purpose,
  required,
  savedUrl,
  testId,
  onChange,
}: {
  label: string;
  purpose: UploadPurpose;
  required?: boolean;
  savedUrl?: string | null;
  testId: string;
  onChange(picked: PickedImage): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToasts((state) => state.show);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const saved = useOwnImage(localUrl ? null : savedUrl);
  useEffect(() => () => void (localUrl && URL.revokeObjectURL(localUrl)), [localUrl]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = localImageProblem(file);
    if (problem) {
      toast('error', problem);
      return;
    }
    setLocalUrl(URL.createObjectURL(file));
    setProgress(0);
    onChange({ state: 'uploading', progress: 0 });
    try {
      const result = await uploadImage(file, purpose, (fraction) => {
        setProgress(fraction);
        onChange({ state: 'uploading', progress: fraction });
      });
      setProgress(null);
      onChange({ state: 'done', id: result.id });
    } catch {
      setProgress(null);
      setLocalUrl(null);
      onChange({ state: 'empty' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const shown = localUrl ?? saved.src;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <span id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </span>
      <div className="flex h-32 w-full max-w-[14rem] items-center justify-center overflow-hidden rounded border border-dashed bg-panel border-line">
        {shown ? (
          <img
            src={shown}
            alt={t('upload.preview', { name: label })}
            className="max-h-full max-w-full object-contain"
          />
        ) : (
          <span className="px-2 text-center text-xs text-muted">
            {saved.failed ? t('upload.loadFailed') : t('upload.none')}
          </span>
        )}
      </div>
      {progress !== null ? (
        <div className="flex max-w-[14rem] items-center gap-2 text-xs">
          <progress className="h-2 w-full" max={1} value={progress} aria-labelledby={`${id}-label`} />
          <span className="tabular-nums">{t('upload.percent', { percent: Math.round(progress * 100) })}</span>
        </div>
      ) : (
        <label className="w-fit cursor-pointer rounded border px-3 py-1 text-sm focus-within:outline focus-within:outline-2 border-line">
          {shown ? t('upload.replace') : t('upload.choose')}
          <span className="sr-only">: {label}</span>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED_IMAGES}
            className="sr-only"
            aria-required={required}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </label>
      )}
      <span className="text-xs text-muted">{t('upload.hint')}</span>
    </div>
  );
}
