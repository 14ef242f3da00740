import './logo.css';

/** The WellBe word mark: a leaf-like badge and the name. Plain elements: it is on the first screen (issue 13). */
export function Logo({ size = 'medium', light = false, showText = true }: { size?: 'small' | 'medium' | 'large'; light?: boolean; showText?: boolean }) {
  const badge = { small: 28, medium: 34, large: 52 }[size];
  const font = { small: '1.1rem', medium: '1.35rem', large: '2.1rem' }[size];
  return (
    <div className={light ? 'wb-logo wb-logo-light' : 'wb-logo'}>
      <div aria-hidden className="wb-logo-badge" style={{ width: badge, height: badge, fontSize: badge * 0.5 }}>
        W
      </div>
      {showText && (
        <span className="wb-logo-name" style={{ fontSize: font }}>
          Well<span className="wb-logo-be">Be</span>
        </span>
      )}
    </div>
  );
}
