import { useTranslation } from 'react-i18next';
import { ThemeContext } from '../theme-context';
import { MoonIcon, SunIcon } from '../icons';

export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = ThemeContext.useSelector((s) => s.matches('dark'));
  const theme = ThemeContext.useActorRef();
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-icon"
      aria-label={dark ? t('shell.lightTheme') : t('shell.darkTheme')}
      aria-pressed={dark}
      onClick={() => theme.send({ type: 'theme.toggled' })}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
