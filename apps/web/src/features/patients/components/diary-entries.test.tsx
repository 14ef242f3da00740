import { afterEach, beforeAll, beforeEach, describe, it, vi } from 'vitest';
import { i18nReady } from '../../../i18n/i18n.ts';
import { meal, seesThePhoto, stubMealPhoto, withoutPhoto } from '../../../test/meal-photo.fixture.ts';
import { renderAs } from '../../../test/render.tsx';
import { DiaryEntries } from './diary-entries.tsx';

// The file's 'Journal' tab shows a meal's photo to the practitioner: a thumbnail fetched with the session, opened larger.

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => stubMealPhoto());
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a meal photo', () => {
  it('the practitioner sees it in the file’s meal diary and opens it larger', async () => {
    renderAs('PR', <DiaryEntries idPatient="a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" entries={[meal, withoutPhoto]} />);
    await seesThePhoto();
  });
});
