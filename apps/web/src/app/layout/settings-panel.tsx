import { useState } from 'react';
import { Box, Drawer, FormControlLabel, IconButton, Radio, RadioGroup, Typography, FormLabel, FormControl } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { NAVBAR_STYLES, type NavbarStyle } from '@wellbe/shared/constants';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { getSession, setSession, updateSessionUser, type SignedInUser } from '../../lib/session.ts';
import { useFirstOpen } from '../../lib/use-first-open.ts';
import { layoutStore } from './layout-store.ts';
import { useNavbarStyle } from './navbar-style.ts';

/**
 * Settings panel: the navbar style, kept per user through POST /api/auth/user/update (SPEC §7);
 * success toast 'Préférences enregistrées' (SPEC §8's 'User data saved with api' in the English bundle), or the server's message (SPEC §8).
 */
export function SettingsPanel() {
  const { t } = useTranslation('common');
  const { settingsOpen } = layoutStore.use();
  // Drawn from its first opening (closed-panels.tsx): mounted closed, then slid in.
  const drawer = useFirstOpen(settingsOpen);
  const style = useNavbarStyle();
  const [saving, setSaving] = useState(false);

  async function choose(next: NavbarStyle) {
    const user = getSession().user;
    if (!user) return;
    const settings = { ...user.data.settings, layout: { ...user.data.settings?.layout, navbar: { ...user.data.settings?.layout?.navbar, style: next } } };
    // Optimistic: the navbar changes at once; the server answer replaces the user.
    updateSessionUser({ ...user, data: { ...user.data, settings } });
    setSaving(true);
    try {
      const answer = await api<{ user: SignedInUser; access_token: string }>('/auth/user/update', { method: 'POST', body: { user: { settings } } });
      setSession(answer.user, answer.access_token);
      notify(t('settings.saved'), 'success');
    } catch (error) {
      updateSessionUser(user);
      notify(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer anchor="right" open={drawer.open} onClose={() => layoutStore.set({ settingsOpen: false })} slotProps={{ paper: { sx: { width: 320 }, role: 'dialog', 'aria-label': t('settings.title') } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, height: 64, borderBottom: '1px solid', borderColor: 'divider' }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
          {t('settings.title')}
        </Typography>
        <IconButton aria-label={t('actions.close')} onClick={() => layoutStore.set({ settingsOpen: false })}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ p: 2.5 }}>
        <FormControl disabled={saving}>
          <FormLabel id="navbar-style-label" sx={{ fontWeight: 600, mb: 1 }}>
            {t('settings.navbarStyle')}
          </FormLabel>
          <RadioGroup aria-labelledby="navbar-style-label" value={style} onChange={(e) => void choose(e.target.value as NavbarStyle)}>
            {NAVBAR_STYLES.map((s) => (
              <FormControlLabel key={s} value={s} control={<Radio />} label={t(`settings.styles.${s}`)} />
            ))}
          </RadioGroup>
        </FormControl>
      </Box>
    </Drawer>
  );
}
