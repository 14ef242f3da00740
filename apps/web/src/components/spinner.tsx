import './spinner.css';

/** MUI's indeterminate CircularProgress in plain SVG and CSS (the splash runs before MUI loads). */
export function Spinner({ size = 40, thickness = 3.6, label }: { size?: number; thickness?: number; label?: string }) {
  return (
    <span className="wb-spinner" style={{ width: size, height: size }} role={label ? 'progressbar' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <svg viewBox="22 22 44 44">
        <circle cx="44" cy="44" r={(44 - thickness) / 2} fill="none" strokeWidth={thickness} />
      </svg>
    </span>
  );
}

