import { loadSettings } from '../../services/portal-api';
import { loadHomeFigures } from '../../services/analytics';
import { loading } from './loading';

/** What the home page runs (and the top bar's demo scanner check, and the wizard, ask the settings too). */
export const settings = loading(loadSettings);
export const homeFigures = loading(loadHomeFigures);
