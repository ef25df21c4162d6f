import { connect as tcpConnect } from 'node:net';

/** The NATS the gateway and cluster tests use: the machine's own, which `.ci/run` starts where it is down. */
export const NATS_URL = 'nats://127.0.0.1:4222';

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ port, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Whether NATS answers, for a test file that needs it. Without it the file is skipped with a word
 * why, except under CI, where a missing NATS fails the run instead of hiding the file.
 */
export async function natsForTests(file: string): Promise<boolean> {
  const up = await reachable(4222);
  if (!up && process.env.CI)
    throw new Error('NATS is not reachable on 127.0.0.1:4222: CI must run it (.ci/run)');
  if (!up) console.warn(`${file} skipped: NATS is not reachable on 127.0.0.1:4222`);
  return up;
}
