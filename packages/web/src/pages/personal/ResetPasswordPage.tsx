import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NewPasswordFields, SubmitButton, TextField, useFormSubmit } from '../../components/auth-form.js';
import { useToasts } from '../../components/toast.js';
import { changePasswordProblem } from '../../features/personal/rules.js';
import { changePassword } from '../../features/personal/security.js';
import { useSession } from '../../features/session.js';
import { FormPage } from './parts.js';

/** Resolves once the router shows the login page, or after a second at most. */
async function landedOnLogin(): Promise<void> {
  for (let waited = 0; waited < 1000 && window.location.pathname !== '/login'; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Change the login password: old, new, confirmation. The server then ends every
 * session, this one too, so the page signs out and sends the user to log in with the new password.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToasts((state) => state.show);
  const clear = useSession((state) => state.clear);
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const { busy, onSubmit } = useFormSubmit(
    () => changePasswordProblem({ old, password, rePassword }),
    async () => {
      await changePassword({ old_password: old, new_password: password, secondary_password: rePassword });
      // Signing out makes the page's guard (or the live channel's notice of the ended session,
      // whichever comes first) send the user to log in with a way back here, which is pointless
      // now: once that login page has landed, a plain one replaces it.
      clear();
      toast('success', t('passwordPages.signInAgain'));
      await landedOnLogin();
      await navigate('/login', { replace: true });
      return 'leaving';
    },
  );
  return (
    <FormPage title={t('passwordPages.resetTitle')}>
      <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
        <TextField
          label={t('passwordPages.old')}
          value={old}
          onChange={(event) => setOld(event.target.value)}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields
          label={t('passwordPages.new')}
          password={password}
          rePassword={rePassword}
          onPassword={setPassword}
          onRePassword={setRePassword}
        />
        <SubmitButton
          busy={busy}
          label={t('passwordPages.resetSubmit')}
          busyLabel={t('passwordPages.saving')}
        />
      </form>
    </FormPage>
  );
}
