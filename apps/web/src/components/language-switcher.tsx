import { useState } from 'react';
import { Box, Button, ListItemText, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@wellbe/shared/constants';
import { changeLanguage, isLanguage } from '../i18n/i18n.ts';

/** SPEC §1: fr, en, tr, ar; each language is named in itself. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = isLanguage(i18n.language) ? i18n.language : 'fr';
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('language.choose')}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ fontWeight: 600, color: 'text.primary', minWidth: 0, '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {current.toUpperCase()}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lang) => (
          <MenuItem
            key={lang}
            selected={lang === current}
            lang={lang}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(lang);
            }}
          >
            <ListItemText primary={t(`language.names.${lang}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
