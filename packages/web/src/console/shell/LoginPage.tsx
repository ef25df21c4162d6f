import { api } from '@oex/protocol';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { SubmitButton, TextField } from '../../components/auth-form.js';
import { useToasts } from '../../components/toast.js';
import { callAdmin } from '../api.js';
import { useAdminT } from '../i18n.js';
import { useOperator } from '../session.js';
import { ConsoleControls } from './controls.js';

/** Only a console page is a place to come back to after signing in. */
function backTo(redirect: string | null): string {
  return redirect && /^\/admin(\/|$|\?)/.test(redirect) ? redirect : '/admin';
}

/** The operators' sign-in: name, password and the authenticator's code, all three required. */
export function LoginPage() {
  const t = useAdminT('shell');
  const token = useOperator((state) => state.token);
  const signIn = useOperator((state) => state.signIn);
  const show = useToasts((state) => state.show);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = t('login.title');
  }, [t]);
  if (token) return <Navigate to={backTo(params.get('redirect'))} replace />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !password || !/^\d{6}$/.test(code.trim())) {
      show('error', t('login.required'));
      return;
    }
    setBusy(true);
    try {
      const result = await callAdmin(api.admin.session.login, { name, password, code }, { quiet: true });
      signIn(result);
      void navigate(backTo(params.get('redirect')), { replace: true });
    } catch {
      // The client has shown the server's message; a code is asked again.
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex justify-end px-3 py-2">
        <ConsoleControls />
      </header>
      <main className="flex flex-1 items-start justify-center px-3 pt-[8vh]">
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex w-full max-w-sm flex-col gap-3 rounded-lg border border-line bg-panel p-5"
        >
          <h1 className="text-lg font-semibold">{t('login.title')}</h1>
          <p className="text-xs text-muted">{t('login.intro')}</p>
          <TextField
            label={t('login.name')}
            name="name"
            autoComplete="username"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            label={t('login.code')}
            hint={t('login.codeHint')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          <SubmitButton busy={busy} label={t('login.submit')} busyLabel={t('login.busy')} />
          <Link to="/home" className="text-center text-xs text-accent">
            {t('login.back')}
          </Link>
        </form>
      </main>
    </div>
  );
}
