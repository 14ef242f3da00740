import { lazy, Suspense, useState } from 'react';
import { Badge, Box, useMediaQuery, useTheme } from '@mui/material';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../components/hint.tsx';
import { NAVBAR_FOLDED_WIDTH, NAVBAR_WIDTH, type NavbarStyle } from '@wellbe/shared/constants';
import { menuFor } from '@wellbe/shared/navigation';
import { useFollowedDiaries } from '../../lib/diary-badge.ts';
import { useSession } from '../../lib/session.ts';
import { Logo } from '../../components/logo.tsx';
import { layoutStore } from './layout-store.ts';
import { NavIcon } from '../../components/nav-icon.tsx';
import { useNavbarStyle } from './navbar-style.ts';
import styles from './navbar.module.css';

/** SPEC §2 menu, filtered by the user's role with the same table the guards and the server use. */
export function NavMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('navigation');
  const { role, user } = useSession();
  const items = menuFor(role, undefined, user?.data.idJobSpecialist ?? null);
  // New diary entries of the patients the practitioner follows, on the Patients entry (like the chat's unread badge).
  const diaryNew = useFollowedDiaries().data?.count ?? 0;
  return (
    <nav aria-label={t('mainMenu')} className={styles.menu}>
      {items.map((item) => {
        const label = t(`menu.${item.key}`);
        const badge = item.key === 'patients' ? diaryNew : 0;
        const link = (
          <NavLink
            key={item.id}
            to={item.url}
            // NavLink marks the entry of the page shown, its sub-pages too, with aria-current="page":
            // the style of the selected entry follows it (navbar.module.css).
            className={styles.item}
            aria-label={badge ? `${label} (${t('diaryNew', { count: badge })})` : compact ? label : undefined}
            onClick={() => layoutStore.set({ mobileOpen: false })}
          >
            <span className={styles.icon}>
              {badge ? (
                <Badge color="error" badgeContent={badge} max={99} data-testid="nav-diary-badge">
                  <NavIcon name={item.icon} />
                </Badge>
              ) : (
                <NavIcon name={item.icon} />
              )}
            </span>
            {!compact && (
              <span className={styles.text}>
                <span className={styles.label}>{label}</span>
              </span>
            )}
          </NavLink>
        );
        return compact ? (
          <Hint key={item.id} title={label} placement="right">
            {link}
          </Hint>
        ) : (
          link
        );
      })}
    </nav>
  );
}

const MobileNavbar = lazy(() => import('./mobile-navbar.tsx'));

function NavbarContent({ style, compact }: { style: NavbarStyle; compact: boolean }) {
  const dark = style === 'style-3' || style === 'style-3-dense';
  const classes = [styles.content, dark && styles.dark, style === 'style-3-dense' && styles.dense, compact && styles.compact].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <div className={styles.head}>
        <Logo size="small" light={dark} showText={!compact} />
      </div>
      <div className={styles.scroller}>
        <NavMenu compact={compact} />
      </div>
    </div>
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
