import { lazy, Suspense, useState } from 'react';
import { Badge, Box, List, ListItemButton, ListItemIcon, ListItemText, useMediaQuery, useTheme } from '@mui/material';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../components/hint.tsx';
import { NAVBAR_FOLDED_WIDTH, NAVBAR_WIDTH, type NavbarStyle } from '@wellbe/shared/constants';
import { menuFor } from '@wellbe/shared/navigation';
import { can } from '@wellbe/shared/permissions';
import { useDiaryNotifications } from '../../lib/diary-badge.ts';
import { useSession } from '../../lib/session.ts';
import { Logo } from '../../components/logo.tsx';
import { layoutStore } from './layout-store.ts';
import { NavIcon } from '../../components/nav-icon.tsx';
import { useNavbarStyle } from './navbar-style.ts';

/** SPEC §2 menu, filtered by the user's role with the same table the guards and the server use. */
export function NavMenu({ dense, dark, compact }: { dense: boolean; dark: boolean; compact: boolean }) {
  const { t } = useTranslation('navigation');
  const { role, user } = useSession();
  const { pathname } = useLocation();
  const items = menuFor(role, undefined, user?.data.idJobSpecialist ?? null);
  // New diary entries of the patients the practitioner follows, on the Patients entry (like the chat's unread badge).
  const diaryNew = useDiaryNotifications(can(role, 'dpsWrite') && role !== 'PT').data?.count ?? 0;
  return (
    <List component="nav" aria-label={t('mainMenu')} dense={dense} sx={{ px: compact ? 1 : 1.5, py: 1 }}>
      {items.map((item) => {
        const active = pathname === item.url || pathname.startsWith(item.url + '/');
        const label = t(`menu.${item.key}`);
        const badge = item.key === 'patients' ? diaryNew : 0;
        const button = (
          <ListItemButton
            key={item.id}
            component={NavLink}
            to={item.url}
            selected={active}
            aria-label={badge ? `${label} (${t('diaryNew', { count: badge })})` : compact ? label : undefined}
            onClick={() => layoutStore.set({ mobileOpen: false })}
            sx={{
              borderRadius: 2,
              mb: 0.5,
              minHeight: dense ? 36 : 44,
              justifyContent: compact ? 'center' : 'flex-start',
              color: dark ? 'rgba(255,255,255,0.85)' : 'text.primary',
              '&.Mui-selected': {
                bgcolor: dark ? 'rgba(94,234,212,0.16)' : 'rgba(15,118,110,0.10)',
                color: dark ? '#ffffff' : 'primary.dark',
                '& .MuiListItemIcon-root': { color: dark ? '#5eead4' : 'primary.main' },
              },
              '&:hover': { bgcolor: dark ? 'rgba(255,255,255,0.08)' : 'rgba(15,118,110,0.06)' },
            }}
          >
            <ListItemIcon sx={{ minWidth: compact ? 0 : 40, color: dark ? 'rgba(255,255,255,0.7)' : 'text.secondary' }}>
              {badge ? (
                <Badge color="error" badgeContent={badge} max={99} data-testid="nav-diary-badge">
                  <NavIcon name={item.icon} />
                </Badge>
              ) : (
                <NavIcon name={item.icon} />
              )}
            </ListItemIcon>
            {!compact && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, sx: { fontSize: dense ? 13 : 14, fontWeight: 500 } } }} />}
          </ListItemButton>
        );
        return compact ? (
          <Hint key={item.id} title={label} placement="right">
            {button}
          </Hint>
        ) : (
          button
        );
      })}
    </List>
  );
}

const MobileNavbar = lazy(() => import('./mobile-navbar.tsx'));

function NavbarContent({ style, compact }: { style: NavbarStyle; compact: boolean }) {
  const dark = style === 'style-3' || style === 'style-3-dense';
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: dark ? '#0f2a2e' : 'background.paper', color: dark ? '#fff' : 'text.primary' }}>
      <Box sx={{ height: 64, display: 'flex', alignItems: 'center', px: compact ? 0 : 2.5, justifyContent: compact ? 'center' : 'flex-start', flexShrink: 0 }}>
        <Logo size="small" light={dark} showText={!compact} />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <NavMenu dense={style === 'style-3-dense'} dark={dark} compact={compact} />
      </Box>
    </Box>
  );
}

/**
 * Side navigation, 280 px wide or folded to 64 px (style-2, or the fold button); a folded navbar
 * opens while hovered. On small screens it is a drawer (mobile open/closed). SPEC §4, §9.
 */
export function Navbar() {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('lg'));
  const { folded, foldedOpen, mobileOpen } = layoutStore.use();
  const style = useNavbarStyle();
  const isFolded = style === 'style-2' || folded;
  const compact = isFolded && !foldedOpen;

  // The phone's drawer (MUI's Drawer, Modal, Slide...) is loaded when first opened, then kept.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (mobile && mobileOpen && !drawerUsed) setDrawerUsed(true);

  if (mobile) {
    return drawerUsed ? (
      <Suspense fallback={null}>
        <MobileNavbar open={mobileOpen} onClose={() => layoutStore.set({ mobileOpen: false })}>
          <NavbarContent style={style} compact={false} />
        </MobileNavbar>
      </Suspense>
    ) : null;
  }
  return (
    <Box
      component="aside"
      sx={{ width: isFolded ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH, flexShrink: 0, transition: 'width 200ms', position: 'relative', zIndex: theme.zIndex.drawer }}
    >
      <Box
        onMouseEnter={() => isFolded && layoutStore.set({ foldedOpen: true })}
        onMouseLeave={() => isFolded && layoutStore.set({ foldedOpen: false })}
        sx={{
          position: 'fixed',
          top: 0,
          bottom: 0,
          insetInlineStart: 0,
          width: compact ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH,
          transition: 'width 200ms',
          borderInlineEnd: '1px solid',
          borderColor: 'divider',
          boxShadow: isFolded && foldedOpen ? 8 : 0,
          overflow: 'hidden',
        }}
      >
        <NavbarContent style={style} compact={compact} />
      </Box>
    </Box>
  );
}
