import { CodeType } from '@oex/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  AccountWithCodeFields,
  MethodTabs,
  NewPasswordFields,
  SubmitButton,
  TextField,
  useAccountWithCode,
  useFormSubmit,
} from '../../components/auth-form.js';
import { checkInvite, register, registerNeedsInvite } from '../../features/auth/calls.js';
import { registerProblem } from '../../features/auth/rules.js';

/** Where the privacy policy lives: news 66 of category 26, as the spec's register page links it. */
export const PRIVACY_LINK = '/notice?id=66&category_id=26';

/** After a successful registration, the login page follows after 0.5 s. */
const TO_LOGIN_MS = 500;

/** What the login page receives after a registration: the new account, filled in there. */
export interface RegisteredAccount {
  registered: { method: 0 | 1; account: string };
}

/**
 * Register by email or phone; `extension_code` pre-fills the invite code. The code is checked at
 * once: a known code stays filled in, an unknown one is said so and the field stays editable.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = useAccountWithCode(CodeType.REGISTER, search.get('haccount')?.trim() ?? '');
  const linkedInvite = search.get('extension_code')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [rePassword, setRePassword] = useState('');
  const [invite, setInvite] = useState(linkedInvite);
  const [inviteProblem, setInviteProblem] = useState('');
  const [privacy, setPrivacy] = useState(true);
  const [inviteRequired, setInviteRequired] = useState(false);
  const { method, account, code } = target;

  useEffect(() => {
    void registerNeedsInvite().then(setInviteRequired, () => undefined);
  }, []);

  useEffect(() => {
    if (!linkedInvite) return;
    void checkInvite(linkedInvite).then(
      () => setInviteProblem(''),
      (error: unknown) => setInviteProblem(error instanceof Error ? error.message : String(error)),
    );
  }, [linkedInvite]);

  const { busy, onSubmit } = useFormSubmit(
    () => registerProblem({ method, account, code, password, rePassword, invite, privacy, inviteRequired }),
    async () => {
      await register({
        type: method === 0 ? 'email' : 'mobile',
        account,
        password,
        re_password: rePassword,
        sms_code: code,
        invite_code: invite || undefined,
        area_id: method === 1 ? target.areaId : undefined,
      });
      const state: RegisteredAccount = { registered: { method, account: account.trim() } };
      setTimeout(() => void navigate('/login', { replace: true, state }), TO_LOGIN_MS);
      return 'leaving';
    },
  );

  return (
    <section className="mx-auto my-10 w-full max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">{t('register.title')}</h1>
      <MethodTabs method={method} onChange={target.switchMethod} />
      <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
        <AccountWithCodeFields state={target} />
        <NewPasswordFields
          label={t('login.password')}
          password={password}
          rePassword={rePassword}
          onPassword={setPassword}
          onRePassword={setRePassword}
        />
        <TextField
          label={inviteRequired ? t('register.invite') : t('register.inviteOptional')}
          value={invite}
          onChange={(event) => {
            setInvite(event.target.value);
            setInviteProblem('');
          }}
          aria-invalid={inviteProblem !== ''}
          hint={inviteProblem || undefined}
          data-testid="register-invite"
        />
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            className="mt-1"
            checked={privacy}
            onChange={(event) => setPrivacy(event.target.checked)}
          />
          <span>
            {t('register.agree')}{' '}
            <Link to={PRIVACY_LINK} className="text-accent" target="_blank">
              {t('register.privacy')}
            </Link>
          </span>
        </label>
        <SubmitButton busy={busy} label={t('register.submit')} busyLabel={t('register.submitting')} />
        <p className="text-sm">
          {t('register.haveAccount')}{' '}
          <Link to="/login" className="text-accent">
            {t('login.title')}
          </Link>
        </p>
      </form>
    </section>
  );
}
