import type { OperatorLoginResult, Role } from '@oex/protocol';
import { generate } from 'otplib';
import type { NewOperator } from '../../src/admin/operators.js';
import type { TestExchange } from './exchange.js';

let made = 0;

/** A new operator of this role, made as `npm run operator -- add` makes one. */
export function addOperator(
  exchange: TestExchange,
  role: Role,
  name = `${role}${(made += 1)}`,
): Promise<NewOperator> {
  return exchange.admin.operators.add(name, role);
}

/** The authenticator's code for a secret at the exchange's clock (optionally some steps ahead). */
export function operatorCode(exchange: TestExchange, secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(exchange.clock.now() / 1000) + stepsAhead * 30 });
}

export interface OperatorSession {
  name: string;
  role: Role;
  token: string;
  /** Headers of the operator's calls: `{ headers }` as ApiClient options. */
  headers: Record<string, string>;
  operator: NewOperator;
}

/** A signed-in operator of this role, through the real sign-in call. */
export async function operatorSession(
  exchange: TestExchange,
  role: Role,
  name?: string,
): Promise<OperatorSession> {
  const operator = await addOperator(exchange, role, name);
  const login = await exchange.api.post<OperatorLoginResult>('admin/session/login', {
    name: operator.name,
    password: operator.password,
    code: await operatorCode(exchange, operator.totp_secret),
  });
  if (login.body.code !== 1) throw new Error(`operator sign-in refused: ${login.body.msg}`);
  const token = login.body.data!.token;
  return { name: operator.name, role, token, headers: { 'x-operator-token': token }, operator };
}
