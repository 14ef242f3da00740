import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiSession, fillSignIn, panel } from './support.ts';

// Téléconsultation (DESIGN §9 "Video"): two browser contexts with Chromium's fake camera and
// microphone. pr starts the call from the agenda, pt checks their devices and waits, pr admits
// them, both remote videos play (frames decoded, time advancing, RTP bytes received both ways),
// pr hangs up and lands in the consultation panel with the patient. The appointment is booked for
// pt a few minutes ahead through the API (whatever the hour: a staff booking outside the working
// hours only warns; pr's appointments in that slot are cancelled first).

const FAKE_MEDIA = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];
const LONG = { timeout: 60_000 };

/** Keeps every RTCPeerConnection the page makes, so that the test can read its statistics. */
function recordConnections() {
  const w = window as unknown as { __pcs: RTCPeerConnection[]; RTCPeerConnection: typeof RTCPeerConnection };
  w.__pcs = [];
  const Original = w.RTCPeerConnection;
  w.RTCPeerConnection = class extends Original {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      w.__pcs.push(this);
    }
  };
}

/** Video bytes received over the page's connected peer connections. */
const videoBytesIn = (page: Page) =>
  page.evaluate(async () => {
    let bytes = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState !== 'connected') continue;
      (await pc.getStats()).forEach((r: { type: string; kind?: string; bytesReceived?: number }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') bytes += r.bytesReceived ?? 0;
      });
    }
    return bytes;
  });

async function expectRemoteVideoPlays(page: Page) {
  const remote = page.getByLabel('Vidéo de votre interlocuteur');
  await expect(remote).toBeVisible(LONG);
  await expect.poll(() => remote.evaluate((v: HTMLVideoElement) => v.videoWidth), LONG).toBeGreaterThan(0);
  const first = await remote.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => remote.evaluate((v: HTMLVideoElement) => v.currentTime), LONG).toBeGreaterThan(first);
  await expect.poll(() => videoBytesIn(page), LONG).toBeGreaterThan(0);
}

const parisDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(at);

/** A téléconsultation of pr with pt (Lucas Bernard) starting in 3 minutes, 20 minutes long. */
async function bookSoon(request: APIRequestContext) {
  const pr = await apiSession(request, 'pr');
  const startsAt = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000);
  const endsAt = new Date(startsAt.getTime() + 20 * 60_000);
  const period = await (await request.get('/api/agenda/appointments', { params: { from: startsAt.toISOString(), to: endsAt.toISOString(), practitioners: pr.id }, headers: pr.headers })).json();
  for (const a of period.data.appointments as { id: string; status: string }[]) {
    if (!['annulé', 'honoré', 'absent'].includes(a.status)) await request.post(`/api/agenda/appointments/${a.id}/cancel`, { headers: pr.headers, data: { reason: 'Place pour la téléconsultation du test' } });
  }
  const [lucas] = (await (await request.get('/api/agenda/patients', { params: { q: 'Lucas Bernard' }, headers: pr.headers })).json()).data as { id: string }[];
  const res = await request.post('/api/agenda/appointments', {
    headers: pr.headers,
    data: { practitionerId: pr.id, patientId: lucas!.id, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), teleconsultation: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  const day = parisDay(startsAt.getTime());
  return { id: (await res.json()).data.id as string, day, today: day === parisDay(Date.now()) };
}

async function signedIn(browser: Browser, username: string, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris', reducedMotion: 'reduce', permissions: ['camera', 'microphone'] });
  await context.addInitScript(recordConnections);
  context.setDefaultNavigationTimeout(60_000);
  const page = await context.newPage();
  await page.goto('/login');
  await fillSignIn(page, username);
  await expect(page).toHaveURL(/\/dashboard$/, LONG);
  return page;
}

test('a video visit from the agenda: the waiting room, both videos, hang-up into the consultation', async ({ request, browserName }, info) => {
  test.setTimeout(300_000);
  expect(browserName).toBe('chromium');
  const launch = info.project.use.launchOptions ?? {};
  const browser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), ...FAKE_MEDIA] });
  try {
    const { id, day, today } = await bookSoon(request);
    const pr = await signedIn(browser, 'pr', info.project.use.baseURL);
    const pt = await signedIn(browser, 'pt', info.project.use.baseURL);

    // Both dashboards offer it for that appointment.
    // (pr's lists today's appointments: one booked in the last minutes before midnight is tomorrow's.)
    if (today) await expect(pr.getByTestId('card-today').getByRole('link', { name: 'Démarrer la téléconsultation' })).toBeVisible(LONG);
    await expect(pt.getByTestId('card-next-appointment').getByRole('link', { name: 'Rejoindre la téléconsultation' })).toBeVisible(LONG);

    // pr starts it from the agenda.
    await pr.goto(`/agenda/moi/jour/${day}`);
    const launcher = pr.getByRole('button', { name: 'Consultation', exact: true });
    await expect(launcher).toBeVisible(LONG);
    await pr.getByRole('button', { name: /Lucas Bernard/ }).first().click(LONG);
    await pr.getByRole('dialog', { name: 'Lucas Bernard' }).getByRole('link', { name: 'Démarrer la téléconsultation' }).click();
    await expect(pr).toHaveURL(new RegExp(`/teleconsultation/${id}$`));
    await expect(pr.getByLabel('Aperçu de votre caméra')).toBeVisible(LONG);
    await pr.getByRole('button', { name: 'Démarrer la téléconsultation' }).click(LONG);
    await expect(pr.getByText('En attente de votre interlocuteur…')).toBeVisible(LONG);
    // The consultation's floating button is not drawn over the call's controls and conversation.
    await expect(launcher).toBeHidden();

    // pt checks the camera, accepts the video visit and waits.
    await pt.getByTestId('card-next-appointment').getByRole('link', { name: 'Rejoindre la téléconsultation' }).click();
    await expect.poll(() => pt.getByLabel('Aperçu de votre caméra').evaluate((v: HTMLVideoElement) => v.videoWidth), LONG).toBeGreaterThan(0);
    await pt.getByRole('checkbox', { name: /J’accepte que cette consultation ait lieu en vidéo/ }).check();
    await pt.getByRole('button', { name: 'Rejoindre la téléconsultation' }).click();
    await expect(pt.getByText('Votre praticien va vous recevoir')).toBeVisible(LONG);

    // pr admits them: both remote videos play.
    await expect(pr.getByText('Lucas Bernard attend dans la salle d’attente.')).toBeVisible(LONG);
    await pr.getByRole('button', { name: 'Admettre' }).click();
    await expectRemoteVideoPlays(pt);
    await expectRemoteVideoPlays(pr);

    // pr hangs up and lands in the consultation panel with the patient, the visit noted.
    await pr.getByRole('button', { name: 'Raccrocher' }).click();
    await expect(pr).toHaveURL(/\/patient\/dossier\//, LONG);
    await expect(panel(pr)).toBeVisible(LONG);
    await expect(panel(pr)).toContainText('Lucas Bernard', LONG);
    await expect(panel(pr)).toContainText('Téléconsultation', LONG);
    await expect(pt.getByText('La téléconsultation est terminée. Merci !')).toBeVisible(LONG);
  } finally {
    await browser.close();
  }
});
