import { allows } from '@wellbe/shared/permissions';
import type { AppContext } from '../../context.ts';
import { inAudience, send, type Connection } from './connection.ts';
import { realtimeType, type RealtimeEvent, type RealtimeTypeOptions } from './registry.ts';

// Coalesced event types (presence): what a type says is a state, so the changes heard within its
// period go out together, one frame per socket, and the batch's reads are made once.

type Coalesce = NonNullable<RealtimeTypeOptions['coalesce']>;

/** The events of a coalesced type waiting for their next frame, and its timer. */
interface Batch {
  events: RealtimeEvent[];
  timer: NodeJS.Timeout | null;
  flushing: boolean;
}

export class Coalescer {
  private readonly batches = new Map<string, Batch>();
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    /** The hub's sockets at the time of a flush. */
    private readonly connections: () => Connection[],
    private readonly log: (message: string) => void,
  ) {}

  stop(): void {
    this.stopped = true;
    for (const batch of this.batches.values()) if (batch.timer) clearTimeout(batch.timer);
    this.batches.clear();
  }

  /** A coalesced event waits for its type's next frame (at most one per `ms` and socket). */
  gather(event: RealtimeEvent, coalesce: Coalesce): void {
    let batch = this.batches.get(event.type);
    if (!batch) this.batches.set(event.type, (batch = { events: [], timer: null, flushing: false }));
    batch.events.push(event);
    this.arm(event.type, batch, coalesce);
  }

  private arm(type: string, batch: Batch, coalesce: Coalesce): void {
    // One flush at a time: the next one starts `ms` after the previous one ended (in order).
    if (batch.timer || batch.flushing || this.stopped || !batch.events.length) return;
    batch.timer = setTimeout(() => void this.flush(type, batch, coalesce), coalesce.ms);
    batch.timer.unref();
  }

  private async flush(type: string, batch: Batch, coalesce: Coalesce): Promise<void> {
    batch.timer = null;
    batch.flushing = true;
    const events = batch.events;
    batch.events = [];
    try {
      await this.flushTo(this.connections(), type, events);
    } catch (err) {
      this.log(`Temps réel : envoi groupé ${type} en échec (${(err as Error).message})`);
    } finally {
      batch.flushing = false;
      this.arm(type, batch, coalesce);
    }
  }

  /** One frame per socket for a batch of coalesced events: the batch's reads are made once. */
  async flushTo(conns: Connection[], type: string, events: RealtimeEvent[]): Promise<void> {
    const options = realtimeType(type);
    if (!options?.coalesce || !events.length) return;
    const targets = conns.filter((c) => c.caller && (!options.access || allows(options.access, c.caller.role)) && events.some((e) => inAudience(c.caller!, e)));
    if (!targets.length) return;
    const recipients = [...new Map(targets.map((c) => [c.caller!.id, c.caller!])).values()];
    const answer = await options.coalesce.batch(this.ctx, events, recipients);
    const perUser = new Map<string, string | null>();
    const serialised = new Map<Record<string, unknown>, string>();
    for (const conn of targets) {
      const caller = conn.caller!;
      if (!perUser.has(caller.id)) {
        const mine = events.filter((e) => inAudience(caller, e));
        const data = answer(caller, mine.length === events.length ? events : mine);
        if (data && !serialised.has(data)) serialised.set(data, JSON.stringify({ type: options.coalesce.frame, data }));
        perUser.set(caller.id, data ? serialised.get(data)! : null);
      }
      const frame = perUser.get(caller.id);
      if (frame) send(conn, frame);
    }
  }
}
