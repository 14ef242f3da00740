import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CHECKS, type PasswordCheck } from '@wellbe/shared/domain/password';

const ORDER: PasswordCheck[] = ['length', 'uppercase', 'lowercase', 'digit', 'special'];

/** Strength hint of the new password: the SPEC §5 rule as a checklist that ticks class by class. */
export function PasswordChecklist({ value, id }: { value: string; id: string }) {
  const { t } = useTranslation('profile');
  return (
    <Box id={id} sx={{ mt: 1 }}>
      <Typography variant="body2" color="textSecondary">
        {t('strength.title')}
      </Typography>
      <List dense disablePadding aria-label={t('strength.title')}>
        {ORDER.map((check) => {
          const met = PASSWORD_CHECKS[check](value);
          return (
            <ListItem key={check} disableGutters sx={{ py: 0 }} data-check={check} data-met={met}>
              <ListItemIcon sx={{ minWidth: 28 }}>
                {met ? <CheckCircle fontSize="small" color="success" aria-hidden /> : <RadioButtonUnchecked fontSize="small" color="disabled" aria-hidden />}
              </ListItemIcon>
              <ListItemText
                primary={
                  <>
                    {t(`strength.${check}`)}
                    <Box component="span" sx={visuallyHidden}>
                      {' : '}
                      {t(met ? 'strength.met' : 'strength.unmet')}
                    </Box>
                  </>
                }
                slotProps={{ primary: { variant: 'body2', color: met ? 'success' : 'textSecondary' } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
