import { Logo } from './logo.tsx';
import { Spinner, spinnerStyles } from './spinner.tsx';

/** SPEC §2: shown while the initial authentication check runs. No text: i18n may not be loaded yet. No MUI (issue 13). */
export function Splash() {
  return (
    <div role="progressbar" aria-busy="true" aria-label="WellBe" className={spinnerStyles.splash}>
      <div className={spinnerStyles.splashInner}>
        <Logo size="large" />
        <Spinner size={32} thickness={4} />
      </div>
    </div>
  );
}
