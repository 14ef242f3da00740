import { enqueueSnackbar, type VariantType } from 'notistack';

// Toasts from anywhere (API client, session): notistack's global queue, max 5 bottom right (SPEC §9).
export function notify(message: string, variant: VariantType = 'default'): void {
  enqueueSnackbar(message, { variant });
}
