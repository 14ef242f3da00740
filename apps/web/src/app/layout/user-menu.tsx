import { useState } from 'react';
import { Avatar, Box, Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPhoto, truncateDisplayName } from '@wellbe/shared/constants';
import { userMenuFor } from '@wellbe/shared/navigation';
import { useSession } from '../../lib/session.ts';
import { NavIcon } from '../../components/nav-icon.tsx';

/**
 * SPEC §2 user menu: avatar (default when photoURL is empty or 'NULL'), the display name cut at 16
 * characters plus '…', the job and the role label; entries by role, or Login/Register signed out.
 */
export function UserMenu() {
  const { t } = useTranslation(['navigation', 'common']);
  const { user, role } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const items = userMenuFor(role);
  const name = user ? truncateDisplayName(user.data.displayName) : t('navigation:guest');
  const photo = user && hasPhoto(user.data.photoURL) ? user.data.photoURL : undefined;
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
              {user.job} · {t(`common:roles.${user.role}`)}
            </Typography>
          )}
        </Box>
        <Avatar src={photo} alt={user ? user.data.displayName : ''} sx={{ width: 38, height: 38, bgcolor: 'primary.main', fontSize: 15 }}>
          {initials?.toUpperCase()}
        </Avatar>
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ paper: { sx: { minWidth: 220 } } }}>
        {user && (
          <Box sx={{ px: 2, py: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{user.data.displayName}</Typography>
            <Typography variant="body2" color="text.secondary">
              <bdi dir="ltr">{user.data.email}</bdi>
            </Typography>
          </Box>
        )}
        {user && <Divider />}
        {items.map((item) => (
          <MenuItem key={item.id} component={Link} to={item.url} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <NavIcon name={item.icon} />
            </ListItemIcon>
            <ListItemText primary={t(`navigation:user.${item.key}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
