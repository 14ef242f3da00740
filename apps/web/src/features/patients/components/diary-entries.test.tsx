import { describe, it } from 'vitest';
import { meal, seesThePhoto, withMealPhotoApi, withoutPhoto } from '../../../test/meal-photo.fixture.ts';
import { renderAs } from '../../../test/render.tsx';
import { DiaryEntries } from './diary-entries.tsx';

// The file's 'Journal' tab shows a meal's photo to the practitioner: a thumbnail fetched with the session, opened larger.

withMealPhotoApi();

describe('a meal photo', () => {
  it('the practitioner sees it in the file’s meal diary and opens it larger', async () => {
    renderAs('PR', <DiaryEntries idPatient="a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d" entries={[meal, withoutPhoto]} />);
    await seesThePhoto();
  });
});
