import { openCore, type Core } from '../app.js';
import { loadConfig } from '../config.js';
import { AppError } from '../platform/errors.js';
import { translate } from '../platform/messages/index.js';
import { currentWriter, lockPathFor } from './writer-lock.js';

/**
 * An operator's command-line call: handed to the running server when one writes to the database
 * (its admin route, with the token from its lock file), else done by this process as the writer
 * for the moment it takes. Answers the data of the call; throws with the refusal's message.
 */
export async function operatorCall<T>(
  route: string,
  request: Record<string, unknown>,
  locally: (core: Core) => Promise<T>,
): Promise<{ data: T; through: string }> {
  const config = loadConfig();
  const writer = currentWriter(lockPathFor(config.databaseUrl));
  if (writer) {
    const response = await fetch(`http://127.0.0.1:${writer.port}/api/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': writer.adminToken },
      body: JSON.stringify(request),
    });
    const body = (await response.json()) as { code: number; msg: string; data?: T };
    if (body.code !== 1) throw new Error(body.msg);
    return { data: body.data!, through: ` (through the running server, pid ${writer.pid})` };
  }
  const core = await openCore({ ...config, logLevel: 'warn' });
  try {
    return { data: await locally(core), through: '' };
  } catch (error) {
    // Said as the server would say it.
    if (error instanceof AppError) throw new Error(translate('en', error.key, error.params));
    throw error;
  } finally {
    await core.close();
  }
}
