import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { Ui } from './ui';

/** The Ui of screen tests: Testing Library queries and user-event in jsdom. */
export function jsdomUi(): Ui {
  const user = userEvent.setup();
  const timeout = { timeout: 5000 };
  return {
    async fill(label, value) {
      const field = await screen.findByLabelText(label, {}, timeout);
      await user.clear(field);
      if (value) await user.type(field, value);
    },
    async click(role, name) {
      // As Playwright's click does, wait until it can be used: the deposit wizard draws its search button before its
      // logic has arrived, disabled until then (docs/decisions/051, addendum).
      const target = await waitFor(() => {
        const found = screen.getByRole(role, { name });
        expect(found).toBeEnabled();
        return found;
      }, timeout);
      await user.click(target);
    },
    async select(label, value) {
      await user.selectOptions(await screen.findByLabelText(label, {}, timeout), value);
    },
    async see(role, name) {
      expect(await screen.findByRole(role, { name }, timeout)).toBeInTheDocument();
    },
    async seeText(text) {
      expect(await screen.findByText(text, {}, timeout)).toBeInTheDocument();
    },
    async seeAlert(text) {
      const matches = (content: string) => (typeof text === 'string' ? content.includes(text) : text.test(content));
      await waitFor(() => expect(screen.queryAllByRole('alert').some((a) => matches(a.textContent ?? ''))).toBe(true), timeout);
    },
    async notSee(role, name) {
      await waitFor(() => expect(screen.queryByRole(role, { name })).not.toBeInTheDocument(), timeout);
    },
    async linkNames(testId) {
      const container = await screen.findByTestId(testId, {}, timeout);
      return within(container)
        .queryAllByRole('link', { hidden: true })
        .map((a) => a.textContent?.trim() ?? '');
    },
    async path() {
      return window.location.pathname;
    },
  };
}
