import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PatientTableRow } from '@wellbe/shared/schemas/patient-files';
import { DiaryNewPill } from '../../../components/diary-new-pill.tsx';
import { Ltr } from '../../../components/ltr.tsx';
import { plainTable } from '../../../components/paged-table.tsx';
import { formatDate } from '../../../lib/format.ts';

// A patient of /patients/list: a table row on a wide screen, a card on a phone; both open the file.
// Plain elements in static CSS, as MUI drew them (components/paged-table.module.css `plainTable`):
// the list's answer draws a dozen of them at once. Each is given its patient's new diary entries,
// read once for the list by the page (useDiaryNewCounts).

function ArchivedChip({ p }: { p: PatientTableRow }) {
  const { t } = useTranslation('patients');
  return p.archivedAt ? <Chip size="small" color="warning" variant="outlined" label={t('list.archivedOn', { date: formatDate(p.archivedAt) })} sx={{ ml: 1 }} /> : null;
}

export function PatientRow({ p, diaryNew, onOpen }: { p: PatientTableRow; diaryNew: number; onOpen: () => void }) {
  const { t } = useTranslation('patients');
  const cell = plainTable.cell;
  return (
    <tr
      className={plainTable.row}
      tabIndex={0}
      aria-label={t('list.open', { name: p.FullName })}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen();
      }}
    >
      <td className={`${cell} ${plainTable.strong}`}>
        {p.FullName}
        <DiaryNewPill count={diaryNew} />
        <ArchivedChip p={p} />
      </td>
      <td className={`${cell} ${plainTable.nowrap}`}>
        <Ltr>{p.PhoneNumber}</Ltr>
      </td>
      <td className={cell}>
        <Ltr>{p.Email}</Ltr>
      </td>
      <td className={cell}>
        <Ltr>{formatDate(p.birthDate)}</Ltr>
      </td>
      <td className={cell}>
        <Ltr>{formatDate(p.lastConsultationAt)}</Ltr>
      </td>
      <td className={`${cell} ${plainTable.end}`}>{p.consultationCount}</td>
    </tr>
  );
}

export function PatientCard({ p, diaryNew, onOpen }: { p: PatientTableRow; diaryNew: number; onOpen: () => void }) {
  const { t } = useTranslation('patients');
  return (
    <li>
      <button type="button" className={plainTable.card} aria-label={t('list.open', { name: p.FullName })} onClick={onOpen}>
        <span className={plainTable.cardTitle}>
          {p.FullName}
          <DiaryNewPill count={diaryNew} />
          <ArchivedChip p={p} />
        </span>
        <span className={plainTable.cardLine}>
          <Ltr>{p.PhoneNumber}</Ltr> · <Ltr>{p.Email}</Ltr>
        </span>
        <span className={plainTable.cardLine}>
          {t('common:labelled', { label: t('list.columns.birthDate') })} <Ltr>{formatDate(p.birthDate) || '—'}</Ltr> · {t('common:labelled', { label: t('list.columns.lastConsultation') })}{' '}
          <Ltr>{formatDate(p.lastConsultationAt) || '—'}</Ltr> · {t('common:labelled', { label: t('list.columns.consultations') })} {p.consultationCount}
        </span>
      </button>
    </li>
  );
}
