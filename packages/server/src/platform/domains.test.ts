import { describe, expect, it } from 'vitest';
import { DomainList, type Domain } from './domains.js';

/** A domain that writes what happens to it in `events`, adding `parts` to the context. */
function recorded<Needs, Parts extends object>(
  name: string,
  events: string[],
  parts: Parts,
  read: (context: Needs) => string = () => '',
): Domain<Needs, Parts> {
  return {
    name,
    open: async (context) => {
      events.push(`open ${name}${read(context)}`);
      return {
        parts,
        start: () => void events.push(`start ${name}`),
        drain: () => void events.push(`drain ${name}`),
        stop: async () => void events.push(`stop ${name}`),
      };
    },
  };
}

describe('a list of domains', () => {
  it('opens and starts in order, each reading the parts of those before it; drains and stops in reverse', async () => {
    const events: string[] = [];
    const list = DomainList.over<{ base: string }>()
      .add(recorded('first', events, { first: 1 }, (context: { base: string }) => ` on ${context.base}`))
      .add(
        recorded('second', events, { second: 2 }, (context: { first: number }) => ` after ${context.first}`),
      )
      .add(recorded('third', events, {}));
    const open = await list.open({ base: 'base' });
    expect(open.context).toEqual({ base: 'base', first: 1, second: 2 });
    await open.start();
    open.drain();
    await open.stop();
    expect(events).toEqual([
      'open first on base',
      'open second after 1',
      'open third',
      'start first',
      'start second',
      'start third',
      'drain third',
      'drain second',
      'drain first',
      'stop third',
      'stop second',
      'stop first',
    ]);
  });

  it('stops the domains opened before one that fails to open, last first, and fails as it failed', async () => {
    const events: string[] = [];
    const failing: Domain<object> = {
      name: 'failing',
      open: () => {
        throw new Error('no database');
      },
    };
    const list = DomainList.over<object>()
      .add(recorded('first', events, {}))
      .add(recorded('second', events, {}))
      .add(failing)
      .add(recorded('never', events, {}));
    await expect(list.open({})).rejects.toThrow('no database');
    expect(events).toEqual(['open first', 'open second', 'stop second', 'stop first']);
  });

  it('leaves out a domain this run does not have, and its parts with it', async () => {
    const events: string[] = [];
    const demoOf = (on: boolean): Domain<object, { demo: number }> | undefined =>
      on ? recorded('demo', events, { demo: 1 }) : undefined;
    const open = await DomainList.over<object>()
      .add(recorded('first', events, { first: 1 }))
      .addIf(demoOf(false))
      .open({});
    expect(open.context).toEqual({ first: 1 });
    expect(open.context.demo).toBeUndefined();
  });
});
