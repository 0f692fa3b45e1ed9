/** While the session is checked and a screen's code loads: plain, since Chakra may not have loaded (decision 033). */
export function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
