/**
 * A spinner that says what is loading: a status region named by its label. Plain (first-load.css draws Chakra's
 * spinner at its sizes md and lg, in the colour of the text around it), so the layout and the home page, drawn
 * without Chakra, use the same one as the screens drawn with it (docs/decisions/049).
 */
export function LoadingSpinner({ label, size = 'md' }: { label: string; size?: 'md' | 'lg' }) {
  return <span className={`spinner spinner-${size}`} role="status" aria-label={label} />;
}
