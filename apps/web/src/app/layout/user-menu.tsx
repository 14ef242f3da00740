import { lazy, Suspense, useState } from 'react';
import { Avatar, Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { hasPhoto, truncateDisplayName } from '@wellbe/shared/constants';
import { ROLE_LABELS } from '@wellbe/shared/roles';
import { useSession } from '../../lib/session.ts';

const UserMenuList = lazy(() => import('./user-menu-list.tsx'));

/**
 * SPEC §2 user menu: avatar (default when photoURL is empty or 'NULL'), the display name cut at 16
 * characters plus '…', the job and the role label; entries by role, or Login/Register signed out.
 */
export function UserMenu() {
  const { t } = useTranslation(['navigation', 'common']);
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuUsed, setMenuUsed] = useState(false);
  if (anchor && !menuUsed) setMenuUsed(true);
  const name = user ? truncateDisplayName(user.data.displayName) : t('navigation:guest');
  const photo = user && hasPhoto(user.data.photoURL) ? user.data.photoURL : undefined;
  // Without a job of their own the server sends the role's label as the job (a patient, a manager):
  // the role is then said once, not "Patient · Patient".
  const job = user && user.job.trim() && user.job.trim().toLowerCase() !== ROLE_LABELS[user.role].toLowerCase() ? user.job : null;
  const initials = user ? (user.data.firstName?.[0] ?? '') + (user.data.lastName?.[0] ?? '') || user.data.displayName[0] : undefined;
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-label={t('navigation:userMenu')}
        sx={{ textAlign: 'start', gap: 1.25, px: 1, color: 'text.primary', minWidth: 0 }}
      >
        <Box sx={{ display: { xs: 'none', sm: 'flex' }, flexDirection: 'column', alignItems: 'flex-end', lineHeight: 1.2 }}>
          <Typography component="span" sx={{ fontWeight: 600, fontSize: 14 }} data-testid="user-display-name">
            {name}
          </Typography>
          {user && (
            <Typography component="span" sx={{ fontSize: 12, color: 'text.secondary' }}>
              {job ? `${job} · ` : ''}
              {t(`common:roles.${user.role}`)}
            </Typography>
          )}
        </Box>
        <Avatar src={photo} alt={user ? user.data.displayName : ''} sx={{ width: 38, height: 38, bgcolor: 'primary.main', fontSize: 15 }}>
          {initials?.toUpperCase()}
        </Avatar>
      </Button>
      {/* MUI's Menu (Popover, Modal, focus trap) is loaded at the first click, then kept for its closing animation. */}
      {menuUsed && (
        <Suspense fallback={null}>
          <UserMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
