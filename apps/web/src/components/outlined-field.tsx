import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './outlined-field.module.css';

export interface OutlinedFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  /** Shown at the end of the field, inside its outline (a show-password button...). */
  endAdornment?: ReactNode;
}

/**
 * MUI's outlined TextField in plain elements and CSS, for the first screen (sign-in): /login loads
 * no MUI and no emotion (issue 13). Same look: the label floats into the outline's notch when the
 * field is focused or filled. `required` marks the input (the browser checks it) without an asterisk.
 */
export function OutlinedField({ label, helperText, id, error, endAdornment, className, value, type = 'text', ...input }: OutlinedFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  const filled = value !== undefined && value !== '';
  const classes = [styles.field, filled && styles.filled, error && styles.error, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={endAdornment ? `${styles.box} ${styles.withEnd}` : styles.box}>
        {/* The type written even when text (MUI's TextField writes it too): accessibility checkers
            (HTML_CodeSniffer, as pa11y runs it) read autocomplete="username" on an input without one as an error. */}
        <input id={inputId} type={type} className={styles.input} value={value} aria-invalid={error || undefined} aria-describedby={helperId} {...input} />
        {endAdornment && <div className={styles.end}>{endAdornment}</div>}
        <fieldset aria-hidden className={styles.outline}>
          <legend className={styles.legend}>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}
