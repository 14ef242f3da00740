import { Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../../i18n/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { endSession, setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { consultationStore, openConsultation, openPanel, openPanelForPatient, setPanelPatient, startNewConsultation, updateDraft } from '../consultation-store.ts';
import { saveConsultation, saveStore } from '../save-flow.ts';
import { ConsultationPanel } from './consultation-panel.tsx';

// The consultation panel as a practitioner uses it: nothing typed for one consultation (one patient)
// can be undone back into the next; numbers are French; an invalid form cannot be saved; unusual
// values are confirmed.

const created: { idPatient: string; consultationCreate: Record<string, unknown> }[] = [];
vi.mock('../api/create-consultation.ts', () => ({
  createConsultation: vi.fn(async (input: { idPatient: string; idConsultation: string; consultationCreate: Record<string, unknown> }) => {
    created.push(input);
    return { idConsultation: input.idConsultation };
  }),
}));
const patients = {
  lucas: { idPatient: '00000000-0000-4000-8000-00000000000a', FullName: 'Lucas Bernard', birthDate: '1988-04-12', previousWeight: 80 },
  helene: { idPatient: '00000000-0000-4000-8000-00000000000b', FullName: 'Hélène Martin', birthDate: '1975-09-30', previousWeight: 62 },
};
vi.mock('../api/read-patient-context.ts', () => ({
  readPatientContext: vi.fn(async (id: string) => Object.values(patients).find((p) => p.idPatient === id)),
}));
vi.mock('../api/read-consultation.ts', () => ({
  readConsultation: vi.fn(async (id: string) => ({
    idConsultation: id,
    idPatient: patients.helene.idPatient,
    patientFullName: 'Hélène Martin',
    version: 1,
    ConsultationDate: '2026-11-20T09:30:00.000Z',
    ConsultationNote: '<p>Note existante</p>',
    Diagnostic: '',
    HealthCareCategory: '',
    Size: 164.5,
    Weight: 62.3,
    documents: [],
  })),
}));

// Edit mode's save: another user saved the consultation first (the server's 409, in French).
vi.mock('../api/update-consultation.ts', async () => {
  const { ApiError } = await import('../../../lib/api.ts');
  const { CONSULTATION_MESSAGES } = await import('@wellbe/shared/schemas/consultations');
  return { updateConsultation: vi.fn(async () => Promise.reject(new ApiError(409, 'version_conflict', CONSULTATION_MESSAGES.versionConflict))) };
});

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces(['consultations', 'common']);
  // No server here: the organisation settings request fails quietly and the defaults apply.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
});

beforeEach(() => {
  act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
  act(() => {
    startNewConsultation({ keepPatient: false });
    saveStore.set({ warnings: null, success: false, dialogOpen: false, error: null, saved: null });
    openPanel();
  });
  created.length = 0;
});
afterEach(() => {
  act(() => endSession('logout'));
  localStorage.clear();
});

/** Where 'Facturer' led: the path and query the facturation page would read. */
function Landing() {
  const location = useLocation();
  return <output aria-label="page">{`${location.pathname}${location.search}`}</output>;
}

