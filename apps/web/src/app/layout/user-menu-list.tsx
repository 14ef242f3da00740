import { Box, Divider, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userMenuFor } from '@wellbe/shared/navigation';
import { useSession } from '../../lib/session.ts';
import { NavIcon } from '../../components/nav-icon.tsx';

/** The user menu's entries by role (SPEC §2, §6), or Login/Register signed out: user-menu.tsx loads it at the first click. */
export default function UserMenuList({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { t } = useTranslation(['navigation', 'common']);
  const { user, role } = useSession();
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose} slotProps={{ paper: { sx: { minWidth: 220 } } }}>
      {user && (
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{user.data.displayName}</Typography>
          <Typography variant="body2" color="textSecondary">
            <bdi dir="ltr">{user.data.email}</bdi>
          </Typography>
        </Box>
      )}
      {user && <Divider />}
      {userMenuFor(role).map((item) => (
        <MenuItem key={item.id} component={Link} to={item.url} onClick={onClose}>
          <ListItemIcon>
            <NavIcon name={item.icon} />
          </ListItemIcon>
          <ListItemText primary={t(`navigation:user.${item.key}`)} />
        </MenuItem>
      ))}
    </Menu>
  );
}
