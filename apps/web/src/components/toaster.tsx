import { useEffect } from 'react';
import { styled } from '@mui/material';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { MAX_SNACKS } from '@wellbe/shared/constants';
import { attachToaster, TOASTS_CLASS } from '../lib/notify.ts';

// notistack's default toast colours (a light green on white text...) fail WCAG AA contrast: use the
// theme's darker ones, so every toast reads at 4.5:1 or more.
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: '#92400e' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
}));
const TOASTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

/** SPEC §9: max 5 toasts, bottom right. Its own chunk, mounted by Providers after the first paint. */
export function Toaster() {
  useEffect(() => {
    attachToaster({ enqueue: (message, options) => enqueueSnackbar(message, options), close: (key) => closeSnackbar(key) });
    return () => attachToaster(null);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={MAX_SNACKS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      autoHideDuration={5000}
      Components={TOASTS}
      // A class of our own, so the consultation launcher can lift the toasts above its button.
      classes={{ containerAnchorOriginBottomRight: TOASTS_CLASS }}
    />
  );
}
