import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authStyles as styles } from './auth-shell.tsx';
import { oidcButtons, type OidcButton } from './oidc-api.ts';

/**
 * "Se connecter avec Pro Santé Connect" (and an organisation's provider named by a refusal): plain
 * links, the server answers each with the redirect to the provider. Nothing shows while none is set.
 */
export function OidcButtons({ extra }: { extra: OidcButton | null }) {
  const { t } = useTranslation('oidc');
  const [buttons, setButtons] = useState<OidcButton[]>([]);
  useEffect(() => {
    let live = true;
    oidcButtons()
      .then((answer) => live && setButtons(Array.isArray(answer?.data) ? answer.data : []))
      // Without the list, the password sign-in stays: the buttons are an addition.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const shown = extra && !buttons.some((b) => b.id === extra.id) ? [extra, ...buttons] : buttons;
  if (shown.length === 0) return null;
  return (
    <div className={styles.providers}>
      <div className={styles.or}>{t('or')}</div>
      {shown.map((b) => (
        <a key={b.id} href={b.startUrl} className={`${styles.button} ${styles.outlined} ${styles.providerLink}`}>
          {t('button', { label: b.label })}
        </a>
      ))}
    </div>
  );
}
