import type { ConnectionOptions } from 'nats';
import { bodiesBucketOf, signerSubject, subjectsOf, watcherSubjects } from './bus-rules.js';

/**
 * Who may say what on the bus (docs/cluster.md, "Who may say what on NATS"): one NATS user per
 * kind of process, each allowed only the subjects its part needs. A gateway faces the internet and
 * holds no database credentials; with these users it also cannot ask the signer for a signature
 * nor tell the core that a deposit moved, and a signer can answer requests and say nothing else.
 * Pure rules, no I/O.
 */
export const NATS_ROLES = ['core', 'gateway', 'watchers', 'signer'] as const;
export type NatsRole = (typeof NATS_ROLES)[number];

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it received (their reply subjects), and publish nothing else there. */
  allowResponses: boolean;
}

/** Each role's replies come to inboxes of its own, which no other role may read. */
export const inboxOf = (role: NatsRole) => `_INBOX_${role}`;

/** JetStream's object store of large bodies: its API, its stream's subjects and its flow control. */
function bodiesStore(prefix: string): string[] {
  const bucket = bodiesBucketOf(prefix);
  const stream = `OBJ_${bucket}`;
  return [
    '$JS.API.INFO',
    '$JS.API.STREAM.NAMES',
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
    `$JS.API.STREAM.MSG.GET.${stream}`,
    `$JS.API.STREAM.PURGE.${stream}`,
    `$JS.API.DIRECT.GET.${stream}.>`,
    `$JS.API.CONSUMER.CREATE.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.DELETE.${stream}.>`,
    `$JS.FC.${stream}.>`,
    `$O.${bucket}.>`,
  ];
}

export function natsPermissions(prefix: string): Record<NatsRole, NatsPermissions> {
  const bus = subjectsOf(prefix);
  const watchers = watcherSubjects(prefix);
  const signer = signerSubject(prefix);
  const inbox = (role: NatsRole) => `${inboxOf(role)}.>`;
  return {
    core: {
      publish: [bus.frames, bus.interestAsk, bus.sessionsEnded, signer, ...bodiesStore(prefix)],
      subscribe: [
        bus.http,
        bus.session,
        bus.coreAddress,
        bus.interest,
        watchers.transition,
        watchers.changed,
        watchers.progress,
        inbox('core'),
      ],
      allowResponses: true,
    },
    gateway: {
      publish: [bus.http, bus.session, bus.coreAddress, bus.interest, ...bodiesStore(prefix)],
      subscribe: [bus.frames, bus.interestAsk, bus.sessionsEnded, inbox('gateway')],
      allowResponses: false,
    },
    watchers: {
      publish: [watchers.transition, watchers.changed, watchers.progress],
      subscribe: [inbox('watchers')],
      allowResponses: false,
    },
    signer: { publish: [], subscribe: [signer], allowResponses: true },
  };
}

/** The environment variable that holds a role's password in the server's configuration. */
export const passwordVariableOf = (role: NatsRole) => `OEX_NATS_${role.toUpperCase()}_PASSWORD`;

/**
 * The `authorization` block of a nats-server configuration with one user per role (the user's name
 * is the role's), each password read from the server's environment (passwordVariableOf).
 */
export function natsAuthorization(prefix: string): string {
  const quoted = (subjects: string[]) => `[${subjects.map((subject) => JSON.stringify(subject)).join(', ')}]`;
  const users = Object.entries(natsPermissions(prefix)).map(([role, allowed]) =>
    [
      `    {`,
      `      user: ${JSON.stringify(role)}`,
      `      password: $${passwordVariableOf(role as NatsRole)}`,
      `      permissions: {`,
      `        publish: { allow: ${quoted(allowed.publish)} }`,
      `        subscribe: { allow: ${quoted(allowed.subscribe)} }`,
      ...(allowed.allowResponses ? [`        allow_responses: true`] : []),
      `      }`,
      `    }`,
    ].join('\n'),
  );
  return `authorization {\n  users = [\n${users.join('\n')}\n  ]\n}\n`;
}

/**
 * How a process of `role` connects to `url` (NATS_URL): its credentials taken out of the URL
 * (`nats://gateway:secret@host:4222`, which nats.js would not read there) and its own inboxes.
 */
export function natsConnectOptions(url: string, role: NatsRole, name: string): ConnectionOptions {
  const servers: string[] = [];
  let user: string | undefined;
  let pass: string | undefined;
  for (const server of url.split(',').map((part) => part.trim())) {
    const parsed = new URL(server.includes('://') ? server : `nats://${server}`);
    if (parsed.username && user === undefined) {
      user = decodeURIComponent(parsed.username);
      pass = decodeURIComponent(parsed.password);
    }
    servers.push(`${parsed.protocol}//${parsed.host}`);
  }
  return { servers, name, inboxPrefix: inboxOf(role), ...(user !== undefined ? { user, pass } : {}) };
}
