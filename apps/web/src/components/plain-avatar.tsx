import { useState, type CSSProperties } from 'react';
import styles from './plain-avatar.module.css';

/**
 * A user's picture in a circle, or their initials when there is none or it fails to load — MUI's
 * Avatar in a plain element, for the signed-in chrome and the dashboard's greeting, which paint
 * before MUI's styles are made (issue 31). Size and colours come from `className`/`style`.
 */
export function PlainAvatar({ src, alt, initials, className, style }: { src?: string; alt: string; initials: string; className?: string; style?: CSSProperties }) {
  const [failed, setFailed] = useState<string | null>(null);
  const picture = src && failed !== src ? src : undefined;
  return (
    <div className={[styles.avatar, className].filter(Boolean).join(' ')} style={style}>
      {picture ? <img src={picture} alt={alt} onError={() => setFailed(picture)} /> : initials}
    </div>
  );
}
