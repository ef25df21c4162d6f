import { api, type Area } from '@oex/protocol';
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/http.js';
import { accountProblem, countdownLeft, type Method } from '../features/auth/rules.js';
import { useToasts } from './toast.js';
import type { TextKey } from '../i18n/catalogs.js';
import { Button, Tabs } from './ui/index.js';

/** Pieces shared by the login, register and forgot-password forms. */

export const inputClass = 'w-full rounded border border-line bg-page px-3 py-2 text-ink disabled:opacity-60';

export function MethodTabs({ method, onChange }: { method: Method; onChange(next: Method): void }) {
  const { t } = useTranslation();
  return (
    <Tabs<Method>
      className="mb-4 flex gap-4 border-b"
      values={[0, 1]}
      active={method}
      text={(value) => (value === 0 ? t('login.email') : t('login.phone'))}
      onChange={onChange}
    />
  );
}

type FieldProps = { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>;

/** A labelled text input; a hint under it describes the input without joining its name. */
export function TextField({ label, hint, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id}>{label}</label>
      <input id={id} className={inputClass} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </span>
      )}
    </div>
  );
}

/** The area list for phone numbers, loaded once per form. */
export function useAreas(): Area[] {
  const [areas, setAreas] = useState<Area[]>([]);
  useEffect(() => {
    void call(api.content.areas, {}, { quiet: true }).then(setAreas, () => undefined);
  }, []);
  return areas;
}

export function AreaSelect({
  areas,
  value,
  onChange,
}: {
  areas: Area[];
  value: string;
  onChange(globalCode: string): void;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex flex-col gap-1">
      <span>{t('login.area')}</span>
      <select className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
        {areas.map((area) => (
          <option key={area.id} value={area.global_code}>
            +{area.global_code} {area.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A 60 s wait after a code is sent; `reset` ends it (the account was edited). */
export function useCountdown(): { left: number; start(): void; reset(): void } {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const left = countdownLeft(sentAt, now);
  useEffect(() => {
    if (sentAt === null || left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [sentAt, left]);
  return {
    left,
    start: () => {
      const at = Date.now();
      setSentAt(at);
      setNow(at);
    },
    reset: () => setSentAt(null),
  };
}

export interface CodeTarget {
  method: Method;
  account: string;
  areaId: number | undefined;
  /** The purpose of the code: 1 register, 2 forgot password, 5 login. */
  type: number;
}

/**
 * The code input with its send button. `check` runs the account checks first and returns the
 * message to show, if any; the countdown starts only once the server has sent the code.
 */
export function CodeField({
  value,
  onChange,
  target,
  countdown,
  check,
  label,
}: {
  value: string;
  onChange(next: string): void;
  target: CodeTarget;
  countdown: ReturnType<typeof useCountdown>;
  check(): boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!check()) return;
    setSending(true);
    try {
      await call(target.method === 0 ? api.users.sendEmailCode : api.users.sendSmsCode, {
        to: target.account,
        type: target.type,
        area_id: target.method === 1 ? target.areaId : undefined,
      });
      countdown.start();
    } catch {
      // The client has shown the server's message.
    } finally {
      setSending(false);
    }
  };
  return (
    <label className="flex flex-col gap-1">
      <span>{label}</span>
      <span className="flex gap-2">
        <input
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <Button
          size="fit"
          className="shrink-0 px-3"
          disabled={sending || countdown.left > 0}
          onClick={() => void send()}
        >
          {countdown.left > 0 ? t('register.resendIn', { seconds: countdown.left }) : t('login.sendCode')}
        </Button>
      </span>
    </label>
  );
}

export function SubmitButton({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button variant="primary" size="fit" type="submit" disabled={busy} className="py-2">
      {busy ? busyLabel : label}
    </Button>
  );
}

/** Shows a client check's message (a translation key) as an error toast; true when there is none. */
export function useProblemToast(): (problem: TextKey | null) => boolean {
  const { t } = useTranslation();
  const toast = useToasts((state) => state.show);
  return (problem) => {
    if (problem) toast('error', t(problem));
    return problem === null;
  };
}

/** The account (email or phone with its area) and its code, as register and forgot-password use them. */
export function useAccountWithCode(type: number, initialAccount = '') {
  const passes = useProblemToast();
  const areas = useAreas();
  const countdown = useCountdown();
  const [method, setMethod] = useState<Method>(0);
  const [account, setAccount] = useState(initialAccount);
  const [areaCode, setAreaCode] = useState('86');
  const [code, setCode] = useState('');
  /** A new account needs a new code: editing it ends the countdown. */
  const editAccount = (next: string) => {
    setAccount(next);
    countdown.reset();
  };
  return {
    type,
    areas,
    countdown,
    method,
    account,
    areaCode,
    code,
    setAreaCode,
    setCode,
    editAccount,
    areaId: areas.find((area) => area.global_code === areaCode)?.id,
    switchMethod(next: Method) {
      setMethod(next);
      editAccount('');
    },
    /** Before a code is sent, the account must pass its checks. */
    accountChecked: () => passes(accountProblem(method, account)),
  };
}
export type AccountWithCodeState = ReturnType<typeof useAccountWithCode>;

export function AccountWithCodeFields({ state }: { state: AccountWithCodeState }) {
  const { t } = useTranslation();
  const { method } = state;
  return (
    <>
      {method === 1 && <AreaSelect areas={state.areas} value={state.areaCode} onChange={state.setAreaCode} />}
      <TextField
        label={method === 0 ? t('login.account') : t('login.mobile')}
        value={state.account}
        onChange={(event) => state.editAccount(event.target.value)}
        type={method === 0 ? 'email' : 'tel'}
        autoComplete="username"
      />
      <CodeField
        label={method === 0 ? t('register.emailCode') : t('login.smsCode')}
        value={state.code}
        onChange={state.setCode}
        countdown={state.countdown}
        check={state.accountChecked}
        target={{ method, account: state.account, areaId: state.areaId, type: state.type }}
      />
    </>
  );
}

/** A new password with the rule shown, and its confirmation. */
export function NewPasswordFields({
  label,
  password,
  rePassword,
  onPassword,
  onRePassword,
}: {
  label: string;
  password: string;
  rePassword: string;
  onPassword(next: string): void;
  onRePassword(next: string): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={label}
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        type="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
      />
      <TextField
        label={t('register.confirm')}
        value={rePassword}
        onChange={(event) => onRePassword(event.target.value)}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/**
 * A form's submit: the client checks first (the first problem is shown and nothing is sent), then
 * the call. The button stays busy after success when the page is about to leave.
 */
export function useFormSubmit(
  problem: () => TextKey | null,
  action: () => Promise<'leaving' | void>,
): { busy: boolean; onSubmit(event: FormEvent): void } {
  const passes = useProblemToast();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!passes(problem())) return;
    setBusy(true);
    let leaving = false;
    try {
      leaving = (await action()) === 'leaving';
    } catch {
      // The client has shown the server's message.
    } finally {
      if (!leaving) setBusy(false);
    }
  };
  return {
    busy,
    onSubmit(event) {
      event.preventDefault();
      void submit();
    },
  };
}
