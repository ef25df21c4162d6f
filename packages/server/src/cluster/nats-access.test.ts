import { describe, expect, it } from 'vitest';
import { natsAuthorization, natsConnectOptions, natsPermissions, NATS_ROLES } from './nats-access.js';

describe('NATS users per kind of process', () => {
  it('takes the credentials out of NATS_URL, decoded, and gives each role inboxes of its own', () => {
    expect(natsConnectOptions('nats://gateway:p%40ss@10.0.0.5:4222', 'gateway', 'gw')).toEqual({
      servers: ['nats://10.0.0.5:4222'],
      name: 'gw',
      inboxPrefix: '_INBOX_gateway',
      user: 'gateway',
      pass: 'p@ss',
    });
    // No user: none given; several servers, the credentials of the first that has them.
    expect(natsConnectOptions('nats://127.0.0.1:4222', 'core', 'core')).toEqual({
      servers: ['nats://127.0.0.1:4222'],
      name: 'core',
      inboxPrefix: '_INBOX_core',
    });
    expect(natsConnectOptions('nats://a:4222, nats://core:s@b:4222', 'core', 'c')).toMatchObject({
      servers: ['nats://a:4222', 'nats://b:4222'],
      user: 'core',
      pass: 's',
    });
  });

  it('only the core may ask the signer, only the watchers tell of deposits, only the signer and the core answer', () => {
    const permissions = natsPermissions('oex');
    const publishers = (subject: string) =>
      NATS_ROLES.filter((role) => permissions[role].publish.includes(subject));
    expect(publishers('oex.signer')).toEqual(['core']);
    expect(publishers('oex.wallet.deposit')).toEqual(['watchers']);
    expect(publishers('oex.live.frames')).toEqual(['core']);
    expect(NATS_ROLES.filter((role) => permissions[role].allowResponses)).toEqual(['core', 'signer']);
    // Every role reads only its own inboxes.
    for (const role of NATS_ROLES) {
      const inboxes = NATS_ROLES.flatMap((other) => permissions[other].subscribe).filter((subject) =>
        subject.startsWith('_INBOX'),
      );
      expect(permissions[role].subscribe.filter((subject) => subject.startsWith('_INBOX'))).toEqual(
        role === 'signer' ? [] : [`_INBOX_${role}.>`],
      );
      expect(new Set(inboxes).size).toBe(inboxes.length);
    }
  });

  it("writes each role's password as a variable of the server's environment, never a value", () => {
    const text = natsAuthorization('oex');
    for (const role of NATS_ROLES) {
      expect(text).toContain(`user: "${role}"`);
      expect(text).toContain(`password: $OEX_NATS_${role.toUpperCase()}_PASSWORD`);
    }
  });
});
