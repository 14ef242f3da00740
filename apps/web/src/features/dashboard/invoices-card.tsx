import { formatEuros } from '@wellbe/shared/domain/money';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/ltr.tsx';
import { useInvoicesToday } from './api/invoices-today.ts';
import { Count, DayCard, DayGrid, DayText } from './day-cards.tsx';
import styles from './dashboard.module.css';

/** The Facturation group's card: today's receipts (own, or the practice's for PA, AD, RH) and the unpaid invoices. */
export function InvoicesCard() {
  const { t } = useTranslation('invoices');
  const today = useInvoicesToday();
  return (
    <DayGrid>
      <DayCard title={t('dashboard.title')} to="/facturation" linkLabel={t('title')} loading={today.isPending} testId="card-invoices">
        {today.data ? (
          <div className={styles.dayCounts}>
            <Count label={t('dashboard.receipts')} value={<Ltr>{formatEuros(today.data.receiptsCents)}</Ltr>} testId="invoices-receipts" />
            <Count label={t('dashboard.unpaid')} value={<Ltr>{today.data.unpaidCount}</Ltr>} testId="invoices-unpaid" />
          </div>
        ) : (
          <DayText muted>—</DayText>
        )}
      </DayCard>
    </DayGrid>
  );
}
