import { afterEach, describe, expect, it } from 'vitest';
import { endSession } from '../../lib/session.ts';
import { writeToken } from '../../lib/token.ts';
import { draftStorageKey, readStoredDraft, writeStoredDraft } from './draft-storage.ts';

// The stored consultation draft goes at logout on any page, without the panel's store loaded:
// a fresh load of /logout knows the user only from the stored token (the e2e "clears the draft at
// logout" failed when the store moved out of the first screens' chunk).

/** A JWT of the shape the server issues (payload read by the browser, signature not checked there). */
function tokenFor(sub: string): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}

const stored = { draft: { Size: '172' }, mode: 'new' as const, editing: null, patient: null };

afterEach(() => localStorage.clear());

describe('consultation draft at logout', () => {
  it('is removed for the user of the stored token, before the page knew who was signed in; other users keep theirs', () => {
    writeStoredDraft('user-a', stored);
    writeStoredDraft('user-b', stored);
    writeToken(tokenFor('user-a'));
    endSession('logout');
    expect(readStoredDraft('user-a')).toBeNull();
    expect(localStorage.getItem(draftStorageKey('user-b'))).not.toBeNull();
  });

  it('stays through an expired session (the user signs in again and saves)', () => {
    writeStoredDraft('user-a', stored);
    writeToken(tokenFor('user-a'));
    endSession('expired');
    expect(readStoredDraft('user-a')).toMatchObject({ draft: { Size: '172' } });
  });
});
