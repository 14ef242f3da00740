import type { Database } from '../../db/client.ts';
import { eventsAfter, finalEnd, type Position } from './events.ts';
import type { RealtimeEvent } from './registry.ts';

// The hub's tail of realtime_events. A notification only wakes it; it reads the table from its
// position: a late commit holds back the events after it until it lands, a lost notification is
// caught up by the next one (or the periodic read), and every socket gets each event once, in one
// order (events.ts says why the order is (tx, id) and only final events go out).

/** Events read from the table per query of the tail. */
const TAIL_BATCH = 500;
/** The tail reads again after this long when a running transaction holds events back (doubling). */
const HELD_RETRY_MS = [5, 10, 20, 50, 100, 250];
/** A hold longer than this is logged (a long transaction delays every live event). */
const HELD_WARN_MS = 10_000;

export class EventTail {
  /** The last stored event the tail dispatched (null until start has read where the table ends). */
  position: Position | null = null;
  private running = false;
  private again = false;
  /** Waiting for a read of the tail that starts after they asked (caughtUp). */
  private waiters: (() => void)[] = [];
  private heldTimer: NodeJS.Timeout | null = null;
  private heldRetries = 0;
  /** Since when a running transaction holds events back (null: none), and whether that was logged. */
  private heldSince: number | null = null;
  private heldLogged = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    /** Called in order and synchronously for each final event (the hub queues its frames). */
    private readonly dispatch: (event: RealtimeEvent, position: Position) => void,
    private readonly log: (message: string) => void,
  ) {}

  /** Reads where the table ends: whatever commits from now on is after it (the hub listens first). */
  async start(): Promise<void> {
    this.position = await finalEnd(this.db);
    this.wake();
  }

  stop(): void {
    this.stopped = true;
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
  }

  /**
   * Resolves once a read of the tail that started after this call has ended: the position then
   * covers every event committed before the call (a reconnecting client's replay reaches up to it,
   * and its 'ready' comes after everything it missed).
   */
  caughtUp(): Promise<void> {
    if (this.position === null || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      if (this.running) this.again = true;
      else this.wake();
    });
  }

  /**
   * Reads the table after the position and dispatches its final events in order; one read at a
   * time (a wake-up during a read reads again after it). Events held back by a running transaction
   * are read again shortly, and at once when that transaction's own event wakes it.
   */
  wake(): void {
    if (this.position === null || this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void (async () => {
      let held = false;
      try {
        let more = true;
        while ((more || this.again) && !this.stopped) {
          this.again = false;
          const waiting = this.waiters.splice(0);
          ({ more, held } = await this.read());
          for (const resolve of waiting) resolve();
        }
      } catch (err) {
        held = true;
        this.log(`Temps réel : lecture des événements en échec (${(err as Error).message})`);
      } finally {
        this.running = false;
        // A failed read (or a stop) must not leave an authentication waiting.
        for (const resolve of this.waiters.splice(0)) resolve();
      }
      this.retryIfHeld(held);
    })();
  }

  private retryIfHeld(held: boolean): void {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    if (!held) {
      this.heldRetries = 0;
      this.heldSince = null;
      this.heldLogged = false;
    } else if (!this.stopped) {
      // Correct but slow: a long transaction (with a write) delays every live event until it ends.
      this.heldSince ??= Date.now();
      if (!this.heldLogged && Date.now() - this.heldSince > HELD_WARN_MS) {
        this.heldLogged = true;
        this.log(`Temps réel : des événements attendent depuis ${Math.round((Date.now() - this.heldSince) / 1000)} s la fin d’une transaction plus ancienne`);
      }
      this.heldTimer = setTimeout(() => {
        this.heldTimer = null;
        this.wake();
      }, HELD_RETRY_MS[Math.min(this.heldRetries++, HELD_RETRY_MS.length - 1)]);
      this.heldTimer.unref();
    }
  }

  private async read(): Promise<{ more: boolean; held: boolean }> {
    const rows = await eventsAfter(this.db, this.position!, TAIL_BATCH);
    for (const { event, position, final } of rows) {
      // Ordered by tx: the first event not final holds back every event after it.
      if (!final) return { more: false, held: true };
      // Synchronous up to the queues: a socket authenticating between two events sees a
      // position that every dispatched event is at or before.
      this.dispatch(event, position);
      this.position = position;
    }
    return { more: rows.length === TAIL_BATCH, held: false };
  }
}
