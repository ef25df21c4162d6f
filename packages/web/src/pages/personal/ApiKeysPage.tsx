import { API_KEY_LABEL_MAX, type ApiKeyView, type CreatedApiKey } from '@oex/protocol';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../components/auth-form.js';
import {
  Badge,
  Button,
  ConfirmDialog,
  Dialog,
  Field,
  FormNoteLine,
  QueryState,
  RecordTable,
  TextField,
  inputClass,
  type BadgeTone,
  type DialogHandle,
  type FormNote,
} from '../../components/ui/index.js';
import {
  createApiKey,
  revokeApiKey,
  sendApiKeyCode,
  useApiKeys,
  useReloadApiKeys,
} from '../../features/apikeys/keys.js';
import {
  EXPIRY_CHOICES,
  expiryOf,
  ipEntries,
  keyFormProblem,
  type ExpiryChoice,
} from '../../features/apikeys/rules.js';
import { useTotpStatus } from '../../features/personal/security.js';
import { ApiError } from '../../api/http.js';
import { formatTime } from '../../lib/format.js';
import { CopyText } from './parts.js';

/** What a failed call says: the server's words as they came, or the error itself. */
function failureText(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

const STATE_TONE: Record<ApiKeyView['state'], BadgeTone> = { active: 'up', revoked: 'down', expired: 'warn' };

/**
 * Trading-API keys (docs/personal.md): a form for a new key, then the second factor or an emailed
 * code, then the secret shown once; below, the keys with their last use, each revocable.
 */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-lg font-semibold">{t('apiKeys.title')}</h1>
        <p className="max-w-2xl text-sm text-muted">{t('apiKeys.intro')}</p>
      </header>
      <CreateKeyForm onCreated={setCreated} />
      <KeyList />
      <SecretDialog created={created} onDone={() => setCreated(null)} />
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated(created: CreatedApiKey): void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const [trade, setTrade] = useState(false);
  const [withdraw, setWithdraw] = useState(false);
  const [ipText, setIpText] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [date, setDate] = useState('');
  const [note, setNote] = useState<FormNote | null>(null);
  const verify = useRef<DialogHandle>(null);
  const hasIps = ipEntries(ipText).length > 0;
  const withdrawOn = withdraw && hasIps;

  const reset = () => {
    setLabel('');
    setTrade(false);
    setWithdraw(false);
    setIpText('');
    setExpiry('never');
    setDate('');
  };

  const next = (event: React.FormEvent) => {
    event.preventDefault();
    const form = { label, withdraw: withdrawOn, ipText, expiry, date };
    const problem = keyFormProblem(form, Date.now());
    if (problem) return setNote({ kind: 'error', text: t(`apiKeys.problem.${problem}`) });
    setNote(null);
    verify.current?.showModal();
  };

  return (
    <section aria-labelledby="apikey-create-title" className="flex flex-col gap-3">
      <h2 id="apikey-create-title" className="font-semibold">
        {t('apiKeys.createTitle')}
      </h2>
      <form
        onSubmit={next}
        noValidate
        aria-labelledby="apikey-create-title"
        className="flex max-w-xl flex-col gap-3 rounded-lg border p-4 text-sm bg-panel border-line"
      >
        <TextField
          id="apikey-label"
          label={t('apiKeys.label')}
          value={label}
          maxLength={API_KEY_LABEL_MAX}
          placeholder={t('apiKeys.labelHint')}
          onChange={setLabel}
        />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1 text-muted">{t('apiKeys.permissions')}</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked disabled aria-describedby="apikey-read-note" />
            <span>{t('apiKeys.read')}</span>
            <span id="apikey-read-note" className="text-xs text-muted">
              {t('apiKeys.readAlways')}
            </span>
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              data-testid="apikey-trade"
              checked={trade}
              onChange={(event) => setTrade(event.target.checked)}
            />
            <span>{t('apiKeys.trade')}</span>
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              data-testid="apikey-withdraw"
              checked={withdrawOn}
              disabled={!hasIps}
              aria-describedby="apikey-withdraw-note"
              onChange={(event) => setWithdraw(event.target.checked)}
            />
            <span>{t('apiKeys.withdraw')}</span>
          </label>
          <p id="apikey-withdraw-note" className="ms-6 text-xs text-muted">
            {hasIps ? t('apiKeys.withdrawWarning') : t('apiKeys.withdrawNeedsIp')}
          </p>
        </fieldset>
        <Field id="apikey-ips" label={t('apiKeys.ipList')}>
          <textarea
            id="apikey-ips"
            className={`${inputClass} font-mono text-xs`}
            rows={3}
            value={ipText}
            spellCheck={false}
            placeholder="203.0.113.7&#10;198.51.100.0/24"
            aria-describedby="apikey-ips-hint"
            onChange={(event) => setIpText(event.target.value)}
          />
          <span id="apikey-ips-hint" className="text-xs text-muted">
            {t('apiKeys.ipHint')}
          </span>
        </Field>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Field id="apikey-expiry" label={t('apiKeys.expiry')} className="flex flex-1 flex-col gap-1">
            <select
              id="apikey-expiry"
              className={inputClass}
              value={expiry}
              onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
            >
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`apiKeys.expiryChoice.${choice}`)}
                </option>
              ))}
            </select>
          </Field>
          {expiry === 'date' && (
            <Field id="apikey-date" label={t('apiKeys.expiryDate')} className="flex flex-1 flex-col gap-1">
              <input
                id="apikey-date"
                type="date"
                className={inputClass}
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            </Field>
          )}
        </div>
        <FormNoteLine note={note} />
        <div>
          <Button variant="primary" type="submit">
            {t('apiKeys.continue')}
          </Button>
        </div>
      </form>
      <VerifyDialog
        ref={verify}
        terms={() => ({
          label,
          trade,
          withdraw: withdrawOn,
          ip_list: ipEntries(ipText),
          expires_at: expiryOf(expiry, date, Date.now()),
        })}
        onCreated={(made) => {
          reset();
          onCreated(made);
        }}
      />
    </section>
  );
}

