/**
 * `npm run operator -- <add|list|disable|enable|role|password|reset-totp> [--name n] [--role r] [--json]`
 *
 * Operators are made here only, never by registration. Works on the database directly (no money
 * moves), whether or not the server runs; each change is appended to the operator log as `cli`.
 */
import { parseArgs } from 'node:util';
import { ROLES } from '@oex/protocol';
import QRCode from 'qrcode';
import { Settings } from '../platform/settings.js';
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { systemClock } from '../lib/clock.js';
import { openAdmin } from './module.js';
import { CLI_OPERATOR, isRole } from './operators.js';

const USAGE = `usage: npm run operator -- <command> [options]
  add --name <name> --role <${ROLES.join('|')}> [--json]   a new operator: prints a password and the authenticator secret once
  list                                                    every operator and its role
  disable --name <name> | enable --name <name>            a disabled operator's sessions end at once
  role --name <name> --role <role>                        change the role (ends the operator's sessions)
  password --name <name>                                  a new password, printed once
  reset-totp --name <name>                                a new authenticator secret, printed once`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, role: { type: 'string' }, json: { type: 'boolean', default: false } },
});
const [command] = positionals;

function need(value: string | undefined, what: string): string {
  if (!value) {
    console.error(`${what} is required\n${USAGE}`);
    process.exit(2);
  }
  return value;
}

function needRole() {
  const role = need(values.role, '--role');
  if (!isRole(role)) {
    console.error(`--role is one of ${ROLES.join(', ')}`);
    process.exit(2);
  }
  return role;
}

const config = loadConfig();
const db = connect(config.databaseUrl);
try {
  await migrate(db);
  const admin = openAdmin({
    db: db.kysely,
    clock: systemClock,
    settings: new Settings(db.kysely),
    sealKey: config.totpSecretKey,
  });
  const logged = (action: string, target: string, after: unknown) =>
    admin.log.append({
      operator: CLI_OPERATOR,
      ip: 'local',
      action: `cli/operator/${action}`,
      target,
      reason: '',
      request: { name: values.name ?? null, role: values.role ?? null },
      before: null,
      after,
      outcome: 'ok',
    });
  switch (command) {
    case 'add': {
      const made = await admin.operators.add(need(values.name, '--name').toLowerCase(), needRole());
      await logged('add', `operator=${made.name}`, { name: made.name, role: made.role });
      if (values.json) {
        console.log(JSON.stringify(made));
      } else {
        console.log(`operator ${made.name} (${made.role}) added.\npassword: ${made.password}`);
        console.log(`authenticator secret: ${made.totp_secret}\n${made.otpauth_uri}`);
        console.log(await QRCode.toString(made.otpauth_uri, { type: 'terminal', small: true }));
        console.log('These are shown once. Sign in at /admin/login with the password and a code of the app.');
      }
      break;
    }
    case 'list':
      for (const op of await admin.operators.list()) {
        console.log(`${op.name}\t${op.role}\t${op.disabled_at ? 'disabled' : 'active'}`);
      }
      break;
    case 'disable':
    case 'enable': {
      const name = need(values.name, '--name');
      await admin.operators.setDisabled(name, command === 'disable');
      await logged(command, `operator=${name}`, { disabled: command === 'disable' });
      console.log(`operator ${name} ${command}d`);
      break;
    }
    case 'role': {
      const name = need(values.name, '--name');
      const role = needRole();
      await admin.operators.setRole(name, role);
      await logged('role', `operator=${name}`, { role });
      console.log(`operator ${name} is now ${role}`);
      break;
    }
    case 'password': {
      const name = need(values.name, '--name');
      const password = await admin.operators.resetPassword(name);
      await logged('password', `operator=${name}`, { password: 'reset' });
      console.log(values.json ? JSON.stringify({ name, password }) : `new password of ${name}: ${password}`);
      break;
    }
    case 'reset-totp': {
      const name = need(values.name, '--name');
      const totp = await admin.operators.resetTotp(name);
      await logged('reset-totp', `operator=${name}`, { totp: 'reset' });
      console.log(
        values.json ? JSON.stringify({ name, ...totp }) : `${totp.totp_secret}\n${totp.otpauth_uri}`,
      );
      break;
    }
    default:
      console.error(USAGE);
      process.exitCode = 2;
  }
} catch (error) {
  console.error(`operator: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
