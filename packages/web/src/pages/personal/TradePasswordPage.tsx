import { CodeType } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CodeField,
  NewPasswordFields,
  SubmitButton,
  TextField,
  useAreas,
  useCountdown,
  useFormSubmit,
} from '../../components/auth-form.js';
import { tradePasswordProblem } from '../../features/personal/rules.js';
import {
  setTradePassword,
  useReloadPersonal,
  useTotpStatus,
  useUserInfo,
} from '../../features/personal/security.js';

import { FormPage } from './parts.js';
import { QueryState } from '../../components/ui/index.js';

/**
 * Set or change the trade password: password and confirmation, a type-3 code sent to
 * the account's own email (or phone, without one), 60 s before another; with two-factor on, a code
 * from the app as well.
 */
export function TradePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const totp = useTotpStatus();
  const reload = useReloadPersonal();
  const areas = useAreas();
  const countdown = useCountdown();
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [code, setCode] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const totpNeeded = totp.data?.enabled === true;
  const { busy, onSubmit } = useFormSubmit(
    () => tradePasswordProblem({ password, rePassword, code, totpNeeded, totpCode }),
    async () => {
      await setTradePassword({
        password,
        re_password: rePassword,
        auth_code: code,
        totp_code: totpNeeded ? totpCode : undefined,
      });
      await reload('info');
      void navigate('/personal/accountSettings');
      return 'leaving';
    },
  );
  return (
    <FormPage
      title={
        user.data?.has_pay_password ? t('passwordPages.tradeChangeTitle') : t('passwordPages.tradeTitle')
      }
    >
      <QueryState query={user} skeleton={{ rows: 5, rowClass: 'h-10' }}>
        {(info) => {
          const byEmail = info.email !== null;
          const contact = byEmail ? info.email! : `+${info.area_code ?? ''} ${info.mobile ?? ''}`;
          return (
            <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
              <NewPasswordFields
                label={t('passwordPages.tradePassword')}
                password={password}
                rePassword={rePassword}
                onPassword={setPassword}
                onRePassword={setRePassword}
              />
              <CodeField
                label={t('passwordPages.code')}
                value={code}
                onChange={setCode}
                countdown={countdown}
                check={() => true}
                target={{
                  method: byEmail ? 0 : 1,
                  account: byEmail ? info.email! : (info.mobile ?? ''),
                  areaId: areas.find((area) => area.global_code === info.area_code)?.id,
                  type: CodeType.TRADE_PASSWORD,
                }}
              />
              <p className="-mt-2 text-xs text-muted">{t('passwordPages.codeTo', { contact })}</p>
              {totpNeeded && (
                <TextField
                  label={t('totp.code')}
                  value={totpCode}
                  onChange={(event) => setTotpCode(event.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={32}
                  hint={t('totp.codeHint')}
                />
              )}
              <SubmitButton
                busy={busy}
                label={t('passwordPages.tradeSubmit')}
                busyLabel={t('passwordPages.saving')}
              />
            </form>
          );
        }}
      </QueryState>
    </FormPage>
  );
}
