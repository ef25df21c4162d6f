import {
  api,
  isClosing,
  LANGS,
  type ChangeKind,
  type ChangeSet,
  type ChangeValue,
  type Lang,
} from '@oex/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http.js';
import { useToasts } from '../../components/toast.js';
import { LANGUAGE_NAMES } from '../../i18n/tags.js';
import { callAdmin } from '../api.js';
import type { AdminT, ConsoleKey, KeysUnder } from '../i18n.js';
import { fieldColours, formatTime } from '../parts.js';
import { changesOf, fieldsOf, instantOf, isPercent, localInput, ruleOf, textOf } from './fields.js';
import { Button, DialogButtons, ProblemLine } from '../../components/ui/index.js';
import { Dialog, type DialogHandle } from '../../components/ui/index.js';

const HOUR = 3_600_000;

export interface ChangeTarget {
  kind: ChangeKind;
  /** null: a new seconds option, whose duration the operator types. */
  id: number | null;
  name: string;
  current: ChangeSet;
}

/** A value as the console reads it: a switch on/off, a fraction as a percentage, a list joined. */
export function shownValue(
  t: AdminT<'markets'>,
  kind: ChangeKind,
  field: string,
  value: ChangeValue | undefined,
): string {
  if (value === undefined) return '—';
  const rule = ruleOf(kind, field);
  if (rule?.type === 'flag') return value === 1 ? t('on') : t('off');
  const text = textOf(rule, value);
  return isPercent(rule) ? `${text} %` : text;
}

export function fieldLabel(t: AdminT<'markets'>, kind: ChangeKind, field: string): string {
  // The fields of each kind (fields.ts), each named in the catalogue (`field.<kind>.<field>`).
  return t(`field.${`${kind}.${field}` as KeysUnder<ConsoleKey<'markets'>, 'field.'>}`);
}

type Notice = Partial<Record<Lang, { title: string; content: string }>>;

/**
 * The edit dialog of one market, currency, network, seconds option or product: current → new
 * values, when it takes effect (an hour from now by default; now only for closing trading), the
 * notice to users in English and any other languages, the reason, then a review before it is sent.
 */
