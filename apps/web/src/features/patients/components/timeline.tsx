import { Box, Chip, List, ListItem, ListItemButton, Stack, Typography } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TimelineEntry } from '@wellbe/shared/schemas/patient-files';
import { formatDate } from '../../../lib/format.ts';
import { filePath } from '../paths.ts';
import { NoticeView } from './notice-view.tsx';
import { Ltr } from '../../../components/ltr.tsx';
import { useConsultationOption } from '../../../components/consultation-option.ts';
import { LastChange } from './last-change.tsx';

const hasPain = (e: TimelineEntry) => !!e.dolorLocation && e.dolorLocation !== 'Non Renseigné';
const num = (v: number, digits = 2) => v.toLocaleString('fr-FR', { maximumFractionDigits: digits });

/** The consultations, newest first: date, practitioner, speciality, IMC, pain, first lines of the note. */
export function Timeline({ idPatient, entries, selected, dense = false }: { idPatient: string; entries: TimelineEntry[]; selected?: string; dense?: boolean }) {
  const { t } = useTranslation('patients');
  const option = useConsultationOption();
  const navigate = useNavigate();
  if (!entries.length) return <Typography color="textSecondary">{t('timeline.empty')}</Typography>;
  return (
    <List disablePadding aria-label={t('timeline.title')} sx={{ position: 'relative' }}>
      {entries.map((e) => (
        <ListItem key={e.idConsultation} disablePadding>
        <ListItemButton
          selected={e.idConsultation === selected}
          onClick={() => void navigate(filePath('consultations', idPatient, e.idConsultation))}
          aria-label={t('timeline.open', { date: formatDate(e.ConsultationDate) })}
          sx={{ alignItems: 'flex-start', borderLeft: 3, borderColor: e.idConsultation === selected ? 'primary.main' : 'divider', mb: 0.5, py: dense ? 0.75 : 1, borderRadius: 1 }}
        >
          <Box sx={{ width: '100%' }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>
                <Ltr>{formatDate(e.ConsultationDate)}</Ltr>
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {e.practitioner} · {e.speciality}
              </Typography>
            </Stack>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', my: 0.5 }}>
              {e.Weight != null && <Chip size="small" variant="outlined" label={t('timeline.weight', { value: num(e.Weight, 1) })} />}
              {e.imc != null && <Chip size="small" variant="outlined" color="primary" label={t('timeline.imc', { value: num(e.imc) })} />}
              {hasPain(e) && (
                <Chip size="small" variant="outlined" sx={{ borderColor: 'warning.main', color: 'text.primary' }} label={t('timeline.pain', { location: option(e.dolorLocation ?? ''), intensity: e.dolorIntensity ? option(e.dolorIntensity) : '—' })} />
              )}
              {e.documentCount > 0 && <Chip size="small" icon={<AttachFileIcon />} label={t('timeline.documents', { count: e.documentCount })} />}
            </Stack>
            {e.excerpt && !dense && (
              <Typography
                variant="body2"
                color="textSecondary"
                sx={{ whiteSpace: 'pre-line', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
              >
                {e.excerpt}
              </Typography>
            )}
            <LastChange change={e.lastChange} />
            {e.notice && !dense && (
              <Box sx={{ mt: 0.5 }}>
                <NoticeView notice={e.notice} compact />
              </Box>
            )}
          </Box>
        </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
