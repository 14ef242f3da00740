import { Chip, ListItem, ListItemButton, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PatientTableRow } from '@wellbe/shared/schemas/patient-files';
import { DiaryNewPill } from '../../../components/diary-new-pill.tsx';
import { Ltr } from '../../../components/ltr.tsx';
import { formatDate } from '../../../lib/format.ts';

// A patient of /patients/list: a table row on a wide screen, a card on a phone; both open the file.

function ArchivedChip({ p }: { p: PatientTableRow }) {
  const { t } = useTranslation('patients');
  return p.archivedAt ? <Chip size="small" color="warning" variant="outlined" label={t('list.archivedOn', { date: formatDate(p.archivedAt) })} sx={{ ml: 1 }} /> : null;
}

export function PatientRow({ p, onOpen }: { p: PatientTableRow; onOpen: () => void }) {
  const { t } = useTranslation('patients');
  return (
    <TableRow
      hover
      tabIndex={0}
      sx={{ cursor: 'pointer' }}
      aria-label={t('list.open', { name: p.FullName })}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onOpen();
      }}
    >
      <TableCell sx={{ fontWeight: 500 }}>
        {p.FullName}
        <DiaryNewPill idPatient={p.idPatient} />
        <ArchivedChip p={p} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Ltr>{p.PhoneNumber}</Ltr>
      </TableCell>
      <TableCell>
        <Ltr>{p.Email}</Ltr>
      </TableCell>
      <TableCell>
        <Ltr>{formatDate(p.birthDate)}</Ltr>
      </TableCell>
      <TableCell>
        <Ltr>{formatDate(p.lastConsultationAt)}</Ltr>
      </TableCell>
      <TableCell align="right">{p.consultationCount}</TableCell>
    </TableRow>
  );
}

export function PatientCard({ p, onOpen }: { p: PatientTableRow; onOpen: () => void }) {
  const { t } = useTranslation('patients');
  return (
    <ListItem disablePadding>
      <ListItemButton
        aria-label={t('list.open', { name: p.FullName })}
        onClick={onOpen}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, display: 'block' }}
      >
        <Typography sx={{ fontWeight: 600 }}>
          {p.FullName}
          <DiaryNewPill idPatient={p.idPatient} />
          <ArchivedChip p={p} />
        </Typography>
        <Typography variant="body2" color="textSecondary">
          <Ltr>{p.PhoneNumber}</Ltr> · <Ltr>{p.Email}</Ltr>
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('list.columns.birthDate')} : <Ltr>{formatDate(p.birthDate) || '—'}</Ltr> · {t('list.columns.lastConsultation')} :{' '}
          <Ltr>{formatDate(p.lastConsultationAt) || '—'}</Ltr> · {t('list.columns.consultations')} : {p.consultationCount}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}
