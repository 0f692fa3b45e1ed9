import { loadHomeFigures } from '../../services/home-figures';
import { loading } from './loading';

/** What the home page runs beside the settings (live/settings.ts): its figures by role. */
export const homeFigures = loading(loadHomeFigures);
