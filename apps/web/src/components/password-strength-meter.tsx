import { useEffect, useState } from 'react';
import { Box, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PasswordStrength } from '@wellbe/shared/domain/password-strength';

type Checker = (password: string, userInputs?: string[]) => PasswordStrength;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/**
 * Strength of a new password (zxcvbn-ts), under every new-password field: register, reset,
 * invitation, profile. The dictionaries (about 1 MB) load on first use, never with /login.
 * The server refuses what this shows as too common.
 */
export function PasswordStrengthMeter({ value, id, userInputs = [] }: { value: string; id?: string; userInputs?: string[] }) {
  const { t } = useTranslation('common');
  const [check, setCheck] = useState<Checker | null>(null);
  useEffect(() => {
    if (!value || check) return;
    let alive = true;
    void import('@wellbe/shared/domain/password-strength')
      .then((m) => m.loadPasswordStrength())
      .then((checker) => alive && setCheck(() => checker));
    return () => {
      alive = false;
    };
  }, [value, check]);
  if (!value) return null;
  const result = check?.(value, userInputs);
  return (
    <Box id={id} data-testid="password-strength" aria-live="polite" sx={{ mt: 0.5 }}>
      <LinearProgress
        variant={result ? 'determinate' : 'indeterminate'}
        value={result ? ((result.score + 1) / 5) * 100 : 0}
        color={result ? COLORS[result.score] : 'inherit'}
        aria-label={t('passwordStrength.label')}
        sx={{ height: 6, borderRadius: 3 }}
      />
      {/* The line is there before the dictionaries are: the score filling it later moves nothing below
          (the form's save button moved down under a click, which then never reached it). */}
      <Typography variant="body2" color={result?.tooCommon ? 'error' : 'textSecondary'} sx={{ mt: 0.5 }} data-testid="password-strength-text">
        {result ? t(`passwordStrength.score${result.score}`) : '\u00a0'}
        {result?.tooCommon && ` — ${t('passwordStrength.tooCommon')}`}
      </Typography>
    </Box>
  );
}
