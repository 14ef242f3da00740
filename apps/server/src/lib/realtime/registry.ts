import type { PermissionGroup } from '@wellbe/shared/permissions';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';

/** An event as every server reads it from LISTEN/NOTIFY (id null: ephemeral, never replayed). */
export interface RealtimeEvent {
  id: number | null;
  type: string;
  organizationId: string | null;
  userIds: string[] | null;
  data: Record<string, unknown>;
}

/**
 * Re-reads and re-authorises an event for one recipient, on the server that holds the recipient's
 * socket: answers the data to push (it may add the record the recipient is allowed to see), or
 * null to push nothing to that recipient.
 */
export type RealtimeResolver = (ctx: AppContext, event: RealtimeEvent, recipient: Caller, shared: SharedReads) => Promise<Record<string, unknown> | null>;

/**
 * A read made once per event and server, whatever the number of recipients (the row an event names
 * is the same for all of them; only the authorisation is per recipient).
 */
export type SharedReads = <T>(key: string, read: () => Promise<T>) => Promise<T>;

export function sharedReads(): SharedReads {
  const reads = new Map<string, Promise<unknown>>();
  return <T>(key: string, read: () => Promise<T>) => {
    if (!reads.has(key)) reads.set(key, read());
    return reads.get(key) as Promise<T>;
  };
}

/**
 * Coalesced delivery: reads made once for a whole batch of events and every recipient, then a
 * function answering one recipient's frame data for the events of the batch in their audience
 * (null: no frame for them). The same data object for several recipients is serialised once.
 */
export type RealtimeBatchResolver = (
  ctx: AppContext,
  events: RealtimeEvent[],
  recipients: Caller[],
) => Promise<(recipient: Caller, events: RealtimeEvent[]) => Record<string, unknown> | null>;

export interface RealtimeTypeOptions {
  /** Only recipients whose role is in this SPEC §6 group receive the event. */
  access?: PermissionGroup;
  resolve?: RealtimeResolver;
  /**
   * Frequent events nobody needs one by one (presence): the events of this type a server hears
   * within `ms` go out as ONE frame `{ type: frame, data }` per socket (at most one per `ms`),
   * built by `batch`. Such frames carry no id: a reconnecting client gets the batch of what it missed.
   */
  coalesce?: { frame: string; ms: number; batch: RealtimeBatchResolver };
}

/** A message a signed-in client sends on its socket (typing…): handled with the socket's caller. */
export type RealtimeMessageHandler = (ctx: AppContext, caller: Caller, data: Record<string, unknown>) => Promise<void>;

const types = new Map<string, RealtimeTypeOptions>();
const handlers = new Map<string, RealtimeMessageHandler>();

/** A module declares who may receive its event type and how to re-read it (once, at import). */
export function registerRealtimeType(type: string, options: RealtimeTypeOptions): void {
  types.set(type, options);
}

export function realtimeType(type: string): RealtimeTypeOptions | undefined {
  return types.get(type);
}

/** A module accepts a client message type on the socket (e.g. the chat's typing indicator). */
export function registerRealtimeMessage(type: string, handler: RealtimeMessageHandler): void {
  handlers.set(type, handler);
}

export function realtimeMessageHandler(type: string): RealtimeMessageHandler | undefined {
  return handlers.get(type);
}

/** A user's first socket opened on a server, or their last one on it closed (presence). */
export type PresenceListener = (ctx: AppContext, user: Caller, online: boolean) => Promise<void>;

const presenceListeners: PresenceListener[] = [];

/** A module hears presence changes (the chat tells the user's contacts they came or went). */
export function onPresenceChange(listener: PresenceListener): void {
  presenceListeners.push(listener);
}

export function presenceListenersList(): readonly PresenceListener[] {
  return presenceListeners;
}
