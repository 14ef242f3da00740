import { z } from 'zod';

// The frames a client sends on the real-time socket (realtime.ts has the rest of the protocol).

/** Client → server. `since`: the last event id the client received, or the `ready` cursor (catch-up after a reconnect). */
export const realtimeAuthFrame = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(4096),
  since: z.number().int().nonnegative().optional(),
});

export const realtimeClientFrame = z.object({
  type: z.string().min(1).max(64),
  data: z.record(z.string(), z.unknown()).optional(),
});
