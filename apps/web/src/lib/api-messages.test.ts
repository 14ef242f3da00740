import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUESTIONNAIRE_MESSAGES } from '@wellbe/shared/schemas/questionnaires';
import { i18n, i18nReady } from '../i18n/i18n.ts';
import { api, ApiError } from './api.ts';
import type * as ServerMessages from './server-messages.ts';

// The server refuses in French (SPEC §5); the client shows the refusal in the reader's language,
// keeping the French and the code, and loads nothing more for a French reader.

vi.mock('./server-messages.ts', async (original) => {
  const real = await original<typeof ServerMessages>();
  return { ...real, translateServerMessage: vi.fn(real.translateServerMessage) };
});
const { translateServerMessage } = await import('./server-messages.ts');

const SLOT_TAKEN = 'Ce créneau n’est plus disponible';

function refusal(status: number, code: string, message: string) {
  return new Response(JSON.stringify({ success: false, error: { code, message } }), { status, headers: { 'content-type': 'application/json' } });
}

async function refused(status: number, code: string, message: string): Promise<ApiError> {
  vi.stubGlobal('fetch', vi.fn(async () => refusal(status, code, message)));
  const error = await api('/agenda/appointments', { method: 'POST', body: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => vi.mocked(translateServerMessage).mockClear());
afterEach(() => vi.unstubAllGlobals());
afterAll(async () => {
  await i18n.changeLanguage('fr');
});

describe('a server refusal in the reader’s language', () => {
  it('is shown in English to an English reader, its code, status and French kept', async () => {
    await i18n.changeLanguage('en');
    const error = await refused(409, 'slot_taken', SLOT_TAKEN);
    expect(error).toMatchObject({ status: 409, code: 'slot_taken', message: 'This slot is no longer available', serverMessage: SLOT_TAKEN });
  });

  it('is shown in Arabic to an Arabic reader', async () => {
    await i18n.changeLanguage('ar');
    const error = await refused(409, 'slot_taken', SLOT_TAKEN);
    expect(error).toMatchObject({ status: 409, code: 'slot_taken', message: 'هذا الموعد لم يعد متاحًا', serverMessage: SLOT_TAKEN });
  });

  it('stays as sent for a French reader, who loads no translation', async () => {
    await i18n.changeLanguage('fr');
    const error = await refused(409, 'slot_taken', SLOT_TAKEN);
    expect(error).toMatchObject({ status: 409, code: 'slot_taken', message: SLOT_TAKEN, serverMessage: SLOT_TAKEN });
    expect(translateServerMessage).not.toHaveBeenCalled();
  });

  it('stays as sent when the message is not a known one', async () => {
    await i18n.changeLanguage('en');
    const error = await refused(400, 'bad_request', 'Un message que le client ne connaît pas.');
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'Un message que le client ne connaît pas.' });
  });

  it('carries the values of a message built from them, and a message inside another', async () => {
    await i18n.changeLanguage('en');
    expect((await refused(400, 'bad_request', 'La valeur doit être comprise entre 1 et 2 147 483 647.')).message).toBe('The value must be between 1 and 2147483647.');
    const answer = QUESTIONNAIRE_MESSAGES.answer('Poids', QUESTIONNAIRE_MESSAGES.min(40, 'kg'));
    expect((await refused(400, 'invalid_answers', answer)).message).toBe('“Poids”: The value must be greater than or equal to 40 kg.');
    await i18n.changeLanguage('tr');
    expect((await refused(400, 'bad_request', 'La valeur doit être comprise entre 1 et 10.')).message).toBe('Değer 1 ile 10 arasında olmalıdır.');
  });

  it('keeps what the server filled in a message it completes itself', async () => {
    await i18n.changeLanguage('en');
    const sent = 'Votre organisation exige la connexion par son fournisseur d’identité : utilisez le bouton « Se connecter avec Pro Santé Connect ».';
    expect((await refused(403, 'oidc_required', sent)).message).toBe('Your organisation requires sign-in through its identity provider: use the “Sign in with Pro Santé Connect” button.');
  });
});
