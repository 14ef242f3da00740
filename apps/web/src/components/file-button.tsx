import { Button, type ButtonProps } from '@mui/material';
import { useRef, type ReactNode } from 'react';

export interface FileButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  children: ReactNode;
  /** The input's media types (its `accept`); the server checks the bytes anyway. */
  accept: string;
  /** The file chosen (the same file chosen again is a choice too). */
  onFile: (file: File) => void;
  /** The hidden input's name for assistive tools (checkers fail a file input without one); the button's text by default. */
  inputLabel?: string;
}

/**
 * A button that opens the file chooser: a real <button> with the input hidden beside it. MUI's
 * usual `<Button component="label">` is a <label> given role="button", which axe (Lighthouse's
 * accessibility audit) refuses: that role is not allowed on a label.
 */
export function FileButton({ children, accept, onFile, inputLabel, variant = 'outlined', ...button }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} {...button} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={inputLabel ?? (typeof children === 'string' ? children : undefined)}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
