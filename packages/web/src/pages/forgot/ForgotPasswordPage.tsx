import { CodeType } from '@oex/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  AccountWithCodeFields,
  MethodTabs,
  NewPasswordFields,
  SubmitButton,
  useAccountWithCode,
  useFormSubmit,
} from '../../components/auth-form.js';
import { resetForgottenPassword } from '../../features/auth/calls.js';
import { resetProblem } from '../../features/auth/rules.js';

/** Forgot password: a code to the email or the phone, then a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = useAccountWithCode(CodeType.FORGOT_PASSWORD);
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const { method, account, code } = target;

  const { busy, onSubmit } = useFormSubmit(
    () => resetProblem({ method, account, code, password, rePassword }),
    async () => {
      await resetForgottenPassword({
        type: method === 0 ? 'email' : 'mobile',
        account,
        new_password: password,
        secondary_password: rePassword,
        auth_code: code,
        area_id: method === 1 ? target.areaId : undefined,
      });
      setTimeout(() => void navigate('/login', { replace: true }), 500);
      return 'leaving';
    },
  );

  return (
    <section className="mx-auto my-10 w-full max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">{t('forgot.title')}</h1>
      <MethodTabs method={method} onChange={target.switchMethod} />
      <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
        <AccountWithCodeFields state={target} />
        <NewPasswordFields
          label={t('forgot.newPassword')}
          password={password}
          rePassword={rePassword}
          onPassword={setPassword}
          onRePassword={setRePassword}
        />
        <SubmitButton busy={busy} label={t('forgot.submit')} busyLabel={t('forgot.submitting')} />
        <Link to="/login" className="text-sm text-accent">
          {t('forgot.back')}
        </Link>
      </form>
    </section>
  );
}
