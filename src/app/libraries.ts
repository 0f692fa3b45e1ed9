/**
 * The app's libraries in the `shell` chunk (vite.config.ts): importing this module runs their module code, in the start
 * step of its own (boot.ts, docs/decisions/065). It names only what the app already uses, so no more of them is kept.
 */
export { createActor } from 'xstate';
export { useSelector } from '@xstate/react';
export { Router } from 'wouter';