function renderPanel() {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/agenda']}>
          <Suspense fallback="…">
            <ConsultationPanel />
          </Suspense>
          <Routes>
            <Route path="*" element={<Landing />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The TipTap editor behind a labelled rich-text box (TipTap hangs itself on its element). */
async function editorOf(label: string): Promise<Editor> {
  const box = await screen.findByRole('textbox', { name: label });
  return (box as HTMLElement & { editor: Editor }).editor;
}

/** Types into the editor through a real transaction, recorded in the undo history like keystrokes. */
async function typeNote(text: string) {
  const editor = await editorOf('Consultation');
  act(() => {
    editor.commands.focus('end');
    editor.commands.insertContent(text);
  });
  expect(editor.can().undo()).toBe(true);
}

/** After the event: the editor shows nothing of the old text, and undo (keys or toolbar) brings none back. */
async function expectNoUndo(old: string) {
  const editor = await editorOf('Consultation');
  expect(editor.can().undo()).toBe(false);
  act(() => {
    editor.commands.undo();
  });
  expect(editor.getHTML()).not.toContain(old);
  expect(consultationStore.get().draft.ConsultationNote).not.toContain(old);
  const toolbar = screen.getByRole('toolbar', { name: 'Mise en forme : Consultation' });
  expect(within(toolbar).getByRole('button', { name: 'Annuler la dernière modification' })).toBeDisabled();
}

describe('undo history of the rich texts', () => {
  it('is cleared after a save', async () => {
    renderPanel();
    await typeNote('Antécédents de Hélène');
    await act(() => saveConsultation({ kind: 'existing', idPatient: patients.helene.idPatient, FullName: 'Hélène Martin' }));
    expect(created).toHaveLength(1);
    await expectNoUndo('Antécédents de Hélène');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  });

  it("is cleared by 'Vider le formulaire'", async () => {
    renderPanel();
    await typeNote('Texte à vider');
    await userEvent.click(screen.getAllByRole('button', { name: 'Vider le formulaire' }).at(-1)!);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Confirmation' })).getByRole('button', { name: 'Vider le formulaire' }));
    await expectNoUndo('Texte à vider');
  });

  it("is cleared by 'Nouvelle Consultation'", async () => {
    renderPanel();
    await act(() => openConsultation('00000000-0000-4000-8000-0000000000c1'));
    await typeNote(' ajout en modification');
    await userEvent.click(screen.getByRole('button', { name: 'Nouvelle Consultation' }));
    await expectNoUndo('Note existante');
  });

  it('is cleared when the panel changes patient', async () => {
    renderPanel();
    act(() => setPanelPatient(patients.helene));
    await typeNote('Confidentiel Hélène');
    // The text is deleted (still in the undo history), then the panel is opened from Lucas's file.
    const editor = await editorOf('Consultation');
    act(() => {
      editor.commands.clearContent(true);
    });
    await act(() => openPanelForPatient(patients.lucas.idPatient));
    expect(consultationStore.get().patient?.FullName).toBe('Lucas Bernard');
    await expectNoUndo('Confidentiel Hélène');
  });
});

describe('measures', () => {
  it('reads 8,2 as 8.2 kg, shows the IMC with a comma, and sends 8.2', async () => {
    renderPanel();
    await userEvent.type(screen.getByLabelText('Taille (cm)'), '60');
    await userEvent.type(screen.getByLabelText('Poids (Kg)'), '8,2');
    expect(screen.getByTestId('imc')).toHaveTextContent('22,78');
    await userEvent.clear(screen.getByLabelText('Taille (cm)'));
    await userEvent.type(screen.getByLabelText('Taille (cm)'), '17.8');
    await userEvent.clear(screen.getByLabelText('Taille (cm)'));
    await userEvent.type(screen.getByLabelText('Taille (cm)'), '178');
    await userEvent.clear(screen.getByLabelText('Poids (Kg)'));
    await userEvent.type(screen.getByLabelText('Poids (Kg)'), '82.0');
    // Left with a point, shown with the French comma; the number is the same.
    fireEvent.blur(screen.getByLabelText('Poids (Kg)'));
    expect(screen.getByLabelText('Poids (Kg)')).toHaveValue('82');
    expect(screen.getByTestId('imc')).toHaveTextContent('25,88');
  });

  it('hides the IMC, blocks the save and goes to the first invalid field while a value is wrong', async () => {
    renderPanel();
    await userEvent.type(screen.getByLabelText('Taille (cm)'), '1e3');
    await userEvent.type(screen.getByLabelText('Poids (Kg)'), '999');
    expect(screen.getByText(/Nombre invalide/)).toBeInTheDocument();
    expect(screen.getByText('Le poids doit être compris entre 1 et 400 kg.')).toBeInTheDocument();
    expect(screen.getByTestId('imc')).toHaveTextContent('—');
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(save);
    expect(saveStore.get().dialogOpen).toBe(false);
    expect(screen.getByLabelText('Taille (cm)')).toHaveFocus();
    // Once fixed, the IMC is back and the save is possible.
    await userEvent.clear(screen.getByLabelText('Taille (cm)'));
    await userEvent.type(screen.getByLabelText('Taille (cm)'), '180');
    await userEvent.clear(screen.getByLabelText('Poids (Kg)'));
    await userEvent.type(screen.getByLabelText('Poids (Kg)'), '81');
    expect(screen.getByTestId('imc')).toHaveTextContent('25,00');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).not.toHaveAttribute('aria-disabled');
  });

  it('asks to confirm an unusual IMC before saving, and saves once confirmed', async () => {
    renderPanel();
    await userEvent.type(screen.getByLabelText('Taille (cm)'), '180');
    await userEvent.type(screen.getByLabelText('Poids (Kg)'), '30');
    expect(screen.getByText(/IMC inhabituel/)).toBeInTheDocument();
    await act(() => saveConsultation({ kind: 'existing', idPatient: patients.helene.idPatient, FullName: 'Hélène Martin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valeurs inhabituelles' });
    expect(dialog).toHaveTextContent('L’IMC calculé est de 9,26');
    expect(created).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmer et enregistrer' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0].consultationCreate).toMatchObject({ Size: 180, Weight: 30 });
  });

  it("asks to confirm a weight change of more than 20 % since the patient's previous consultation", async () => {
    renderPanel();
    await act(() => openPanelForPatient(patients.lucas.idPatient));
    await userEvent.type(screen.getByLabelText('Poids (Kg)'), '100');
    await act(() => saveConsultation({ kind: 'existing', idPatient: patients.lucas.idPatient, FullName: 'Lucas Bernard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valeurs inhabituelles' });
    expect(dialog).toHaveTextContent('Le poids passe de 80 kg à la consultation précédente à 100 kg (25 % d’écart).');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Corriger' }));
    expect(created).toHaveLength(0);
  });
});

describe('a text field’s character counter', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('fr'));
  });

  // It forced French numbers (« 1 700 ») in every language, and « n / max » ran right to left in
  // Arabic: the reader's notation now, isolated (<bdi>, and « n / max » left to right in Arabic).
  it.each([
    ['en', '1,700 / 2,000 characters'],
    ['ar', '\u20661,700 / 2,000\u2069 حرف'],
  ])('%s: reads « %s », isolated', async (language, counter) => {
    await act(() => i18n.changeLanguage(language));
    renderPanel();
    act(() => updateDraft({ triggeringFactor: 'x'.repeat(1700) }));
    const shown = await screen.findByText(counter);
    expect(shown.tagName).toBe('BDI');
  });
});

