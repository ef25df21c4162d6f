import { snapshotRuleOf } from './channels.js';

/** The frames that give a new subscriber a channel's state, as of `version` of what was kept. */
export interface Snapshot {
  version: number;
  /**
   * Oldest push first. Only the newest carries its `seq`, which is the channel's current one (the
   * subscription's acknowledgement names it too); the older parts go without one, so a client that
   * counts seqs sees no gap among them.
   */
  frames: Buffer[];
}

interface Kept {
  version: number;
  /** Each part's last frame, by part name ('' for a whole channel), least recently pushed first. */
  parts: Map<string, Buffer>;
}

/**
 * The last pushes of the channels whose pushes are states, not events (snapshotRuleOf), kept by
 * the hub for the channels someone on its process listens to. No I/O.
 */
export class Snapshots {
  private readonly kept = new Map<string, Kept>();

  /**
   * Keeps a pushed `frame` of `key` (a public channel's name). `fields` are the push's own, when
   * the caller has them; a frame another process built is read for its part's name.
   */
  keep(key: string, frame: Buffer, fields?: object): void {
    const rule = snapshotRuleOf(key);
    if (!rule) return;
    let part = '';
    if (rule !== 'whole') {
      const named = ((fields ?? JSON.parse(frame.toString())) as Record<string, unknown>)[rule.partBy];
      if (typeof named !== 'string') return;
      part = named;
    }
    let kept = this.kept.get(key);
    if (!kept) this.kept.set(key, (kept = { version: 0, parts: new Map() }));
    kept.version += 1;
    // Re-inserted, so the map's order stays that of the parts' last pushes.
    kept.parts.delete(part);
    kept.parts.set(part, frame);
  }

  of(key: string): Snapshot | undefined {
    const kept = this.kept.get(key);
    if (!kept || kept.parts.size === 0) return undefined;
    const frames = [...kept.parts.values()];
    return {
      version: kept.version,
      frames: frames.map((frame, i) => (i < frames.length - 1 ? bare(frame) : frame)),
    };
  }

  /** Whether nothing was pushed on `key` since `snapshot` was taken. */
  current(key: string, snapshot: Snapshot): boolean {
    return this.kept.get(key)?.version === snapshot.version;
  }

  /** No longer kept current (nobody here listens any more), so never handed out. */
  drop(key: string): void {
    this.kept.delete(key);
  }

  clear(): void {
    this.kept.clear();
  }
}

/** A frame without its `seq`. */
function bare(frame: Buffer): Buffer {
  const { seq: _seq, ...rest } = JSON.parse(frame.toString()) as Record<string, unknown>;
  return Buffer.from(JSON.stringify(rest));
}
