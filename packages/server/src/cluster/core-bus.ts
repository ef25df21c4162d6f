import { connect, type Msg, type NatsConnection } from 'nats';
import type { Api } from '../platform/api.js';
import type { Hub, LiveSessions } from '../realtime/hub.js';
import {
  CORE_QUEUE,
  decodeInterest,
  decodeRequest,
  decodeSessionQuestion,
  encodeFrame,
  encodeReply,
  forwardableHeaders,
  InterestTable,
  INTEREST_HEARTBEAT_MS,
  INTEREST_MISSED_BEATS,
  subjectsOf,
  type SessionAnswer,
} from './bus-rules.js';
import { StoredBodies } from './stored-bodies.js';
import { natsConnectOptions } from './nats-access.js';

export interface CoreBusOptions {
  natsUrl: string;
  /** The subjects' prefix (`oex`); a test run takes its own. */
  prefix: string;
  /** The gateways' heartbeat: a gateway silent for three is forgotten. */
  heartbeatMs?: number;
  /** This process's own port as the gateways reach it (ADVERTISE_URL), for the trading API's streams. */
  advertiseUrl: string;
  log: { info(message: string): void; warn(message: string): void };
}

export interface CoreBus {
  readonly interest: InterestTable;
  close(): Promise<void>;
}

const text = new TextDecoder();
const utf8 = new TextEncoder();

/** A reply with a status alone: the core could not answer the forwarded request itself. */
const statusOnly = (status: number) => encodeReply({ status, headers: {}, body: new Uint8Array() });

/**
 * The leading core's side of the bus (docs/cluster.md): answers the gateways' forwarded HTTP
 * requests and their live sockets' session questions (queue group `core`: only a leader
 * subscribes), keeps what the gateways' clients listen to, publishes the hub's frames for those
 * keys, and tells the gateways of sessions that ended. Started once this process leads.
 */
export async function startCoreBus(
  app: Api,
  hub: Hub,
  sessions: LiveSessions,
  options: CoreBusOptions,
): Promise<CoreBus> {
  const subjects = subjectsOf(options.prefix);
  const heartbeatMs = options.heartbeatMs ?? INTEREST_HEARTBEAT_MS;
  const interest = new InterestTable(heartbeatMs * INTEREST_MISSED_BEATS);
  const nc: NatsConnection = await connect({
    ...natsConnectOptions(options.natsUrl, 'core', 'oex-core'),
    maxReconnectAttempts: -1,
  });
  const storedBodies = new StoredBodies(nc, options.prefix);
  const streamsUrl = options.advertiseUrl.replace(/^http/, 'ws');
  let open = true;
  /** Answers being worked on, which a close waits for. */
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const requests = [
    nc.subscribe(subjects.http, {
      queue: CORE_QUEUE,
      callback: (error, msg) => {
        if (!error) track(answerHttp(msg));
      },
    }),
    nc.subscribe(subjects.session, {
      queue: CORE_QUEUE,
      callback: (error, msg) => {
        if (!error) track(answerSession(msg));
      },
    }),
    // Where a gateway opens the trading API's sockets: this leader's own port.
    nc.subscribe(subjects.coreAddress, {
      queue: CORE_QUEUE,
      callback: (error, msg) => {
        if (!error) msg.respond(utf8.encode(JSON.stringify({ url: streamsUrl })));
      },
    }),
  ];
  nc.subscribe(subjects.interest, {
    callback: (error, msg) => {
      if (error) return;
      const report = decodeInterest(text.decode(msg.data));
      // A channel a gateway has just begun to listen to: its state is pushed, for the gateway's snapshot.
      if (report) hub.listenedElsewhere(interest.report(report.gatewayId, report.keys, Date.now()));
    },
  });
  const expiry = setInterval(() => interest.expire(Date.now()), heartbeatMs);
  expiry.unref();

  sessions.onEnded((sessionIds) => {
    if (open) nc.publish(subjects.sessionsEnded, utf8.encode(JSON.stringify({ sessionIds })));
  });

  hub.remote = {
    has: (key) => interest.has(key),
    usersOf: (channel) => interest.usersOf(channel),
    frame: (key, frame) => {
      if (open) nc.publish(subjects.frames, encodeFrame(key, frame));
    },
  };

  async function answerHttp(msg: Msg): Promise<void> {
    const request = decodeRequest(msg.data);
    if (!request) {
      options.log.warn('bus: a malformed forwarded request was refused');
      return respond(msg, statusOnly(400));
    }
    try {
      const body = request.bodyRef ? await storedBodies.take(request.bodyRef) : request.body;
      // A stored body that is gone (expired before this core read it) cannot be answered.
      if (!body) return respond(msg, statusOnly(408));
      const answer = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: body.length > 0 ? Buffer.from(body) : undefined,
        remoteAddress: request.remoteAddress,
      });
      const fields = { status: answer.statusCode, headers: forwardableHeaders(answer.headers) };
      let reply = encodeReply({ ...fields, body: answer.rawPayload });
      // An answer past NATS's message limit (an image) goes by the object store, as large bodies come.
      if (reply.length > nc.info!.max_payload) {
        const bodyRef = await storedBodies.put(answer.rawPayload);
        reply = encodeReply({ ...fields, body: new Uint8Array(), bodyRef });
        if (reply.length > nc.info!.max_payload) {
          storedBodies.drop(bodyRef);
          options.log.warn(
            `bus: the answer to ${request.method} ${request.url} has headers too large to forward`,
          );
          return respond(msg, statusOnly(502));
        }
      }
      respond(msg, reply);
    } catch (error) {
      options.log.warn(`bus: ${request.method} ${request.url} failed: ${(error as Error).message}`);
      respond(msg, statusOnly(500));
    }
  }

  async function answerSession(msg: Msg): Promise<void> {
    const question = decodeSessionQuestion(text.decode(msg.data));
    let answer: SessionAnswer;
    if (!question) answer = { error: 'malformed' };
    else if (question.op === 'authenticate') {
      try {
        const user = await sessions.authenticate(question.token);
        answer = { userId: user.id, sessionId: user.sessionId };
      } catch {
        answer = { error: 'unauthenticated' };
      }
    } else {
      try {
        answer = { active: [...(await sessions.stillActive(question.sessionIds))] };
      } catch (error) {
        answer = { error: (error as Error).message };
      }
    }
    respond(msg, utf8.encode(JSON.stringify(answer)));
  }

  function respond(msg: Msg, data: Uint8Array): void {
    if (!open || nc.isClosed()) return;
    msg.respond(data);
  }

  // This core has just begun to lead: the gateways send their sets now, not at their next beat.
  nc.publish(subjects.interestAsk, new Uint8Array());
  // Not the URL: it may carry the core's NATS password.
  options.log.info(`bus: serving gateways (subjects ${options.prefix}.*)`);
  return {
    interest,
    async close() {
      if (nc.isClosed()) return;
      // First no new requests: the gateways meet "no responders" and wait for the next leader;
      // then the requests taken get their answers, and the connection closes.
      for (const subscription of requests) subscription.unsubscribe();
      await nc.flush();
      await Promise.allSettled([...inFlight]);
      hub.remote = undefined;
      clearInterval(expiry);
      open = false;
      await nc.drain();
    },
  };
}
