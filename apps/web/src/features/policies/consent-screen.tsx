import { useState } from 'react';
import { Alert, Box, Button, Checkbox, FormControlLabel, Link as MuiLink, Paper, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { POLICY_CONTACT, type PolicyVersionDto } from '@wellbe/shared/schemas/policies';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { formatDate } from '../../lib/format.ts';
import { endSession } from '../../lib/session.ts';
import { refusePolicies, useAcceptPolicies } from './api/policies.ts';
import { PolicyBody } from './policy-body.tsx';

/** The versions to accept, each readable in full, one checkbox, accept or refuse (sign-out). */
export function ConsentScreen({ versions }: { versions: PolicyVersionDto[] }) {
  const { t } = useTranslation('editorial');
  const [read, setRead] = useState(false);
  const accept = useAcceptPolicies();
  const [refusing, setRefusing] = useState(false);

  const refuse = async () => {
    setRefusing(true);
    const message = await refusePolicies()
      .then((a) => a.message)
      .catch(() => t('consent.refused', { contact: POLICY_CONTACT }));
    endSession('logout', message);
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 } }}>
      <Box sx={{ maxWidth: 860, mx: 'auto' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
          <Logo size="small" />
          <LanguageSwitcher />
        </Box>
        <Paper elevation={0} sx={{ p: { xs: 2, md: 4 }, border: '1px solid', borderColor: 'divider' }}>
          <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 1 }}>
            {t('consent.title')}
          </Typography>
          <Typography color="textSecondary" sx={{ mb: 3 }}>
            {t('consent.intro')}
          </Typography>
          {versions.map((v) => (
            <Box component="section" key={v.id} aria-labelledby={`policy-${v.id}`} sx={{ mb: 3 }}>
              <Typography id={`policy-${v.id}`} variant="h2" dir="auto" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
                {v.title}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                {t('consent.versionLine', { version: v.version, date: formatDate(v.effectiveAt) })}
              </Typography>
              <Box tabIndex={0} role="region" aria-label={v.title} sx={{ maxHeight: 320, overflow: 'auto', p: 2, border: '1px solid', borderColor: 'divider', borderRadius: 1 }}>
                <PolicyBody html={v.body} />
              </Box>
            </Box>
          ))}
          {accept.error && <Alert severity="error" sx={{ mb: 2 }}>{accept.error.message}</Alert>}
          <FormControlLabel control={<Checkbox checked={read} onChange={(e) => setRead(e.target.checked)} />} label={t('consent.checkbox')} />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
            <Button variant="contained" disabled={!read || accept.isPending} onClick={() => accept.mutate(versions.map((v) => v.id))}>
              {t('consent.accept')}
            </Button>
            <Button variant="outlined" color="error" disabled={refusing} onClick={() => void refuse()}>
              {t('consent.refuse')}
            </Button>
          </Box>
          <Typography variant="body2" color="textSecondary" sx={{ mt: 3 }}>
            {t('consent.help')} <MuiLink href={`mailto:${POLICY_CONTACT}`}>{POLICY_CONTACT}</MuiLink> ·{' '}
            <MuiLink component={Link} to="/legal/privacy">
              {t('legal.title')}
            </MuiLink>
          </Typography>
        </Paper>
      </Box>
    </Box>
  );
}
