import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => ({ open: new Map<number, string>(), next: 0 }));
vi.mock('notistack', () => ({
  enqueueSnackbar: (message: string) => {
    shown.next += 1;
    shown.open.set(shown.next, message);
    return shown.next;
  },
  closeSnackbar: (key: number) => shown.open.delete(key),
}));

const { notify } = await import('./notify.ts');

describe('toasts', () => {
  beforeEach(() => shown.open.clear());

  it('dismisses a stale error toast once the action succeeds', () => {
    notify('Le serveur ne répond pas.', 'error');
    notify('Information', 'info');
    expect([...shown.open.values()]).toEqual(['Le serveur ne répond pas.', 'Information']);
    notify('Profil mis à jour avec succès', 'success');
    expect([...shown.open.values()]).toEqual(['Information', 'Profil mis à jour avec succès']);
  });
});
