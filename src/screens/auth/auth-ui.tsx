import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';

/**
 * The few pieces the pages before login draw with: plain elements styled by src/app/first-load.css, which main.tsx
 * loads. Chakra's runtime (its styled-system, theme and Emotion, some 35 kB gzip) loads with the signed-in pages
 * only, so the login route stays within issue 16's 120 kB of JavaScript (docs/decisions/033).
 */
const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ');

/** A text field. `code` spaces the digits of a one-time code apart. */
export function TextInput({ code = false, className, ...props }: InputHTMLAttributes<HTMLInputElement> & { code?: boolean }) {
  return <input className={classes('auth-input', code && 'auth-input-code', className)} {...props} />;
}

/** A refusal or notice, announced as it appears. */
export function Notice({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div role="alert" data-testid={testId} className="auth-notice">
      {children}
    </div>
  );
}

/** A field inside its label, with its error below, read out when it appears. */
export function LabelledInput({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label className="auth-label">
        {label}
        {children}
      </label>
      {error && (
        <div className="auth-field-error" aria-live="polite">
          {error}
        </div>
      )}
    </div>
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'solid' | 'ghost' | 'plain';
  size?: 'md' | 'sm';
  /** Disabled with a spinner: before `loadingText` when given, else over the label (kept for its width and name). */
  loading?: boolean;
  loadingText?: string;
};

/** Chakra's Button as the pages before login use it: solid blue or ghost/plain grey, md or sm. */
export function Button({ variant = 'solid', size = 'md', loading = false, loadingText, className, children, ...props }: ButtonProps) {
  const spinner = <span className="spinner" aria-hidden="true" />;
  return (
    <button
      type="button"
      {...props}
      className={classes('btn', `btn-${variant}`, size === 'sm' && 'btn-sm', className)}
      disabled={loading || props.disabled}
      data-loading={loading ? '' : undefined}
    >
      {!loading ? (
        children
      ) : loadingText ? (
        <>
          {spinner}
          {loadingText}
        </>
      ) : (
        <>
          <span className="btn-busy-spinner">{spinner}</span>
          <span className="btn-busy-label">{children}</span>
        </>
      )}
    </button>
  );
}
