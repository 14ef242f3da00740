// MUI's locale modules (@mui/material/locale/*) each build their number formatter as they are
// evaluated: `new Intl.NumberFormat('fr-FR')` took 40–76 ms of a phone's main thread (4× CPU) inside
// the signed-in screen's first task, for texts (a table's « 1–25 sur 100 ») that no first screen
// shows (issue 31). vite.config.ts `lazyMuiNumberFormat` serves this module in place of MUI's
// `locale/utils/buildFormatNumber`: the same function, whose formatter is made on its first use.

/** MUI's buildFormatNumber, its Intl.NumberFormat made when a number is first formatted. */
export default function buildFormatNumber(locale: string): (value: number) => string {
  let formatter: Intl.NumberFormat | null | undefined;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      try {
        formatter = typeof Intl !== 'undefined' && Intl.NumberFormat ? new Intl.NumberFormat(locale) : null;
      } catch {
        // An unknown locale: MUI falls back to String() too.
        formatter = null;
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
