import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@wellbe/shared/constants';
import { changeLanguage, isLanguage } from '../i18n/i18n.ts';
import { PlainIcon } from './plain-icon.tsx';
import styles from './language-switcher.module.css';
import plain from './plain-button.module.css';

/**
 * SPEC §1: fr, en, tr, ar; each language is named in itself. A button and its menu in plain elements
 * (the switcher is on the first load of /login, which has no MUI: issue 13), with a menu's keyboard
 * behaviour: the current language focused on opening, arrows, Home/End, Escape and Tab close it.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'fr';
  const [place, setPlace] = useState<{ top: number; left?: number; right?: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const open = place !== null;

  function show() {
    const box = button.current!.getBoundingClientRect();
    const rtl = document.documentElement.dir === 'rtl';
    // Under the button, on the side of the page's end (the switcher sits at the end of its bar).
    setPlace(rtl ? { top: box.bottom + 4, left: Math.max(16, box.left) } : { top: box.bottom + 4, right: Math.max(16, window.innerWidth - box.right) });
  }

  function close(refocus: boolean) {
    setPlace(null);
    if (refocus) button.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const items = menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]');
    const selected = menu.current?.querySelector<HTMLElement>('[aria-current=true]') ?? items?.[0];
    selected?.focus();
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) close(false);
    };
    const away = () => close(false);
    document.addEventListener('pointerdown', outside);
    window.addEventListener('resize', away);
    return () => {
      document.removeEventListener('pointerdown', outside);
      window.removeEventListener('resize', away);
    };
  }, [open]);

  function onMenuKey(event: KeyboardEvent<HTMLUListElement>) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  function choose(lang: Language) {
    close(true);
    void changeLanguage(lang);
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`${plain.base} ${plain.text} ${styles.button}`}
        aria-label={t('language.choose')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => (open ? close(false) : show())}
      >
        <span className={styles.icon}>
          <PlainIcon name="translate" />
        </span>
        <span className={styles.code}>{current.toUpperCase()}</span>
      </button>
      {place && (
        <ul ref={menu} role="menu" aria-label={t('language.choose')} className={styles.menu} style={place} onKeyDown={onMenuKey}>
          {LANGUAGES.map((lang) => (
            <li
              key={lang}
              role="menuitem"
              aria-current={lang === current || undefined}
              tabIndex={-1}
              lang={lang}
              className={styles.item}
              onClick={() => choose(lang)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  choose(lang);
                }
              }}
            >
              {t(`language.names.${lang}`)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
