import { loadSettings } from '../../services/settings';
import { loading } from './loading';

/**
 * The portal's settings, which the home page's welcome, the wizard and the demo top bar's scanner check ask for: a
 * module apart from the home's figures, so the wizard does not load the analytics contract (decision 038).
 */
export const settings = loading(loadSettings);
