import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProblemToast } from '../../components/auth-form.js';
import { useToasts } from '../../components/toast.js';
import { Button } from '../../components/ui/index.js';

/** Shared pieces of the personal centre's pages. */

export { useProblemToast };

/** Copies a text and says so in plain words ("Copied"), or that copying failed. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const toast = useToasts((state) => state.show);
  return (
    <Button
      className="shrink-0 text-xs"
      aria-label={label}
      disabled={!text}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => toast('success', t('settings.copied')),
          () => toast('error', t('settings.copyFailed')),
        );
      }}
    >
      {t('settings.copy')}
    </Button>
  );
}

/** A titled panel of the settings page. */
export function Panel({
  title,
  titleId,
  aside,
  children,
}: {
  title: string;
  titleId: string;
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="rounded border p-3 bg-panel border-line">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** One line of a settings list: what it is, its state, and what can be done. */
export function SettingRow({
  label,
  value,
  children,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  children?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t py-2 first:border-t-0 border-line"
      data-testid={testId}
    >
      <span className="w-28 shrink-0 sm:w-40 text-muted">{label}</span>
      <span className="min-w-0 flex-1 break-all">{value}</span>
      {children && <span className="flex shrink-0 gap-2">{children}</span>}
    </div>
  );
}

/** A page's heading and the narrow column a form sits in. */
export function FormPage({ title, children }: { title: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto my-8 w-full max-w-sm px-3">
      <Link to="/personal/accountSettings" className="text-sm text-accent">
        ← {t('settings.title')}
      </Link>
      <h1 className="mt-2 mb-4 text-2xl font-semibold">{title}</h1>
      {children}
    </section>
  );
}

/**
 * A code input with its send button, for sends that are not the login forms' notify calls (binding
 * a phone or an email): `onSend` asks the server, the countdown then holds the button.
 */
export function CodeInput({
  label,
  value,
  onChange,
  left,
  sending,
  onSend,
}: {
  label: string;
  value: string;
  onChange(next: string): void;
  /** Seconds before another code may be sent. */
  left: number;
  sending: boolean;
  onSend(): void;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex flex-col gap-1">
      <span>{label}</span>
      <span className="flex gap-2">
        <input
          className="w-full rounded border px-3 py-2 bg-page border-line text-ink"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={16}
        />
        <Button size="fit" className="shrink-0 px-3" disabled={sending || left > 0} onClick={onSend}>
          {left > 0 ? t('register.resendIn', { seconds: left }) : t('login.sendCode')}
        </Button>
      </span>
    </label>
  );
}
