import type { AnyEventObject } from 'xstate';
import type { Oracle } from './oracle';
import { IMEI, applied, lockInstallModel, networkDown, params, plainLock, stolen, verified, vivoLock } from './lock-install.model';

/**
 * Issue 10 item 7, decision 008 (lock solution change) and 009 (the wizard's lock step): the owner's first call says
 * what to install and a refusal of it ends the install with its reason; a type that needs it (vivo) has its code
 * verified first, on the IMEI the call named; nothing is confirmed unless both the lock and the app are ticked
 * (refused as `notInstalled`, nothing sent); the confirming call gets the owner's params, and its refusal leaves the
 * agent at the checkboxes to try again; before confirming the agent may go back when the owner allows it.
 */
const plain = { type: 'xstate.done.actor.prepare', output: plainLock };
const vivo = { type: 'xstate.done.actor.prepare', output: vivoLock };
const refused = { type: 'xstate.error.actor.prepare', error: stolen };
const codeVerified = { type: 'xstate.done.actor.vivo', output: verified };
const both = { type: 'lock.confirmed', lockInstalled: true, appInstalled: true };
const noApp = { type: 'lock.confirmed', lockInstalled: true, appInstalled: false };
const noLock = { type: 'lock.confirmed', lockInstalled: false, appInstalled: true };
const applies = { type: 'xstate.done.actor.confirm', output: applied };
const fails = { type: 'xstate.error.actor.confirm', error: networkDown };
const back = { type: 'lock.back' };

const toInstalling = [
  { event: plain, state: 'installing', tags: { busy: false }, context: { lock: plainLock, failure: null, invalid: null } },
] as const;
const toConfirming = [
  ...toInstalling,
  { event: both, state: 'confirming', tags: { busy: true }, context: { invalid: null, failure: null }, invoked: { confirm: params } },
] as const;

export const lockInstallOracle: Oracle<typeof lockInstallModel.machine> = {
  model: lockInstallModel,
  initial: {
    state: 'preparing',
    tags: { busy: true },
    context: { params, mayGoBack: true, lock: null, result: null, failure: null, invalid: null },
    invoked: { prepare: params },
  },
  scenarios: [
    {
      name: 'a plain lock: ticked, confirmed, installed with the answer',
      steps: [
        ...toConfirming,
        { event: applies, state: 'installed', status: 'done', output: { installed: applied }, context: { result: applied } },
      ],
    },
    {
      name: 'vivo: the code is verified on the IMEI first, then the checkboxes',
      steps: [
        { event: vivo, state: 'vivoCode', tags: { busy: false }, context: { lock: vivoLock }, invoked: { vivo: { imei: IMEI } } },
        { event: codeVerified, state: 'installing', context: { lock: vivoLock, failure: null, invalid: null } },
        { event: both, state: 'confirming', invoked: { confirm: params } },
        { event: applies, state: 'installed', status: 'done', output: { installed: applied } },
      ],
    },
    {
      name: 'the first call refused: ended with its reason',
      steps: [{ event: refused, state: 'refused', status: 'done', output: { refused: stolen }, context: { failure: stolen, lock: null } }],
    },
    {
      name: 'one box short, then the other short, then both',
      steps: [
        ...toInstalling,
        { event: noApp, state: 'installing', context: { invalid: { installed: 'notInstalled' }, failure: null } },
        { event: noLock, state: 'installing', context: { invalid: { installed: 'notInstalled' }, failure: null } },
        { event: both, state: 'confirming', context: { invalid: null }, invoked: { confirm: params } },
      ],
    },
    {
      name: 'the confirming call fails: back at the checkboxes with the reason, confirmed again',
      steps: [
        ...toConfirming,
        { event: fails, state: 'installing', tags: { busy: false }, context: { failure: networkDown, invalid: null, result: null } },
        { event: both, state: 'confirming', context: { failure: null }, invoked: { confirm: params } },
        { event: applies, state: 'installed', status: 'done', output: { installed: applied } },
      ],
    },
    {
      name: 'a failed confirmation, then a box short: the refusal replaces the reason',
      steps: [
        ...toConfirming,
        { event: fails, state: 'installing', context: { failure: networkDown } },
        { event: noApp, state: 'installing', context: { failure: null, invalid: { installed: 'notInstalled' } } },
      ],
    },
    {
      name: 'back from the checkboxes',
      steps: [...toInstalling, { event: back, state: 'wentBack', status: 'done', output: { back: true } }],
    },
    {
      name: 'back from the vivo code',
      steps: [
        { event: vivo, state: 'vivoCode' },
        { event: back, state: 'wentBack', status: 'done', output: { back: true } },
      ],
    },
    {
      name: 'back after a failed confirmation',
      steps: [
        ...toConfirming,
        { event: fails, state: 'installing' },
        { event: back, state: 'wentBack', status: 'done', output: { back: true } },
      ],
    },
  ],
  refuses: {
    preparing: [both, back],
    vivoCode: [both, noApp],
    confirming: [both, back],
    installed: [both, back],
    refused: [both, back],
    wentBack: [both, back],
  } satisfies Record<string, AnyEventObject[]>,
};
