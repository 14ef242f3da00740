import { beforeEach, describe, expect, it } from 'vitest';
import { attachToaster, notify } from './notify.ts';

// A stand-in for notistack's queue: what is on screen.
const open = new Map<number | string, string>();
let next = 0;
const toaster = {
  enqueue: (message: string) => {
    next += 1;
    open.set(next, message);
    return next;
  },
  close: (key: number | string) => void open.delete(key),
};

describe('toasts', () => {
  beforeEach(() => open.clear());

  it('shows the toasts asked for before the toaster was loaded, in order, once it is there', () => {
    attachToaster(null);
    notify('Le serveur ne répond pas.', 'error');
    notify('Information', 'info');
    expect([...open.values()]).toEqual([]);
    attachToaster(toaster);
    expect([...open.values()]).toEqual(['Le serveur ne répond pas.', 'Information']);
  });

  it('dismisses a stale error toast once the action succeeds', () => {
    attachToaster(toaster);
    notify('Le serveur ne répond pas.', 'error');
    notify('Information', 'info');
    expect([...open.values()]).toEqual(['Le serveur ne répond pas.', 'Information']);
    notify('Profil mis à jour avec succès', 'success');
    expect([...open.values()]).toEqual(['Information', 'Profil mis à jour avec succès']);
  });
});
