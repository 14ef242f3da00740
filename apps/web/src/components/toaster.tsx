import { forwardRef, useEffect, useLayoutEffect, useRef } from 'react';
import { styled, useForkRef } from '@mui/material';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider, type CustomContentProps } from 'notistack';
import { MAX_SNACKS } from '@wellbe/shared/constants';
import { attachToaster, TOASTS_CLASS } from '../lib/notify.ts';

// notistack's default toast colours (a light green on white text...) fail WCAG AA contrast: use the
// theme's darker ones, so every toast reads at 4.5:1 or more.
const Content = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: '#92400e' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
}));

/** notistack's id on every toast's message, which its root's aria-describedby names. */
const SHARED_ID = 'notistack-snackbar';

// notistack writes the same id on every toast's message: with two toasts on screen the id repeats
// (HTML_CodeSniffer's F77, as pa11y runs it) and the second toast's aria-describedby names the
// first one's text. Each toast's message takes an id of its own, made of its key (a float: its dot
// replaced), once drawn (notistack's markup is not ours to change; React leaves the attributes
// alone afterwards, their values in its props never change).
const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(props, ref) {
  const root = useRef<HTMLDivElement>(null);
  const both = useForkRef(ref, root);
  useLayoutEffect(() => {
    const message = root.current?.querySelector(`#${SHARED_ID}`);
    if (!root.current || !message) return;
    message.id = `${SHARED_ID}-${String(props.id).replace(/\W/g, '-')}`;
    root.current.setAttribute('aria-describedby', message.id);
  }, [props.id]);
  return <Content {...props} ref={both} />;
});
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
