import { EMAIL_PATTERN, MOBILE_PATTERN, type Area, type DemoInfo, type LoginResult } from '@oex/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/http.js';
import { useToasts } from '../../components/toast.js';
import { useSession } from '../../features/session.js';

type Method = 0 | 1; // 0 email, 1 phone (spec 000 §2)

/** The remembered account (never the password: a deliberate departure from the spec, see docs). */
function remembered(): { method: Method; account: string } | null {
  if (localStorage.getItem('remember') !== '1') return null;
  const account = localStorage.getItem('account');
  return account ? { method: localStorage.getItem('loginMethod') === '1' ? 1 : 0, account } : null;
}

const input = 'w-full rounded border px-3 py-2';
const inputStyle = { background: 'var(--bg)', borderColor: 'var(--border)', color: 'var(--text)' };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const toast = useToasts((state) => state.show);
  const signIn = useSession((state) => state.signIn);
  const saved = remembered();
  const [method, setMethod] = useState<Method>(saved?.method ?? 0);
  const [account, setAccount] = useState(saved?.account ?? '');
  const [areaCode, setAreaCode] = useState('86');
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [remember, setRemember] = useState(saved !== null);
  const [busy, setBusy] = useState(false);
  const [areas, setAreas] = useState<Area[]>([]);
  const [needsSms, setNeedsSms] = useState(false);
  const [demo, setDemo] = useState<DemoInfo | null>(null);

  useEffect(() => {
    void call<Area[]>('GET', 'default/area_list', {}, { quiet: true }).then(setAreas, () => undefined);
    void call<string>('GET', 'default/setting', { key: 'login_use_sms' }, { quiet: true }).then(
      (value) => setNeedsSms(value === '1'),
      () => undefined,
    );
    // Demo mode only: the endpoint answers 404 elsewhere, and then no demo accounts are shown.
    void fetch('/api/dev/demo')
      .then((response) => (response.ok ? (response.json() as Promise<{ data: DemoInfo }>) : null))
      .then(
        (body) => setDemo(body?.data ?? null),
        () => undefined,
      );
  }, []);

  /** Switching the method clears the field, or restores the remembered account of that method. */
  const switchMethod = (next: Method) => {
    setMethod(next);
    const memory = remembered();
    setAccount(memory && memory.method === next ? memory.account : '');
  };

  /** The checks of spec 000 §5, in order, each with its own message. */
  const problem = (): string | null => {
    const value = account.trim();
    if (method === 0 && !value) return t('login.emptyEmail');
    if (method === 0 && !EMAIL_PATTERN.test(value)) return t('login.badEmail');
    if (method === 1 && !value) return t('login.emptyPhone');
    if (method === 1 && !MOBILE_PATTERN.test(value)) return t('login.badPhone');
    if (!password) return t('login.emptyPassword');
    if (needsSms && !smsCode.trim()) return t('login.emptyCode');
    return null;
  };

  const sendCode = async () => {
    const area = areas.find((candidate) => candidate.global_code === areaCode);
    await call('POST', method === 0 ? 'notify/send_email' : 'notify/send_sms', {
      to: account,
      type: 5,
      area_id: area?.id,
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = problem();
    if (message) return toast('error', message);
    setBusy(true);
    try {
      const result = await call<LoginResult>('POST', 'user/login', {
        login_type: method === 0 ? 'email' : 'mobile',
        account,
        password,
        sms_code: needsSms ? smsCode : undefined,
        country_code: method === 1 ? areaCode : undefined,
      });
      if (remember) {
        localStorage.setItem('remember', '1');
        localStorage.setItem('account', account.trim());
        localStorage.setItem('loginMethod', String(method));
      } else {
        for (const key of ['remember', 'account', 'loginMethod']) localStorage.removeItem(key);
      }
      localStorage.removeItem('password');
      signIn(result.token, result.user);
      const redirect = search.get('redirect');
      navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home', {
        replace: true,
      });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto my-10 w-full max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">{t('login.title')}</h1>
      <div role="tablist" className="mb-4 flex gap-4 border-b" style={{ borderColor: 'var(--border)' }}>
        {([0, 1] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={method === value}
            onClick={() => switchMethod(value)}
            className="-mb-px border-b-2 px-1 pb-2"
            style={{ borderColor: method === value ? 'var(--accent)' : 'transparent' }}
          >
            {value === 0 ? t('login.email') : t('login.phone')}
          </button>
        ))}
      </div>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        {method === 1 && (
          <label className="flex flex-col gap-1">
            <span>{t('login.area')}</span>
            <select
              className={input}
              style={inputStyle}
              value={areaCode}
              onChange={(event) => setAreaCode(event.target.value)}
            >
              {areas.map((area) => (
                <option key={area.id} value={area.global_code}>
                  +{area.global_code} {area.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col gap-1">
          <span>{method === 0 ? t('login.account') : t('login.mobile')}</span>
          <input
            className={input}
            style={inputStyle}
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            type={method === 0 ? 'email' : 'tel'}
            autoComplete="username"
          />
        </label>
        <label className="flex flex-col gap-1">
          <span>{t('login.password')}</span>
          <input
            className={input}
            style={inputStyle}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            type="password"
            autoComplete="current-password"
          />
        </label>
        {needsSms && (
          <label className="flex flex-col gap-1">
            <span>{t('login.smsCode')}</span>
            <span className="flex gap-2">
              <input
                className={input}
                style={inputStyle}
                value={smsCode}
                onChange={(event) => setSmsCode(event.target.value)}
                inputMode="numeric"
              />
              <button
                type="button"
                className="shrink-0 rounded border px-3"
                style={{ borderColor: 'var(--border)' }}
                onClick={() => void sendCode()}
              >
                {t('login.sendCode')}
              </button>
            </span>
          </label>
        )}
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>{t('login.remember')}</span>
        </label>
        {remember && (
          <p className="text-xs" style={{ color: 'var(--muted)' }}>
            {t('login.rememberNote')}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="rounded py-2 font-medium text-white disabled:opacity-60"
          style={{ background: 'var(--accent)' }}
        >
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
        <div className="flex justify-between text-sm">
          <Link to="/forgetPassword" style={{ color: 'var(--accent)' }}>
            {t('login.forgot')}
          </Link>
          <span>
            {t('login.noAccount')}{' '}
            <Link to="/register" style={{ color: 'var(--accent)' }}>
              {t('login.register')}
            </Link>
          </span>
        </div>
      </form>
      {demo && (
        <div
          className="mt-6 rounded border p-3"
          style={{ borderColor: 'var(--border)', background: 'var(--panel)' }}
        >
          <h2 className="mb-2 text-sm font-semibold">{t('login.demo')}</h2>
          <div className="flex flex-wrap gap-2">
            {demo.users.map((user) => (
              <button
                key={user.account}
                type="button"
                className="rounded border px-2 py-1 text-sm"
                style={{ borderColor: 'var(--border)' }}
                onClick={() => {
                  switchMethod(0);
                  setAccount(user.account);
                  setPassword(user.password);
                }}
              >
                {t('login.useDemo', { account: user.account })}
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
