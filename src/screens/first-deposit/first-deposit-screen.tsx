import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLiveLogic } from '../common/live-logic';
import { useUser } from '../common/session-context';
import { LoadFailure } from '../common/load-failure';
import { SearchStep } from './search-step';
import { useMoney } from './wizard-parts';
import { WizardStepper } from './wizard-stepper';
import { LoadingSpinner } from '../common/loading-spinner';
import type { WizardChakra } from './wizard-ref';
import './wizard.css';

// The first step is drawn with the screen, without Chakra (docs/decisions/051); the others, the leave dialog and a
// deposit in progress come in one chunk drawn with Chakra (docs/decisions/038), fetched with Chakra's provider once
// the agent starts typing a search: a resumed wizard waits for them behind a spinner.
const laterSteps = () => import('./later-steps');
const later = <K extends keyof Awaited<ReturnType<typeof laterSteps>>>(name: K) =>
  lazy(() => laterSteps().then((m) => ({ default: m[name] as ComponentType<any> })));
const PhoneStep = later('PhoneStep');
const ConfirmStep = later('ConfirmStep');
const DepositStep = later('DepositStep');
const OtpStep = later('OtpStep');
const IdentityStep = later('IdentityStep');
const ContractStep = later('ContractStep');
const LockStep = later('LockStep');
const DoneStep = later('DoneStep');
const ConfirmDialog = later('ConfirmDialog');

/** The wizard's steps, in order, by the top-level state each one shows. */
const STEPS = [
  { key: 'customer', states: ['searching', 'left'] },
  { key: 'phone', states: ['choosingPhone', 'confirmingPhone'] },
  { key: 'deposit', states: ['deposit'] },
  { key: 'otp', states: ['otp'] },
  { key: 'identity', states: ['identity'] },
  { key: 'contract', states: ['contract'] },
  { key: 'lock', states: ['lock'] },
  { key: 'loan', states: ['done'] },
] as const;

/**
 * Customer first-time deposit (ADD_LOAN): loads the portal settings (the scanner's address), then the wizard. The page,
 * the stepper, the frame of the step and the first step are plain elements drawn by wizard.css; `chakra` is Chakra's
 * provider (the registry's prop), around the later steps only.
 */
