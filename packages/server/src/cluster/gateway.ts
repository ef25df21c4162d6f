import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyWebsocket from '@fastify/websocket';
import { ResponseCode, toLang } from '@oex/protocol';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { connect, ErrorCode, NatsError, type NatsConnection } from 'nats';
import { translate } from '../platform/messages/index.js';
import { serveMetrics, type MetricsEndpoint } from '../platform/metrics.js';
import { securityHeaders, webIndexPage } from '../http/security-headers.js';
import { setNotFound } from '../http/server.js';
import { serveWebFiles } from '../http/web-files.js';
import { Hub, SESSION_RECHECK_MS, type LiveSessions } from '../realtime/hub.js';
import {
  decodeEndedSessions,
  decodeCoreAddress,
  decodeFrame,
  decodeReply,
  decodeSessionAnswer,
  encodeRequest,
  forwardableHeaders,
  FORWARD_TIMEOUT_MS,
  INTEREST_HEARTBEAT_MS,
  MAX_FORWARDED_BODY,
  MAX_STORED_BODY,
  NO_CORE_RETRY_MS,
  NO_CORE_WAIT_MS,
  seqOfFrame,
  subjectsOf,
  type ForwardedReply,
  type Headers,
  type SessionAnswer,
  type SessionQuestion,
} from './bus-rules.js';
import { GatewayMetrics, type ForwardOutcome } from './gateway-metrics.js';
import { StoredBodies } from './stored-bodies.js';
import { StreamProxies } from './stream-proxy.js';
import { natsConnectOptions } from './nats-access.js';

export interface GatewayOptions {
  natsUrl: string;
  /** The subjects' prefix (`oex`); a test run takes its own. */
  prefix?: string;
  port: number;
  host: string;
  /** This gateway's name in its interest reports; random unless given. */
  id?: string;
  /** How long a request waits for a core to answer at all (a takeover) before a 503. */
  noCoreWaitMs?: number;
  /** How long a delivered request waits for its answer before a 504. */
  forwardTimeoutMs?: number;
  heartbeatMs?: number;
  sessionCheckMs?: number;
  logLevel?: string;
  /** Take the client's address from X-Forwarded-For (behind a load balancer); TRUST_PROXY=1 by default. */
  trustProxy?: boolean;
  /** Serve `GET /metrics` on this port and host (METRICS_PORT, METRICS_HOST); 0 picks a free port. */
  metrics?: { port: number; host: string };
  /** The built web app (WEB_DIST), served as a core serves it; none when it has no index.html. */
  webDist?: string;
}

export interface Gateway {
  id: string;
  url: string;
  hub: Hub;
  /** Where its metrics are served, when asked for (`metrics`). */
  metricsUrl: string | undefined;
  close(): Promise<void>;
}

/** The paths the core serves that are forwarded: the API, the trading API's, the demo's tools. */
const FORWARDED_PREFIXES = ['/api/*', '/sapi/*', '/dev/*'];

/** Seconds a caller is asked to wait when no core answers: about a lease's life, as a standby says. */
const RETRY_AFTER_SECONDS = 3;

const utf8 = new TextEncoder();
const text = new TextDecoder();

/** What a forwarded request came to when the core did not answer it. */
type Failure = { failed: 'no-core' | 'timeout' | 'bus' };

const OUTCOME_OF: Record<Failure['failed'], ForwardOutcome> = {
  'no-core': 'no_core',
  timeout: 'timeout',
  bus: 'bus',
};

