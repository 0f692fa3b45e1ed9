import type { Ui } from './ui';

/** Page objects: what a user does and sees, in the words of the screens (English). */
export const loginPage = (ui: Ui) => ({
  async open() {
    await ui.see('heading', 'Login to proceed');
  },
  async logIn(username: string, password: string) {
    await ui.fill('Username', username);
    await ui.fill('Password', password);
    await ui.click('button', 'Log in');
  },
  seeLoggedOutNotice: () => ui.seeAlert('You have been logged out'),
  seeError: (text: string | RegExp) => ui.seeAlert(text),
});

export const otpPage = (ui: Ui) => ({
  open: () => ui.see('heading', 'Enter your one-time code'),
  async enter(code: string) {
    await ui.fill('One-time code', code);
    await ui.click('button', 'Verify');
  },
  resend: () => ui.click('button', 'Send a new code'),
  seeError: (text: string | RegExp) => ui.seeAlert(text),
});

export const dashboard = (ui: Ui) => ({
  seeWelcome: (company: string) => ui.see('heading', `Welcome to ${company}`),
  /** Every link of the side navigation, groups opened. */
  async navLinks(): Promise<string[]> {
    return ui.linkNames('side-nav');
  },
  async logOut() {
    // The button's name begins with what it shows (the user's name), after "User menu: ".
    await ui.click('button', /^User menu: /);
    await ui.click('menuitem', 'Log out');
  },
});
