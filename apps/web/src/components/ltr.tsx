import type { ReactNode } from 'react';

/**
 * A phone number, email, address, number or date inside text that may run right to left (Arabic):
 * isolated and kept left to right, so "06 45 12 78 90" never reads "90 78 12 45 06".
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

const MARK = '\u0001';

/**
 * A translated sentence with one value (a date, a time) isolated left to right where the
 * translation puts it, so each language keeps its own word order. Not react-i18next's <Trans>: its
 * HTML parser would join the first screen's shared chunk (bundle-budget.test.ts).
 */
export function WithLtr({ text, value }: { text: (placeholder: string) => string; value: ReactNode }) {
  const [before, after = ''] = text(MARK).split(MARK);
  return (
    <>
      {before}
      <Ltr>{value}</Ltr>
      {after}
    </>
  );
}
