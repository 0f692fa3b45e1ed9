import { Suspense, lazy, startTransition, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useLiveLogic, useLiveLogicAhead } from '../common/live-logic';
import { useUser } from '../common/session-context';
import { LoadFailure } from '../common/load-failure';
import { SearchStep } from './search-step';
import { useMoney } from './wizard-parts';
import { WizardStepper } from './wizard-stepper';
import { LoadingSpinner } from '../common/loading-spinner';
import { afterNextPaint } from '../common/after-paint';
import type { FirstDepositRef, WizardChakra } from './wizard-ref';
import type { CallFailure } from '../../lib/call-failure';
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

/** What the wizard's live logic hands the screen once it runs: the wizard of this run, or why the settings failed. */
type Live = { run: number; wizard: FirstDepositRef } | null;
type SettingsFailure = { failure: CallFailure; retry: () => void } | null;

/**
 * Customer first-time deposit (ADD_LOAN): the page, the stepper, the frame of the step and the first step are plain
 * elements drawn by wizard.css; `chakra` is Chakra's provider (the registry's prop), around the later steps only.
 *
 * The frame and the search form are drawn in the screen's first commit, from what needs no code to load (the saved
 * wizard's step). The portal's settings (the scanner's address, the machine's input) and the wizard's live logic are
 * asked for once they are painted, not beside the screen's chunk. The wizard, once it runs, is handed up to the same
 * elements, which stay mounted: the form becomes usable in place (docs/decisions/051, addendum).
 */
export default function FirstDepositScreen({ chakra }: { chakra: WizardChakra }) {
  const { t } = useTranslation('deposit');
  const saved = useLiveLogic('savedWizard');
  const user = useUser();
  const [run, setRun] = useState(0);
  const username = user?.username ?? 'agent';
  const [live, setLive] = useState<Live>(null);
  const [failure, setFailure] = useState<SettingsFailure>(null);
  const onNew = useCallback(() => {
    saved.clear(username);
    setRun((n) => n + 1);
  }, [saved, username]);

  return (
    <div className="wizard-page">
      <h1 className="wizard-title">{t('deposit:title')}</h1>
      {failure && <LoadFailure failure={failure.failure} onRetry={failure.retry} />}
      <AfterPaint>
        <Suspense fallback={null}>
          <LiveWizard run={run} username={username} onLive={setLive} onFailure={setFailure} />
        </Suspense>
      </AfterPaint>
      {!failure && (
        <Wizard
          key={run}
          // Another run's wizard (the one just left) is not this one's: until this run's is handed up, none.
          wizard={live?.run === run ? live.wizard : undefined}
          username={username}
          chakra={chakra}
          onNew={onNew}
        />
      )}
    </div>
  );
}

/**
 * Draws its children once the browser has painted the screen's first commit. Asked for while the frame was drawn,
 * the wizard's code (some 65 kB) shared the slow network with the screen's own chunks and held its paint back
 * (Lighthouse counts every request begun before the largest paint on its path). Only this wrapper draws again.
 */
function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted ? children : null;
}

/**
 * The wizard's live logic: the settings' load machine, read once for every run, then, with the scanner's address,
 * each run's wizard (resumed from the saved snapshot when there is one), handed up to the screen once it runs. It
 * draws nothing.
 */
function LiveWizard({
  run,
  username,
  onLive,
  onFailure,
}: {
  run: number;
  username: string;
  onLive: (live: Live) => void;
  onFailure: (failure: SettingsFailure) => void;
}) {
  const settings = useActorRef(useLiveLogic('settings'), { input: { params: {} } });
  // The wizard's own logic is asked for once the settings' code has run, while their answer is on its way (not once it
  // is here). Not beside it: arrived together, both were evaluated in one long task (zod and the contracts' schemas:
  // 614 ms at 4x CPU in a trace on a busy machine, against 364 and 135 ms apart).
  useLiveLogicAhead(['firstDeposit']);
  const bridgeUrl = useSelector(settings, (s) => (s.context.data as { device_bridge_url?: string } | null)?.device_bridge_url ?? null);
  const failure = useSelector(settings, (s) => s.context.failure);
  useEffect(() => onFailure(failure && { failure, retry: () => settings.send({ type: 'load.retry' }) }), [failure, settings, onFailure]);
  return bridgeUrl ? <WizardActor key={run} run={run} bridgeUrl={bridgeUrl} username={username} onLive={onLive} /> : null;
}

function WizardActor({
  run,
  bridgeUrl,
  username,
  onLive,
}: {
  run: number;
  bridgeUrl: string;
  username: string;
  onLive: (live: Live) => void;
}) {
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
  // Handed up in a transition, which React renders in slices: the frame and the form are already drawn, and only
  // what the wizard changes in them (the enabled button) is drawn again.
  useEffect(() => startTransition(() => onLive({ run, wizard })), [run, wizard, onLive]);
  return null;
}

/** The wizard's top-level state, from its state value. */
const topOf = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]!);
/** A saved wizard's step, when it is one of the wizard's: the frame draws it until the wizard runs. */
const knownStep = (top: string | null) => (top && STEPS.some((step) => (step.states as readonly string[]).includes(top)) ? top : null);

function Wizard({
  wizard,
  username,
  chakra: Chakra,
  onNew,
}: {
  /** The running wizard, once its live logic is here: until then the frame and the form are drawn, not usable. */
  wizard: FirstDepositRef | undefined;
  username: string;
  chakra: WizardChakra;
  onNew: () => void;
}) {
  const { t } = useTranslation('deposit');
  // Until the wizard runs, the frame stands at the step a saved wizard resumes at: step 1 does not flash first.
  const saved = useLiveLogic('savedWizard');
  const [savedTop] = useState(() => knownStep(saved.step(username)) ?? 'searching');
  const top = useSelector(wizard, (s) => (s ? topOf(s.value) : savedTop));
  const started = top !== 'searching';
  // A paid wizard is left only once the agent confirms (the machine asks); then, or at once when nothing was paid,
  // the wizard ends as `left` and a new one starts. The paid one stays on the server, handed back by the search.
  const left = useSelector(wizard, (s) => s?.matches('left') ?? false);
  const leaving = useSelector(wizard, (s) => (s ? s.context.leaving && s.hasTag('paid') : false));
  const paidAmount = useSelector(wizard, (s) => s?.context.deposit?.amount ?? 0);
  const customerName = useSelector(wizard, (s) =>
    s?.context.customer ? `${s.context.customer.first_name} ${s.context.customer.other_names}` : '',
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
          <button
            type="button"
            className="btn btn-ghost wizard-btn-xs"
            disabled={!wizard}
            onClick={() => wizard?.send({ type: 'wizard.startOver' })}
          >
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
              {/* A resumed wizard's step waits for the wizard itself (its snapshot restored). */}
              {top !== 'searching' && top !== 'left' && !wizard && <LoadingSpinner label={t('deposit:loading')} />}
              {top !== 'searching' && top !== 'left' && wizard && (
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
              onConfirm={() => wizard?.send({ type: 'wizard.leaveConfirmed' })}
              onCancel={() => wizard?.send({ type: 'wizard.leaveCancelled' })}
            />
          </Chakra>
        </Suspense>
      )}
    </div>
  );
}
