/**
 * One way to drive the portal, whatever runs it: Testing Library in jsdom (screen tests) or Playwright in
 * Chromium (browser tests). Page objects are written once against this and serve both.
 */
export type Role =
  | 'img'
  | 'group'
  | 'list'
  | 'button'
  | 'cell'
  | 'link'
  | 'heading'
  | 'textbox'
  | 'combobox'
  | 'menuitem'
  | 'alert'
  | 'tab'
  | 'row'
  | 'dialog'
  | 'checkbox'
  | 'navigation'
  | 'radio';

export interface Ui {
  fill(label: string | RegExp, value: string): Promise<void>;
  click(role: Role, name: string | RegExp): Promise<void>;
  select(label: string | RegExp, value: string): Promise<void>;
  /** Waits until an element with this role and name is visible. */
  see(role: Role, name: string | RegExp): Promise<void>;
  seeText(text: string | RegExp): Promise<void>;
  /** Waits until an alert (role=alert) holding this text is shown. */
  seeAlert(text: string | RegExp): Promise<void>;
  notSee(role: Role, name: string | RegExp): Promise<void>;
  /** The accessible names of the links inside an element with this test id. */
  linkNames(testId: string): Promise<string[]>;
  path(): Promise<string>;
}
