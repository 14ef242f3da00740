import { Box, Chip, Stack, Typography } from '@mui/material';
import CakeOutlinedIcon from '@mui/icons-material/CakeOutlined';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import { useTranslation } from 'react-i18next';
import type { PatientFile } from '@wellbe/shared/schemas/patient-files';
import { Ltr } from '../../../components/ltr.tsx';
import { formatDate } from '../../../lib/format.ts';

function ageOf(birthDate: string | null): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number);
  const now = new Date();
  return now.getFullYear() - y - (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d) ? 1 : 0);
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
