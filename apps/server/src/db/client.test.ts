import { describe, expect, it } from 'vitest';
import { withSetting } from './client.ts';

// The searches' sessions get plan_cache_mode through the start-up packet (db/client.ts connect):
// a DATABASE_URL's own options must survive it, and its other parts stay as written.
describe('withSetting', () => {
  it('adds the setting to the URL’s options, after its own, keeping the rest', () => {
    const url = withSetting('postgres://wellbe:a%2Fb%40c@db.example:5433/wellbe?sslmode=require&options=-c%20statement_timeout%3D5s', 'plan_cache_mode=force_custom_plan');
    const u = new URL(url);
    expect(u.searchParams.get('options')).toBe('-c statement_timeout=5s -c plan_cache_mode=force_custom_plan');
    expect(u.searchParams.get('sslmode')).toBe('require');
    expect(decodeURIComponent(u.password)).toBe('a/b@c');
    expect([u.hostname, u.port, u.pathname]).toEqual(['db.example', '5433', '/wellbe']);
    expect(new URL(withSetting('postgres://u@h/d', 'x=1')).searchParams.get('options')).toBe('-c x=1');
  });
});
