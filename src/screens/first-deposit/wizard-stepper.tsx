import { useTranslation } from 'react-i18next';

/**
 * The wizard's eight steps as a plain ordered list (issue 17): every step named at 1280 and at 360 px (two rows of
 * four, or four rows of two), the current one marked with aria-current and the ones behind it as done. No tabs or
 * controls: it points at nothing, so it cannot point at elements that do not exist. Drawn by wizard.css, without
 * Chakra (docs/decisions/051).
 */
export function WizardStepper({ keys, current }: { keys: readonly string[]; current: number }) {
  const { t } = useTranslation('deposit');
  return (
    <ol aria-label={t('deposit:steps.label')} className="wizard-steps" data-testid="wizard-stepper">
      {keys.map((key, i) => {
        const state = i < current ? 'done' : i === current ? 'current' : 'next';
        return (
          <li
            key={key}
            aria-current={state === 'current' ? 'step' : undefined}
            className={state === 'done' ? 'wizard-steps-item wizard-steps-done' : 'wizard-steps-item'}
          >
            <span aria-hidden="true" className="wizard-steps-mark">
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span className="wizard-steps-name">
              <span className="visually-hidden">{i + 1}. </span>
              {t(`deposit:step.${key}`)}
              {state === 'done' && <span className="visually-hidden"> ({t('deposit:steps.done')})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