/**
 * A gateway (docs/cluster.md): HTTP and the live channel for clients, with no database. Requests
 * go to the leading core over NATS and its answers come back as they are; live sockets sign in
 * through the core and get the core's push frames for the keys they subscribe to.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const id = options.id ?? `gw-${randomBytes(6).toString('hex')}`;
  const subjects = subjectsOf(options.prefix);
  const noCoreWaitMs = options.noCoreWaitMs ?? NO_CORE_WAIT_MS;
  const forwardTimeoutMs = options.forwardTimeoutMs ?? FORWARD_TIMEOUT_MS;
  const heartbeatMs = options.heartbeatMs ?? INTEREST_HEARTBEAT_MS;
  const metrics = new GatewayMetrics();
  const nc: NatsConnection = await connect({
    ...natsConnectOptions(options.natsUrl, 'gateway', `oex-gateway-${id}`),
    maxReconnectAttempts: -1,
  });

  /**
   * Asks the core, again every NO_CORE_RETRY_MS while none answers (no core subscribes: a
   * takeover is under way). A request delivered and not answered in time is not asked again: the
   * core may have applied it.
   */
  async function askCore(subject: string, data: Uint8Array): Promise<Uint8Array | Failure> {
    const deadline = Date.now() + noCoreWaitMs;
    for (;;) {
      try {
        return (await nc.request(subject, data, { timeout: forwardTimeoutMs })).data;
      } catch (error) {
        const code = error instanceof NatsError ? error.code : undefined;
        if (code === ErrorCode.NoResponders) {
          const left = deadline - Date.now();
          if (left <= 0) return { failed: 'no-core' };
          metrics.coreWaits.inc();
          await sleep(Math.min(NO_CORE_RETRY_MS, left));
          continue;
        }
        return { failed: code === ErrorCode.Timeout ? 'timeout' : 'bus' };
      }
    }
  }

  async function askSession(question: SessionQuestion): Promise<SessionAnswer> {
    const answer = await askCore(subjects.session, utf8.encode(JSON.stringify(question)));
    if ('failed' in answer) throw new Error(`the core did not answer (${answer.failed})`);
    const decoded = decodeSessionAnswer(text.decode(answer));
    if (!decoded) throw new Error('the core answered a malformed session message');
    return decoded;
  }

  const endListeners: ((sessionIds: number[]) => void)[] = [];
  const sessions: LiveSessions = {
    async authenticate(token) {
      const answer = await askSession({ op: 'authenticate', token });
      if (!('userId' in answer)) throw new Error('unauthenticated');
      return { id: answer.userId, sessionId: answer.sessionId };
    },
    onEnded(listener) {
      endListeners.push(listener);
    },
    async stillActive(sessionIds) {
      const answer = await askSession({ op: 'active', sessionIds });
      if (!('active' in answer)) throw new Error('error' in answer ? answer.error : 'malformed answer');
      return new Set(answer.active);
    },
  };

  const storedBodies = new StoredBodies(nc, options.prefix ?? 'oex');
  const hub = new Hub(sessions, options.sessionCheckMs ?? SESSION_RECHECK_MS);
  metrics.watchConnections(() => hub.size);
  hub.onSlowClientDropped = () => metrics.wsSlowClientsDropped.inc();
  const reportInterest = () =>
    nc.publish(subjects.interest, utf8.encode(JSON.stringify({ gatewayId: id, keys: hub.keys() })));
  // A sub is acknowledged once NATS has the report, so the core hears of it before anything the
  // client does next through any gateway.
  hub.onKeysChanged = async () => {
    reportInterest();
    await nc.flush();
  };
  const heartbeat = setInterval(reportInterest, heartbeatMs);
  heartbeat.unref();

  nc.subscribe(subjects.frames, {
    callback: (error, msg) => {
      if (error) return;
      const pushed = decodeFrame(msg.data);
      if (!pushed) return;
      const frame = Buffer.from(pushed.frame.buffer, pushed.frame.byteOffset, pushed.frame.byteLength);
      metrics.framesRelayed.inc();
      hub.deliver(pushed.key, frame, seqOfFrame(pushed.frame));
    },
  });
  // Asked by a core that has just begun to lead: what the last leader pushed may be behind it.
  nc.subscribe(subjects.interestAsk, {
    callback: () => {
      hub.forgetSnapshots();
      reportInterest();
    },
  });
  nc.subscribe(subjects.sessionsEnded, {
    callback: (error, msg) => {
      if (error) return;
      const ended = decodeEndedSessions(text.decode(msg.data));
      if (ended) for (const listener of endListeners) listener(ended);
    },
  });

  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    // Past one message's size a body goes through the object store (StoredBodies), up to an upload's.
    bodyLimit: MAX_STORED_BODY,
    trustProxy: options.trustProxy ?? process.env.TRUST_PROXY === '1',
    // A slow client cannot hold a connection open (the core's own port has the same limits);
    // idle kept-alive connections outlive a load balancer's usual 60 s idle timeout.
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
  });
  // Bodies travel as bytes, whatever their type: the core parses them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    // A body past the limit is refused here, before `forward`: it counts as one too large.
    if (status === 413) metrics.forwarded('too_large');
    if (status >= 500) request.log.error({ err: error }, 'gateway request failed');
    // As the core answers a body past its limit: the status and Fastify's message.
    return reply.status(status).send({
      code: ResponseCode.ERROR,
      msg: status >= 500 ? refusal(request, 'error.internal') : error.message,
    });
  });

  // The core's own security headers on the gateway's answers too (a forwarded answer brings the
  // core's, the same), with the web app's inline theme script allowed by its hash.
  await app.register(securityHeaders, { inlinePages: options.webDist ? webIndexPage(options.webDist) : [] });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/ws', { websocket: true }, (socket) => hub.attach(socket));
  // The trading API's streams are the leader's own: each socket is carried through to its port.
  const streamProxies = new StreamProxies();
  metrics.watchStreams(() => streamProxies.size);
  const leaderStreams = async (): Promise<string | null> => {
    const answer = await askCore(subjects.coreAddress, new Uint8Array());
    return 'failed' in answer ? null : decodeCoreAddress(text.decode(answer));
  };
  for (const path of ['/ws/:name', '/stream', '/ws-api/v3'])
    app.get(path, { websocket: true }, (socket, request) =>
      streamProxies.attach(
        socket,
        leaderStreams().then((base) => base && `${base}${request.url}`),
        request.ip,
      ),
    );
  app.get('/api/health', async () => ({ code: ResponseCode.OK, msg: 'ok', data: { status: 'gateway', id } }));

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const started = performance.now();
    const body = Buffer.isBuffer(request.body) ? request.body : new Uint8Array();
    const fields = {
      method: request.method,
      url: request.url,
      // The client's address travels as `remoteAddress`, as this gateway determined it; a proxy
      // header the client wrote itself is dropped, so a core that trusts one cannot be lied to.
      headers: withoutProxyHeaders(forwardableHeaders(request.headers)),
      remoteAddress: request.ip,
    };
    let message = encodeRequest({ ...fields, body });
    const maxPayload = nc.info?.max_payload ?? MAX_FORWARDED_BODY;
    let bodyRef: string | undefined;
    if (message.length > maxPayload) {
      // Too large for one message: the body goes by the object store, the message names it.
      try {
        bodyRef = await storedBodies.put(body);
      } catch (error) {
        request.log.error({ err: error }, 'gateway: storing a large body failed');
        metrics.forwarded('bus');
        return failed(request, reply, { failed: 'bus' });
      }
      metrics.bodiesStored.inc();
      message = encodeRequest({ ...fields, body: new Uint8Array(), bodyRef });
      // Only headers past NATS's limit are left to refuse.
      if (message.length > maxPayload) {
        storedBodies.drop(bodyRef);
        metrics.forwarded('too_large');
        return reply.status(413).send({ code: ResponseCode.ERROR, msg: 'Request headers are too large' });
      }
    }
    const answer = await askCore(subjects.http, message);
    // No core took it: nothing will read the stored body (a late core's read finds it expired).
    if (bodyRef && 'failed' in answer && answer.failed === 'no-core') storedBodies.drop(bodyRef);
    const decoded: ForwardedReply | Failure =
      'failed' in answer ? answer : (decodeReply(answer) ?? { failed: 'bus' });
    // An answer too large for its message waits in the object store.
    const answerBody =
      'bodyRef' in decoded && decoded.bodyRef ? await takeStored(decoded.bodyRef) : undefined;
    if ('failed' in decoded || answerBody === null) {
      const failure: Failure = 'failed' in decoded ? decoded : { failed: 'bus' };
      metrics.forwarded(OUTCOME_OF[failure.failed]);
      return failed(request, reply, failure);
    }
    metrics.forwarded('answered', performance.now() - started);
    void reply.status(decoded.status);
    for (const [name, value] of Object.entries(decoded.headers)) void reply.header(name, value);
    const sent = answerBody ?? decoded.body;
    return reply.send(Buffer.from(sent.buffer, sent.byteOffset, sent.byteLength));
  }

  /** A stored answer's body, or null when it cannot be read (logged). */
  async function takeStored(bodyRef: string): Promise<Uint8Array | null> {
    try {
      return await storedBodies.take(bodyRef);
    } catch (error) {
      app.log.error({ err: error }, 'gateway: reading a stored answer failed');
      return null;
    }
  }
  for (const path of FORWARDED_PREFIXES) app.all(path, forward);
  // The browser's files from the gateway itself, the rest as the core answers it: the web app's
  // index for its routes (history fallback), the envelope's 404 for anything else.
  const webApp = options.webDist ? await serveWebFiles(app, options.webDist) : false;
  setNotFound(app, webApp);

  await app.listen({ port: options.port, host: options.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  reportInterest();
  const endpoint: MetricsEndpoint | undefined = options.metrics
    ? await serveMetrics(metrics, options.metrics.port, options.metrics.host)
    : undefined;

  return {
    id,
    url: `http://127.0.0.1:${port}`,
    hub,
    metricsUrl: endpoint?.url,
    async close() {
      clearInterval(heartbeat);
      streamProxies.close();
      await hub.close();
      await app.close();
      await endpoint?.close();
      metrics.close();
      // The core forgets this gateway's keys now, not three heartbeats later.
      reportInterest();
      await nc.drain();
    },
  };
}

function withoutProxyHeaders(headers: Headers): Headers {
  const { 'x-forwarded-for': _for, forwarded: _forwarded, ...rest } = headers;
  return rest;
}

function refusal(request: FastifyRequest, key: 'error.not_ready' | 'error.internal'): string {
  return translate(toLang(request.headers.lang), key);
}

/**
 * No core at all within the wait: 503 and not ready, as a standby answers. A request delivered
 * and not answered: 504, since it may have been applied (the caller checks before sending again).
 */
function failed(request: FastifyRequest, reply: FastifyReply, failure: Failure) {
  if (failure.failed === 'no-core') {
    void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.status(503).send({ code: ResponseCode.ERROR, msg: refusal(request, 'error.not_ready') });
  }
  return reply
    .status(failure.failed === 'timeout' ? 504 : 502)
    .send({ code: ResponseCode.ERROR, msg: refusal(request, 'error.internal') });
}
