import { Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettingsMutations } from '../api/agenda-mutations.ts';

/** A refusal the query client has already toasted: caught, so that it is not an unhandled rejection. */
const ignoreToasted = () => undefined;

/** The signed-in practitioner's private iCal feed: create (or regenerate) it, show its address once, revoke it. */
export function IcalFeedSection({ practitionerId, active }: { practitionerId: string; active: boolean }) {
  const { t } = useTranslation('agenda');
  const m = useSettingsMutations(practitionerId);
  const [feed, setFeed] = useState<string | null>(null);
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('settings.ical')}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 1 }}>
        {t('settings.icalHelp')}
      </Typography>
      {feed && <TextField fullWidth size="small" label={t('settings.icalUrl')} value={feed} slotProps={{ htmlInput: { readOnly: true } }} sx={{ mb: 1 }} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => void m.createFeed.mutateAsync().then((r) => setFeed(r.url), ignoreToasted)}>{active ? t('settings.icalRegenerate') : t('settings.icalCreate')}</Button>
        {active && (
          <Button color="error" onClick={() => void m.revokeFeed.mutateAsync().then(() => setFeed(null), ignoreToasted)}>
            {t('settings.icalRevoke')}
          </Button>
        )}
      </Box>
    </>
  );
}
