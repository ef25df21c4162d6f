import { CodeType, type DemoInfo, type LoginAnswer } from '@oex/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  AreaSelect,
  CodeField,
  MethodTabs,
  SubmitButton,
  TextField,
  useAreas,
  useCountdown,
  useFormSubmit,
  useProblemToast,
} from '../../components/auth-form.js';
import { Button } from '../../components/ui/index.js';
import { isTotpRefusal, loadDemoInfo, logIn, loginNeedsSms } from '../../features/auth/calls.js';
import { accountProblem, loginProblem, type Method } from '../../features/auth/rules.js';
import { loadUserInfo } from '../../features/personal/security.js';
import { useSession } from '../../features/session.js';
import type { RegisteredAccount } from '../register/RegisterPage.js';

/** The remembered account (never the password: a deliberate departure from the spec, see docs). */
function remembered(): { method: Method; account: string } | null {
  if (localStorage.getItem('remember') !== '1') return null;
  const account = localStorage.getItem('account');
  return account ? { method: localStorage.getItem('loginMethod') === '1' ? 1 : 0, account } : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signIn = useSession((state) => state.signIn);
  // Just registered: the new account is filled in; otherwise the remembered one, if any.
  const registered = (useLocation().state as Partial<RegisteredAccount> | null)?.registered;
  const saved = registered ?? remembered();
  const [method, setMethod] = useState<Method>(saved?.method ?? 0);
  const [account, setAccount] = useState(saved?.account ?? '');
  const [areaCode, setAreaCode] = useState('86');
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [remember, setRemember] = useState(remembered() !== null);
  const areas = useAreas();
  const countdown = useCountdown();
  const [needsSms, setNeedsSms] = useState(false);
  const [demo, setDemo] = useState<DemoInfo | null>(null);
  /** Two-factor is on: the password was right, and the app's code is the second step. */
  const [totpStep, setTotpStep] = useState(false);
  const [totpCode, setTotpCode] = useState('');

  useEffect(() => {
    void loginNeedsSms().then(setNeedsSms, () => undefined);
    // Demo mode only: elsewhere no demo accounts are shown.
    void loadDemoInfo().then(setDemo, () => undefined);
  }, []);

  /** Switching the method clears the field, or restores the remembered account of that method. */
  const switchMethod = (next: Method) => {
    setMethod(next);
    const memory = remembered();
    setAccount(memory && memory.method === next ? memory.account : '');
  };

  const passes = useProblemToast();

  // The spec's checks, in its order, each with its own message.
  const { busy, onSubmit } = useFormSubmit(
    () =>
      loginProblem({ method, account, password, smsCode, needsSms }) ??
      (totpStep && !totpCode.trim() ? 'totp.emptyCode' : null),
    async () => {
      let result: LoginAnswer;
      try {
        result = await logIn({
          login_type: method === 0 ? 'email' : 'mobile',
          account,
          password,
          sms_code: needsSms ? smsCode : undefined,
          country_code: method === 1 ? areaCode : undefined,
          totp_code: totpStep ? totpCode : undefined,
        });
      } catch (error) {
        // Two-factor is on: a refusal that says so (no toast); the page asks for the code itself.
        if (isTotpRefusal(error)) {
          setTotpStep(true);
          return;
        }
        throw error;
      }
      if (remember) {
        localStorage.setItem('remember', '1');
        localStorage.setItem('account', account.trim());
        localStorage.setItem('loginMethod', String(method));
      } else {
        for (const key of ['remember', 'account', 'loginMethod']) localStorage.removeItem(key);
      }
      localStorage.removeItem('password');
      // The answer is the token; the user's details come from user/info.
      const user = await loadUserInfo(result);
      signIn(result, user);
      const redirect = search.get('redirect');
      void navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home', {
        replace: true,
      });
      return 'leaving';
    },
  );

  return (
    <section className="mx-auto my-10 w-full max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">{t('login.title')}</h1>
      <MethodTabs method={method} onChange={switchMethod} />
      <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
        {totpStep && (
          <>
            <p>{t('totp.loginStep')}</p>
            <TextField
              label={t('totp.code')}
              value={totpCode}
              onChange={(event) => setTotpCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={32}
              autoFocus
              hint={t('totp.codeHint')}
            />
            <SubmitButton busy={busy} label={t('login.submit')} busyLabel={t('login.submitting')} />
            <Button
              variant="bare"
              className="text-sm underline"
              onClick={() => {
                setTotpStep(false);
                setTotpCode('');
              }}
            >
              {t('totp.back')}
            </Button>
          </>
        )}
        <div className={totpStep ? 'hidden' : 'flex flex-col gap-3'}>
          {method === 1 && <AreaSelect areas={areas} value={areaCode} onChange={setAreaCode} />}
          <TextField
            label={method === 0 ? t('login.account') : t('login.mobile')}
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            type={method === 0 ? 'email' : 'tel'}
            autoComplete="username"
          />
          <TextField
            label={t('login.password')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            type="password"
            autoComplete="current-password"
          />
          {needsSms && (
            <CodeField
              label={t('login.smsCode')}
              value={smsCode}
              onChange={setSmsCode}
              countdown={countdown}
              check={() => passes(accountProblem(method, account))}
              target={{
                method,
                account,
                type: CodeType.LOGIN,
                areaId: areas.find((area) => area.global_code === areaCode)?.id,
              }}
            />
          )}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            <span>{t('login.remember')}</span>
          </label>
          {remember && <p className="text-xs text-muted">{t('login.rememberNote')}</p>}
          <SubmitButton busy={busy} label={t('login.submit')} busyLabel={t('login.submitting')} />
          <div className="flex justify-between text-sm">
            <Link to="/forgetPassword" className="text-accent">
              {t('login.forgot')}
            </Link>
            <span>
              {t('login.noAccount')}{' '}
              <Link to="/register" className="text-accent">
                {t('login.register')}
              </Link>
            </span>
          </div>
        </div>
      </form>
      {demo && (
        <div className="mt-6 rounded border p-3 border-line bg-panel">
          <h2 className="mb-2 text-sm font-semibold">{t('login.demo')}</h2>
          <div className="flex flex-wrap gap-2">
            {demo.users.map((user) => (
              <Button
                key={user.account}
                size="fit"
                className="px-2 py-1 text-sm"
                onClick={() => {
                  switchMethod(0);
                  setAccount(user.account);
                  setPassword(user.password);
                }}
              >
                {t('login.useDemo', { account: user.account })}
              </Button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