/**
 * The second step: the authenticator's code with two-factor on, else a code sent to the account's
 * own email or phone (60 s before another).
 */
function VerifyDialog({
  ref,
  terms,
  onCreated,
}: {
  ref: React.RefObject<DialogHandle | null>;
  terms(): { label: string; trade: boolean; withdraw: boolean; ip_list: string[]; expires_at: number | null };
  onCreated(created: CreatedApiKey): void;
}) {
  const { t } = useTranslation();
  const totp = useTotpStatus();
  const reload = useReloadApiKeys();
  const countdown = useCountdown();
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const totpOn = totp.data?.enabled === true;

  const send = async () => {
    setSending(true);
    setProblem(null);
    try {
      setSentTo((await sendApiKeyCode()).to);
      countdown.start();
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setProblem(t(totpOn ? 'apiKeys.problem.totp' : 'apiKeys.problem.code'));
    setBusy(true);
    setProblem(null);
    try {
      const made = await createApiKey({ ...terms(), ...(totpOn ? { totp_code: code } : { code }) });
      setCode('');
      setSentTo(null);
      countdown.reset();
      ref.current?.close();
      onCreated(made);
      void reload();
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog ref={ref} title={t('apiKeys.verifyTitle')} titleId="apikey-verify-title" testId="apikey-verify">
      <QueryState query={totp} skeleton={{ rows: 2, rowClass: 'h-9' }}>
        {() => (
          <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
            <p className="text-xs text-muted">
              {totpOn
                ? t('apiKeys.verifyTotp')
                : sentTo
                  ? t('apiKeys.codeSentTo', { to: sentTo })
                  : t('apiKeys.verifyCode')}
            </p>
            <Field id="apikey-code" label={totpOn ? t('apiKeys.totpCode') : t('apiKeys.code')}>
              <span className="flex gap-2">
                <input
                  id="apikey-code"
                  className={inputClass}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={totpOn ? 32 : 6}
                />
                {!totpOn && (
                  <Button
                    size="fit"
                    className="shrink-0 px-3"
                    disabled={sending || countdown.left > 0}
                    onClick={() => void send()}
                  >
                    {countdown.left > 0
                      ? t('apiKeys.resendIn', { seconds: countdown.left })
                      : t('apiKeys.sendCode')}
                  </Button>
                )}
              </span>
            </Field>
            <p role="alert" className="text-xs text-down empty:hidden">
              {problem}
            </p>
            <div className="flex justify-end gap-2">
              <Button onClick={() => ref.current?.close()}>{t('apiKeys.cancel')}</Button>
              <Button variant="primary" type="submit" disabled={busy}>
                {busy ? t('apiKeys.creating') : t('apiKeys.create')}
              </Button>
            </div>
          </form>
        )}
      </QueryState>
    </Dialog>
  );
}

/** The new key and its secret, this once; it closes only when the user says the secret is saved. */
function SecretDialog({ created, onDone }: { created: CreatedApiKey | null; onDone(): void }) {
  const { t } = useTranslation();
  const handle = useRef<DialogHandle>(null);
  return (
    <Dialog
      ref={handle}
      open={created !== null}
      dismissable={false}
      // A browser may still close a modal on a repeated Escape: while the secret is unsaved, it comes back.
      onClose={() => {
        if (created !== null) handle.current?.showModal();
      }}
      title={t('apiKeys.secretTitle')}
      titleId="apikey-secret-title"
      testId="apikey-secret"
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      {created && (
        <div className="flex flex-col gap-3">
          <p role="alert" className="rounded border border-warn p-2 text-xs text-warn">
            {t('apiKeys.secretWarning')}
          </p>
          <ShownOnce
            label={t('apiKeys.apiKey')}
            text={created.api_key}
            copyLabel={t('apiKeys.copyKey')}
            testId="apikey-new-key"
          />
          <ShownOnce
            label={t('apiKeys.secret')}
            text={created.secret}
            copyLabel={t('apiKeys.copySecret')}
            testId="apikey-new-secret"
          />
          <div className="flex justify-end">
            <Button variant="primary" onClick={onDone}>
              {t('apiKeys.saved')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function ShownOnce({
  label,
  text,
  copyLabel,
  testId,
}: {
  label: string;
  text: string;
  copyLabel: string;
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-muted">{label}</span>
      <span className="flex items-start gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded border border-line bg-panel p-2 text-xs"
          data-testid={testId}
        >
          {text}
        </code>
        <CopyText text={text} label={copyLabel} />
      </span>
    </div>
  );
}

function KeyList() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const reload = useReloadApiKeys();
  const dialog = useRef<DialogHandle>(null);
  const [doomed, setDoomed] = useState<ApiKeyView | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!doomed) return;
    setBusy(true);
    try {
      await revokeApiKey(doomed.id);
      dialog.current?.close();
      await reload();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const columns = [
    { title: t('apiKeys.col.label') },
    { title: t('apiKeys.col.key') },
    { title: t('apiKeys.col.permissions') },
    { title: t('apiKeys.col.ipList') },
    { title: t('apiKeys.col.created') },
    { title: t('apiKeys.col.expires') },
    { title: t('apiKeys.col.lastUsed') },
    { title: t('apiKeys.col.state') },
  ];

  return (
    <section aria-labelledby="apikey-list-title" className="flex flex-col gap-3">
      <h2 id="apikey-list-title" className="font-semibold">
        {t('apiKeys.listTitle')}
      </h2>
      <QueryState
        query={keys}
        isEmpty={(all) => all.length === 0}
        empty={t('apiKeys.empty')}
        skeleton={{ rows: 3, rowClass: 'h-10' }}
      >
        {(all) => (
          <RecordTable
            label={t('apiKeys.listTitle')}
            testId="apikey-list"
            className="text-xs"
            columns={columns}
            actionTitle={t('apiKeys.col.actions')}
          >
            {all.map((key) => (
              <tr
                key={key.id}
                className="border-t border-line align-top"
                data-testid={`apikey-row-${key.id}`}
              >
                <td className="px-2 py-1.5 font-medium">{key.label}</td>
                <td className="px-2 py-1.5">
                  <span className="flex items-start gap-1">
                    <code className="w-40 break-all font-mono sm:w-auto sm:max-w-[20rem]">{key.api_key}</code>
                    <CopyText text={key.api_key} label={t('apiKeys.copyKeyOf', { label: key.label })} />
                  </span>
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">
                  {[t('apiKeys.read'), key.trade && t('apiKeys.trade'), key.withdraw && t('apiKeys.withdraw')]
                    .filter(Boolean)
                    .join(', ')}
                </td>
                <td className="px-2 py-1.5 font-mono">
                  {key.ip_list.length === 0 ? t('apiKeys.anyIp') : key.ip_list.join(', ')}
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">{formatTime(key.created_at)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">
                  {key.expires_at === null ? t('apiKeys.never') : formatTime(key.expires_at)}
                </td>
                <td className="px-2 py-1.5 whitespace-nowrap">
                  {key.last_used_at === null ? (
                    t('apiKeys.notUsed')
                  ) : (
                    <>
                      {formatTime(key.last_used_at)}
                      <br />
                      <span className="font-mono text-muted">{key.last_used_ip}</span>
                    </>
                  )}
                </td>
                <td className="px-2 py-1.5">
                  <Badge tone={STATE_TONE[key.state]}>{t(`apiKeys.state.${key.state}`)}</Badge>
                </td>
                <td className="px-2 py-1.5 text-end">
                  {key.state !== 'revoked' && (
                    <Button
                      size="sm"
                      aria-label={t('apiKeys.revokeOf', { label: key.label })}
                      onClick={() => {
                        setDoomed(key);
                        dialog.current?.showModal();
                      }}
                    >
                      {t('apiKeys.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </RecordTable>
        )}
      </QueryState>
      <ConfirmDialog
        ref={dialog}
        titleId="apikey-revoke-title"
        title={t('apiKeys.revokeTitle')}
        confirm={t('apiKeys.revoke')}
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setDoomed(null)}
      >
        <p className="mb-1 font-medium">{doomed?.label}</p>
        <p className="mb-2 break-all font-mono text-xs">{doomed?.api_key}</p>
        <p className="mb-3 text-xs text-muted">{t('apiKeys.revokeText')}</p>
      </ConfirmDialog>
    </section>
  );
}
