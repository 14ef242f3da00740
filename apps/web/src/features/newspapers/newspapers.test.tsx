import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewsletterDto } from '@wellbe/shared/schemas/articles';
import { i18n } from '../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../test/texts.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { NewspapersPage } from './newspapers-page.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

// Issue 20 on the screen: the newsletters of /newspapers with their sending figures, and the
// one-click unsubscribe link of the mail.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

textsInEachLanguage(['editorial']);
afterEach(() => vi.unstubAllGlobals());

const SENT: NewsletterDto = {
  id: 'n1',
  title: 'La lettre de novembre',
  intro: '',
  articleIds: [],
  audience: 'organisation_patients',
  organizationId: 'o1',
  organizationName: 'Cabinet Démo',
  status: 'envoyee',
  scheduledAt: null,
  sentAt: '2026-11-02T10:00:00.000Z',
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  stats: { recipients: 40, sent: 38, failed: 2, unsubscribed: 1 },
};

describe('/newspapers', () => {
  it('lists each letter with its audience, status and figures', async () => {
    fakeApi({ 'GET /api/newspapers': { data: [SENT] } });
    renderAs('DE', <NewspapersPage />);
    const row = await screen.findByRole('row', { name: /La lettre de novembre/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('Les patients d’une organisation · Cabinet Démo');
    expect(cells[2]).toHaveTextContent('Envoyée');
    expect(cells.slice(4).map((c) => c.textContent)).toEqual(['40', '38', '2', '1']);
  });

  it('names the audience and the status in the interface’s language (English)', async () => {
    fakeApi({ 'GET /api/newspapers': { data: [SENT] } });
    await act(() => i18n.changeLanguage('en'));
    renderAs('DE', <NewspapersPage />);
    const cells = within(await screen.findByRole('row', { name: /La lettre de novembre/ })).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent('The patients of one organisation · Cabinet Démo');
    expect(cells[2]).toHaveTextContent('Sent');
  });

  it('says in French why a scheduled letter could not be unscheduled', async () => {
    const scheduled: NewsletterDto = { ...SENT, status: 'programmee', sentAt: null, scheduledAt: '2026-12-01T08:00:00.000Z', stats: { recipients: 0, sent: 0, failed: 0, unsubscribed: 0 } };
    fakeApi({
      'GET /api/newspapers': { data: [scheduled] },
      'GET /api/newspapers/n1': { data: scheduled },
      'POST /api/newspapers/n1/unschedule': () => apiError(409, 'conflict', 'L’envoi a déjà commencé : il ne se déprogramme plus.'),
    });
    renderAs('DE', <NewspapersPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'La lettre de novembre' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler la programmation' }));
    expect(await screen.findByText('L’envoi a déjà commencé : il ne se déprogramme plus.')).toBeInTheDocument();
  });

  it('says when there is no letter yet', async () => {
    fakeApi({ 'GET /api/newspapers': { data: [] } });
    renderAs('DE', <NewspapersPage />);
    expect(await screen.findByText('Aucune lettre d’information.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('/newsletter/unsubscribe', () => {
  const at = (url: string) => renderAs('PT', <UnsubscribePage />, { path: '/newsletter/unsubscribe', url });

  it('unsubscribes with the link’s token in one visit and confirms it', async () => {
    const requests = fakeApi({ 'POST /api/newspapers/unsubscribe': { data: { unsubscribed: true } } });
    at('/newsletter/unsubscribe?token=signed.token');
    expect(await screen.findByText(/C’est fait : vous ne recevrez plus la lettre d’information\./)).toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toEqual([expect.objectContaining({ body: { token: 'signed.token' } })]));
  });

  it('says in French that a tampered link changed nothing', async () => {
    fakeApi({ 'POST /api/newspapers/unsubscribe': () => apiError(400, 'invalid_token', 'Lien invalide.') });
    at('/newsletter/unsubscribe?token=forged');
    expect(await screen.findByText('Ce lien de désinscription n’est pas valide ou a expiré. Rien n’a été modifié.')).toBeInTheDocument();
  });

  it('sends nothing without a token', async () => {
    const requests = fakeApi({});
    at('/newsletter/unsubscribe');
    expect(await screen.findByText('Ce lien de désinscription n’est pas valide ou a expiré. Rien n’a été modifié.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
