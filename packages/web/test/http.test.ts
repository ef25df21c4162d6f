import { isTotpChallenge, ResponseCode } from '@oex/protocol';
import i18next from 'i18next';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from '../../server/test/helpers/exchange.js';
import { login, signUp } from '../../server/test/helpers/users.js';

/** The browser storage and address bar the client uses, outside a browser. */
const storage = new Map<string, string>();
const visits: string[] = [];
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, String(value)),
    removeItem: (key: string) => void storage.delete(key),
  },
  window: {
    location: { pathname: '/assets/transfer', search: '?x=1', assign: (url: string) => visits.push(url) },
  },
});

const { call, settle, setApiBase, ApiError } = await import('../src/api/http.js');
const { useSession } = await import('../src/features/session.js');
const { useToasts } = await import('../src/components/toast.js');
const { default: en } = await import('../src/i18n/locales/en/app.json');

let ex: TestExchange;
beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en } } });
  ex = await startTestExchange();
  setApiBase(ex.url);
});
afterAll(async () => ex?.stop());
beforeEach(() => {
  useToasts.setState({ toasts: [] });
  useSession.getState().clear();
  visits.length = 0;
});

const toasts = () => useToasts.getState().toasts.map(({ kind, text }) => `${kind}: ${text}`);

describe('the spec’s envelope rules against the real server', () => {
  it('code 0 shows the server message as an error and rejects', async () => {
    const failed = call('POST', 'user/login', {
      login_type: 'email',
      account: 'alice@demo.test',
      password: 'nope12',
    });
    await expect(failed).rejects.toMatchObject({
      code: ResponseCode.ERROR,
      message: 'Wrong account or password',
    });
    expect(toasts()).toEqual(['error: Wrong account or password']);
  });

  it('a success message shows as a success toast, unless quiet; inputs are trimmed', async () => {
    const result = await call<string>('POST', 'user/login', {
      login_type: 'email',
      account: '  alice@demo.test ',
      password: 'demo1234',
    });
    // The spec’s client stores data itself as the token.
    expect(result).toMatch(/^[\w-]{43}$/);
    expect(toasts()).toEqual(['success: Logged in']);
    useToasts.setState({ toasts: [] });
    await call(
      'POST',
      'user/login',
      { login_type: 'email', account: 'bob@demo.test', password: 'demo1234' },
      { quiet: true },
    );
    expect(toasts()).toEqual([]);
  });

  it('999 with a token clears it, says the session timed out and goes to login with the page', async () => {
    useSession.setState({ token: 'expired-or-revoked-token' });
    storage.set('token', 'expired-or-revoked-token');
    await expect(call('GET', 'user/info')).rejects.toMatchObject({ code: ResponseCode.AUTH });
    expect(useSession.getState().token).toBeNull();
    expect(storage.has('token')).toBe(false);
    expect(toasts()).toEqual(['error: Your session has timed out, please log in again']);
    expect(visits).toEqual(['/login?redirect=%2Fassets%2Ftransfer%3Fx%3D1']);
  });

  it('999 without a token neither toasts nor redirects', async () => {
    await expect(call('GET', 'user/info')).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
    expect(visits).toEqual([]);
  });

  it('a signed-in call carries the token and the lang header', async () => {
    const token = await login(ex.api, 'alice@demo.test', 'demo1234');
    useSession.setState({ token });
    expect(await call<{ email: string }>('GET', 'user/info')).toMatchObject({ email: 'alice@demo.test' });
    storage.set('lang', 'hk');
    try {
      await expect(call('POST', 'account/transfer', {})).rejects.toBeInstanceOf(ApiError);
      expect(toasts()[0]).toMatch(/^error: .*[\u4e00-\u9fff]/);
    } finally {
      storage.delete('lang');
    }
  });

  it('a refusal carries what it says beside its message; one the page handles itself shows no toast', async () => {
    // Two-factor on: user/login refuses with a msg and totp_required: true beside it, no data.
    const user = await signUp(ex.api);
    const enrol = await ex.api.post<{ secret: string }>('user/totp/enrol', {}, { token: user.token });
    const secret = enrol.body.data!.secret;
    const code = await generate({ secret, epoch: Math.floor(ex.clock.now() / 1000) });
    expect((await ex.api.post('user/totp/confirm', { code }, { token: user.token })).body.code).toBe(1);
    const signIn = { login_type: 'email', account: user.email, password: 'Secret-Harbor-91' };
    const step = 'error: Two-factor sign-in is on: enter the 6-digit code from your authenticator app';
    await expect(call('POST', 'user/login', signIn)).rejects.toMatchObject({
      code: ResponseCode.ERROR,
      refusal: { code: ResponseCode.ERROR, totp_required: true },
    });
    expect(toasts()).toEqual([step]);
    useToasts.setState({ toasts: [] });
    const handles = (error: InstanceType<typeof ApiError>) => isTotpChallenge(error.refusal);
    await expect(call('POST', 'user/login', signIn, { handles })).rejects.toBeInstanceOf(ApiError);
    expect(toasts()).toEqual([]);
    // Any other refusal still shows its message.
    await expect(
      call('POST', 'user/login', { ...signIn, password: 'Not-The-Password-1' }, { handles }),
    ).rejects.toMatchObject({ refusal: { code: ResponseCode.ERROR } });
    expect(toasts()).toEqual(['error: Wrong account or password']);
  });

  it('a network failure says the server cannot be reached and rejects', async () => {
    setApiBase('http://127.0.0.1:1');
    try {
      await expect(call('GET', 'default/area_list')).rejects.toMatchObject({ code: -1 });
      expect(toasts()).toEqual(['error: Cannot reach the server, please retry later']);
    } finally {
      setApiBase(ex.url);
    }
  });
});

describe('settle', () => {
  it('ignores 996 silently', () => {
    const outcome = settle({ code: ResponseCode.NOTICE, msg: 'later', data: null } as never, true, false);
    expect(outcome.toast).toBeUndefined();
    expect(outcome.signOut).toBeUndefined();
    expect(outcome.error?.code).toBe(996);
  });

  it('a quiet success has no toast; a success without a message has none either', () => {
    expect(settle({ code: 1, msg: 'Saved', data: 1 }, false, true)).toEqual({ data: 1, toast: undefined });
    expect(settle({ code: 1, msg: '', data: 2 }, false, false)).toEqual({ data: 2, toast: undefined });
  });
});
