import pg from 'pg';
import { REVOKE_CHANNEL } from './realtime/publish.ts';

// The sign-in lookup of every request (plugins/authenticate.ts: the user's row, then the token's
// session) kept per process for a few seconds, so a signed-in request costs no database round
// trip. Revocation stays immediate:
// - on every server, through PostgreSQL LISTEN/NOTIFY (DESIGN §8): the triggers of the
//   realtime-events and performance migrations notify `wellbe_realtime_revoke` whenever a user's
//   token version, activity, role, organisation, speciality or patient link changes, a session is
//   revoked or shortened, or an organisation is deactivated; each server drops what it holds;
// - in this process at once: the code that changes those rows calls `signInChanged()` after its
//   write, so the very next request of this server never reads a stale entry;
// - while the LISTEN connection is down (or not yet up), nothing is served from the cache.
// It also holds the consent gate's answer per user (modules/policies: whether the user owes an
// acceptance), forgotten the same ways: the policies migration's triggers notify a version
// written (every user) or an acceptance recorded (that user), `consentChanged()` in this process;
// and an answer never outlives the next published version's effective date (no write marks it).

/** How long an entry is trusted without a notification (a safety net, not the invalidation). */
export const SIGN_IN_CACHE_TTL_MS = 5000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  at: number;
  userId: string;
  organizationId: string | null;
}

const caches = new Set<SignInCache>();

/** Forgets every cached sign-in of this process (called after writing users, sessions, organisations). */
export function signInChanged(): void {
  for (const c of caches) c.clear();
}

/** Forgets this process's cached consent answers: one user's (an acceptance), or everyone's (a version). */
export function consentChanged(userId?: string): void {
  for (const c of caches) c.forgetConsent(userId);
}

/** The consent gate's answer for a user, and until when (clock time) it holds at most. */
export interface ConsentState {
  pending: boolean;
  /** The effective date of the next published version not yet in force (ms), if any. */
  until: number | null;
}

export class SignInCache {
  private readonly users = new Map<string, Entry<unknown>>();
  private readonly sessions = new Map<string, Entry<unknown>>();
  private readonly consents = new Map<string, Entry<unknown>>();
  private listener: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  /** Bumped by every invalidation: a lookup that started before one is not stored. */
  private generation = 0;

  constructor(
    private readonly poolOptions: pg.PoolConfig,
    private readonly ttlMs = SIGN_IN_CACHE_TTL_MS,
  ) {
    caches.add(this);
  }

  /** Whether entries are served (the LISTEN connection is up). */
  get active(): boolean {
    return this.listener !== null;
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client(this.poolOptions);
    client.on('notification', (msg) => this.onNotify(msg.payload ?? ''));
    client.on('error', () => {});
    client.on('end', () => {
      if (this.listener === client) this.listener = null;
      this.clear();
      if (this.stopped) return;
      this.retry = setTimeout(() => void this.start().catch(() => undefined), 1000);
      this.retry.unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${REVOKE_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    // Whatever changed while nobody listened is forgotten.
    this.clear();
    this.listener = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    caches.delete(this);
    if (this.retry) clearTimeout(this.retry);
    const listener = this.listener;
    this.listener = null;
    this.clear();
    await listener?.end().catch(() => undefined);
  }

  clear(): void {
    this.generation++;
    this.users.clear();
    this.sessions.clear();
    this.consents.clear();
  }

  forgetConsent(userId?: string): void {
    this.generation++;
    if (userId) this.consents.delete(userId);
    else this.consents.clear();
  }

  private onNotify(payload: string): void {
    let target: { userId?: string; organizationId?: string; policies?: boolean; consentUserId?: string };
    try {
      target = JSON.parse(payload) as typeof target;
    } catch {
      this.clear();
      return;
    }
    if (target.policies) return this.forgetConsent();
    if (target.consentUserId) return this.forgetConsent(target.consentUserId);
    this.generation++;
    if (!target.userId && !target.organizationId) this.consents.clear();
    for (const map of [this.users, this.sessions]) {
      for (const [key, e] of map) {
        if ((target.userId && e.userId === target.userId) || (target.organizationId && e.organizationId === target.organizationId) || (!target.userId && !target.organizationId)) {
          map.delete(key);
        }
      }
    }
  }

  /** The user's sign-in row, from the cache or `load`. */
  user<T extends { organizationId: string | null }>(userId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.lookup(this.users, userId, load, (v) => ({ userId, organizationId: v.organizationId }));
  }

  /** A session's row, from the cache or `load`. */
  session<T extends { userId: string }>(sessionId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.lookup(this.sessions, sessionId, load, (v) => ({ userId: v.userId, organizationId: null }));
  }

  /**
   * Whether the user owes an acceptance, from the cache or `load`; `clockNow` (the app's clock)
   * past the answer's `until` reads it again.
   */
  async consent(userId: string, clockNow: number, load: () => Promise<ConsentState>): Promise<boolean> {
    const state = await this.lookup(this.consents, userId, load, () => ({ userId, organizationId: null }), (v) => v.until === null || clockNow < v.until);
    return state!.pending;
  }

  private async lookup<T>(
    map: Map<string, Entry<unknown>>,
    key: string,
    load: () => Promise<T | undefined>,
    owner: (v: T) => { userId: string; organizationId: string | null },
    holds: (v: T) => boolean = () => true,
  ): Promise<T | undefined> {
    if (!this.active) return load();
    const now = performance.now();
    const hit = map.get(key);
    if (hit && now - hit.at < this.ttlMs && holds(hit.value as T)) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    // Nothing unknown is cached (an unknown id stays a database answer), nor a row read before an
    // invalidation that arrived meanwhile.
    if (value !== undefined && generation === this.generation && this.active) {
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(key, { value, at: now, ...owner(value) });
    }
    return value;
  }
}

const byContext = new WeakMap<object, SignInCache>();

/** The cache of an app context (registered by plugins/authenticate.ts), if any. */
export function signInCacheOf(ctx: object): SignInCache | undefined {
  return byContext.get(ctx);
}

export function setSignInCache(ctx: object, cache: SignInCache): void {
  byContext.set(ctx, cache);
}
