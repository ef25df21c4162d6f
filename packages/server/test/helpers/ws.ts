import WebSocket from 'ws';

export interface Frame {
  type: string;
  params: Record<string, unknown>;
  seq?: number;
}

/** A live-channel client that collects every frame it receives. */
export async function connect(baseUrl: string): Promise<{
  socket: WebSocket;
  send(type: string, params?: unknown): void;
  next(type: string): Promise<Frame>;
  frames: Frame[];
}> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`);
  /** Every frame received, for final checks. */
  const frames: Frame[] = [];
  /** Frames no `next` has taken yet. */
  const unclaimed: Frame[] = [];
  const waiters: { type: string; resolve: (frame: Frame) => void }[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    frames.push(frame);
    const index = waiters.findIndex((waiter) => waiter.type === frame.type);
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(frame);
    else unclaimed.push(frame);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    socket,
    frames,
    send: (type, params) => socket.send(JSON.stringify({ type, params })),
    next: (type) =>
      new Promise((resolve, reject) => {
        const seen = unclaimed.find((frame) => frame.type === type);
        if (seen) {
          unclaimed.splice(unclaimed.indexOf(seen), 1);
          return resolve(seen);
        }
        waiters.push({ type, resolve });
        setTimeout(() => reject(new Error(`no ${type} frame`)), 3000);
      }),
  };
}

/** A client signed in with `token` and subscribed to `channels`, each acknowledged. */
export async function signedIn(baseUrl: string, token: string, channels: string[]) {
  const client = await connect(baseUrl);
  client.send('login', { token });
  const login = await client.next('login');
  if (login.params.ok !== true) throw new Error(`login refused: ${JSON.stringify(login.params)}`);
  for (const channel of channels) {
    client.send('sub', channel);
    await client.next('sub');
  }
  return client;
}
