import { ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@wellbe/shared/constants';
import { changeLanguage } from '../i18n/i18n.ts';

/** The menu of the language switcher: its own chunk (Menu, Popover, Modal), loaded at the first click. */
export function LanguageMenu({ anchor, current, onClose }: { anchor: HTMLElement | null; current: Language; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {LANGUAGES.map((lang) => (
        <MenuItem
          key={lang}
          selected={lang === current}
          lang={lang}
          onClick={() => {
            onClose();
            void changeLanguage(lang);
          }}
        >
          <ListItemText primary={t(`language.names.${lang}`)} />
        </MenuItem>
      ))}
    </Menu>
  );
}
