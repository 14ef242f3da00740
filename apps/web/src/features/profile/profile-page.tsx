import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { MyDataSection } from './components/my-data-section.tsx';
import { ProfessionalIdsSection } from './components/professional-ids-section.tsx';
import { SignatureSection } from './components/signature-section.tsx';
import { NewsletterSection } from './components/newsletter-section.tsx';
import { useProfile } from './api/read-profile.ts';
import { ProfileView } from './components/profile-view.tsx';
import { SessionsSection } from './components/sessions-section.tsx';
import { TwoFactorSection } from './components/two-factor-section.tsx';

/**
 * /profile (SPEC §2): the caller's own profile. The route has no access rule, so a guest reaches
 * it too and is invited to sign in.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useSession();
  const profile = useProfile(user?.id ?? '', user?.idOrganization ?? null);

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!user && (
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/login" color="inherit" size="small">
              {t('signIn')}
            </Button>
          }
        >
          {t('signInRequired')}
        </Alert>
      )}
      {user && profile.isPending && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }} role="status">
          <CircularProgress size={28} aria-hidden />
          {t('loading')}
        </Box>
      )}
      {profile.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {profile.error.message || t('loadError')}
        </Alert>
      )}
      {profile.data && <ProfileView key={profile.data.idUser} profile={profile.data} />}
      {profile.data && <ProfessionalIdsSection key={`ids-${profile.data.idUser}`} profile={profile.data} />}
      {profile.data && <SignatureSection profile={profile.data} />}
      {profile.data && (
        <Box sx={{ display: 'grid', gap: 3, mt: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
          <TwoFactorSection />
          <SessionsSection />
        </Box>
      )}
      {profile.data && <NewsletterSection />}
      {profile.data && <MyDataSection />}
    </Box>
  );
}
