import { beforeAll, describe, expect, it } from 'vitest';
import { json, type TestApp } from '../../../test/helpers.ts';
import { until } from '../../../test/until.ts';
import { wsClient } from '../../../test/ws-client.ts';
import { chat, get, post, s, setUpChatApp, statusFor, statusIn } from './chat.test-kit.ts';

// The chat through /api/ws (issue 16): live delivery of messages, typing and read receipts to the
// members only, presence from the sockets, and who hears a status change (coalesced).

setUpChatApp();
let t: TestApp;
let base: string;
beforeAll(() => {
  t = chat.t;
  base = chat.base;
});

describe('live delivery through /api/ws', () => {
  it('pushes the re-read message, the typing indicator and the read receipt to the other member only', async () => {
    const onPa = wsClient(base);
    await onPa.auth(s.pa.token);
    const onRh = wsClient(base);
    await onRh.auth(s.rh.token);
    const onPr = wsClient(base);
    await onPr.auth(s.pr.token);
    const chat = json(await get('pr', `/api/chat/get-chat?contactId=${s.pa.id}`)).chat;
    onPr.send({ type: 'chat.typing', data: { chatId: chat.id } });
    const typing = await onPa.next((f) => f.type === 'chat.typing');
    expect(typing.data).toEqual({ chatId: chat.id, userId: s.pr.id });
    const sent = json(await post('pr', '/api/chat/send-message', { chatId: chat.id, messageText: 'Je passe te voir à midi.' }));
    const frame = await onPa.next((f) => f.type === 'chat.message');
    expect(frame.data).toMatchObject({ chatId: chat.id, messageId: sent.message.id, message: { message: 'Je passe te voir à midi.', who: s.pr.id } });
    await post('pa', `/api/chat/conversations/${chat.id}/read`, {});
    const receipt = await onPr.next((f) => f.type === 'chat.read');
    expect(receipt.data).toMatchObject({ chatId: chat.id, userId: s.pa.id, seq: sent.message.seq });
    // rh is not a member: nothing about that conversation.
    await post('pr', '/api/chat/user/data', { status: 'online' });
    await onRh.next((f) => f.type === 'chat.statuses');
    expect(onRh.frames.filter((f) => f.type.startsWith('chat.') && f.type !== 'chat.statuses')).toEqual([]);
    for (const c of [onPa, onRh, onPr]) c.close();
  });
});


describe('presence from the sockets', () => {
  it('a contact is online while they hold a socket (on any server), with their chosen status, and offline after', async () => {
    const status = () => statusFor('pr', s.ad.id);
    await post('ad', '/api/chat/user/data', { status: 'online' });
    expect(await status()).toBe('offline');
    const onPr = wsClient(base);
    await onPr.auth(s.pr.token);
    const onAd = wsClient(base);
    await onAd.auth(s.ad.token);
    // A batch flushed between pr's and ad's sign-in may first tell pr that ad is still offline.
    const came = await onPr.next((f) => statusIn(f, s.ad.id)?.status === 'online');
    expect(statusIn(came, s.ad.id)).toMatchObject({ status: 'online' });
    expect(t.app.realtime.isConnected(s.ad.id)).toBe(true);
    expect(await status()).toBe('online');
    // The row belongs to this server: another server's view (the same table) sees ad online too.
    await post('ad', '/api/chat/user/data', { status: 'dnd' });
    expect(await status()).toBe('dnd');
    onAd.close();
    const went = await onPr.next((f) => statusIn(f, s.ad.id)?.status === 'offline');
    expect(statusIn(went, s.ad.id)).toEqual({ userId: s.ad.id, status: 'offline', mood: expect.any(String) });
    expect(await status()).toBe('offline');
    onPr.close();
  });
});

