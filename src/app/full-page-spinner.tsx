/**
 * While the session is checked and a screen's code loads: plain, since Chakra may not have loaded (decision 033).
 * The brand's line above it is what index.html draws before any script has run (the page's first contentful paint,
 * decision 038), so the page does not flash blank between the two.
 */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="page-loading">
      <div className="auth-header">
        <span className="auth-brand">Simu Portal</span>
      </div>
      <div className="page-spinner" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