describe('patient first', () => {
  it("names the patient opened from their file in the panel's title", async () => {
    renderPanel();
    await act(() => openPanelForPatient(patients.lucas.idPatient));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Consultation — Lucas Bernard (12/04/1988)');
  });

  // In Arabic « 12/03/2026 14:30 » read « 14:30 12/03/2026 » in the chip: isolated left to right.
  it('keeps the appointment chip’s date-time left to right', async () => {
    renderPanel();
    act(() => setPanelPatient({ ...patients.lucas, appointment: { id: 'ap1', startsAt: '2026-03-12T13:30:00.000Z' } }));
    expect((await screen.findByText('12/03/2026 14:30')).closest('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('refuses a pain start date before the birth date, with a French message', async () => {
    renderPanel();
    await act(() => openPanelForPatient(patients.lucas.idPatient));
    act(() => consultationStore.set((s) => ({ draft: { ...s.draft, Weight: '80', startEradiationDate: '1980-01-01' } })));
    expect(await screen.findByText('La date de début de la douleur ne peut pas précéder la date de naissance du patient.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe("'Facturer' after a saved consultation", () => {
  it('opens the facturation page with the patient and the consultation preselected', async () => {
    renderPanel();
    expect(screen.queryByRole('button', { name: 'Facturer' })).toBeNull();
    await typeNote('Bilan diététique');
    await act(() => saveConsultation({ kind: 'existing', idPatient: patients.helene.idPatient, FullName: 'Hélène Martin' }));
    const saved = created[0] as unknown as { idConsultation: string };
    await userEvent.click(await screen.findByRole('button', { name: 'Facturer' }));
    const url = new URL(screen.getByRole('status', { name: 'page' }).textContent ?? '', 'http://x');
    expect(url.pathname).toBe('/facturation');
    expect(url.searchParams.get('patient')).toBe(patients.helene.idPatient);
    expect(url.searchParams.get('patientName')).toBe('Hélène Martin');
    expect(url.searchParams.get('fromConsultation')).toBe(saved.idConsultation);
    expect(consultationStore.get().open).toBe(false);
  });

  it('is not offered to a role that does not invoice', async () => {
    act(() => setSession(fakeUser('DE'), 'header.payload.signature'));
    renderPanel();
    await typeNote('Bilan diététique');
    await act(() => saveConsultation({ kind: 'existing', idPatient: patients.helene.idPatient, FullName: 'Hélène Martin' }));
    expect(created).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Facturer' })).toBeNull();
  });
});

describe('a consultation changed by someone else meanwhile', () => {
  afterEach(async () => {
    await i18n.changeLanguage('fr');
  });

  it('says so in the reader’s language when its save is refused', async () => {
    renderPanel();
    await act(() => openConsultation('00000000-0000-4000-8000-0000000000c1'));
    await act(() => saveConsultation({ kind: 'existing', idPatient: patients.helene.idPatient, FullName: 'Hélène Martin' }));
    expect(await screen.findByText('Cette consultation a été modifiée entre-temps : rechargez-la avant d’enregistrer.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(await screen.findByText('This consultation was changed in the meantime: reload it before saving.')).toBeInTheDocument();
  });
});