export function ChangeDialog({
  t,
  target,
  onClose,
}: {
  t: AdminT<'markets'>;
  target: ChangeTarget;
  onClose(): void;
}) {
  const ref = useRef<DialogHandle>(null);
  const id = useId();
  const queryClient = useQueryClient();
  const fields = fieldsOf(target.kind);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      fields.map((field) => [field, textOf(ruleOf(target.kind, field), target.current[field])]),
    ),
  );
  const [seconds, setSeconds] = useState('');
  const [at, setAt] = useState(() => localInput(Date.now() + HOUR));
  const [now, setNow] = useState(false);
  const [notice, setNotice] = useState<Notice>({ en: { title: '', content: '' } });
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'edit' | 'review'>('edit');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);

  const { changes, invalid } = changesOf(target.kind, target.current, texts);
  const closing = isClosing(target.kind, changes);
  const atNow = now && closing;
  const languages = LANGS.filter((lang) => notice[lang] !== undefined);
  const setText = (field: string, text: string) => setTexts((current) => ({ ...current, [field]: text }));
  const setNoticeText = (lang: Lang, part: 'title' | 'content', text: string) =>
    setNotice((current) => ({
      ...current,
      [lang]: { ...(current[lang] ?? { title: '', content: '' }), [part]: text },
    }));

  const problemOfDraft = (): string | null => {
    if (target.id === null && !/^\d{1,6}$/.test(seconds.trim())) return t('problem.seconds');
    if (invalid.length > 0) {
      return t('problem.invalid', {
        fields: invalid.map((field) => fieldLabel(t, target.kind, field)).join(', '),
      });
    }
    if (Object.keys(changes).length === 0) return t('problem.nothing');
    const when = instantOf(at);
    if (!atNow && (when === null || when < Date.now())) return t('problem.time');
    if (!notice.en?.title.trim() || !notice.en.content.trim()) return t('problem.english');
    if (reason.trim().length < 3) return t('problem.reason');
    return null;
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const found = problemOfDraft();
    setProblem(found);
    if (!found) setStep('review');
  };

  const send = async () => {
    // Checked when the draft was reviewed; a time that no longer reads is asked again.
    const effectiveAt = atNow ? 'now' : instantOf(at);
    if (effectiveAt === null) {
      setProblem(t('problem.time'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const written = Object.fromEntries(
        languages
          .map((lang) => [lang, notice[lang]!] as const)
          .filter(([, text]) => text.title.trim() && text.content.trim()),
      );
      const change = await callAdmin(
        api.admin.changes.schedule,
        {
          kind: target.kind,
          target_id: target.id ?? Number(seconds.trim()),
          changes,
          effective_at: effectiveAt,
          notice: written,
          reason: reason.trim(),
        },
        { quiet: true },
      );
      useToasts
        .getState()
        .show(
          'success',
          change.status === 'applied'
            ? t('appliedNow', { id: change.id })
            : t('scheduled', { id: change.id }),
        );
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      ref.current?.close();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
      setStep('edit');
    } finally {
      setBusy(false);
    }
  };

  const title = target.id === null ? t('dialog.newTitle') : t('dialog.title', { target: target.name });
  return (
    <Dialog
      ref={ref}
      labelledBy={`${id}-title`}
      className="w-[min(44rem,calc(100vw-1rem))]"
      onClose={onClose}
      testId="change-dialog"
    >
      <h2 id={`${id}-title`} className="mb-3 font-semibold">
        {step === 'review' ? t('dialog.confirmTitle') : title}
      </h2>
      {step === 'edit' ? (
        <form onSubmit={review} noValidate className="flex flex-col gap-4">
          {target.id === null && (
            <label className="flex flex-col gap-1">
              {t('dialog.seconds')}
              <input
                className={`w-32 rounded border px-2 py-1 ${fieldColours}`}
                inputMode="numeric"
                value={seconds}
                onChange={(event) => setSeconds(event.target.value)}
                data-testid="change-seconds"
              />
            </label>
          )}
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 pr-2 font-normal">
                  {t('dialog.field')}
                </th>
                <th scope="col" className="py-1 pr-2 font-normal">
                  {t('dialog.current')}
                </th>
                <th scope="col" className="py-1 font-normal">
                  {t('dialog.new')}
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field) => {
                const rule = ruleOf(target.kind, field);
                const label = fieldLabel(t, target.kind, field);
                const changed = field in changes;
                return (
                  <tr key={field} className="border-t border-line">
                    <th scope="row" className="py-1 pr-2 font-normal">
                      <label htmlFor={`${id}-${field}`}>{label}</label>
                    </th>
                    <td className="py-1 pr-2 tabular-nums text-muted">
                      {shownValue(t, target.kind, field, target.current[field])}
                    </td>
                    <td className="py-1">
                      {rule?.type === 'flag' ? (
                        <select
                          id={`${id}-${field}`}
                          className={`rounded border bg-page px-1 py-0.5 text-ink ${changed ? 'border-accent' : 'border-line'}`}
                          value={texts[field] ?? ''}
                          onChange={(event) => setText(field, event.target.value)}
                          data-testid={`change-field-${field}`}
                        >
                          {texts[field] === '' && <option value="">—</option>}
                          <option value="1">{t('on')}</option>
                          <option value="0">{t('off')}</option>
                        </select>
                      ) : (
                        <span className="flex items-center gap-1">
                          <input
                            id={`${id}-${field}`}
                            className={`w-36 rounded border bg-page px-2 py-0.5 text-ink tabular-nums ${changed ? 'border-accent' : 'border-line'}`}
                            inputMode={rule?.type === 'ints' || rule?.type === 'amounts' ? 'text' : 'decimal'}
                            value={texts[field] ?? ''}
                            onChange={(event) => setText(field, event.target.value)}
                            data-testid={`change-field-${field}`}
                          />
                          {isPercent(rule) && <span aria-label={t('dialog.percent')}>%</span>}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>

          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1">{t('dialog.effective')}</legend>
            <div className="flex flex-wrap items-center gap-3">
              <input
                type="datetime-local"
                aria-label={t('dialog.effective')}
                className={`rounded border px-2 py-1 ${fieldColours}`}
                value={at}
                disabled={atNow}
                onChange={(event) => setAt(event.target.value)}
                data-testid="change-effective"
              />
              {closing && (
                <label className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={now}
                    onChange={(event) => setNow(event.target.checked)}
                    data-testid="change-now"
                  />
                  {t('dialog.now')}
                </label>
              )}
            </div>
            <span className="text-xs text-muted">{t('dialog.nowHint')}</span>
          </fieldset>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1">{t('dialog.notice')}</legend>
            <span className="text-xs text-muted">{t('dialog.noticeHint')}</span>
            {languages.map((lang) => (
              <div key={lang} className="flex flex-col gap-1 rounded border border-line p-2">
                <label className="flex flex-col gap-1">
                  {t('dialog.noticeTitle', { lang: LANGUAGE_NAMES[lang] })}
                  <input
                    className={`rounded border px-2 py-1 ${fieldColours}`}
                    maxLength={200}
                    value={notice[lang]?.title ?? ''}
                    onChange={(event) => setNoticeText(lang, 'title', event.target.value)}
                    data-testid={`notice-title-${lang}`}
                  />
                </label>
                <label className="flex flex-col gap-1">
                  {t('dialog.noticeContent', { lang: LANGUAGE_NAMES[lang] })}
                  <textarea
                    rows={3}
                    maxLength={5000}
                    className={`rounded border px-2 py-1 ${fieldColours}`}
                    value={notice[lang]?.content ?? ''}
                    onChange={(event) => setNoticeText(lang, 'content', event.target.value)}
                    data-testid={`notice-content-${lang}`}
                  />
                </label>
                {lang !== 'en' && (
                  <Button
                    size="sm"
                    className="self-start"
                    onClick={() =>
                      setNotice((current) => {
                        const next = { ...current };
                        delete next[lang];
                        return next;
                      })
                    }
                  >
                    {t('dialog.removeLang', { lang: LANGUAGE_NAMES[lang] })}
                  </Button>
                )}
              </div>
            ))}
            {languages.length < LANGS.length && (
              <label className="flex items-center gap-2">
                {t('dialog.addLang')}
                <select
                  className={`rounded border px-1 py-0.5 ${fieldColours}`}
                  value=""
                  onChange={(event) =>
                    event.target.value && setNoticeText(event.target.value as Lang, 'title', '')
                  }
                  data-testid="notice-add-lang"
                >
                  <option value="">—</option>
                  {LANGS.filter((lang) => notice[lang] === undefined).map((lang) => (
                    <option key={lang} value={lang}>
                      {LANGUAGE_NAMES[lang]}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </fieldset>

          <label className="flex flex-col gap-1">
            {t('dialog.reason')}
            <textarea
              rows={2}
              maxLength={500}
              className={`rounded border px-2 py-1 ${fieldColours}`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              data-testid="change-reason"
            />
          </label>
          <ProblemLine text={problem} testId="change-problem" />
          <DialogButtons
            cancelText={t('dialog.close')}
            confirmText={t('dialog.review')}
            confirmVariant="primary"
            disabled={false}
            onCancel={() => ref.current?.close()}
          />
        </form>
      ) : (
        <div className="flex flex-col gap-3" data-testid="change-review">
          <p className="font-medium">{target.id === null ? `${seconds.trim()} s` : target.name}</p>
          <ul className="flex flex-col gap-1">
            {Object.entries(changes).map(([field, value]) => (
              <li key={field} className="tabular-nums">
                {fieldLabel(t, target.kind, field)}:{' '}
                {shownValue(t, target.kind, field, target.current[field])} →{' '}
                <strong>{shownValue(t, target.kind, field, value)}</strong>
              </li>
            ))}
          </ul>
          <p>{atNow ? t('dialog.atNow') : t('dialog.at', { time: formatTime(instantOf(at)) })}</p>
          <p>{t('dialog.languages', { langs: languages.map((lang) => LANGUAGE_NAMES[lang]).join(', ') })}</p>
          <p className="text-muted">{reason.trim()}</p>
          <ProblemLine text={problem} testId="change-problem" />
          <div className="flex justify-between gap-2">
            <Button size="sm" onClick={() => setStep('edit')}>
              {t('dialog.back')}
            </Button>
            <DialogButtons
              cancelText={t('dialog.close')}
              confirmText={atNow ? t('dialog.closeNow') : t('dialog.schedule')}
              confirmVariant={atNow ? 'down' : 'primary'}
              disabled={busy}
              onCancel={() => ref.current?.close()}
              onConfirm={() => void send()}
            />
          </div>
        </div>
      )}
    </Dialog>
  );
}
