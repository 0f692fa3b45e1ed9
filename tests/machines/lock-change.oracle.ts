import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { MSISDN, current, enrolled, enrolmentPending, lockChangeModel, networkDown, stolen } from './lock-change.model';

/**
 * Decision 008, addendum "lock solution change": both reads load (a failure offers a reload); only a type offered
 * (every type but the current one) starts a change, anything else is refused as `lockTypeMissing` before sending;
 * the change is the lock-install child, given the customer and the type, which the agent may leave to choose again;
 * a refused start comes back to choosing with its reason; a confirmed change is done, and a change whose enrolment
 * is pending may confirm again (the same confirm call), whose refusal leaves the change applied and says why.
 */
const loaded = { type: 'xstate.done.actor.loadLock', output: current };
const loadFails = { type: 'xstate.error.actor.loadLock', error: networkDown };
const reload = { type: 'lock.reload' };
const oguard = { type: 'lock.typeChosen', lockType: 'oguard' };
const sameType = { type: 'lock.typeChosen', lockType: 'dial_code' };
const applied = { type: 'xstate.done.actor.lockInstall', output: { installed: enrolled } };
const appliedPending = { type: 'xstate.done.actor.lockInstall', output: { installed: enrolmentPending } };
const startRefused = { type: 'xstate.done.actor.lockInstall', output: { refused: stolen } };
const wentBack = { type: 'xstate.done.actor.lockInstall', output: { back: true } };
const enrolAgain = { type: 'lock.enrolAgain' };
const enrolledNow = { type: 'xstate.done.actor.confirmChange', output: enrolled };
const enrolRefused = { type: 'xstate.error.actor.confirmChange', error: networkDown };

const install = { lockInstall: { params: { msisdn: MSISDN, lockType: 'oguard' }, mayGoBack: true } };
const toChanging = [
  { event: loaded, state: 'choosing', tags: { busy: false }, context: { current, failure: null, invalid: null } },
  { event: oguard, state: 'changing', context: { failure: null, invalid: null }, invoked: install },
] as const;
const toPending = [...toChanging, { event: appliedPending, state: 'done', context: { result: enrolmentPending } }] as const;

export const lockChangeOracle: Oracle<typeof lockChangeModel.machine> = {
  model: lockChangeModel,
  initial: {
    state: 'loading',
    tags: { busy: true },
    context: { msisdn: MSISDN, current: null, result: null, failure: null, invalid: null },
    invoked: { loadLock: { msisdn: MSISDN } },
  },
  scenarios: [
    {
      name: 'loaded, an offered type, the change applied and enrolled',
      steps: [...toChanging, { event: applied, state: 'done', context: { result: enrolled, failure: null } }],
    },
    {
      name: 'the reads fail, reloaded',
      steps: [
        { event: loadFails, state: 'loadFailed', tags: { busy: false }, context: { failure: networkDown, current: null } },
        { event: reload, state: 'loading', tags: { busy: true }, context: { failure: null }, invoked: { loadLock: { msisdn: MSISDN } } },
        { event: loaded, state: 'choosing', context: { current } },
      ],
    },
    {
      name: 'the current type is not offered: refused before sending, then an offered one',
      steps: [
        { event: loaded, state: 'choosing' },
        { event: sameType, state: 'choosing', context: { invalid: { lockType: 'lockTypeMissing' }, failure: null }, invoked: {} },
        { event: oguard, state: 'changing', context: { invalid: null }, invoked: install },
      ],
    },
    {
      name: 'the start refused: back to choosing with the reason, chosen again',
      steps: [
        ...toChanging,
        { event: startRefused, state: 'choosing', context: { failure: stolen, result: null } },
        { event: oguard, state: 'changing', context: { failure: null }, invoked: install },
      ],
    },
    {
      name: 'a refused start, then a type not offered: the refusal replaces the reason',
      steps: [
        ...toChanging,
        { event: startRefused, state: 'choosing' },
        { event: sameType, state: 'choosing', context: { failure: null, invalid: { lockType: 'lockTypeMissing' } } },
      ],
    },
    {
      name: 'the agent goes back to choose another type',
      steps: [...toChanging, { event: wentBack, state: 'choosing', context: { failure: null, invalid: null, result: null } }],
    },
    {
      name: 'applied with the enrolment pending, enrolled on a second confirmation',
      steps: [
        ...toPending,
        {
          event: enrolAgain,
          state: 'enrolling',
          tags: { busy: true },
          context: { failure: null },
          invoked: { confirmChange: { msisdn: MSISDN } },
        },
        { event: enrolledNow, state: 'done', tags: { busy: false }, context: { result: enrolled } },
      ],
    },
    {
      name: 'the second confirmation refused: still applied and pending, with the reason, tried again',
      steps: [
        ...toPending,
        { event: enrolAgain, state: 'enrolling' },
        { event: enrolRefused, state: 'done', context: { result: enrolmentPending, failure: networkDown } },
        { event: enrolAgain, state: 'enrolling', context: { failure: null }, invoked: { confirmChange: { msisdn: MSISDN } } },
      ],
    },
  ],
  refuses: {
    loading: [oguard, reload, enrolAgain],
    loadFailed: [oguard, enrolAgain],
    choosing: [reload, enrolAgain],
    changing: [oguard, reload, enrolAgain],
    // The first scenario reaching done is enrolled: nothing to retry.
    done: [enrolAgain, oguard, reload],
    enrolling: [enrolAgain, oguard, reload],
  } satisfies Record<string, AnyEventObject[]>,
};
