// Real time (DESIGN §8): what modules use.
export { insertRealtimeFrom, notifyRealtime, publishRealtime, recordRealtime, storedRealtime, type PublishInput } from './publish.ts';
export { onPresenceChange, registerRealtimeMessage, registerRealtimeType, type RealtimeEvent, type RealtimeResolver } from './registry.ts';
export { onlineUsers, PRESENCE_STALE_MS } from './presence.ts';
