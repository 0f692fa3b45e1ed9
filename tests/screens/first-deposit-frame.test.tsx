import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, i18nReady } from '../../src/i18n';
import { LIVE_LOGIC_LOADERS } from '../../src/app/live-logic';
import { wizardStore } from '../../src/services/saved-wizard';
import { LiveLogicProvider, LoadedLiveLogic, type LiveLogicLoaders } from '../../src/screens/common/live-logic';
import { SessionContext } from '../../src/screens/common/session-context';
import FirstDepositScreen from '../../src/screens/first-deposit/first-deposit-screen';
import { loggedInSession, storedUser } from '../support/fake-session';
import { customer, qualified } from '../machines/deposit-fixtures';

/**
 * Decision 051's addendum: the wizard draws its frame and the search form before its live logic (the machine, the
 * HTTP client, the settings) has arrived, and the running wizard then takes over the same elements.
 */

const calls = vi.hoisted(() => [] as Array<{ path: string; body: unknown }>);
vi.mock('../../src/services/http', () => ({
  call: async (route: { path: string }, options: { body?: any } = {}) => {
    calls.push({ path: route.path, body: options.body });
    if (route.path === '/settings') return { company: 'Simu Credit', device_bridge_url: 'http://127.0.0.1:8765', demo: true };
    if (route.path === '/api/v1/customer_limits') return qualified;
    throw { status: 500, message: `unexpected ${route.path}` };
  },
}));

const LABEL = 'Customer phone number or national ID';
const HELP = 'Any form of the number: 0754 123 456, 255754123456 or +255 754 123 456.';

/** A promise the test settles when it lets the wizard's logic arrive. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The app's live logic, but the wizard's (its machine and services) arrives only once `wizardHere` is opened. */
function liveLogic(wizardHere: Promise<void>) {
  const loaders: LiveLogicLoaders = {
    ...LIVE_LOGIC_LOADERS,
    firstDeposit: () => wizardHere.then(() => LIVE_LOGIC_LOADERS.firstDeposit()),
  };
  return new LoadedLiveLogic(loaders, { savedWizard: wizardStore });
}

/** Draws the screen as the layout does: once the session is ready, under a Suspense boundary. */
function Ready({ children }: { children: ReactNode }) {
  const ready = SessionContext.useSelector((s) => s.matches({ authenticated: 'ready' }));
  return ready ? children : null;
}
const NoChakra = ({ children }: { children: ReactNode }) => <>{children}</>;

async function open(wizardHere: Promise<void>) {
  await i18nReady;
  await i18n.changeLanguage('en');
  const logic = liveLogic(wizardHere);
  render(
    <SessionContext.Provider logic={loggedInSession(['ADD_LOAN'])}>
      <LiveLogicProvider logic={logic}>
        <Ready>
          <Suspense fallback={<p>Screen loading</p>}>
            <FirstDepositScreen chakra={NoChakra} />
          </Suspense>
        </Ready>
      </LiveLogicProvider>
    </SessionContext.Provider>,
  );
}

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

/** Keeps the browser's next frames from coming until the test paints them (paintFrames). */
function holdFrames(): FrameRequestCallback[] {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  return frames;
}

/** The held frames painted, and the tasks queued after them run. */
async function paintFrames(frames: FrameRequestCallback[]) {
  for (const frame of frames.splice(0)) frame(performance.now());
  await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the deposit wizard before its logic has arrived (decision 051, addendum)', () => {
  it('draws the frame and the search form at once, lets the agent type, and enables the search in place', async () => {
    const wizardHere = gate();
    await open(wizardHere.promise);
    const input = await screen.findByLabelText(LABEL);
    expect(screen.getByRole('heading', { level: 1, name: 'Customer first time deposit' })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 2, name: 'Step 1 of 8: Customer' });
    const stepper = screen.getByTestId('wizard-stepper');
    expect(stepper.querySelector('[aria-current="step"]')).toHaveTextContent('Customer');
    const helper = screen.getByText(HELP);
    expect(input).toHaveAccessibleDescription(HELP);
    const button = screen.getByRole('button', { name: 'Find customer' });
    expect(button).toBeDisabled();
    // Nothing from the wizard yet: no spinner in place of the form, and the wizard's settings are being read.
    expect(screen.queryByText('Loading the deposit wizard')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/settings']));

    // The agent may type already; the number is not sent until the wizard runs.
    const user = userEvent.setup();
    await user.type(input, customer.msisdn);
    await user.click(button);
    expect(calls.map((c) => c.path)).toEqual(['/settings']);

    wizardHere.open();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Find customer' })).toBeEnabled());
    // The same elements, updated in place, with what the agent typed.
    expect(screen.getByLabelText(LABEL)).toBe(input);
    expect(input).toHaveValue(customer.msisdn);
    expect(screen.getByText(HELP)).toBe(helper);
    expect(screen.getByRole('heading', { level: 2 })).toBe(heading);
    expect(screen.getByTestId('wizard-stepper')).toBe(stepper);
    expect(screen.getByRole('button', { name: 'Find customer' })).toBe(button);
    expect(calls.map((c) => c.path)).toEqual(['/settings']);

    await user.click(button);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/settings', '/api/v1/customer_limits']));
    await screen.findByRole('heading', { level: 2, name: 'Step 2 of 8: Phone' });
  });

  it('puts the focus in the search field once the step is painted, not while React draws it', async () => {
    const frames = holdFrames();
    await open(new Promise<void>(() => undefined));
    const input = await screen.findByLabelText(LABEL);
    expect(input).not.toHaveFocus();
    await paintFrames(frames);
    expect(input).toHaveFocus();
  });

  it('leaves the focus where it is when something took it before the paint', async () => {
    const frames = holdFrames();
    await open(new Promise<void>(() => undefined));
    await screen.findByLabelText(LABEL);
    const heading = screen.getByRole('heading', { level: 2, name: 'Step 1 of 8: Customer' });
    heading.focus();
    await paintFrames(frames);
    expect(heading).toHaveFocus();
  });

  it("stands at a saved wizard's step, with no search form, until the wizard that resumes it runs", async () => {
    wizardStore.save(storedUser().username, { status: 'active', value: { otp: 'entering' }, context: {} });
    await open(new Promise<void>(() => undefined));
    await screen.findByRole('heading', { level: 2, name: 'Step 4 of 8: OTP codes' });
    expect(screen.getByTestId('wizard-stepper').querySelector('[aria-current="step"]')).toHaveTextContent('OTP codes');
    expect(screen.queryByLabelText(LABEL)).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the deposit wizard' })).toBeInTheDocument();
    // Leaving it needs the wizard itself (it asks first when the deposit is paid).
    expect(screen.getByRole('button', { name: 'Start a new deposit' })).toBeDisabled();
  });

  it('draws step 1 for a saved snapshot that names no step of the wizard', async () => {
    wizardStore.save(storedUser().username, { status: 'active', value: 'nowhere', context: {} });
    await open(new Promise<void>(() => undefined));
    await screen.findByRole('heading', { level: 2, name: 'Step 1 of 8: Customer' });
    expect(screen.getByRole('button', { name: 'Find customer' })).toBeDisabled();
  });
});
