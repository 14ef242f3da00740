// Real time (DESIGN §8): what modules use.
export { publishRealtime, type PublishInput } from './publish.ts';
export { registerRealtimeMessage, registerRealtimeType, type RealtimeEvent, type RealtimeResolver } from './registry.ts';
