import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { PlainIcon } from '../../components/plain-icon.tsx';
import { INFO_OUTLINED_ICON } from '../../components/chrome-icons.ts';
import '../../components/notice.css';
import plain from '../../components/plain-button.module.css';

/** The anchor of 'Mes données' on /profile (its section carries the same id). */
const MY_DATA_ANCHOR = 'mes-donnees';

/**
 * The patient's dashboard: a way to 'Mes données' (their export and who opened their file). Drawn
 * like MUI's info Alert in static CSS (components/notice.css): it is the largest text of the
 * patient's first screen, which the server's frame paints from the HTML with the same classes
 * (app/first-titles.ts FIRST_NOTICES, issue 31).
 */
export function MyDataShortcut() {
  const { t } = useTranslation('records');
  const { user, role } = useSession();
  if (role !== 'PT' || !user?.data.idPatient) return null;
  return (
    <div className="wb-notice">
      <div className="wb-notice-icon">
        <PlainIcon path={INFO_OUTLINED_ICON} />
      </div>
      <div className="wb-notice-message">{t('myData.shortcut')}</div>
      <div className="wb-notice-action">
        <Link to={`/profile#${MY_DATA_ANCHOR}`} className={`${plain.base} wb-notice-open`}>
          {t('myData.open')}
        </Link>
      </div>
    </div>
  );
}
