import { Alert, Box, Card, CardContent, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MEALS } from '@wellbe/shared/domain/dietetics';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useMyMenu } from './api/my-menu.ts';
import { NutrientLine, Quantity } from './components/nutrients.tsx';

/** /dietetiques/mon-menu: a patient's current program and today's menu, read-only (their own file only). */
export function MyMenuPage() {
  const { t } = useTranslation('dietetics');
  const mine = useMyMenu();
  return (
    <>
      <PageHeader
        title={t('myMenu.title')}
        subtitle={mine.data ? t('myMenu.subtitle', { date: formatDate(mine.data.today.day) }) : mine.isPending ? <Skeleton width="16em" /> : undefined}
      />
      {mine.isPending ? (
        <MyMenuSkeleton label={t('loading')} />
      ) : mine.isError ? (
        <Alert severity="info">{isApiError(mine.error) ? mine.error.message : t('errors.load')}</Alert>
      ) : (
        <>
          <Card sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
                {t('myMenu.program')}
              </Typography>
              {mine.data.program ? (
                <Typography data-testid="my-program">
                  <bdi>{mine.data.program.name}</bdi> — {t(`goals.${mine.data.program.goal}`, { defaultValue: mine.data.program.goal })} ({t('myMenu.until', { from: formatDate(mine.data.program.startDate), to: formatDate(mine.data.program.endDate) })})
                </Typography>
              ) : (
                <Typography color="textSecondary">{t('myMenu.noProgram')}</Typography>
              )}
              <Box sx={{ mt: 1 }}>
                <Typography variant="body2" component="span">
                  {t('myMenu.dayTotal')}{' '}
                </Typography>
                <NutrientLine n={mine.data.today.totals} />
              </Box>
            </CardContent>
          </Card>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {MEALS.map((meal) => (
              <Card key={meal} component="section" aria-label={t(`meals.${meal}`)} data-testid={`my-meal-${meal}`}>
                <CardContent>
                  <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
                    {t(`meals.${meal}`)}
                  </Typography>
                  {mine.data.today.meals[meal].items.length === 0 ? (
                    <Typography variant="body2" color="textSecondary">
                      {t('menu.emptyMeal')}
                    </Typography>
                  ) : (
                    <List dense>
                      {mine.data.today.meals[meal].items.map((line, i) => (
                        <ListItem key={line.id ?? i} disableGutters>
                          <ListItemText
                            primary={
                              <>
                                <bdi>{line.name}</bdi> — <Quantity line={line} />
                              </>
                            }
                            secondary={<NutrientLine n={line.nutrients} fibres={false} />}
                          />
                        </ListItem>
                      ))}
                    </List>
                  )}
                </CardContent>
              </Card>
            ))}
          </Box>
        </>
      )}
      {/* Drawn with the answer, not under the loading state: the menu's cards pushed it below the fold (CLS 0.045 on a phone). */}
      {!mine.isPending && (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 3 }}>
          {t('ciqualSource')}
        </Typography>
      )}
    </>
  );
}

/** The program's card and the four meals' at about their final size while the menu loads. */
function MyMenuSkeleton({ label }: { label: string }) {
  return (
    <Box role="progressbar" aria-label={label} aria-busy="true">
      <Skeleton variant="rounded" sx={{ mb: 2, height: { xs: 190, md: 140 } }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {MEALS.map((meal) => (
          <Skeleton key={meal} variant="rounded" height={150} />
        ))}
      </Box>
    </Box>
  );
}
