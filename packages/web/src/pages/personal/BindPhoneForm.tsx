import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaSelect, TextField, useAreas, useCountdown } from '../../components/auth-form.js';
import { bindPhoneProblem } from '../../features/personal/rules.js';
import { bindPhone, sendBindPhoneCode } from '../../features/personal/security.js';
import { CodeInput, useProblemToast } from './parts.js';
import { Button } from '../../components/ui/index.js';

/** Binds a phone number: area, number, a code sent to it (60 s before another), then bind. */
export function BindPhoneForm({ onBound, onCancel }: { onBound(): void; onCancel(): void }) {
  const { t } = useTranslation();
  const passes = useProblemToast();
  const areas = useAreas();
  const countdown = useCountdown();
  const [areaCode, setAreaCode] = useState('86');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const areaId = areas.find((area) => area.global_code === areaCode)?.id;

  const send = async () => {
    if (!passes(bindPhoneProblem({ mobile })) || areaId === undefined) return;
    setBusy(true);
    try {
      await sendBindPhoneCode(areaId, mobile);
      countdown.start();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!passes(bindPhoneProblem({ mobile, code })) || areaId === undefined) return;
    setBusy(true);
    try {
      await bindPhone(areaId, mobile, code);
      onBound();
    } catch {
      // Shown by the client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 flex flex-col gap-2" noValidate>
      <AreaSelect areas={areas} value={areaCode} onChange={setAreaCode} />
      <TextField
        label={t('settings.phoneNumber')}
        value={mobile}
        onChange={(event) => {
          setMobile(event.target.value);
          countdown.reset();
        }}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={15}
      />
      <CodeInput
        label={t('login.smsCode')}
        value={code}
        onChange={setCode}
        left={countdown.left}
        sending={busy}
        onSend={() => void send()}
      />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{t('settings.cancel')}</Button>
        <Button variant="primary" type="submit" disabled={busy}>
          {t('settings.bind')}
        </Button>
      </div>
    </form>
  );
}
