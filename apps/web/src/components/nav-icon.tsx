import { PlainIcon } from './plain-icon.tsx';
import { NAV_ICON_PATHS } from './nav-icons.ts';
import styles from './nav-icon.module.css';

/** A navigation item's icon by its Material name (a circle for an unknown one), at MUI's SvgIcon sizes. */
export function NavIcon({ name, fontSize = 'small' }: { name: string; fontSize?: 'small' | 'medium' }) {
  return <PlainIcon className={`${styles.icon} ${styles[fontSize]}`} path={NAV_ICON_PATHS[name] ?? NAV_ICON_PATHS.circle} />;
}
