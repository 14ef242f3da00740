import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { PlainIcon } from '../../components/plain-icon.tsx';
import styles from './auth-shell.module.css';

// Plain elements and a CSS module, no MUI: the frame is the first screen of /login, whose first load
// carries no MUI and no emotion (issue 13). The other guest pages put MUI fields in it.

/** The frame of the guest pages (no layout chrome, SPEC §2): a brand panel and the form card. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.page}>
      <div className={styles.brand}>
        <Logo size="medium" light />
        <div className={styles.brandBody}>
          <p className={styles.headline}>{t('brand.headline')}</p>
          <p className={styles.brandText}>{t('brand.text')}</p>
        </div>
        <p className={styles.brandFooter}>{t('brand.footer')}</p>
      </div>
      <section className={styles.section}>
        <div className={styles.topbar}>
          <div className={styles.mobileLogo}>
            <Logo size="small" />
          </div>
          <div className={styles.tools}>
            <DemoBadge />
            <LanguageSwitcher />
          </div>
        </div>
        <div className={styles.center}>
          <div className={styles.card}>
            <h1 className={styles.title}>{title}</h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
            {children}
          </div>
        </div>
        <LegalFooter />
      </section>
    </div>
  );
}

/** A link drawn like MUI's (underlined, primary colour); `small`: body2. */
export function AuthLink({ to, small = false, children }: { to: string; small?: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={small ? `${styles.link} ${styles.small}` : styles.link}>
      {children}
    </Link>
  );
}

/** Issue 20: the policies in force, public, linked from the login and register pages' footer. */
export function LegalFooter() {
  const { t } = useTranslation('auth');
  return (
    <footer className={styles.footer}>
      <AuthLink to="/legal/terms">{t('legalLinks.terms')}</AuthLink>
      <AuthLink to="/legal/privacy">{t('legalLinks.privacy')}</AuthLink>
      <AuthLink to="/legal/legal">{t('legalLinks.legal')}</AuthLink>
    </footer>
  );
}

/** The error of a guest page, drawn like MUI's standard error Alert (role=alert). */
export function AuthError({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={styles.alert}>
      <div className={styles.alertIcon}>
        <PlainIcon name="errorOutline" />
      </div>
      <div className={styles.alertMessage}>{children}</div>
    </div>
  );
}

/** The form of a guest page, one column: the error (the server's message, SPEC §8) above its fields. */
export function AuthForm({ error, onSubmit, children }: { error: string | null; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form noValidate onSubmit={onSubmit} className={styles.form}>
      {error && <AuthError>{error}</AuthError>}
      {children}
    </form>
  );
}

/** The way back to /login under the card of the forgot, reset and invitation pages. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.back}>
      <AuthLink to="/login">{t('backToLogin')}</AuthLink>
    </div>
  );
}

/** What a failed call says to the user. */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export { styles as authStyles };