describe('presence rules (who hears a status change, coalesced)', () => {
  it('reaches the practice’s chat staff; a patient is heard by and hears only their practitioners; never another organisation', async () => {
    const watch = { pr: wsClient(base), pa: wsClient(base), pr2: wsClient(base) };
    for (const [who, c] of Object.entries(watch)) await c.auth(s[who].token);
    const pt = wsClient(base);
    await pt.auth(s.pt.token);
    // pt came online: pr follows them and hears it.
    await watch.pr.next((f) => ['online', 'away', 'dnd'].includes(statusIn(f, s.pt.id)?.status ?? ''));
    const ad = wsClient(base);
    await ad.auth(s.ad.token);
    await watch.pr.next((f) => !!statusIn(f, s.ad.id));
    await watch.pa.next((f) => !!statusIn(f, s.ad.id));
    // pr changes their status: colleagues and pr's patient hear it (the last frames of this test).
    await post('pr', '/api/chat/user/data', { status: 'away', mood: 'Visite à domicile' });
    const away = (f: { type: string; data?: Record<string, unknown> }) => statusIn(f, s.pr.id)?.status === 'away';
    expect(statusIn(await pt.next(away), s.pr.id)).toEqual({ userId: s.pr.id, status: 'away', mood: 'Visite à domicile' });
    await watch.pa.next(away);
    await watch.pr.next(away); // their own other tabs too
    // pr2's own change, published after pr's, is pr2's marker: a change of the demo practice, had it
    // reached pr2 (another organisation), came before it.
    await post('pr2', '/api/chat/user/data', { status: 'online', mood: 'Repère' });
    await watch.pr2.next((f) => statusIn(f, s.pr2.id)?.mood === 'Repère');
    const heard = (c: typeof pt) => new Set(c.frames.filter((f) => f.type === 'chat.statuses').flatMap((f) => (f.data?.statuses as { userId: string }[]).map((e) => e.userId)));
    // Each socket heard only its own contacts (GET /api/chat/contacts, the pair rule) and itself.
    for (const [who, c] of [...Object.entries(watch), ['pt', pt] as const]) {
      const contacts = new Set((json(await get(who, '/api/chat/contacts')) as { id: string }[]).map((x) => x.id));
      for (const id of heard(c)) expect(contacts.has(id) || id === s[who].id, `${who} heard ${id}`).toBe(true);
    }
    expect(heard(watch.pr).has(s.pt.id)).toBe(true);
    // pt hears only their practitioners (pr, not the administrator ad); pr2 nothing of the demo practice.
    expect(heard(pt).has(s.ad.id)).toBe(false);
    for (const id of [s.pr.id, s.pa.id, s.pt.id, s.ad.id]) expect(heard(watch.pr2).has(id)).toBe(false);
    // The old frame, one per change, is gone.
    expect([...Object.values(watch), pt, ad].flatMap((c) => c.frames).filter((f) => f.type === 'chat.status')).toEqual([]);
    await post('pr', '/api/chat/user/data', { status: 'online', mood: '' });
    await post('pr2', '/api/chat/user/data', { status: 'online', mood: '' });
    for (const c of [...Object.values(watch), pt, ad]) c.close();
  });

  it('gathers the changes of a period into one frame per socket, at most one per period; a second tab is no news', async () => {
    // The test above closed pa's and ad's sockets: their "offline" goes out in a batch of its own,
    // which must not land among the changes counted below. Wait until they are offline; then rh's
    // arrival, published after those changes and delivered in order, is the marker: once pr hears
    // it, the earlier batch has gone out (in that frame or before it), never among the counted ones.
    for (const id of [s.pa.id, s.ad.id]) await until(() => statusFor('pr', id), (status) => status === 'offline', 5000);
    const onPr = wsClient(base);
    await onPr.auth(s.pr.token);
    const rhTab = wsClient(base);
    await rhTab.auth(s.rh.token);
    await onPr.next((f) => !!statusIn(f, s.rh.id));
    // Four colleagues' changes heard at once (as from several servers' notifications): one frame with all four.
    const ids = [s.pa.id, s.ad.id, s.rh.id, s.pg.id];
    const change = (userId: string) => t.app.realtime.dispatch({ id: null, type: 'chat.status', organizationId: s.pr.idOrganization!, userIds: null, data: { userId } });
    const from = onPr.frames.length;
    for (const id of ids) void change(id);
    const first = await onPr.next((f) => ids.every((id) => !!statusIn(f, id)));
    const at = Date.now();
    expect(onPr.frames.slice(from).filter((f) => ids.some((id) => !!statusIn(f, id)))).toEqual([first]);
    // The next change waits for the next period.
    void change(s.pa.id);
    await onPr.next((f) => !!statusIn(f, s.pa.id));
    expect(Date.now() - at).toBeGreaterThanOrEqual(200);
    // rh opens a second tab: already online, nothing new for pr.
    const count = () => onPr.frames.filter((f) => !!statusIn(f, s.rh.id)).length;
    const before = count();
    const secondTab = wsClient(base);
    await secondTab.auth(s.rh.token);
    // A later change (pa's mood, published after the second tab signed in) is the marker: had the
    // tab been news, pr would have heard rh before it or in the same frame.
    const mood = 'Repère du test';
    expect((await post('pa', '/api/chat/user/data', { status: 'online', mood })).statusCode).toBe(200);
    await onPr.next((f) => statusIn(f, s.pa.id)?.mood === mood);
    expect(count()).toBe(before);
    expect((await post('pa', '/api/chat/user/data', { status: 'online', mood: '' })).statusCode).toBe(200);
    for (const c of [onPr, rhTab, secondTab]) c.close();
  });
});
