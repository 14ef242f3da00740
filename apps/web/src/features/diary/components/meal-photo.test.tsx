import { describe, it } from 'vitest';
import { meal, seesThePhoto, withMealPhotoApi, withoutPhoto } from '../../../test/meal-photo.fixture.ts';
import { renderAs } from '../../../test/render.tsx';
import { EntryList } from './entry-list.tsx';

// The patient's /journal shows their meal's photo: a thumbnail fetched with the session, opened larger.

withMealPhotoApi();

describe('a meal photo', () => {
  it('the patient sees the thumbnail of their meal in /journal and opens it larger', async () => {
    renderAs('PT', <EntryList entries={[meal, withoutPhoto]} />);
    await seesThePhoto();
  });
});
