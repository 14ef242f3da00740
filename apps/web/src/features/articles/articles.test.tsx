import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArticleDto } from '@wellbe/shared/schemas/articles';
import { i18n } from '../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../test/texts.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { ArticleReaderPage } from './article-reader-page.tsx';
import { ArticlesPage } from './articles-page.tsx';

// Issue 20 on the screen: the editorial team's list of articles, and the reader's page of one,
// where a practitioner (not a patient) may pin it for their patients.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

textsInEachLanguage(['editorial']);
afterEach(() => vi.unstubAllGlobals());

const ARTICLE: ArticleDto = {
  id: 'a1',
  slug: 'bien-dormir',
  title: 'Bien dormir en hiver',
  summary: 'Sept conseils pour retrouver le sommeil.',
  category: 'prevention',
  tags: ['sommeil'],
  language: 'fr',
  audience: 'patients',
  status: 'publie',
  publishAt: null,
  publishedAt: '2026-11-02T10:00:00.000Z',
  readingMinutes: 4,
  readCount: 12,
  coverUrl: null,
  updatedAt: '2026-11-02T10:00:00.000Z',
  body: '<p>Se coucher à heures régulières.</p>',
  authorName: 'Équipe WellBe',
  translationGroup: 'g1',
  translations: [],
};

describe('/articles (editorial team)', () => {
  it('lists the articles the API answers with their status and reads, and filters by status', async () => {
    const requests = fakeApi({ 'GET /api/articles': (r: { query: URLSearchParams }) => ({ data: r.query.get('status') === 'archive' ? { items: [], total: 0 } : { items: [ARTICLE], total: 1 } }) });
    renderAs('DE', <ArticlesPage />);
    const list = await screen.findByRole('list', { name: 'Articles' });
    const item = await within(list).findByRole('button', { name: /Bien dormir en hiver/ });
    expect(item).toHaveTextContent('12 lectures');
    expect(item).toHaveTextContent('Publié');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Archivé' }));
    expect(await screen.findByText('Aucun article.')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/articles' && r.query.get('status') === 'archive')).toBe(true);
  });
});

describe('/articles/{slug} (readers)', () => {
  it('shows the article and lets a practitioner pin it for their patients', async () => {
    const requests = fakeApi({ 'GET /api/articles/read/bien-dormir': { data: ARTICLE }, 'PUT /api/articles/a1/pin': { success: true } });
    renderAs('PR', <ArticleReaderPage />, { path: '/articles/:slug', url: '/articles/bien-dormir' });
    expect(await screen.findByRole('heading', { name: 'Bien dormir en hiver' })).toBeInTheDocument();
    expect(screen.getByText('Se coucher à heures régulières.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Épingler pour mes patients' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/articles/a1/pin', body: { pinned: true } }));
  });

  it('offers no pin to a patient', async () => {
    fakeApi({ 'GET /api/articles/read/bien-dormir': { data: ARTICLE } });
    renderAs('PT', <ArticleReaderPage />, { path: '/articles/:slug', url: '/articles/bien-dormir' });
    expect(await screen.findByRole('heading', { name: 'Bien dormir en hiver' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Épingler pour mes patients' })).not.toBeInTheDocument();
  });

  it('in Arabic: the category in Arabic, the French article in French, left to right', async () => {
    fakeApi({ 'GET /api/articles/read/bien-dormir': { data: ARTICLE } });
    await act(() => i18n.changeLanguage('ar'));
    renderAs('PT', <ArticleReaderPage />, { path: '/articles/:slug', url: '/articles/bien-dormir' });
    const title = await screen.findByRole('heading', { name: 'Bien dormir en hiver' });
    expect(title).toHaveAttribute('lang', 'fr');
    expect(title).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('Se coucher à heures régulières.').closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(await screen.findByText('الوقاية')).toBeInTheDocument();
    expect(screen.queryByText('Prévention')).not.toBeInTheDocument();
  });

  it('says in French when the article does not exist or is not for the reader', async () => {
    fakeApi({ 'GET /api/articles/read/inconnu': () => apiError(404, 'not_found', 'Article introuvable.') });
    renderAs('PT', <ArticleReaderPage />, { path: '/articles/:slug', url: '/articles/inconnu' });
    expect(await screen.findByText('Cet article n’existe pas ou ne vous est pas destiné.')).toBeInTheDocument();
  });
});

describe('the article editor', () => {
  it('says in French why an article could not be published or a version restored', async () => {
    const reviewed = { ...ARTICLE, status: 'relu' as const, publishedAt: null };
    fakeApi({
      'GET /api/articles': { data: { items: [reviewed], total: 1 } },
      'GET /api/articles/a1': { data: reviewed },
      'GET /api/articles/a1/versions': { data: [{ id: 'ver1', title: reviewed.title, savedAt: '2026-11-01T10:00:00.000Z', savedBy: 'Équipe WellBe' }] },
      'POST /api/articles/a1/status': () => apiError(400, 'validation', 'Ajoutez un résumé avant de publier.'),
      'POST /api/articles/a1/versions/ver1/restore': () => apiError(404, 'not_found', 'Cette version n’existe plus.'),
    });
    renderAs('DE', <ArticlesPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Bien dormir en hiver/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Ajoutez un résumé avant de publier.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Restaurer' }));
    expect(await screen.findByText('Cette version n’existe plus.')).toBeInTheDocument();
  });
});
