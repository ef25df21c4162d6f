import WebSocket from 'ws';

export interface Frame {
  /** The channel of a push (its full name, as subscribed), or the type of a server answer. */
  type: string;
  /** A push's fields (the frame without type, channel, seq and ts), or an answer's params. */
  params: Record<string, unknown>;
  seq?: number;
  /** The frame as it came, to check its shape. */
  raw: Record<string, unknown>;
}

/**
 * Reads a frame as our web client does: a push (it names its `channel`) has its fields at the top
 * level beside `type` (the bare kind), `seq` and `ts`; the server's answers carry `params`.
 */
function readFrame(text: string): Frame {
  const raw = JSON.parse(text) as Record<string, unknown>;
  if (typeof raw.channel !== 'string' || raw.params !== undefined) {
    return { type: String(raw.type), params: (raw.params ?? {}) as Record<string, unknown>, raw };
  }
  const { type: _type, channel, seq, ts: _ts, ...fields } = raw;
  return { type: channel, params: fields, seq: seq as number, raw };
}

/** A live-channel client that collects every frame it receives. */
export async function connect(baseUrl: string): Promise<{
  socket: WebSocket;
  send(type: string, params?: unknown): void;
  next(type: string): Promise<Frame>;
  nextMatching(type: string, wanted: (frame: Frame) => boolean): Promise<Frame>;
  frames: Frame[];
}> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`);
  /** Every frame received, for final checks. */
  const frames: Frame[] = [];
  /** Frames no `next` has taken yet. */
  const unclaimed: Frame[] = [];
  const waiters: { type: string; resolve: (frame: Frame) => void }[] = [];
  socket.on('message', (data) => {
    const frame = readFrame(String(data));
    frames.push(frame);
    const index = waiters.findIndex((waiter) => waiter.type === frame.type);
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(frame);
    else unclaimed.push(frame);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = (type: string) =>
    new Promise<Frame>((resolve, reject) => {
      const seen = unclaimed.find((frame) => frame.type === type);
      if (seen) {
        unclaimed.splice(unclaimed.indexOf(seen), 1);
        return resolve(seen);
      }
      waiters.push({ type, resolve });
      setTimeout(() => reject(new Error(`no ${type} frame`)), 3000);
    });
  return {
    socket,
    frames,
    send: (type, params) => socket.send(JSON.stringify({ type, params })),
    next,
    /**
     * The first frame of `type` that is `wanted`, passing over earlier ones: a periodic push the
     * real-time sampler sent before the change under test. Fails when none comes within a wait.
     */
    async nextMatching(type, wanted) {
      for (;;) {
        const frame = await next(type);
        if (wanted(frame)) return frame;
      }
    },
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
