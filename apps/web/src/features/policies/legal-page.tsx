import { Alert, Box, Button, CircularProgress, Paper, Tab, Tabs, Typography } from '@mui/material';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { POLICY_KINDS, type PolicyKind } from '@wellbe/shared/schemas/policies';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { formatDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useCurrentPolicies } from './api/policies.ts';
import { PolicyBody } from './policy-body.tsx';

/** /legal/{kind} (issue 20): the versions in force, public, printable. */
export function LegalPage() {
  const { t } = useTranslation('editorial');
  const { kind: raw } = useParams();
  const navigate = useNavigate();
  const { status } = useSession();
  const kind: PolicyKind = (POLICY_KINDS as readonly string[]).includes(raw ?? '') ? (raw as PolicyKind) : 'privacy';
  const current = useCurrentPolicies();
  const doc = current.data?.find((v) => v.kind === kind);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', p: { xs: 2, md: 4 } }}>
      <Box sx={{ maxWidth: 900, mx: 'auto' }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2, '@media print': { display: 'none' } }}>
          <Logo size="small" />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Button onClick={() => window.print()}>{t('legal.print')}</Button>
            <Button component={Link} to={status === 'signed-in' ? '/dashboard' : '/login'}>
              {t('legal.back')}
            </Button>
            <LanguageSwitcher />
          </Box>
        </Box>
        <Typography variant="h1" sx={{ fontSize: '1.7rem', mb: 2 }}>
          {t('legal.title')}
        </Typography>
        <Tabs value={kind} onChange={(_e, v: PolicyKind) => void navigate(`/legal/${v}`)} aria-label={t('legal.title')} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile sx={{ mb: 2, '@media print': { display: 'none' } }}>
          {POLICY_KINDS.map((k) => (
            <Tab key={k} value={k} label={t(`legal.kinds.${k}`)} />
          ))}
        </Tabs>
        <Paper component="article" elevation={0} sx={{ p: { xs: 2, md: 4 }, border: '1px solid', borderColor: 'divider' }}>
          {current.isPending && <CircularProgress aria-label={t('legal.title')} />}
          {current.isError && <Alert severity="error">{current.error.message}</Alert>}
          {current.data && !doc && <Alert severity="info">{t('legal.none')}</Alert>}
          {doc && (
            <>
              <Typography variant="h2" dir="auto" sx={{ fontSize: '1.4rem', mb: 0.5 }}>
                {doc.title}
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
                {t('legal.versionLine', { version: doc.version, date: formatDate(doc.effectiveAt) })}
              </Typography>
              <PolicyBody html={doc.body} />
            </>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
