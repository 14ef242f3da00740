import { lazy, Suspense, useState } from 'react';
import { Box, Button } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n/i18n.ts';

// The menu is not in the first load of /login: loaded when the button is first used.
const LanguageMenu = lazy(() => import('./language-menu.tsx').then((m) => ({ default: m.LanguageMenu })));

/** SPEC §1: fr, en, tr, ar; each language is named in itself. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const current = isLanguage(i18n.language) ? i18n.language : 'fr';
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('language.choose')}
        aria-haspopup="menu"
        onClick={(e) => {
          setUsed(true);
          setAnchor(e.currentTarget);
        }}
        // A pointer on its way to the button starts loading the menu.
        onPointerEnter={() => setUsed(true)}
        onFocus={() => setUsed(true)}
        sx={{ fontWeight: 600, color: 'text.primary', minWidth: 0, '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {current.toUpperCase()}
        </Box>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} current={current} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