export default function FirstDepositScreen({ chakra }: { chakra: WizardChakra }) {
  const { t } = useTranslation('deposit');
  const settings = useActorRef(useLiveLogic('settings'), { input: { params: {} } });
  const { store } = useLiveLogic('firstDeposit');
  const bridgeUrl = useSelector(settings, (s) => (s.context.data as { device_bridge_url?: string } | null)?.device_bridge_url ?? null);
  const failure = useSelector(settings, (s) => s.context.failure);
  const user = useUser();
  const [run, setRun] = useState(0);
  const username = user?.username ?? 'agent';

  return (
    <div className="wizard-page">
      <h1 className="wizard-title">{t('deposit:title')}</h1>
      {failure && <LoadFailure failure={failure} onRetry={() => settings.send({ type: 'load.retry' })} />}
      {!bridgeUrl && !failure && <LoadingSpinner label={t('deposit:loading')} />}
      {bridgeUrl && (
        <Wizard
          key={run}
          bridgeUrl={bridgeUrl}
          username={username}
          chakra={chakra}
          onNew={() => {
            store.clear(username);
            setRun((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

function Wizard({
  bridgeUrl,
  username,
  chakra: Chakra,
  onNew,
}: {
  bridgeUrl: string;
  username: string;
  chakra: WizardChakra;
  onNew: () => void;
}) {
  const { t } = useTranslation('deposit');
  const { logic, newInput, store } = useLiveLogic('firstDeposit');
  const [restored] = useState(() => store.load(username));
  const wizard = useActorRef(logic, { input: newInput(bridgeUrl), snapshot: restored as never });
  // A restored snapshot carries no timers: tell the wizard once that it was resumed (the deposit checks at once).
  useEffect(() => {
    if (restored) wizard.send({ type: 'wizard.resumed' });
  }, [wizard, restored]);
  // Saved after every step of the wizard or of any of its children (a child's step does not change the
  // wizard's own snapshot, so the whole actor system is watched): a reload, or coming back, resumes where it was.
  useEffect(() => {
    const subscription = wizard.system.inspect((event) => {
      // Leaving the screen stops the actors: what they say while stopping is not a step to keep.
      // A wizard left is not kept: the screen starts a new one at once (its paid deposit stays on the server).
      if (event.type === '@xstate.snapshot' && wizard.getSnapshot().status !== 'stopped' && !wizard.getSnapshot().matches('left'))
        store.save(username, wizard.getPersistedSnapshot());
    });
    return () => subscription.unsubscribe();
  }, [wizard, username, store]);

  const top = useSelector(wizard, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]!));
  const started = useSelector(wizard, (s) => !s.matches('searching'));
  // A paid wizard is left only once the agent confirms (the machine asks); then, or at once when nothing was paid,
  // the wizard ends as `left` and a new one starts. The paid one stays on the server, handed back by the search.
  const left = useSelector(wizard, (s) => s.matches('left'));
  const leaving = useSelector(wizard, (s) => s.context.leaving && s.hasTag('paid'));
  const paidAmount = useSelector(wizard, (s) => s.context.deposit?.amount ?? 0);
  const customerName = useSelector(wizard, (s) =>
    s.context.customer ? `${s.context.customer.first_name} ${s.context.customer.other_names}` : '',
  );
  const money = useMoney();
  useEffect(() => {
    if (left) onNew();
  }, [left, onNew]);
  // The next steps' code and Chakra's provider, fetched once the agent starts typing a search (not a step of the
  // machine: only code). Not with the first view: its first load brings no Chakra (docs/decisions/051).
  const fetchLater = useCallback(() => {
    void laterSteps().catch(() => undefined);
    void Chakra.preload?.().catch(() => undefined);
  }, [Chakra]);
  // The leave dialog is drawn from the first time it opens on, so it closes as it always did.
  const asked = useRef(false);
  if (leaving) asked.current = true;
  const index = STEPS.findIndex((step) => (step.states as readonly string[]).includes(top));
  const step = STEPS[index]!;
  // Issue 17: each new step (and the phone's confirmation) takes the focus to its heading, not to the page body.
  const heading = useRef<HTMLHeadingElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    heading.current?.focus();
  }, [top]);

  return (
    <div className="wizard">
      <WizardStepper keys={STEPS.map((s) => s.key)} current={index} />
      <div className="wizard-head">
        <h2 ref={heading} tabIndex={-1} data-testid="wizard-step" className="wizard-step-title">
          {t('deposit:stepOf', { index: index + 1, count: STEPS.length, title: t(`deposit:step.${step.key}`) })}
        </h2>
        {started && top !== 'done' && (
          <button type="button" className="btn btn-ghost wizard-btn-xs" onClick={() => wizard.send({ type: 'wizard.startOver' })}>
            {t('deposit:startOver')}
          </button>
        )}
      </div>
      <div className="card">
        <div className="wizard-card-body">
          <div>
            <Suspense fallback={<LoadingSpinner label={t('deposit:loading')} />}>
              {top === 'searching' && <SearchStep wizard={wizard} chakra={Chakra} onTyping={fetchLater} />}
              {/* One provider for every later step, kept from one to the next (none while the wizard is left). */}
              {top !== 'searching' && top !== 'left' && (
                <Chakra>
                  {top === 'choosingPhone' && <PhoneStep wizard={wizard} />}
                  {top === 'confirmingPhone' && <ConfirmStep wizard={wizard} />}
                  {top === 'deposit' && <DepositStep wizard={wizard} />}
                  {top === 'otp' && <OtpStep wizard={wizard} />}
                  {top === 'identity' && <IdentityStep wizard={wizard} />}
                  {top === 'contract' && <ContractStep wizard={wizard} />}
                  {top === 'lock' && <LockStep wizard={wizard} />}
                  {top === 'done' && <DoneStep wizard={wizard} onNew={onNew} />}
                </Chakra>
              )}
            </Suspense>
          </div>
        </div>
      </div>
      {asked.current && (
        <Suspense fallback={null}>
          <Chakra>
            <ConfirmDialog
              open={leaving}
              busy={false}
              title={t('deposit:leave.title')}
              body={t('deposit:leave.body', { name: customerName, amount: money(paidAmount) })}
              confirmLabel={t('deposit:startOver')}
              onConfirm={() => wizard.send({ type: 'wizard.leaveConfirmed' })}
              onCancel={() => wizard.send({ type: 'wizard.leaveCancelled' })}
            />
          </Chakra>
        </Suspense>
      )}
    </div>
  );
}
