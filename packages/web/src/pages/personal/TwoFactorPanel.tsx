import type { TotpEnrolment } from '@oex/protocol';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  confirmTotp,
  disableTotp,
  startTotp,
  useReloadPersonal,
  useTotpStatus,
} from '../../features/personal/security.js';
import { Panel, useProblemToast } from './parts.js';
import {
  Button,
  ConfirmDialog,
  type DialogHandle,
  QueryState,
  TextField,
} from '../../components/ui/index.js';

type Step =
  { kind: 'idle' } | { kind: 'enrolling'; enrolment: TotpEnrolment } | { kind: 'recovery'; codes: string[] };

/**
 * Two-factor sign-in: turn on (QR code and key, a first code, then the recovery codes shown once)
 * or off (login password and a code, after a confirmation).
 */
export function TwoFactorPanel() {
  const { t } = useTranslation();
  const status = useTotpStatus();
  const reload = useReloadPersonal();
  const passes = useProblemToast();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const dialog = useRef<DialogHandle>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const begin = () =>
    run(async () => {
      setCode('');
      setStep({ kind: 'enrolling', enrolment: await startTotp() });
    });
  const confirm = (event: React.FormEvent) => {
    event.preventDefault();
    if (!passes(code.trim() ? null : 'totp.emptyCode')) return;
    void run(async () => {
      const { recovery_codes } = await confirmTotp(code);
      setCode('');
      setStep({ kind: 'recovery', codes: recovery_codes });
      await reload('totp');
    });
  };
  const turnOff = () => {
    if (!passes(password.trim() ? (code.trim() ? null : 'totp.emptyCode') : 'totp.emptyPassword')) return;
    void run(async () => {
      await disableTotp(password, code);
      dialog.current?.close();
      setPassword('');
      setCode('');
      await reload('totp');
    });
  };

  return (
    <Panel title={t('totp.title')} titleId="totp-title">
      <QueryState query={status} skeleton={{ rows: 1 }}>
        {(data) => (
          <div className="flex flex-col gap-2 text-sm" data-testid="totp-panel">
            <p className="text-muted">{t('totp.intro')}</p>
            <p>
              <span data-testid="totp-state" className={data.enabled ? 'text-up' : 'text-muted'}>
                {data.enabled ? t('totp.on') : t('totp.off')}
              </span>
              {data.enabled && (
                <span className="text-muted"> · {t('totp.left', { count: data.recovery_codes_left })}</span>
              )}
            </p>

            {step.kind === 'recovery' && (
              <div className="rounded border p-3 border-line" data-testid="recovery-codes">
                <h3 className="font-semibold">{t('totp.recoveryTitle')}</h3>
                <p className="mb-2 text-muted">{t('totp.recoveryNote')}</p>
                <ul className="grid grid-cols-2 gap-1 font-mono">
                  {step.codes.map((recovery) => (
                    <li key={recovery}>{recovery}</li>
                  ))}
                </ul>
                <Button variant="primary" className="mt-2" onClick={() => setStep({ kind: 'idle' })}>
                  {t('totp.saved')}
                </Button>
              </div>
            )}

            {!data.enabled && step.kind === 'idle' && (
              <div>
                <Button variant="primary" disabled={busy} onClick={() => void begin()}>
                  {t('totp.enable')}
                </Button>
              </div>
            )}

            {!data.enabled && step.kind === 'enrolling' && (
              <form onSubmit={confirm} className="flex flex-col gap-2" noValidate>
                <p>{t('totp.scan')}</p>
                <img
                  src={step.enrolment.qr}
                  alt={t('totp.qrAlt')}
                  width={176}
                  height={176}
                  className="rounded bg-white p-1"
                  data-testid="totp-qr"
                />
                <p className="break-all">
                  <span className="text-muted">{t('totp.key')}: </span>
                  <code data-testid="totp-secret">{step.enrolment.secret}</code>
                </p>
                <TextField
                  id="totp-enrol-code"
                  label={t('totp.code')}
                  value={code}
                  maxLength={32}
                  onChange={setCode}
                />
                <div className="flex gap-2">
                  <Button onClick={() => setStep({ kind: 'idle' })}>{t('settings.cancel')}</Button>
                  <Button variant="primary" type="submit" disabled={busy}>
                    {t('totp.confirm')}
                  </Button>
                </div>
              </form>
            )}

            {data.enabled && step.kind === 'idle' && (
              <div>
                <Button
                  className="text-down"
                  onClick={() => {
                    setCode('');
                    setPassword('');
                    dialog.current?.showModal();
                  }}
                >
                  {t('totp.disable')}
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        ref={dialog}
        titleId="totp-off-title"
        title={t('totp.disableTitle')}
        confirm={t('totp.disable')}
        busy={busy}
        onConfirm={turnOff}
      >
        <div className="mb-3 flex flex-col gap-2">
          <p className="text-muted">{t('totp.disableNote')}</p>
          <TextField
            id="totp-off-password"
            label={t('totp.password')}
            type="password"
            value={password}
            maxLength={64}
            onChange={setPassword}
          />
          <TextField
            id="totp-off-code"
            label={t('totp.code')}
            value={code}
            maxLength={32}
            onChange={setCode}
          />
        </div>
      </ConfirmDialog>
    </Panel>
  );
}
