import { Box, Chip, Stack, Typography } from '@mui/material';
import CakeOutlinedIcon from '@mui/icons-material/CakeOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { useTranslation } from 'react-i18next';
import type { PatientFile } from '@wellbe/shared/schemas/patient-files';
import { Ltr } from '../../../components/ltr.tsx';
import { ageOn } from '@wellbe/shared/domain/age';
import { formatDate, todayInDisplayZone } from '../../../lib/format.ts';

/** The age on today's date in the practice's calendar, not the browser's (a birthday starts at the practice's midnight). */
function ageOf(birthDate: string | null): number | null {
  return birthDate ? ageOn(birthDate, todayInDisplayZone()) : null;
}

/** The file's title: the patient's name ('Mon dossier' on their own), birth date and age, phone, email. */
export function FileTitle({ identity, isOwnFile }: { identity: PatientFile['identity']; isOwnFile: boolean }) {
  const { t } = useTranslation('patients');
  const age = ageOf(identity.birthDate);
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: 26, md: 30 } }}>
        {identity.FullName}
        {isOwnFile && <Chip label={t('file.ownFile')} size="small" sx={{ ml: 1, verticalAlign: 'middle' }} />}
      </Typography>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', color: 'text.secondary', mt: 0.5 }}>
        {identity.birthDate && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <CakeOutlinedIcon fontSize="small" />
            <span>
              {t('file.bornOn', { date: formatDate(identity.birthDate) })}
              {age != null && ` (${t('file.age', { age })})`}
            </span>
          </Stack>
        )}
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <PhoneOutlinedIcon fontSize="small" />
          <Ltr>{identity.PhoneNumber}</Ltr>
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <EmailOutlinedIcon fontSize="small" />
          <Ltr>{identity.Email}</Ltr>
        </Stack>
      </Stack>
    </Box>
  );
}
