import { Suspense, lazy, useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { useTranslation } from 'react-i18next';
import type { FirstDepositRef, WizardChakra } from './wizard-ref';
import { describeInvalid } from '../common/describe-failure';
import { AlertIndicator } from '../common/load-failure';
import { LoadingSpinner } from '../common/loading-spinner';
import { afterNextPaint } from '../common/after-paint';
import { Button } from '../auth/auth-ui';
import { FailureAlert } from './wizard-parts';

// A deposit already in progress is shown with Chakra, in the later steps' chunk (docs/decisions/051).
const HeldDeposit = lazy(() => import('./later-steps').then((m) => ({ default: m.HeldDeposit })));

/** Whether the wizard takes a search now: not before it runs. A function of its own, so only a new snapshot asks. */
const takesSearch = (s: SnapshotFrom<FirstDepositRef> | undefined) => s?.can({ type: 'customer.search', query: {} }) ?? false;

/**
 * Step 1: find the customer by phone number (any Tanzanian form) or national ID. Plain elements drawn by wizard.css
 * (docs/decisions/051): the field is tied to its helper text and, while refused, to its error, as Chakra's Field tied
 * them.
 */
export function SearchStep({
  wizard,
  chakra: Chakra,
  onTyping,
}: {
  /** The running wizard; until its live logic is here the form is drawn, and can be typed in, but not sent. */
  wizard: FirstDepositRef | undefined;
  /** A deposit in progress is shown under Chakra's provider. */
  chakra: WizardChakra;
  /** The agent has started typing: the next steps' code can come now. */
  onTyping: () => void;
}) {
  const { t } = useTranslation('deposit');
  const busy = useSelector(wizard, (s) => s?.hasTag('busy') ?? false);
  const canSearch = useSelector(wizard, takesSearch);
  const invalid = useSelector(wizard, (s) => s?.context.invalid ?? null);
  const failure = useSelector(wizard, (s) => s?.context.failure ?? null);
  const held = useSelector(wizard, (s) => (s ? s.context.held !== null : false));
  const notQualified = useSelector(wizard, (s) => (s?.matches({ searching: 'notQualified' }) ? s.context : null));
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // The field takes the focus once the step is painted, unless something else has it by then (a step's heading,
  // issue 17). With `autoFocus` the focus came in React's commit, where it made the browser lay out the whole page
  // inside that task: 16-20 ms observed, a long task on a low-end phone (issue 16).
  useEffect(
    () =>
      afterNextPaint(() => {
        if (document.activeElement === null || document.activeElement === document.body) field.current?.focus();
      }),
    [],
  );
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('query') ?? '').trim();
    // Digits (and + or spaces) are a phone number; anything else is a national ID as printed.
    const query = /^[+\d\s]*$/.test(text) && !/^\d{20}$/.test(text.replace(/\s/g, '')) ? { msisdn: text } : { national_id: text };
    wizard?.send({ type: 'customer.search', query });
  };
  const message = invalid?.msisdn ?? invalid?.national_id;

  return (
    <div className="wizard-search">
      <form onSubmit={submit} noValidate className="wizard-form">
        <div className="wizard-field">
          <label htmlFor={id} className="wizard-label">
            {t('deposit:search.label')}
          </label>
          <input
            id={id}
            name="query"
            ref={field}
            className="wizard-input"
            autoComplete="off"
            placeholder="0754 123 456"
            required
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${helperId} ${errorId}` : helperId}
            aria-errormessage={message ? errorId : undefined}
            onInput={onTyping}
          />
          <div id={helperId} className="wizard-helper">
            {t('deposit:search.help')}
          </div>
          {message && (
            <div id={errorId} className="wizard-error" aria-live="polite">
              {describeInvalid(t, message)}
            </div>
          )}
        </div>
        <Button type="submit" loading={busy} disabled={!canSearch} className="btn-start">
          {t('deposit:search.submit')}
        </Button>
      </form>
      {held && wizard && (
        <Suspense fallback={<LoadingSpinner label={t('deposit:loading')} />}>
          <Chakra>
            <HeldDeposit wizard={wizard} />
          </Chakra>
        </Suspense>
      )}
      {!held && failure && failure.status === 404 && <Warning title={t('deposit:search.notFound')} />}
      {!held && failure && failure.status !== 404 && <FailureAlert failure={failure} />}
      {notQualified && (
        <Warning title={t('deposit:search.notQualified')}>
          {notQualified.customer && <p>{`${notQualified.customer.first_name} ${notQualified.customer.other_names}`}</p>}
          {notQualified.notQualified && t(`deposit:search.why.${notQualified.notQualified}`)}
        </Warning>
      )}
    </div>
  );
}

/** Chakra's warning Alert (subtle, md): its title, and what it says below when there is more. */
function Warning({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="alert" className="alert wizard-warning">
      <AlertIndicator />
      <div className="alert-content">
        <div className="alert-title">{title}</div>
        {children && <div className="alert-description">{children}</div>}
      </div>
    </div>
  );
}
