import { createTheme, type Theme } from '@mui/material/styles';
import type { Localization } from '@mui/material/locale';

// WellBe's look: calm teal primary, indigo secondary, soft paper. Colours pass WCAG AA contrast on
// white (axe finds MUI's default grey text too pale).
export function createAppTheme(direction: 'ltr' | 'rtl', locale: Localization | null): Theme {
  return createTheme(
    {
      direction,
      palette: {
        mode: 'light',
        primary: { main: '#0f766e', dark: '#115e59', light: '#14b8a6', contrastText: '#ffffff' },
        secondary: { main: '#4338ca', contrastText: '#ffffff' },
        background: { default: '#f4f6f8', paper: '#ffffff' },
        text: { primary: '#1e293b', secondary: '#475569' },
        success: { main: '#15803d' },
        warning: { main: '#b45309' },
        // MUI's default info (#0288d1) under white text is 3.85:1 (a filled 'Programmée' chip failed axe).
        info: { main: '#0369a1' },
        error: { main: '#b91c1c' },
      },
      shape: { borderRadius: 10 },
      typography: {
        // The fallback's metrics: styles/base.css.
        fontFamily: 'Roboto, "Roboto fallback", "Helvetica Neue", Arial, sans-serif',
        h1: { fontSize: '2rem', fontWeight: 600 },
        h2: { fontSize: '1.6rem', fontWeight: 600 },
        h3: { fontSize: '1.35rem', fontWeight: 600 },
        h4: { fontSize: '1.2rem', fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
        MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid #e2e8f0' } } },
        MuiButton: { defaultProps: { disableElevation: true } },
        // MUI draws initials in the page background's colour on grey 400: 1.73:1 (the chat's avatars).
        MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#475569', color: '#ffffff' } } },
        // A placeholder stays still for its first two seconds, as components/skeleton.module.css's (why there).
        MuiSkeleton: { styleOverrides: { pulse: { animationDelay: '2s' } } },
      },
    },
    ...(locale ? [locale] : []),
  );
}
