import { Alert, Card, CardContent, FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useNewsletterSubscription, useSetNewsletterSubscription } from '../api/newsletter-subscription.ts';

/** /profile: the newsletter opt-in (issue 20), off until the user turns it on. */
export function NewsletterSection() {
  const { t } = useTranslation('profile');
  const subscription = useNewsletterSubscription();
  const set = useSetNewsletterSubscription();
  return (
    <Card variant="outlined" component="section" aria-labelledby="newsletter-title" sx={{ mt: 3 }}>
      <CardContent>
        <Typography id="newsletter-title" variant="h6" component="h2">
          {t('newsletter.title')}
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {t('newsletter.help')}
        </Typography>
        {subscription.isError && <Alert severity="error">{subscription.error.message}</Alert>}
        <FormControlLabel
          control={
            <Switch
              checked={subscription.data?.subscribed ?? false}
              disabled={!subscription.data || set.isPending}
              onChange={(e) => set.mutate(e.target.checked, { onSuccess: (d) => notify(t(d.subscribed ? 'newsletter.on' : 'newsletter.off'), 'success') })}
            />
          }
          label={t('newsletter.label')}
        />
      </CardContent>
    </Card>
  );
}
