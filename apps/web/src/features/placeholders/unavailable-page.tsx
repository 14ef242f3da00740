import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/ConstructionOutlined';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Area } from '@wellbe/shared/routes';
import { PageHeader } from '../../components/page-header.tsx';

/** The route's area (app/pages.ts passes it), so one component can title several routes. */
interface PageProps {
  area: Area;
}

/** A routed and guarded screen whose module is not built yet: titled, never blank. */
export function UnavailablePage({ area }: PageProps) {
  const { t } = useTranslation('pages');
  return (
    <>
      <PageHeader title={t(`areas.${area}`, { defaultValue: t('areas.default') })} />
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 3, p: 4, flexWrap: 'wrap' }}>
          <Box sx={{ color: 'primary.main' }} aria-hidden>
            <ConstructionIcon sx={{ fontSize: 56 }} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
              {t('unavailable.title')}
            </Typography>
            <Typography color="text.secondary">{t('unavailable.text')}</Typography>
          </Box>
          <Button component={Link} to="/dashboard" variant="contained">
            {t('backToDashboard')}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
