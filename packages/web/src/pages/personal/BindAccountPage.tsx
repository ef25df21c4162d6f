import { EMAIL_PATTERN } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  SubmitButton,
  TextField,
  useCountdown,
  useFormSubmit,
  useProblemToast,
} from '../../components/auth-form.js';
import {
  bindEmail,
  sendBindEmailCode,
  useReloadPersonal,
  useUserInfo,
} from '../../features/personal/security.js';

import { CodeInput, FormPage } from './parts.js';
import type { TextKey } from '../../i18n/catalogs.js';
import { QueryState } from '../../components/ui/index.js';

/** The spec's bind-email field is at most 20 characters; longer addresses exist, so 254. */
const EMAIL_MAX = 254;

function emailProblem(email: string): TextKey | null {
  if (!email.trim()) return 'login.emptyEmail';
  return EMAIL_PATTERN.test(email.trim()) ? null : 'login.badEmail';
}

/** Bind an email (/bindAccount): the address is checked before the code is sent. */
export function BindAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const passes = useProblemToast();
  const user = useUserInfo();
  const reload = useReloadPersonal();
  const countdown = useCountdown();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!passes(emailProblem(email))) return;
    setSending(true);
    try {
      await sendBindEmailCode(email);
      countdown.start();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };
  const { busy, onSubmit } = useFormSubmit(
    () => emailProblem(email) ?? (code.trim() ? null : 'passwordPages.emptyCode'),
    async () => {
      await bindEmail(email, code);
      await reload('info');
      void navigate('/personal/accountSettings');
      return 'leaving';
    },
  );
  return (
    <FormPage title={t('passwordPages.bindTitle')}>
      <QueryState query={user} skeleton={{ rows: 3, rowClass: 'h-10' }}>
        {(info) =>
          info.email ? (
            <p data-testid="email-bound">{t('passwordPages.emailBound', { email: info.email })}</p>
          ) : (
            <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
              <TextField
                label={t('passwordPages.email')}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  countdown.reset();
                }}
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
              />
              <CodeInput
                label={t('passwordPages.emailCode')}
                value={code}
                onChange={setCode}
                left={countdown.left}
                sending={sending}
                onSend={() => void send()}
              />{' '}
              <p className="-mt-2 text-xs text-muted">{t('passwordPages.bindNote')}</p>
              <SubmitButton
                busy={busy}
                label={t('passwordPages.bindSubmit')}
                busyLabel={t('passwordPages.saving')}
              />
            </form>
          )
        }
      </QueryState>
    </FormPage>
  );
}
