import { formatEuros } from '@wellbe/shared/domain/money';
import { Ltr } from '../../../components/ltr.tsx';

/** An amount in cents, formatted at display only (fr-FR euros), kept left to right in Arabic. */
export function Money({ cents }: { cents: number }) {
  return <Ltr>{formatEuros(cents)}</Ltr>;
}
