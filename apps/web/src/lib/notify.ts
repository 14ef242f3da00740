import { closeSnackbar, enqueueSnackbar, type SnackbarKey, type VariantType } from 'notistack';

// Toasts from anywhere (API client, session): notistack's global queue, max 5 bottom right (SPEC §9).
// An error toast still on screen when something later succeeds is stale: it goes, so the user does
// not read "failed" next to "saved".
const openErrors = new Set<SnackbarKey>();

export function notify(message: string, variant: VariantType = 'default'): void {
  if (variant === 'success') {
    for (const key of openErrors) closeSnackbar(key);
    openErrors.clear();
  }
  const key = enqueueSnackbar(message, {
    variant,
    onExited: (_node, exited) => {
      openErrors.delete(exited);
    },
  });
  if (variant === 'error') openErrors.add(key);
}
